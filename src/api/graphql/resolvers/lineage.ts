/**
 * Lineage as the web app reads it: an entity's `lineage` (one hop, with the edges' times and
 * actors), `searchAcrossLineage` and `scrollAcrossLineage` (multi-hop, with the `degree` filter and
 * facet), and column-level lineage (`fineGrainedLineages`, and `lineage` of schema field entities).
 */
import { badRequest } from '../../../errors.js';
import type { LineageEdge } from '../../../domains/lineage/lineage.js';
import { timeWindow } from '../../../domains/lineage/lineageEdges.js';
import { LineageSearch, type LineageSearchResult } from '../../../domains/lineage/lineageSearch.js';
import { decodeScrollId, encodeScrollId, FACET_SEPARATOR, type SearchFlags } from '../../../domains/search/search.js';
import { ENTITY_TYPE_FIELD } from '../../../domains/search/search.js';
import { isUrn, parseUrn } from '../../../urn.js';
import { latestAspect, refOf, type GraphQLContext } from '../context.js';
import { entityEnum, entityOfEnum } from '../entityTypes.js';
import type {
  FacetFilterInput,
  FineGrainedLineage,
  LineageFlags,
  Resolvers,
  SearchFlags as SearchFlagsInput,
} from '../generated/resolvers.js';
import type { EntityFieldResolver, ResolverModule } from './module.js';
import { toFilter } from './search.js';

/**
 * A fine-grained lineage as an aspect stores it (`FineGrainedLineage`), or as a parent that mapped its
 * aspect itself passes it (its ends already shown).
 */
interface StoredLineage {
  upstreams?: unknown[];
  downstreams?: unknown[];
  query?: string;
  transformOperation?: string;
}

/** A column of a fine-grained lineage as DataHub's mapper shows it: its dataset's urn and its path. */
function schemaFieldRef(urn: unknown): { urn: string; path: string } | undefined {
  // Already shown (a parent that mapped its aspect itself).
  if (typeof urn === 'object' && urn !== null && 'urn' in urn && 'path' in urn) return urn as { urn: string; path: string };
  if (!isUrn(urn)) return undefined;
  const u = parseUrn(urn);
  const [dataset, path, ...more] = u.parts;
  if (u.entityType !== 'schemaField' || path === undefined || more.length > 0) return undefined;
  return { urn: dataset, path };
}

/** DataHub's FineGrainedLineagesMapper: only schema field ends are shown. */
export function fineGrainedLineagesOf(raw: unknown): FineGrainedLineage[] | null {
  if (!Array.isArray(raw)) return null;
  return raw.map((f: StoredLineage) => ({
    upstreams: f.upstreams ? f.upstreams.flatMap((u) => schemaFieldRef(u) ?? []) : null,
    downstreams: f.downstreams ? f.downstreams.flatMap((u) => schemaFieldRef(u) ?? []) : null,
    query: f.query ?? null,
    transformOperation: f.transformOperation ?? null,
  }));
}

const fineGrainedLineages: EntityFieldResolver = async (ref, _args, ctx) => {
  const entity = ctx.services.registry.entity(ref.entityName);
  for (const name of entity?.aspects.keys() ?? []) {
    const value = (await ctx.aspects.load(ref.urn)).get(name)?.value;
    if (value && Array.isArray(value.fineGrainedLineages)) return fineGrainedLineagesOf(value.fineGrainedLineages);
  }
  return null;
};

/** A page's size, once start and count are checked (DataHub's search caps a page at 10,000). */
function pageSize(start: number, count: number): number {
  if (!Number.isInteger(start) || start < 0) throw badRequest('start must be a non-negative integer');
  if (!Number.isInteger(count) || count < 0 || count > MAX_PAGE) throw badRequest(`count must be an integer from 0 to ${MAX_PAGE}`);
  return count;
}
const MAX_PAGE = 10_000;

const actorRef = (ctx: GraphQLContext, urn: string | undefined) => (urn ? (refOf(ctx.services, urn) ?? null) : null);

/**
 * One hop of lineage, as DataHub's EntityLineageResultResolver: unless kept apart, an entity's
 * siblings' lineage is merged in; the page is cut from every relationship (the total), then
 * entities that do not exist are left out of it (counted as filtered) unless ghosts are asked for.
 */
