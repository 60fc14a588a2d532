/**
 * Mutations of structured properties: their definitions (create, update, delete) and their values on
 * assets (upsert, remove). The checks and writes are the structured property service's.
 */
import type { Resolvers } from '../generated/resolvers.js';
import { latestAspect, refOf, type EntityRef, type GraphQLContext, clientRef } from '../context.js';
import { structuredProperties } from '../mappers/structuredProperties.js';
import type { ResolverModule } from './module.js';

/** The entity after a write: its cached aspects dropped, so fields read what was written. */
function written(ctx: GraphQLContext, urn: string): EntityRef {
  ctx.aspects.clear(urn);
  return refOf(ctx.services, urn)!;
}

/** An asset's values after a change, as the mutation answers them (empty when none are left). */
async function valuesOf(ctx: GraphQLContext, assetUrn: string) {
  const ref = written(ctx, clientRef(ctx, assetUrn).urn);
  return structuredProperties(ctx, ref.urn, (await latestAspect(ctx, ref, 'structuredProperties')) ?? { properties: [] })!;
}

const resolvers: Resolvers = {
  Mutation: {
    createStructuredProperty: async (_root, { input }, ctx) =>
      written(ctx, await ctx.services.structuredProperties.create(input, ctx.actor)),
    updateStructuredProperty: async (_root, { input }, ctx) =>
      written(ctx, await ctx.services.structuredProperties.update(input, ctx.actor)),
    deleteStructuredProperty: async (_root, { input }, ctx) => {
      await ctx.services.structuredProperties.delete(clientRef(ctx, input.urn).urn, ctx.actor);
      return true;
    },
    upsertStructuredProperties: async (_root, { input }, ctx) => {
      const asset = clientRef(ctx, input.assetUrn).urn;
      await ctx.services.structuredProperties.upsert(asset, input.structuredPropertyInputParams, ctx.actor);
      return valuesOf(ctx, asset);
    },
    removeStructuredProperties: async (_root, { input }, ctx) => {
      const asset = clientRef(ctx, input.assetUrn).urn;
      await ctx.services.structuredProperties.remove(asset, input.structuredPropertyUrns, ctx.actor);
      return valuesOf(ctx, asset);
    },
  },
};

export const structuredPropertyMutationsModule: ResolverModule = { resolvers };
