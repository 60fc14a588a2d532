/**
 * Lists of entities that DataHub answers from its search index: the `list…` queries of one entity type,
 * and the searches kept to a set of entities (a data product's assets, a version set's members).
 */
import type { GraphQLResolveInfo } from 'graphql';
import { refOf, type EntityRef, type GraphQLContext } from '../context.js';
import type { ListRequest } from '../../../domains/search/search.js';
import type { JsonObject } from '../../../json.js';
import type { ResolversTypes } from '../generated/resolvers.js';
import { byUrn } from './queries.js';
import { type CriterionInput as Criterion, toFilter } from './search.js';

/** DataHub's list resolvers' page size when none is asked for. */
const DEFAULT_COUNT = 20;

export interface ListInput {
  start?: number | null | undefined;
  count?: number | null | undefined;
  query?: string | null | undefined;
  filters?: Criterion[] | null | undefined;
  orFilters?: Array<{ and?: Criterion[] | null | undefined }> | null | undefined;
}

export interface ListOptions {
  criteria?: Criterion[];
  sort?: { field: string; order: 'ASCENDING' | 'DESCENDING' };
  defaultCount?: number;
}

/**
 * The search a list query stands for, of whichever type the service it goes to lists: the query's
 * text and filters (plus `criteria` the resolver adds to every branch), in `sort` order.
 */
export function listRequest(input: ListInput, options: ListOptions = {}): ListRequest {
  const start = input.start ?? 0;
  const count = input.count ?? options.defaultCount ?? DEFAULT_COUNT;
  const filter = toFilter(withCriteria(input, options.criteria ?? []));
  return { input: input.query || '*', filter, ...(options.sort ? { sort: options.sort } : {}), start, count };
}

/** A list's page of entities, as the `list…` queries answer it. */
export function listPage(
  ctx: GraphQLContext,
  request: ListRequest,
  r: { urns: readonly string[]; total: number },
): { start: number; count: number; total: number; entities: EntityRef[] } {
  const entities = r.urns.flatMap((u) => refOf(ctx.services, u) ?? []);
  return { start: request.start, count: entities.length, total: r.total, entities };
}

/** A page of the entities of one type matching a list query (see listRequest). */
export async function listEntities(
  ctx: GraphQLContext,
  entity: string,
  input: ListInput,
  options: ListOptions = {},
): Promise<{ start: number; count: number; total: number; entities: EntityRef[] }> {
  const request = listRequest(input, options);
  return listPage(ctx, request, await ctx.services.search.search({ entities: [entity], ...request }, ctx.actor));
}

/** The input with `criteria` ANDed into each of its filter branches (or as the only branch). */
function withCriteria<T extends ListInput>(input: T, criteria: Criterion[]): T {
  if (criteria.length === 0) return input;
  const branches = input.orFilters?.length ? input.orFilters : [{ and: input.filters ?? [] }];
  return { ...input, filters: null, orFilters: branches.map((b) => ({ and: [...(b.and ?? []), ...criteria] })) };
}

const NO_RESULTS = { start: 0, count: 0, total: 0, searchResults: [], facets: [], suggestions: [] };

/**
 * A root search of the schema (`searchAcrossEntities` or `scrollAcrossEntities`), as it answers, kept to
 * entities matching `criteria`: so a data product's assets are searched, filtered and counted as any
 * search is.
 */
async function rootSearchWithin(
  root: 'searchAcrossEntities' | 'scrollAcrossEntities',
  ctx: GraphQLContext,
  info: GraphQLResolveInfo,
  input: JsonObject | null | undefined,
  criteria: Criterion[],
): Promise<unknown> {
  if (criteria.some((c) => Array.isArray(c.values) && c.values.length === 0)) return NO_RESULTS;
  const search = info.schema.getQueryType()?.getFields()[root]?.resolve;
  if (!search) return NO_RESULTS;
  return search({}, { input: withCriteria({ query: '*', ...input }, criteria) }, ctx, info);
}

export async function searchWithin(
  ctx: GraphQLContext,
  info: GraphQLResolveInfo,
  input: JsonObject | null | undefined,
  criteria: Criterion[],
): Promise<ResolversTypes['SearchResults']> {
  return (await rootSearchWithin('searchAcrossEntities', ctx, info, input, criteria)) as ResolversTypes['SearchResults'];
}

export async function scrollWithin(
  ctx: GraphQLContext,
  info: GraphQLResolveInfo,
  input: JsonObject | null | undefined,
  criteria: Criterion[],
): Promise<ResolversTypes['ScrollResults']> {
  return (await rootSearchWithin('scrollAcrossEntities', ctx, info, input, criteria)) as ResolversTypes['ScrollResults'];
}

/** A root query reading one entity of a type by urn, for roots not named after their type (`connection`). */
export const entityByUrn =
  (entity: string) =>
  async (root: unknown, args: { urn: string }, ctx: GraphQLContext, info: GraphQLResolveInfo): Promise<EntityRef> =>
    (await byUrn(entity)(root, args, ctx, info)) as EntityRef;