const lineage: EntityFieldResolver = async (ref, { input }, ctx) => {
  const svc = ctx.services.lineage;
  const urn = await svc.startOf(ref.urn, ctx.actor);
  const window = timeWindow(input.startTimeMillis, input.endTimeMillis, Date.now());
  const hidden = await svc.hiddenTypes(ctx.actor);
  const sources = [urn, ...(input.separateSiblings === true ? [] : await svc.siblingsOf(urn))];
  const all: Array<LineageEdge & { from: string }> = [];
  const seen = new Set<string>();
  for (const from of sources) {
    for (const e of await svc.hop(from, input.direction, window, hidden)) {
      const id = `${e.type}\u0000${e.entity}`;
      if (sources.includes(e.entity) || seen.has(id)) continue;
      seen.add(id);
      all.push({ ...e, from });
    }
  }
  const start = input.start ?? 0;
  const page = all.slice(start, start + pageSize(start, input.count ?? 100));
  const existing = input.includeGhostEntities === true ? undefined : await svc.existing(page.map((e) => e.entity));
  const kept = existing ? page.filter((e) => existing.has(e.entity)) : page;
  return {
    start,
    count: page.length,
    total: all.length,
    filtered: page.length - kept.length,
    relationships: kept.flatMap((e) => {
      const entity = refOf(ctx.services, e.entity);
      if (!entity) return [];
      return [
        {
          type: e.type,
          entity,
          degree: 1,
          createdOn: e.createdOn ?? null,
          createdActor: actorRef(ctx, e.createdActor),
          updatedOn: e.updatedOn ?? null,
          updatedActor: actorRef(ctx, e.updatedActor),
          isManual: e.isManual,
          paths: [{ path: [refOf(ctx.services, e.from) ?? null, entity] }],
        },
      ];
    }),
  };
};

interface LineageSearchInput {
  urn?: string | null | undefined;
  direction: 'UPSTREAM' | 'DOWNSTREAM';
  types?: string[] | null | undefined;
  query?: string | null | undefined;
  count?: number | null | undefined;
  filters?: FacetFilterInput[] | null | undefined;
  orFilters?: Array<{ and?: FacetFilterInput[] | null | undefined }> | null | undefined;
  startTimeMillis?: number | null | undefined;
  endTimeMillis?: number | null | undefined;
  lineageFlags?: LineageFlags | null | undefined;
  searchFlags?: SearchFlagsInput | null | undefined;
  viewUrn?: string | null | undefined;
}

/** The search flags that change what the hits' search answers. */
function flagsOf(flags: SearchFlagsInput): SearchFlags {
  const out: SearchFlags = {};
  for (const name of ['skipAggregates', 'maxAggValues', 'skipHighlighting', 'includeSoftDeleted'] as const)
    if (flags[name] != null) Object.assign(out, { [name]: flags[name] });
  return out;
}

/**
 * DataHub groups columns into their datasets (the registry's `groupedInto`) unless the search flags
 * give a grouping spec without such a criterion.
 */
function groupsColumns(ctx: GraphQLContext, flags: SearchFlagsInput | null | undefined): boolean {
  const spec = flags?.groupingSpec;
  if (!spec) return true;
  const grouped = [...ctx.services.registry.entities.values()].filter((e) => e.groupedInto);
  return (spec.groupingCriteria ?? []).some((c) => {
    const base = c.baseEntityType == null ? undefined : entityOfEnum(c.baseEntityType);
    const into = entityOfEnum(c.groupingEntityType);
    return grouped.some((e) => e.groupedInto === into && (base === undefined || base === e.name));
  });
}

