/** Metadata tests and the results assets carry for them (`testResults`). */
import { latestAspect, refOf, type GraphQLContext } from '../context.js';
import type { Resolvers } from '../generated/resolvers.js';
import { testResults as testResultsOf } from '../mappers/testResults.js';
import type { EntityFieldResolver, ResolverModule } from './module.js';

const testResults: EntityFieldResolver = async (ref, _args, ctx) => {
  const r = await latestAspect(ctx, ref, 'testResults');
  return r ? testResultsOf(ctx, r) : null;
};

/** A test's info: name, category and definition are non-null, so a test without its info cannot be shown at all. */
async function info(ctx: GraphQLContext, ref: Parameters<EntityFieldResolver>[0]) {
  const i = await latestAspect(ctx, ref, 'testInfo');
  if (!i) throw new Error(`test ${ref.urn} has no testInfo`);
  return i;
}

export const testsResolvers: Resolvers = {
  Query: {
    // DataHub lists tests to those who may view or manage them, found by the search index.
    listTests: async (_root, { input }, ctx) => {
      const r = await ctx.services.tests.list(input, ctx.actor);
      return { start: r.start, count: r.urns.length, total: r.total, tests: r.urns.flatMap((u) => refOf(ctx.services, u) ?? []) };
    },
  },
  Test: {
    name: async (ref, _args, ctx) => (await info(ctx, ref)).name,
    category: async (ref, _args, ctx) => (await info(ctx, ref)).category,
    description: async (ref, _args, ctx) => (await latestAspect(ctx, ref, 'testInfo'))?.description ?? null,
    definition: async (ref, _args, ctx) => ({ json: (await info(ctx, ref)).definition?.json ?? null }),
  },
};

export const testsModule: ResolverModule = { resolvers: testsResolvers, entityFields: { testResults } };
