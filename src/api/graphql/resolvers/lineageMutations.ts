/** Lineage drawn by hand in the app: `updateLineage`, the lineage edit service's (domains/lineage/lineageEdits.ts). */
import type { Resolvers } from '../generated/resolvers.js';
import type { ResolverModule } from './module.js';
import { forget } from './written.js';

const resolvers: Resolvers = {
  Mutation: {
    updateLineage: async (_root, { input }, ctx) => {
      forget(ctx, await ctx.services.lineageEdits.update(input, ctx.actor));
      return true;
    },
  },
};

export const lineageMutationsModule: ResolverModule = { resolvers };
