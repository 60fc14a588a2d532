/**
 * Logical parents: the logical entity a physical dataset or column is an instance of, read on its
 * page and set by `setLogicalParent`.
 */
import type { Resolvers } from '../generated/resolvers.js';
import { latestAspect, refOf, clientRef } from '../context.js';
import type { ResolverModule } from './module.js';

const resolvers: Resolvers = {
  Mutation: {
    setLogicalParent: async (_root, { input }, ctx) => {
      const ref = clientRef(ctx, input.resourceUrn);
      await ctx.services.governance.setLogicalParent(ref.urn, input.parentUrn, ctx.actor);
      ctx.aspects.clear(ref.urn);
      return true;
    },
  },
};

export const logicalParentModule: ResolverModule = {
  resolvers,
  entityFields: {
    logicalParent: async (ref, _args, ctx) =>
      refOf(ctx.services, (await latestAspect(ctx, ref, 'logicalParent'))?.parent?.destinationUrn) ?? null,
  },
};
