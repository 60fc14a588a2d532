/**
 * The two hierarchies the app browses: glossary nodes and terms with no parent node, the children of a
 * node, and domains under a parent domain (or with none). Both are searches, so totals and paging are
 * exact and a soft-deleted entity drops out at once.
 */
import type { Resolvers } from '../generated/resolvers.js';
import { type GraphQLContext, clientRef } from '../context.js';
import { listEntities, scrollWithin } from './entityLists.js';
import type { ResolverModule } from './module.js';

/** No parent node: DataHub filters on `hasParentNode` false. */
const ROOT_OF_GLOSSARY = { field: 'parentNode', condition: 'EXISTS', negated: true };
const BY_NAME = { field: 'name', order: 'ASCENDING' } as const;
const under = (node: string) => ({ field: 'parentNode', values: [node], condition: 'EQUAL' });

/** How many entities of a type sit directly under a glossary node. */
async function childCount(ctx: GraphQLContext, entity: string, node: string): Promise<number> {
  const r = await ctx.services.search.search(
    { entities: [entity], input: '*', filter: { or: [{ and: [under(node)] }] }, start: 0, count: 0 },
    ctx.actor,
  );
  return r.total;
}

const resolvers: Resolvers = {
  Query: {
    getRootGlossaryNodes: async (_root, { input }, ctx) => {
      const { entities, ...page } = await listEntities(ctx, 'glossaryNode', input, { criteria: [ROOT_OF_GLOSSARY], sort: BY_NAME });
      return { ...page, nodes: entities };
    },
    getRootGlossaryTerms: async (_root, { input }, ctx) => {
      const { entities, ...page } = await listEntities(ctx, 'glossaryTerm', input, { criteria: [ROOT_OF_GLOSSARY], sort: BY_NAME });
      return { ...page, terms: entities };
    },
    listDomains: async (_root, { input }, ctx) => {
      const parent = input.parentDomain ? clientRef(ctx, input.parentDomain).urn : undefined;
      const criteria = [
        parent
          ? { field: 'parentDomain', values: [parent], condition: 'EQUAL' }
          : { field: 'parentDomain', condition: 'EXISTS', negated: true },
      ];
      // DataHub lists the newest domains first.
      const { entities, ...page } = await listEntities(ctx, 'domain', input, {
        criteria,
        sort: { field: 'createdTime', order: 'DESCENDING' },
      });
      return { ...page, domains: entities };
    },
  },
  GlossaryNode: {
    childrenCount: async (ref, _args, ctx) => {
      const [termsCount, nodesCount] = await Promise.all([
        childCount(ctx, 'glossaryTerm', ref.urn),
        childCount(ctx, 'glossaryNode', ref.urn),
      ]);
      return { termsCount, nodesCount };
    },
    glossaryChildrenSearch: async (ref, { input }, ctx, info) => scrollWithin(ctx, info, input, [under(ref.urn)]),
  },
};

export const hierarchiesModule: ResolverModule = { resolvers };
