import type { Resolvers } from '../generated/resolvers.js';
import type { ResolverModule } from './module.js';
import { forgetWritten } from './written.js';

const resolvers: Resolvers = {
  Mutation: {
    createTest: async (_root, { input }, ctx) => {
      const created = await ctx.services.tests.create(input, ctx.actor);
      forgetWritten(ctx, created);
      return created.urn;
    },
    updateTest: async (_root, { urn, input }, ctx) => {
      forgetWritten(ctx, await ctx.services.tests.update(urn, input, ctx.actor));
      return urn;
    },
    deleteTest: async (_root, { urn }, ctx) => {
      forgetWritten(ctx, await ctx.services.tests.delete(urn, ctx.actor));
      return true;
    },
  },
};

export const testMutationsModule: ResolverModule = { resolvers };
