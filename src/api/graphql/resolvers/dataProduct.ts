/**
 * Data products and applications: their properties, their assets (searched as any search is, kept to
 * the product's asset list or to the assets assigned to the application), and the `application` of
 * every asset type that has one.
 */
import type { Resolvers } from '../generated/resolvers.js';
import { latestAspect, type GraphQLContext, clientRef } from '../context.js';
import { resolvedAuditStamp } from '../mappers/common.js';
import { applicationAssociation, assetUrns, productProperties } from '../mappers/products.js';
import { searchWithin } from './entityLists.js';
import type { CriterionInput } from './search.js';
import type { ResolverModule } from './module.js';

const assetsOf = async (ctx: GraphQLContext, urn: string) =>
  assetUrns(await latestAspect(ctx, { urn, entityName: 'dataProduct' }, 'dataProductProperties'));
const inProduct = (assets: string[]): CriterionInput => ({ field: 'urn', values: assets, condition: 'EQUAL' });
const inApplication = (urn: string): CriterionInput => ({ field: 'applications', values: [urn], condition: 'EQUAL' });

/** How many assets are assigned to an application: a search counted, as its asset list is. */
async function applicationAssetCount(ctx: GraphQLContext, urn: string): Promise<number> {
  const r = await ctx.services.search.search(
    { entities: [], input: '*', filter: { or: [{ and: [inApplication(urn)] }] }, start: 0, count: 0 },
    ctx.actor,
  );
  return r.total;
}

const resolvers: Resolvers = {
  Query: {
    listDataProductAssets: async (_root, { urn, input }, ctx, info) =>
      searchWithin(ctx, info, input, [inProduct(await assetsOf(ctx, clientRef(ctx, urn).urn))]),
    listApplicationAssets: async (_root, { urn, input }, ctx, info) =>
      searchWithin(ctx, info, input, [inApplication(clientRef(ctx, urn).urn)]),
  },
  DataProduct: {
    properties: async (ref, _args, ctx) => {
      const p = await latestAspect(ctx, ref, 'dataProductProperties');
      // DataHub's createdOn is when the product was first written: its key aspect's first write.
      const key = (await ctx.aspects.load(ref.urn)).get(ctx.services.registry.entity(ref.entityName)!.keyAspect.name);
      const createdOn = key ? resolvedAuditStamp(ctx, { time: key.createdOn, actor: key.createdBy }) : null;
      return productProperties(ref.urn, p, { numAssets: assetUrns(p).length, createdOn });
    },
    entities: async (ref, { input }, ctx, info) => searchWithin(ctx, info, input, [inProduct(await assetsOf(ctx, ref.urn))]),
  },
  Application: {
    properties: async (ref, _args, ctx) =>
      productProperties(ref.urn, await latestAspect(ctx, ref, 'applicationProperties'), {
        numAssets: await applicationAssetCount(ctx, ref.urn),
      }),
  },
};

export const dataProductModule: ResolverModule = {
  resolvers,
  entityFields: {
    application: async (ref, _args, ctx) => applicationAssociation(ctx, ref.urn, await latestAspect(ctx, ref, 'applications')),
  },
};
