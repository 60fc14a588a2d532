/**
 * Creating, changing and deleting data products and applications, and assigning assets to them.
 * A data product keeps its assets in its own properties; an asset names its application in its
 * `applications` aspect. Privileges, ids and messages are DataHub's.
 */
import type { Privilege } from '../../../auth/privilegeCatalog.js';
import { randomUUID } from 'node:crypto';
import { onResource, type Requirement } from '../../../auth/requirements.js';
import { badRequest } from '../../../errors.js';
import type { Proposal } from '../../../write/proposals.js';
import type { GraphQLContext } from '../context.js';
import type { Resolvers } from '../generated/resolvers.js';
import { assetUrns } from '../mappers/products.js';
import { authorize, change, deleteWithReferences, exists, existsAs, stamp, upsert, write } from './managedWrites.js';
import type { ResolverModule } from './module.js';

type Json = Record<string, any>;

const ALL = 'EDIT_ENTITY';
/** Managing data products is a privilege on their domain. */
const manageProducts = (domainUrn: string): Requirement => onResource(domainUrn, ALL, 'MANAGE_DATA_PRODUCTS');

/** The id given, or a new UUID, as DataHub names new products and applications. */
const newUrn = (entity: string, id: string | null | undefined) => `urn:li:${entity}:${id?.trim() ? id : randomUUID()}`;

/** DataHub makes the creator a technical owner of what they create. */
const creatorOwns = (ctx: GraphQLContext, urn: string): Proposal =>
  upsert(ctx, urn, 'ownership', {
    owners: [
      { owner: ctx.actor, type: 'TECHNICAL_OWNER', typeUrn: 'urn:li:ownershipType:__system__technical_owner', source: { type: 'MANUAL' } },
    ],
    lastModified: stamp(ctx),
  });

const given = (fields: Json) => Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== null && v !== undefined));

/** The domain of a product: the one its rule is checked on. */
async function domainOf(ctx: GraphQLContext, urn: string): Promise<string | undefined> {
  const domains = (await ctx.services.store.getAspect(urn, 'domains', 0))?.value?.domains as string[] | undefined;
  return domains?.[0];
}

/** A product's domain's check when it has a domain; DataHub checks nothing more for one without. */
async function authorizeProduct(ctx: GraphQLContext, urn: string) {
  if (!(await existsAs(ctx, urn, 'dataProduct'))) throw badRequest('The Data Product provided dos not exist');
  const domain = await domainOf(ctx, urn);
  return authorize(ctx, ...(domain ? [manageProducts(domain)] : []));
}

async function requireAssets(ctx: GraphQLContext, resources: readonly string[], what: string, privilege: Privilege) {
  for (const r of resources) if (!(await exists(ctx, r))) throw badRequest(`Failed to batch set ${what}, ${r} in resources does not exist`);
  return authorize(ctx, ...resources.map((r) => onResource(r, ALL, privilege)));
}

/** The products that list `asset`, found by their DataProductContains edges. */
async function productsOf(ctx: GraphQLContext, asset: string): Promise<string[]> {
  const { edges } = await ctx.services.store.related({
    urn: asset,
    types: ['DataProductContains'],
    direction: 'INCOMING',
    start: 0,
    count: 10,
  });
  return [...new Set(edges.map((e) => e.source))];
}

