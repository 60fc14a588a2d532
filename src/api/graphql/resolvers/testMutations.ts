/**
 * Metadata tests, created, changed and deleted under MANAGE_TESTS with DataHub's refusal. The checks
 * and writes are the test service's (domains/tests/tests.ts).
 */
import type { GraphQLContext } from '../context.js';
import type { Resolvers } from '../generated/resolvers.js';
import type { ResolverModule } from './module.js';

/** Forgets what this request read of the entities the service wrote. */
function forget(ctx: GraphQLContext, { written }: { written: readonly string[] }): void {
  for (const urn of written) ctx.aspects.clear(urn);
}

const resolvers: Resolvers = {
  Mutation: {
    createTest: async (_root, { input }, ctx) => {
      const created = await ctx.services.tests.create(input, ctx.actor);
      forget(ctx, created);
      return created.urn;
    },
    updateTest: async (_root, { urn, input }, ctx) => {
      forget(ctx, await ctx.services.tests.update(urn, input, ctx.actor));
      return urn;
    },
    deleteTest: async (_root, { urn }, ctx) => {
      forget(ctx, await ctx.services.tests.delete(urn, ctx.actor));
      return true;
    },
  },
};

export const testMutationsModule: ResolverModule = { resolvers };
