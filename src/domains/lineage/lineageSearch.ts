/**
 * Search across lineage, as DataHub's LineageSearchService: walk the lineage of an entity, then keep
 * the entities that match the query and filters (through the search index, restricted to the walk's
 * entities), with the `degree` filter ("1", "2", "3+") applied to the walk itself and a `degree`
 * facet. The search service is used as it is, with an added urn criterion, so search stays one code path.
 */
import type { Criterion } from '../../store/types.js';
import { badRequest } from '../../errors.js';
import { parseFilter } from '../search/filters.js';
import type { LineageDirection, LineageHit, LineageService, WalkRequest } from './lineage.js';
import type { TimeWindow } from './lineageEdges.js';
import type { Facet, MatchedField, SearchFlags, SearchService } from '../search/search.js';

export interface LineageSearchRequest {
  urn: string;
  direction: LineageDirection;
  /** Entity type names to keep; empty keeps every type. */
  entities: readonly string[];
  input: string;
  filter?: unknown;
  start: number;
  count: number;
  window: TimeWindow;
  perHopLimit?: number;
  ignoreAsHops?: WalkRequest['ignoreAsHops'];
  separateSiblings?: boolean;
  /** A saved view whose types and filter the hits must match too. */
  viewUrn?: string;
  flags?: SearchFlags;
  /**
   * Columns reached are answered as their datasets (DataHub's default grouping of schemaField into
   * dataset); false when the caller's grouping spec asks for no such grouping.
   */
  groupColumns?: boolean;
}

export interface LineageSearchHit extends LineageHit {
  matches: MatchedField[];
}

export interface LineageSearchResult {
  total: number;
  start: number;
  count: number;
  hits: LineageSearchHit[];
  facets: Facet[];
}

const DEGREE = 'degree';
const DEGREE_VALUES = ['1', '2', '3+'] as const;
/** DataHub walks this far when no degree filter bounds the walk. */
const MAX_HOPS = 1000;
/** Urns per search call, well within the filter's value limit. */
const CHUNK = 500;

const bucket = (degree: number) => (degree >= 3 ? '3+' : String(degree));

/** The `degree` values of a filter, checked, and the filter without them. */
export function splitDegreeFilter(filter: unknown): { degrees: string[]; rest: Criterion[][] } {
  const groups = parseFilter(filter);
  const degrees = new Set<string>();
  const rest: Criterion[][] = [];
  for (const and of groups) {
    for (const c of and.filter((x) => x.field === DEGREE)) {
      for (const v of c.values) {
        if (!(DEGREE_VALUES as readonly string[]).includes(v)) throw badRequest(`${v} is not a valid filter value for degree filters`);
        degrees.add(v);
      }
    }
    const others = and.filter((x) => x.field !== DEGREE);
    if (others.length > 0) rest.push(others);
  }
  return { degrees: [...degrees], rest };
}

/**
 * As DataHub's LineageSearchService by default: each column reached becomes its dataset, and a
 * dataset reached by several columns (or also by itself) is one hit, at its least degree, with the
 * paths of all (the app reads the columns of a result from the schemaFields on its paths).
 */
function groupColumns(hits: readonly LineageHit[], groupOf: (urn: string) => string | undefined): LineageHit[] {
  const byUrn = new Map<string, LineageHit>();
  for (const h of hits) {
    const urn = groupOf(h.urn) ?? h.urn;
    const seen = byUrn.get(urn);
    if (!seen) {
      byUrn.set(urn, { ...h, urn });
      continue;
    }
    const paths = [...seen.paths];
    for (const p of h.paths) if (!paths.some((q) => q.length === p.length && q.every((x, i) => x === p[i]))) paths.push(p);
    byUrn.set(urn, {
      ...(h.degree < seen.degree ? { ...h, urn } : seen),
      degree: Math.min(seen.degree, h.degree),
      degrees: [...new Set([...seen.degrees, ...h.degrees])].sort((a, b) => a - b),
      paths,
    });
  }
  return [...byUrn.values()];
}

export class LineageSearch {
  constructor(
    private readonly lineage: LineageService,
    private readonly search: SearchService,
  ) {}

