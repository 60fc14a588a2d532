/**
 * Siblings: one asset seen by two platforms (a dbt model and the warehouse table it builds), linked by
 * the `siblings` aspect. `siblingsSearch` searches among an asset's siblings as DataHub's does, with the
 * caller's query and filters applied to them only.
 */
import { decodeScrollId, encodeScrollId } from '../../../domains/search/search.js';
import { latestAspect, refOf } from '../context.js';
import { entityOfEnum } from '../entityTypes.js';
import type { Resolvers } from '../generated/resolvers.js';
import type { ResolverModule } from './module.js';

export const siblingsResolvers: Resolvers = {
  Dataset: {
    siblings: async (ref, _args, ctx) => {
      const s = await latestAspect(ctx, ref, 'siblings');
      return s
        ? { isPrimary: s.primary === true, siblings: (s.siblings ?? []).flatMap((u: string) => refOf(ctx.services, u) ?? []) }
        : null;
    },
    siblingsSearch: async (ref, { input }, ctx) => {
      const urns = ((await latestAspect(ctx, ref, 'siblings'))?.siblings ?? []).filter((u: string) => u !== ref.urn);
      const start = decodeScrollId(input.scrollId);
      if (urns.length === 0) return { nextScrollId: null, count: 0, total: 0, searchResults: [] };
      const named = (input.types ?? []).flatMap((t) => entityOfEnum(t) ?? []);
      const entities: string[] =
        named.length > 0 ? named : [...new Set<string>(urns.flatMap((u: string) => refOf(ctx.services, u)?.entityName ?? []))];
      const own = input.orFilters?.length ? input.orFilters.map((g) => ({ and: g.and ?? [] })) : [{ and: [] }];
      const filter = { or: own.map((g) => ({ and: [...g.and, { field: 'urn', values: urns, condition: 'EQUAL' }] })) };
      const r = await ctx.services.search.search({ entities, input: input.query, filter, start, count: input.count ?? 10 }, ctx.actor);
      const next = start + r.urns.length;
      return {
        nextScrollId: next < r.total && r.urns.length > 0 ? encodeScrollId(next) : null,
        count: r.urns.length,
        total: r.total,
        searchResults: r.urns.flatMap((u, i) => {
          const entity = refOf(ctx.services, u);
          return entity ? [{ entity, matchedFields: r.matches[i] ?? [], insights: [], extraProperties: [] }] : [];
        }),
      };
    },
  },
};

export const siblingsModule: ResolverModule = { resolvers: siblingsResolvers };
