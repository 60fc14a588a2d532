/**
 * Search and discovery as DataHub's web app reads them: search across entities (pages, scrolls and
 * aggregations), quick filters, autocomplete with the entities suggested, browsing by browse path v2,
 * and entity counts. Every one goes through the search service, so views, filters and the types an
 * actor may not see are applied alike.
 */
import { badRequest } from '../../../errors.js';
import type { JsonObject } from '../../../json.js';
import {
  decodeScrollId,
  encodeScrollId,
  FACET_SEPARATOR,
  ENTITY_TYPE_FIELD,
  LEGACY_ENTITY_FACET,
  type Facet,
  type Scope,
  type SearchFlags,
  type SearchResult,
} from '../../../domains/search/search.js';
import { browseV2 } from '../../../domains/search/browseV2.js';
import { propertyOfField } from '../../../indexing/structuredPropertyFields.js';
import { refOf, type GraphQLContext } from '../context.js';
import { entityEnum, entityOfEnum } from '../entityTypes.js';
import type { SearchFlags as GraphQLSearchFlags, Resolvers, SearchSortInput } from '../generated/resolvers.js';
import type { EntityListName } from '../../../registry/types.js';
import type { ResolverModule } from './module.js';

type Maybe<T> = T | null | undefined;

/** A filter criterion as GraphQL's `FacetFilterInput` has it, or as a resolver adds one. */
export interface CriterionInput {
  field: string;
  value?: Maybe<string>;
  values?: Maybe<readonly string[]>;
  condition?: Maybe<string>;
  negated?: Maybe<boolean>;
}

/** What the search inputs this module serves share (search, searchAcrossEntities, scroll, aggregate…). */
interface SearchInputOf {
  query?: Maybe<string>;
  count?: Maybe<number>;
  filters?: Maybe<readonly CriterionInput[]>;
  orFilters?: Maybe<ReadonlyArray<{ and?: Maybe<readonly CriterionInput[]> }>>;
  sortInput?: Maybe<SearchSortInput>;
  searchFlags?: Maybe<GraphQLSearchFlags>;
  viewUrn?: Maybe<string>;
}

/** Quick filters: the top platforms, then the first entity types present of two prioritized lists (the registry's). */
const QUICK_PLATFORMS = 5;
const QUICK_SOURCE_TYPES = 3;
const QUICK_DATAHUB_TYPES = 2;

const DEFAULT_COUNT = 10;

/** GraphQL facet filters → the service's filter: `orFilters` wins over the deprecated `filters`. */
export function toFilter(input: Pick<SearchInputOf, 'filters' | 'orFilters'>): JsonObject | undefined {
  const criterion = (f: CriterionInput) => ({
    field: f.field,
    // The deprecated `value` stands in for `values` only when no list, even an empty one, is given.
    ...(f.values && (f.values.length > 0 || f.value == null) ? { values: f.values } : f.value != null ? { value: f.value } : {}),
    condition: f.condition ?? 'EQUAL',
    negated: f.negated === true,
  });
  if (input.orFilters && input.orFilters.length > 0) return { or: input.orFilters.map((g) => ({ and: (g.and ?? []).map(criterion) })) };
  if (input.filters && input.filters.length > 0) return { or: [{ and: input.filters.map(criterion) }] };
  return undefined;
}

function typesOf(types: readonly string[] | null | undefined): string[] {
  return (types ?? []).map((t) => {
    const e = entityOfEnum(t);
    if (!e) throw badRequest(`entity type ${t} is not searchable`);
    return e;
  });
}

/** The types a request names, else those of one of the registry's default lists that the caller may see. */
async function typesOrDefault(
  ctx: GraphQLContext,
  types: readonly string[] | null | undefined,
  defaults: EntityListName,
): Promise<string[]> {
  const named = typesOf(types);
  if (named.length > 0) return named;
  return ctx.services.search.visibleTypeNames(
    ctx.services.registry.entitiesIn(defaults).map((e) => e.name),
    ctx.actor,
  );
}

function flagsOf(flags: Maybe<GraphQLSearchFlags>): SearchFlags {
  if (!flags) return {};
  return {
    ...(flags.skipAggregates != null ? { skipAggregates: flags.skipAggregates } : {}),
    ...(flags.maxAggValues != null ? { maxAggValues: flags.maxAggValues } : {}),
    ...(flags.skipHighlighting != null ? { skipHighlighting: flags.skipHighlighting } : {}),
    ...(flags.includeSoftDeleted != null ? { includeSoftDeleted: flags.includeSoftDeleted } : {}),
    ...(flags.includeStructuredPropertyFacets != null ? { includeStructuredPropertyFacets: flags.includeStructuredPropertyFacets } : {}),
  };
}

