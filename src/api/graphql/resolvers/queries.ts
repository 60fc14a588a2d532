/** Query root resolvers: entities by urn, search, autocomplete, browse, counts. */
import { isEnumType, type GraphQLFieldResolver, type GraphQLResolveInfo } from 'graphql';
import { badRequest } from '../../../service/errors.js';
import { resolveUrn } from '../../../service/proposals.js';
import { decodeScrollId, encodeScrollId, type SearchResult } from '../../../service/search.js';
import { refOf, type EntityRef, type GraphQLContext } from '../context.js';
import { entityEnum, entityOfEnum, entityTypeName } from '../entityTypes.js';

type Json = Record<string, any>;
type Resolver = GraphQLFieldResolver<unknown, GraphQLContext, any>;

/** GraphQL facet filters → the REST filter shape: `orFilters` wins over the deprecated `filters`. */
export function toFilter(input: { filters?: Json[] | null; orFilters?: Array<{ and?: Json[] | null }> | null }): Json | undefined {
  const criterion = (f: Json) => ({
    field: f.field,
    ...(f.values && f.values.length > 0 ? { values: f.values } : f.value != null ? { value: f.value } : {}),
    condition: f.condition ?? 'EQUAL',
    negated: f.negated === true,
  });
  if (input.orFilters && input.orFilters.length > 0) return { or: input.orFilters.map((g) => ({ and: (g.and ?? []).map(criterion) })) };
  if (input.filters && input.filters.length > 0) return { or: [{ and: input.filters.map(criterion) }] };
  return undefined;
}

/** A ref for an urn given by a client: malformed urns and unknown types are 400s. */
export function clientRef(ctx: GraphQLContext, urn: string): EntityRef {
  const { entity, urnString } = resolveUrn(ctx.services.registry, urn);
  return { urn: urnString, entityName: entity.name };
}

/** Refs for urns a client asks to read: a 403 (DataHub's text) when one is of a type the caller may not see. */
async function readableRefs(ctx: GraphQLContext, urns: readonly string[]): Promise<EntityRef[]> {
  const refs = urns.map((u) => clientRef(ctx, u));
  const types = refs.map((r) => ctx.services.registry.entity(r.entityName)!);
  await ctx.services.authorizer.requireReadable(ctx.actor, types);
  return refs;
}

function typesOf(types: string[] | null | undefined): string[] {
  return (types ?? []).map((t) => {
    const e = entityOfEnum(t);
    if (!e) throw badRequest(`entity type ${t} is not searchable`);
    return e;
  });
}

function searchResults(ctx: GraphQLContext, r: SearchResult) {
  return {
    searchResults: r.urns.flatMap((urn, i) => {
      const entity = refOf(ctx.services, urn);
      return entity ? [{ entity, matchedFields: r.matches[i], insights: [], extraProperties: [] }] : [];
    }),
    facets: r.facets.map((f) => ({
      field: f.name,
      displayName: f.displayName,
      aggregations: Object.entries(f.aggregations).map(([value, count]) => ({ value, count, entity: refOf(ctx.services, value) ?? null })),
    })),
    suggestions: [],
  };
}

const byUrn =
  (entityName: string): Resolver =>
  async (_root, { urn }, ctx) => {
    const [ref] = await readableRefs(ctx, [urn]);
    if (ref.entityName !== entityName) throw badRequest(`urn ${urn} is not of entity type ${entityName}`);
    return ref;
  };

const search = async (ctx: GraphQLContext, entities: string[], input: Json, start: number) =>
  ctx.services.search.search({ entities, input: input.query, filter: toFilter(input), sort: sortOf(input), start, count: input.count ?? 10 }, ctx.actor);

/**
 * The types a client names, or (none named) every searchable type the caller may see; either way
 * only those the schema's EntityType enum can name in the answer.
 */
async function namedOrAll(ctx: GraphQLContext, types: string[] | null | undefined, info: GraphQLResolveInfo): Promise<string[]> {
  const names = (await ctx.services.search.entityTypes(typesOf(types), ctx.actor)).map((e) => e.name);
  const known = info.schema.getType('EntityType');
  return isEnumType(known) ? names.filter((n) => known.getValue(entityEnum(n)) !== undefined) : names;
}

function sortOf(input: Json): Json | undefined {
  const c = input.sortInput?.sortCriteria?.[0] ?? input.sortInput?.sortCriterion;
  return c ? { field: c.field, order: c.sortOrder } : undefined;
}


