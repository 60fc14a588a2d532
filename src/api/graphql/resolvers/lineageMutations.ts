/** Lineage drawn by hand in the app: `updateLineage`, the lineage edit service's (domains/lineage/lineageEdits.ts). */
import type { Resolvers } from '../generated/resolvers.js';
import type { ResolverModule } from './module.js';

const resolvers: Resolvers = {
  Mutation: {
    updateLineage: async (_root, { input }, ctx) => {
      for (const urn of await ctx.services.lineageEdits.update(input, ctx.actor)) ctx.aspects.clear(urn);
      return true;
    },
  },
};

export const lineageMutationsModule: ResolverModule = { resolvers };
