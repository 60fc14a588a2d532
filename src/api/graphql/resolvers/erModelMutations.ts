/**
 * ER model relationships drawn between two datasets: created, changed and deleted. The checks and
 * writes are the ER model service's.
 */
import type { Resolvers } from '../generated/resolvers.js';
import type { ResolverModule } from './module.js';
import { forgetWritten } from './written.js';

const resolvers: Resolvers = {
  Mutation: {
    createERModelRelationship: async (_root, { input }, ctx) => {
      const { urn } = forgetWritten(ctx, await ctx.services.erModel.create(input, ctx.actor));
      return { urn, entityName: 'erModelRelationship' };
    },
    updateERModelRelationship: async (_root, { urn, input }, ctx) => {
      forgetWritten(ctx, await ctx.services.erModel.update(urn, input, ctx.actor));
      return true;
    },
    deleteERModelRelationship: async (_root, { urn }, ctx) => {
      forgetWritten(ctx, await ctx.services.erModel.delete(urn, ctx.actor));
      return true;
    },
  },
};

export const erModelMutationsModule: ResolverModule = { resolvers };