export function queryResolvers(entityNames: readonly string[]): Record<string, Resolver> {
  const roots: Record<string, Resolver> = {};
  for (const name of entityNames) {
    const typeName = entityTypeName(name);
    if (typeName) roots[typeName[0].toLowerCase() + typeName.slice(1)] = byUrn(name);
  }
  // Root field names that differ from the type name.
  roots.corpUser = byUrn('corpuser');
  roots.mlModel = byUrn('mlModel');
  roots.mlModelGroup = byUrn('mlModelGroup');
  roots.mlFeature = byUrn('mlFeature');
  roots.mlFeatureTable = byUrn('mlFeatureTable');
  roots.mlPrimaryKey = byUrn('mlPrimaryKey');

  return {
    ...roots,
    entity: async (_root, { urn }, ctx) => (await readableRefs(ctx, [urn]))[0],
    entities: (_root, { urns }, ctx) => readableRefs(ctx, urns as string[]),
    entityExists: (_root, { urn }, ctx) => ctx.services.entities.exists(urn, true),
    search: async (_root, { input }, ctx) => {
      const entity = entityOfEnum(input.type);
      if (!entity) throw badRequest(`entity type ${input.type} is not searchable`);
      const r = await search(ctx, [entity], input, input.start ?? 0);
      return { start: r.start, count: r.urns.length, total: r.total, ...searchResults(ctx, r) };
    },
    searchAcrossEntities: async (_root, { input }, ctx) => {
      const r = await search(ctx, typesOf(input.types), input, input.start ?? 0);
      return { start: r.start, count: r.urns.length, total: r.total, ...searchResults(ctx, r) };
    },
    scrollAcrossEntities: async (_root, { input }, ctx) => {
      const start = decodeScrollId(input.scrollId);
      const r = await search(ctx, typesOf(input.types), input, start);
      const next = start + r.urns.length;
      return { nextScrollId: next < r.total && r.urns.length > 0 ? encodeScrollId(next) : null, count: r.urns.length, total: r.total, ...searchResults(ctx, r) };
    },
    autoComplete: async (_root, { input }, ctx) => {
      const entity = input.type ? entityOfEnum(input.type) : 'dataset';
      if (!entity) throw badRequest(`entity type ${input.type} has no autocomplete`);
      const suggestions = await ctx.services.search.autocomplete({ entity, query: input.query, limit: input.limit ?? 10, filter: toFilter(input), ...(input.field ? { field: input.field } : {}) }, ctx.actor);
      return { query: input.query, suggestions, entities: [] };
    },
    autoCompleteForMultiple: async (_root, { input }, ctx, info) => {
      const entities = await namedOrAll(ctx, input.types, info);
      const suggestions = [];
      for (const entity of entities) {
        const found = await ctx.services.search.autocomplete({ entity, query: input.query, limit: input.limit ?? 10, filter: toFilter(input), ...(input.field ? { field: input.field } : {}) }, ctx.actor);
        if (found.length > 0) suggestions.push({ type: entityEnum(entity), suggestions: found, entities: [] });
      }
      return { query: input.query, suggestions };
    },
    browse: async (_root, { input }, ctx) => {
      const entity = entityOfEnum(input.type);
      if (!entity) throw badRequest(`entity type ${input.type} cannot be browsed`);
      const path = `/${(input.path ?? []).join('/')}`;
      const r = await ctx.services.browse.browse({ entity, path, start: input.start ?? 0, limit: input.count ?? 10, filter: toFilter(input) }, ctx.actor);
      return {
        entities: r.entities.flatMap((e) => refOf(ctx.services, e.urn) ?? []),
        groups: r.groups,
        start: r.from,
        count: r.entities.length,
        total: r.numEntities,
        metadata: { path: r.path.split('/').filter((s) => s !== ''), totalNumEntities: r.totalNumEntities },
      };
    },
    browsePaths: async (_root, { input }, ctx) => (await ctx.services.browse.browsePathsOf(input.urn)).map((p) => ({ path: p.split('/').filter((s) => s !== '') })),
    getEntityCounts: async (_root, { input }, ctx, info) => {
      const entities = await namedOrAll(ctx, input?.types, info);
      const counts = [];
      for (const entity of entities) counts.push({ entityType: entityEnum(entity), count: await ctx.services.entities.countEntities(entity) });
      return { counts };
    },
  };
}
