/**
 * Saved views: the ones the app lists and applies to searches. A global view is everyone's; a
 * personal view is seen by its creator alone, so another user's reads as absent.
 */
import { latestAspect, type EntityRef, type GraphQLContext, clientRef } from '../context.js';
import { entityEnum } from '../entityTypes.js';
import type { EntityType, FacetFilter, FilterOperator, Resolvers } from '../generated/resolvers.js';
import type { JsonObject } from '../../../json.js';
import type { AspectValue } from '../../../registry/aspectValues.js';
import type { ResolverModule } from './module.js';

type ViewInfo = AspectValue<'dataHubViewInfo'>;
type StoredFilter = ViewInfo['definition']['filter'];
type Criterion = NonNullable<StoredFilter['criteria']>[number];

const VIEW_ASPECT = 'dataHubViewInfo';
const DEFAULT_COUNT = 20;
/** The filter conditions GraphQL can show; others (IS_NULL) are shown without one. */
const OPERATORS = new Set<string>([
  'CONTAIN',
  'EQUAL',
  'IEQUAL',
  'IN',
  'EXISTS',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL_TO',
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL_TO',
  'START_WITH',
  'END_WITH',
  'DESCENDANTS_INCL',
  'ANCESTORS_INCL',
  'RELATED_INCL',
]);

const visibleTo = (actor: string, info: ViewInfo) => info.type === 'GLOBAL' || info.created?.actor === actor;

/** The view at `urn` when it exists and the caller may see it, else null. */
export async function readableView(ctx: GraphQLContext, urn: unknown): Promise<EntityRef | null> {
  if (typeof urn !== 'string') return null;
  const ref: EntityRef = { urn, entityName: 'dataHubView' };
  const info = await latestAspect(ctx, ref, VIEW_ASPECT);
  return info && visibleTo(ctx.actor, info) ? ref : null;
}

const facetFilter = (c: Criterion): FacetFilter => ({
  // A stored filter may name a field's keyword variant; the app knows fields by their plain name.
  field: String(c.field).replace(/\.keyword$/, ''),
  values: c.values?.length ? c.values : c.value ? [c.value] : [],
  condition: OPERATORS.has(c.condition ?? 'EQUAL') ? ((c.condition ?? 'EQUAL') as FilterOperator) : null,
  negated: c.negated ?? false,
});

/**
 * A stored filter as the app's view filter: one AND group is an AND of its criteria; several groups
 * are an OR of one criterion each, the only OR the app writes (DataHub's reading of a view's filter).
 */
function viewFilter(filter: StoredFilter | undefined) {
  const or = filter?.or ?? (filter?.criteria ? [{ and: filter.criteria }] : []);
  const [only, ...others] = or;
  if (only && others.length === 0) return { operator: 'AND' as const, filters: (only.and ?? []).map(facetFilter) };
  if (or.some((g) => (g.and ?? []).length > 1)) return { operator: 'OR' as const, filters: [] };
  return { operator: 'OR' as const, filters: or.flatMap(({ and }) => (and?.length === 1 && and[0] ? [facetFilter(and[0])] : [])) };
}

/** A view's info: its type and name are non-null, so a view without its info cannot be shown at all. */
async function info(ref: EntityRef, ctx: GraphQLContext): Promise<ViewInfo> {
  const i = await latestAspect(ctx, ref, VIEW_ASPECT);
  if (!i) throw new Error(`view ${ref.urn} has no ${VIEW_ASPECT}`);
  return i;
}

/** One page of views matching `and` (criteria on the view's search fields), newest first, as DataHub lists them. */
async function listViews(
  ctx: GraphQLContext,
  input: { start?: number | null | undefined; count?: number | null | undefined; query?: string | null | undefined },
  and: JsonObject[],
) {
  const start = input.start ?? 0;
  const page = await ctx.services.search.search(
    {
      entities: ['dataHubView'],
      input: input.query ?? '',
      filter: { or: [{ and }] },
      sort: { field: 'createdAt', order: 'DESCENDING' },
      start,
      count: input.count ?? DEFAULT_COUNT,
    },
    ctx.actor,
  );
  return {
    start,
    count: page.urns.length,
    total: page.total,
    views: page.urns.map((urn): EntityRef => ({ urn, entityName: 'dataHubView' })),
  };
}

const equals = (field: string, value: string) => ({ field, values: [value], condition: 'EQUAL' });

const resolvers: Resolvers = {
  Query: {
    view: (_root, { urn }, ctx) => readableView(ctx, clientRef(ctx, urn).urn),
    listMyViews: (_root, { input }, ctx) =>
      listViews(ctx, input, [equals('createdBy', ctx.actor), ...(input.viewType ? [equals('type', input.viewType)] : [])]),
    listGlobalViews: (_root, { input }, ctx) => listViews(ctx, input, [equals('type', 'GLOBAL')]),
  },
  DataHubView: {
    viewType: async (ref, _args, ctx) => (await info(ref, ctx)).type,
    name: async (ref, _args, ctx) => (await info(ref, ctx)).name,
    description: async (ref, _args, ctx) => (await latestAspect(ctx, ref, VIEW_ASPECT))?.description ?? null,
    definition: async (ref, _args, ctx) => {
      const definition = (await latestAspect(ctx, ref, VIEW_ASPECT))?.definition;
      return {
        entityTypes: (definition?.entityTypes ?? []).map((name) => entityEnum(name) as EntityType),
        filter: viewFilter(definition?.filter),
      };
    },
  },
};

export const viewsModule: ResolverModule = { resolvers };