  async run(req: LineageSearchRequest, actor: string): Promise<LineageSearchResult> {
    const { degrees, rest } = splitDegreeFilter(req.filter);
    // A filter of only the first degrees bounds the walk, as DataHub's does.
    const maxHops = degrees.length > 0 && !degrees.includes('3+') ? Math.max(...degrees.map(Number)) : MAX_HOPS;
    let hits = await this.lineage.walk(
      {
        urn: req.urn,
        direction: req.direction,
        maxHops,
        window: req.window,
        separateSiblings: req.separateSiblings === true,
        ...(req.perHopLimit !== undefined ? { perHopLimit: req.perHopLimit } : {}),
        ...(req.ignoreAsHops ? { ignoreAsHops: req.ignoreAsHops } : {}),
      },
      actor,
    );
    if (req.groupColumns !== false) hits = groupColumns(hits, (urn) => this.lineage.groupOf(urn));
    if (req.entities.length > 0) hits = hits.filter((h) => req.entities.includes(this.typeOf(h.urn)));

    const everything = (req.input.trim() === '' || req.input.trim() === '*') && rest.length === 0 && !req.viewUrn;
    const matched = await this.matching(hits, req, rest, actor);
    const kept = everything ? await this.indexedOrExisting(hits, matched.urns) : hits.filter((h) => matched.urns.has(h.urn));
    // Every degree is a value of the facet, as DataHub always lists them (with counts of 0): the app
    // offers its filters from these, and one chosen must not take the others away. Degrees beyond a
    // walk the filter bounded were not walked, and count 0.
    const degreeCounts: Record<string, number> = Object.fromEntries(DEGREE_VALUES.map((v) => [v, 0]));
    for (const h of kept) {
      const b = bucket(h.degree);
      const sofar = degreeCounts[b];
      if (sofar !== undefined) degreeCounts[b] = sofar + 1;
    }
    const final = degrees.length > 0 ? kept.filter((h) => degrees.includes(bucket(h.degree))) : kept;
    const facets = degrees.length > 0 ? (await this.matching(final, req, rest, actor)).facets : matched.facets;
    const degreeFacet = {
      name: DEGREE,
      displayName: 'Degree of Dependencies',
      aggregations: degreeCounts,
      values: Object.entries(degreeCounts).map(([value, count]) => ({ value, count })),
    };
    const page = final.slice(req.start, req.start + req.count);
    return {
      total: final.length,
      start: req.start,
      count: page.length,
      hits: page.map((h) => ({ ...h, matches: matched.matches.get(h.urn) ?? [] })),
      facets: req.flags?.skipAggregates ? [] : [degreeFacet, ...facets],
    };
  }

  private typeOf(urn: string): string {
    return this.lineage.entityNameOf(urn) ?? '';
  }

  /**
   * With no query or filter, every hit counts but those that are neither in the index nor stored
   * (ghosts, named by an edge only); columns are in no index but exist with their dataset.
   */
  private async indexedOrExisting(hits: LineageHit[], indexed: ReadonlySet<string>): Promise<LineageHit[]> {
    const existing = await this.lineage.existing(hits.filter((h) => !indexed.has(h.urn)).map((h) => h.urn));
    return hits.filter((h) => indexed.has(h.urn) || existing.has(h.urn));
  }

  /** The hits the query and filters match in the search index, with matched fields and facets over them. */
  private async matching(hits: readonly LineageHit[], req: LineageSearchRequest, rest: Criterion[][], actor: string) {
    const urns = new Set<string>();
    const matches = new Map<string, MatchedField[]>();
    const facets = new Map<string, Facet>();
    for (let i = 0; i < hits.length; i += CHUNK) {
      const chunk = hits.slice(i, i + CHUNK).map((h) => h.urn);
      const inChunk: Criterion = { field: 'urn', condition: 'EQUAL', values: chunk, negated: false };
      const groups = rest.length > 0 ? rest.map((and) => [...and, inChunk]) : [[inChunk]];
      const entities = [...new Set(chunk.map((u) => this.typeOf(u)))].filter((t) => t !== '');
      if (entities.length === 0) continue;
      const r = await this.search.search(
        {
          entities,
          input: req.input,
          filter: { or: groups.map((and) => ({ and })) },
          start: 0,
          count: chunk.length,
          ...(req.viewUrn ? { viewUrn: req.viewUrn } : {}),
          ...(req.flags ? { flags: req.flags } : {}),
        },
        actor,
      );
      r.urns.forEach((u, j) => {
        urns.add(u);
        matches.set(u, r.matches[j] ?? []);
      });
      for (const f of r.facets) {
        const into = facets.get(f.name) ?? { name: f.name, displayName: f.displayName, aggregations: {}, values: [] };
        for (const [value, n] of Object.entries(f.aggregations)) into.aggregations[value] = (into.aggregations[value] ?? 0) + n;
        facets.set(f.name, into);
      }
    }
    // Values most frequent first, as the search service orders them.
    for (const f of facets.values())
      f.values = Object.entries(f.aggregations)
        .map(([value, count]) => ({ value, count }))
        .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : 1));
    return { urns, matches, facets: [...facets.values()] };
  }
}