/** `sortCriteria` in order, else the deprecated single `sortCriterion`. */
function sortOf(input: SearchInputOf): Array<{ field: string; order: string }> | undefined {
  const criteria = input.sortInput?.sortCriteria ?? (input.sortInput?.sortCriterion ? [input.sortInput.sortCriterion] : []);
  return criteria.length > 0 ? criteria.map((c) => ({ field: c.field, order: c.sortOrder })) : undefined;
}

/** The entity an urn-valued text names (the last part of a nested facet value), if any. */
function entityNamed(ctx: GraphQLContext, value: string) {
  const last = value.split(FACET_SEPARATOR).pop()!;
  return last.startsWith('urn:') ? (refOf(ctx.services, last) ?? null) : null;
}

/** Facets as DataHub's GraphQL gives them: entity type parts of names and values as `EntityType` values. */
function facetsOf(ctx: GraphQLContext, facets: readonly Facet[]) {
  return facets.map((f) => {
    const typed = f.name.split(FACET_SEPARATOR).map((part) => part === ENTITY_TYPE_FIELD || part === LEGACY_ENTITY_FACET);
    return {
      field: f.name,
      displayName: f.displayName,
      entity: refOf(ctx.services, propertyOfField(f.name)) ?? null,
      aggregations: f.values.map(({ value, count }) => ({
        value: value
          .split(FACET_SEPARATOR)
          .map((part, i) => (typed[i] ? entityEnum(part) : part))
          .join(FACET_SEPARATOR),
        count,
        entity: entityNamed(ctx, value),
      })),
    };
  });
}

function hitsOf(ctx: GraphQLContext, r: SearchResult) {
  return r.urns.flatMap((urn, i) => {
    const entity = refOf(ctx.services, urn);
    const matchedFields = (r.matches[i] ?? []).map((m) => ({
      ...m,
      entity: m.value.startsWith('urn:') ? (refOf(ctx.services, m.value) ?? null) : null,
    }));
    // DataHub gives insights only from ranking features this service does not compute: none.
    return entity ? [{ entity, matchedFields, insights: [], extraProperties: [] }] : [];
  });
}

async function searchOf(ctx: GraphQLContext, entities: string[], input: SearchInputOf, start: number, extra: { facets?: string[] } = {}) {
  return ctx.services.search.search(
    {
      entities,
      input: input.query ?? '*',
      filter: toFilter(input),
      sort: sortOf(input),
      start,
      count: input.count ?? DEFAULT_COUNT,
      flags: flagsOf(input.searchFlags),
      ...(input.viewUrn ? { viewUrn: input.viewUrn } : {}),
      ...extra,
    },
    ctx.actor,
  );
}

/** Scope of a request (types and filter, narrowed by its view). */
function scopeOf(ctx: GraphQLContext, entities: string[], input: SearchInputOf): Promise<Scope> {
  return ctx.services.search.scope({ entities, filter: toFilter(input), viewUrn: input.viewUrn }, ctx.actor);
}

/** Autocomplete of one type: suggestions and the entities they came from. */
async function autocompleteOf(
  ctx: GraphQLContext,
  entity: string,
  input: { query: string; limit?: Maybe<number>; field?: Maybe<string> },
  scope: Scope,
) {
  const type = scope.types?.find((t) => t.name === entity);
  if (!type) return { suggestions: [], entities: [] };
  const req = {
    query: input.query,
    limit: input.limit ?? DEFAULT_COUNT,
    filter: scope.filter,
    ...(input.field ? { field: input.field } : {}),
  };
  const suggestions = await ctx.services.search.suggest(type, req);
  const urns = suggestions.length > 0 ? await ctx.services.search.suggestedEntities(type, req) : [];
  return { suggestions, entities: urns.flatMap((u) => refOf(ctx.services, u) ?? []) };
}