const resolvers: Resolvers = {
  Mutation: {
    createDataProduct: async (_root, { input }, ctx) => {
      if (!(await existsAs(ctx, input.domainUrn, 'domain'))) throw badRequest('The Domain provided dos not exist');
      const grant = await authorize(ctx, manageProducts(input.domainUrn));
      const urn = newUrn('dataProduct', input.id);
      if (await exists(ctx, urn)) throw badRequest('This Data product already exists!');
      const { name, description } = input.properties;
      await write(ctx, grant, [
        upsert(ctx, urn, 'dataProductProperties', given({ name, description })),
        upsert(ctx, urn, 'domains', { domains: [input.domainUrn] }),
        creatorOwns(ctx, urn),
      ]);
      return { urn, entityName: 'dataProduct' };
    },
    updateDataProduct: async (_root, { urn, input }, ctx) => {
      const grant = await authorizeProduct(ctx, urn);
      await write(ctx, grant, [
        change(ctx, urn, 'dataProductProperties', (p) => ({ ...p, ...given({ name: input.name, description: input.description }) })),
      ]);
      return { urn, entityName: 'dataProduct' };
    },
    deleteDataProduct: async (_root, { urn }, ctx) => {
      const grant = await authorizeProduct(ctx, urn);
      await deleteWithReferences(ctx, grant, urn);
      return true;
    },
    batchSetDataProduct: async (_root, { input }, ctx) => {
      const grant = await requireAssets(ctx, input.resourceUrns, 'Data Product', 'EDIT_ENTITY_DATA_PRODUCTS');
      const product = input.dataProductUrn;
      if (product && !(await existsAs(ctx, product, 'dataProduct')))
        throw badRequest(`Failed to batch set Data Product, Data Product urn ${product} does not exist`);
      if (product) {
        const added = (p: Json) => {
          const assets: Json[] = p.assets ?? [];
          const known = new Set(assetUrns(p));
          const fresh = input.resourceUrns.filter((u, i, all) => !known.has(u) && all.indexOf(u) === i);
          return {
            ...p,
            assets: [...assets, ...fresh.map((destinationUrn) => ({ destinationUrn, created: stamp(ctx), lastModified: stamp(ctx) }))],
          };
        };
        await write(ctx, grant, [change(ctx, product, 'dataProductProperties', added)]);
        return true;
      }
      // Unset: each asset leaves whichever products list it.
      const proposals: Proposal[] = [];
      const holders = new Map<string, Set<string>>();
      for (const asset of input.resourceUrns)
        for (const p of await productsOf(ctx, asset)) holders.set(p, (holders.get(p) ?? new Set()).add(asset));
      for (const [p, leaving] of holders)
        proposals.push(
          change(ctx, p, 'dataProductProperties', (v) => ({
            ...v,
            assets: (v.assets ?? []).filter((a: Json) => !leaving.has(a.destinationUrn)),
          })),
        );
      await write(ctx, grant, proposals);
      return true;
    },

    createApplication: async (_root, { input }, ctx) => {
      const urn = newUrn('application', input.id);
      // DataHub asks for EDIT_ENTITY with no entity named: a policy on all entities grants it.
      const grant = await authorize(ctx, onResource(urn, ALL));
      if (await exists(ctx, urn)) throw badRequest('This Application already exists!');
      if (input.domainUrn && !(await existsAs(ctx, input.domainUrn, 'domain'))) throw badRequest('The Domain provided does not exist');
      const { name, description } = input.properties;
      await write(ctx, grant, [
        upsert(ctx, urn, 'applicationProperties', given({ name, description })),
        ...(input.domainUrn ? [upsert(ctx, urn, 'domains', { domains: [input.domainUrn] })] : []),
        creatorOwns(ctx, urn),
      ]);
      return { urn, entityName: 'application' };
    },
    // DataHub's schema declares updateApplication without a resolver; its rule here is editing the application.
    updateApplication: async (_root, { urn, input }, ctx) => {
      const grant = await authorize(ctx, onResource(urn, ALL));
      if (!(await existsAs(ctx, urn, 'application'))) throw badRequest('The Application provided does not exist');
      await write(ctx, grant, [
        change(ctx, urn, 'applicationProperties', (p) => ({ ...p, ...given({ name: input.name, description: input.description }) })),
      ]);
      return { urn, entityName: 'application' };
    },
    deleteApplication: async (_root, { urn }, ctx) => {
      if (!(await existsAs(ctx, urn, 'application'))) throw badRequest('The Application provided does not exist');
      const grant = await authorize(ctx, onResource(urn, ALL));
      await deleteWithReferences(ctx, grant, urn);
      return true;
    },
    batchSetApplication: async (_root, { input }, ctx) => {
      const grant = await requireAssets(ctx, input.resourceUrns, 'Application', 'EDIT_ENTITY_APPLICATIONS_PRIVILEGE');
      const app = input.applicationUrn;
      if (app && !(await existsAs(ctx, app, 'application')))
        throw badRequest(`Failed to batch set Application, Application urn ${app} does not exist`);
      await write(
        ctx,
        grant,
        input.resourceUrns.map((r) => upsert(ctx, r, 'applications', { applications: app ? [app] : [] })),
      );
      return true;
    },
  },
};

export const dataProductMutationsModule: ResolverModule = { resolvers };