function lineageSearch(ctx: GraphQLContext, input: LineageSearchInput, start: number): Promise<LineageSearchResult> {
  if (!input.urn) throw badRequest('searchAcrossLineage needs the urn of the entity whose lineage to search');
  const flags = input.lineageFlags;
  const entities = (input.types ?? []).map((t) => {
    const e = entityOfEnum(t);
    if (!e) throw badRequest(`entity type ${t} is not searchable`);
    return e;
  });
  const limit = flags?.entitiesExploredPerHopLimit;
  if (limit != null && (!Number.isInteger(limit) || limit < 1))
    throw badRequest('lineageFlags.entitiesExploredPerHopLimit must be a positive integer');
  return new LineageSearch(ctx.services.lineage, ctx.services.search).run(
    {
      urn: input.urn,
      direction: input.direction,
      entities,
      input: input.query ?? '*',
      filter: toFilter(input),
      start,
      count: pageSize(start, input.count ?? 10),
      window: timeWindow(flags?.startTimeMillis ?? input.startTimeMillis, flags?.endTimeMillis ?? input.endTimeMillis, Date.now()),
      ...(limit != null ? { perHopLimit: limit } : {}),
      ...(input.viewUrn ? { viewUrn: input.viewUrn } : {}),
      ...(input.searchFlags ? { flags: flagsOf(input.searchFlags) } : {}),
      groupColumns: groupsColumns(ctx, input.searchFlags),
      ...(flags?.ignoreAsHops
        ? {
            ignoreAsHops: flags.ignoreAsHops.map((r) => ({
              entityType: entityOfEnum(r.entityType) ?? r.entityType,
              platforms: r.platforms ?? null,
            })),
          }
        : {}),
    },
    ctx.actor,
  );
}

/** Entity type parts of a facet value (`_entityType`, `_entityType␞typeNames`) as the schema's EntityType values, as in every search's facets. */
function shownValue(facet: string, value: string): string {
  const names = facet.split(FACET_SEPARATOR);
  return value
    .split(FACET_SEPARATOR)
    .map((part, i) => (names[i] === ENTITY_TYPE_FIELD ? entityEnum(part) : part))
    .join(FACET_SEPARATOR);
}

function results(ctx: GraphQLContext, r: LineageSearchResult) {
  const ref = (urn: string) => refOf(ctx.services, urn);
  return {
    searchResults: r.hits.flatMap((h) => {
      const entity = ref(h.urn);
      if (!entity) return [];
      return [
        {
          entity,
          insights: [],
          matchedFields: h.matches,
          paths: h.paths.map((p) => ({ path: p.map((u) => ref(u) ?? null) })),
          degree: h.degree,
          degrees: h.degrees,
          explored: h.explored,
          truncatedChildren: h.truncatedChildren,
          ignoredAsHop: h.ignoredAsHop,
        },
      ];
    }),
    facets: r.facets.map((f) => ({
      field: f.name,
      displayName: f.displayName,
      aggregations: f.values.map(({ value, count }) => ({
        value: shownValue(f.name, value),
        count,
        entity: ref(value.split(FACET_SEPARATOR).pop()!) ?? null,
      })),
    })),
  };
}

const resolvers: Resolvers = {
  Query: {
    searchAcrossLineage: async (_root, { input }, ctx) => {
      const r = await lineageSearch(ctx, input, input.start ?? 0);
      return { start: r.start, count: r.count, total: r.total, ...results(ctx, r), freshness: null, lineageSearchPath: null };
    },
    scrollAcrossLineage: async (_root, { input }, ctx) => {
      const start = decodeScrollId(input.scrollId);
      const r = await lineageSearch(ctx, input, start);
      const next = start + r.count;
      return {
        nextScrollId: next < r.total && r.count > 0 ? encodeScrollId(next) : null,
        count: r.count,
        total: r.total,
        ...results(ctx, r),
      };
    },
  },
  DataJob: {
    // DataHub's DataJobInputOutputMapper: plain urns and edges alike, each entity once.
    inputOutput: async (ref, _args, ctx) => {
      const io = await latestAspect(ctx, ref, 'dataJobInputOutput');
      if (!io) return null;
      const refs = (urns: readonly string[] | undefined, edges: ReadonlyArray<{ destinationUrn: string }> | undefined) =>
        [...new Set([...(urns ?? []), ...(edges ?? []).map((e) => e.destinationUrn)].filter(isUrn))].flatMap(
          (u) => refOf(ctx.services, u) ?? [],
        );
      return {
        inputDatasets: refs(io.inputDatasets, io.inputDatasetEdges),
        outputDatasets: refs(io.outputDatasets, io.outputDatasetEdges),
        inputDatajobs: refs(io.inputDatajobs, io.inputDatajobEdges),
        fineGrainedLineages: fineGrainedLineagesOf(io.fineGrainedLineages),
      };
    },
  },
};

export const lineageModule: ResolverModule = {
  resolvers,
  entityFields: { lineage, fineGrainedLineages },
};
