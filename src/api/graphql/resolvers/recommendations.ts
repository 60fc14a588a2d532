/**
 * `listRecommendations`: the modules of the home page, the search page and the search bar
 * (domains/search/recommendations.ts), for the caller (DataHub, too, answers for the authenticated user
 * whatever `userUrn` says).
 */
import type { RecommendationContent as Content } from '../../../domains/search/recommendations.js';
import { refOf, type GraphQLContext } from '../context.js';
import { entityEnum } from '../entityTypes.js';
import type { EntityType, Resolvers, ResolversTypes } from '../generated/resolvers.js';
import type { ResolverModule } from './module.js';

/** Modules when the app names no limit. */
const DEFAULT_LIMIT = 10;

function content(ctx: GraphQLContext, c: Content): ResolversTypes['RecommendationContent'] {
  const entity = c.entity ? refOf(ctx.services, c.entity) : undefined;
  const profile = c.entityProfileUrn ? refOf(ctx.services, c.entityProfileUrn) : undefined;
  return {
    value: c.value,
    entity: entity ?? null,
    params: {
      searchParams: c.searchParams
        ? { query: c.searchParams.query, filters: c.searchParams.filters?.map((f) => ({ field: f.field, values: f.values })) ?? null }
        : null,
      entityProfileParams: profile ? { urn: profile.urn, type: entityEnum(profile.entityName) as EntityType } : null,
      contentParams: c.count !== undefined ? { count: c.count } : null,
    },
  };
}

const resolvers: Resolvers = {
  Query: {
    listRecommendations: async (_root, { input }, ctx) => {
      const modules = await ctx.services.recommendations.list({
        actor: ctx.actor,
        scenario: input.requestContext?.scenario ?? 'HOME',
        limit: input.limit ?? DEFAULT_LIMIT,
        ...(input.viewUrn ? { viewUrn: input.viewUrn } : {}),
      });
      return { modules: modules.map((m) => ({ ...m, content: m.content.map((c) => content(ctx, c)) })) };
    },
  },
};

export const recommendationsModule: ResolverModule = { resolvers };
