/**
 * Linking assets as versions of one another, and unlinking them. The rules, checks and writes are the
 * versioning service's (domains/versioning/versioning.ts).
 */
import type { GraphQLContext } from '../context.js';
import type { Resolvers } from '../generated/resolvers.js';
import type { ResolverModule } from './module.js';
import { forget } from './written.js';

/** The version set after a change, the entities written forgotten so fields read what was written. */
function versionSet(ctx: GraphQLContext, { versionSet: urn, written }: { versionSet: string; written: readonly string[] }) {
  forget(ctx, written);
  return { urn, entityName: 'versionSet' };
}

const resolvers: Resolvers = {
  Mutation: {
    linkAssetVersion: async (_root, { input }, ctx) => versionSet(ctx, await ctx.services.versioning.link(input, ctx.actor)),
    unlinkAssetVersion: async (_root, { input }, ctx) => versionSet(ctx, await ctx.services.versioning.unlink(input, ctx.actor)),
  },
};

export const versionMutationsModule: ResolverModule = { resolvers };