const resolvers: Resolvers = {
  Query: {
    search: async (_root, { input }, ctx) => {
      const entity = entityOfEnum(input.type);
      if (!entity) throw badRequest(`entity type ${input.type} is not searchable`);
      const r = await searchOf(ctx, [entity], input, input.start ?? 0);
      return {
        start: r.start,
        count: r.count,
        total: r.total,
        searchResults: hitsOf(ctx, r),
        facets: facetsOf(ctx, r.facets),
        suggestions: [],
      };
    },
    searchAcrossEntities: async (_root, { input }, ctx) => {
      const r = await searchOf(ctx, await typesOrDefault(ctx, input.types, 'defaultSearch'), input, input.start ?? 0);
      return {
        start: r.start,
        count: r.count,
        total: r.total,
        searchResults: hitsOf(ctx, r),
        facets: facetsOf(ctx, r.facets),
        suggestions: [],
      };
    },
    scrollAcrossEntities: async (_root, { input }, ctx) => {
      const start = decodeScrollId(input.scrollId);
      const r = await searchOf(ctx, await typesOrDefault(ctx, input.types, 'defaultSearch'), input, start);
      const next = start + r.urns.length;
      return {
        nextScrollId: next < r.total && r.urns.length > 0 ? encodeScrollId(next) : null,
        count: r.count,
        total: r.total,
        searchResults: hitsOf(ctx, r),
        facets: facetsOf(ctx, r.facets),
      };
    },
    aggregateAcrossEntities: async (_root, { input }, ctx) => {
      const facets = (input.facets ?? []).filter((f): f is string => typeof f === 'string');
      const entities = await typesOrDefault(ctx, input.types, 'defaultSearch');
      // Only the aggregation: no page of hits.
      const r = await searchOf(ctx, entities, { ...input, count: 0, sortInput: null }, 0, facets.length > 0 ? { facets } : {});
      return { facets: facetsOf(ctx, r.facets) };
    },
    getQuickFilters: async (_root, { input }, ctx) => {
      const entities = await typesOrDefault(ctx, [], 'defaultSearch');
      const r = await searchOf(ctx, entities, { query: '*', viewUrn: input.viewUrn, count: 0 }, 0, {
        facets: ['platform', ENTITY_TYPE_FIELD],
      });
      const values = (name: string) => r.facets.find((f) => f.name === name)?.values ?? [];
      const platforms = values('platform')
        .filter((v) => v.count > 0)
        .slice(0, QUICK_PLATFORMS)
        .sort((a, b) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
        .map((v) => ({ field: 'platform', value: v.value, entity: entityNamed(ctx, v.value) }));
      const typeCounts = new Map(values(ENTITY_TYPE_FIELD).map((v) => [v.value, v.count]));
      const prioritized = (list: EntityListName, max: number) =>
        ctx.services.registry
          .entitiesIn(list)
          .map((e) => e.name)
          .filter((t) => (typeCounts.get(t) ?? 0) > 0)
          .slice(0, max)
          .map((t) => ({ field: ENTITY_TYPE_FIELD, value: entityEnum(t), entity: null }));
      return {
        quickFilters: [
          ...platforms,
          ...prioritized('quickFilterSource', QUICK_SOURCE_TYPES),
          ...prioritized('quickFilterDataHub', QUICK_DATAHUB_TYPES),
        ],
      };
    },
    autoComplete: async (_root, { input }, ctx) => {
      const entity = input.type ? entityOfEnum(input.type) : 'dataset';
      if (!entity) throw badRequest(`entity type ${input.type} has no autocomplete`);
      const found = await autocompleteOf(ctx, entity, input, await scopeOf(ctx, [entity], input));
      return { query: input.query, ...found };
    },
    autoCompleteForMultiple: async (_root, { input }, ctx) => {
      const scope = await scopeOf(ctx, await typesOrDefault(ctx, input.types, 'autocomplete'), input);
      const suggestions = [];
      for (const type of scope.types ?? []) {
        const found = await autocompleteOf(ctx, type.name, input, scope);
        if (found.suggestions.length > 0) suggestions.push({ type: entityEnum(type.name) as any, ...found });
      }
      return { query: input.query, suggestions };
    },
    browseV2: async (_root, { input }, ctx) => {
      const named = input.types && input.types.length > 0 ? input.types : input.type ? [input.type] : [];
      const scope = await scopeOf(ctx, await typesOrDefault(ctx, named, 'browse'), input);
      const r = await browseV2(ctx.services.search, scope, {
        path: input.path ?? [],
        query: input.query ?? '*',
        start: input.start ?? 0,
        count: input.count ?? DEFAULT_COUNT,
        flags: flagsOf(input.searchFlags),
      });
      return {
        groups: r.groups.map((g) => ({ ...g, entity: g.name.startsWith('urn:li:') ? (refOf(ctx.services, g.name) ?? null) : null })),
        start: r.start,
        count: r.count,
        total: r.total,
        metadata: { path: r.path, totalNumEntities: r.totalNumEntities },
      };
    },
    getEntityCounts: async (_root, { input }, ctx) => {
      const entities = await typesOrDefault(ctx, input?.types, 'defaultSearch');
      // The view's filter applies, not its types (as DataHub counts).
      const view = input?.viewUrn ? await ctx.services.search.view(input.viewUrn) : undefined;
      const scope = await ctx.services.search.scope({ entities, filter: view?.filter }, ctx.actor);
      const counts = await ctx.services.search.countByType(scope);
      return { counts: entities.map((e) => ({ entityType: entityEnum(e) as any, count: counts.get(e) ?? 0 })) };
    },
  },
};

export const searchModule: ResolverModule = { resolvers };
