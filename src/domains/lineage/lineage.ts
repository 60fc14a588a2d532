/**
 * Lineage as DataHub's graph service answers it: the hops of an entity upstream or downstream over
 * the relationships the registry marks as lineage (per entity type, from both ends of each
 * relationship, as DataHub's LineageRegistry), each edge with its times and actors; multi-hop walks
 * with degrees, paths and per-hop limits; and column-level hops from fine-grained lineages.
 */
import { READ_REFUSED, type Authorizer } from '../../auth/authorizer.js';
import { hiddenFrom } from '../../auth/hidden.js';
import { aspectValue, type AspectValue } from '../../registry/aspectValues.js';
import type { Registry } from '../../registry/registry.js';
import type { AspectSpec } from '../../registry/types.js';
import type { AspectRow, Store } from '../../store/types.js';
import { canonicalUrn, columnKey, isUrn, parseUrn, tryParseUrn } from '../../urn.js';
import { edgeRecord, withinWindow, type EdgeRecord, type TimeWindow } from './lineageEdges.js';
import { resolveUrn } from '../../registry/resolve.js';

export type LineageDirection = 'UPSTREAM' | 'DOWNSTREAM';

/** One hop: the entity at the other end, by which relationship, and what the edge records. */
export interface LineageEdge extends EdgeRecord {
  type: string;
  entity: string;
}

export interface LineageHit {
  urn: string;
  /** The relationship by which the entity was first reached. */
  type: string;
  degree: number;
  /** Every degree at which the entity was reached. */
  degrees: number[];
  /** Paths from the start to the entity (both included), by which it was first reached. */
  paths: string[][];
  explored: boolean;
  truncatedChildren: boolean;
  ignoredAsHop: boolean;
}

export interface WalkRequest {
  urn: string;
  direction: LineageDirection;
  maxHops: number;
  window: TimeWindow;
  /** DataHub's entitiesExploredPerHopLimit: new entities kept per step of the walk. */
  perHopLimit?: number;
  /** Entity types (on some platforms) that do not count as a hop: their neighbours share their degree. */
  ignoreAsHops?: ReadonlyArray<{ entityType: string; platforms?: readonly string[] | null }>;
  separateSiblings: boolean;
}

interface HopSpec {
  direction: 'OUTGOING' | 'INCOMING';
  types: string[];
}

const SCHEMA_FIELD = 'schemaField';
const FINE_GRAINED_UPSTREAMS = '/fineGrainedLineages/*/upstreams/*';
/** What every aspect that holds fine-grained lineages (those declaring FINE_GRAINED_UPSTREAMS) has of them. */
type FineGrainedHolder = Pick<AspectValue<'upstreamLineage'>, 'fineGrainedLineages'>;
/** Bounds a walk over a very large graph: DataHub's graph queries are bounded alike. */
export const MAX_LINEAGE_ENTITIES = 10_000;
const MAX_PATHS = 100;
const ALL = 1_000_000;

export class LineageService {
  private readonly specs = new Map<string, HopSpec[]>();
  private readonly fineGrainedAspects: AspectSpec[];
  /** The relationships stored from a fine-grained lineage to the columns upstream of it (DataHub's DownstreamOf). */
  private readonly fineGrainedTypes: readonly [string, ...string[]];

  constructor(
    private readonly store: Store,
    private readonly registry: Registry,
    private readonly authorizer: Authorizer,
  ) {
    this.fineGrainedAspects = [...registry.aspects.values()].filter((a) => a.searchable.some((s) => s.path === FINE_GRAINED_UPSTREAMS));
    const stored = this.fineGrainedAspects.flatMap((a) =>
      a.relationships.filter((r) => r.path === FINE_GRAINED_UPSTREAMS).map((r) => r.name),
    );
    const [first = 'DownstreamOf', ...more] = new Set(stored);
    this.fineGrainedTypes = [first, ...more];
  }

  /** The urn of an entity the actor may read (404-free: lineage of an entity with no data is empty). */
  async startOf(urn: string, actor: string): Promise<string> {
    const { entity, urnString } = resolveUrn(this.registry, urn);
    await this.authorizer.requireReadable(actor, [entity], READ_REFUSED.entity(urnString));
    return urnString;
  }

  /**
   * Relationship names to follow from an entity type in one direction: upstream, the lineage
   * relationships its own aspects declare upstream (outgoing) and those other types declare
   * downstream towards it (incoming); downstream, the converse.
   */
  private hopSpecs(entityName: string, direction: LineageDirection): HopSpec[] {
    const key = `${entityName}\u0000${direction}`;
    let specs = this.specs.get(key);
    if (specs) return specs;
    const out = new Set<string>();
    const inc = new Set<string>();
    const up = direction === 'UPSTREAM';
    const own = this.registry.entity(entityName)?.aspects ?? new Map();
    for (const aspect of this.registry.aspects.values()) {
      for (const rel of aspect.relationships) {
        if (!rel.isLineage) continue;
        if (own.get(aspect.name) === aspect && rel.isUpstream === up) out.add(rel.name);
        if (rel.entityTypes.includes(entityName) && rel.isUpstream !== up) inc.add(rel.name);
      }
    }
    specs = [
      { direction: 'OUTGOING' as const, types: [...out] },
      { direction: 'INCOMING' as const, types: [...inc] },
    ].filter((s) => s.types.length > 0);
    this.specs.set(key, specs);
    return specs;
  }

  /** Latest values of the named aspects of some urns: urn → aspect → value. */
  private async values(urns: readonly string[], aspects: readonly string[]): Promise<Map<string, Map<string, Record<string, unknown>>>> {
    const out = new Map<string, Map<string, Record<string, unknown>>>();
    for (const [urn, rows] of await this.rows(urns, aspects)) out.set(urn, new Map([...rows].map(([name, r]) => [name, r.value])));
    return out;
  }

  /** The latest rows of these aspects of these entities, by urn and aspect. */
  private async rows(urns: readonly string[], aspects: readonly string[]): Promise<Map<string, Map<string, AspectRow>>> {
    const out = new Map<string, Map<string, AspectRow>>();
    if (urns.length === 0 || aspects.length === 0) return out;
    const rows = await this.store.getLatestAspects([...new Set(urns)], [...new Set(aspects)]);
    for (const [urn, list] of rows) out.set(urn, new Map(list.map((r) => [r.aspect, r])));
    return out;
  }

  /** One hop from an entity (or a column), within the time window, sorted by the other end. */
  async hop(urn: string, direction: LineageDirection, window: TimeWindow, hiddenTypes: readonly string[]): Promise<LineageEdge[]> {
    const entity = this.registry.entityOfUrn(urn);
    if (!entity) return [];
    const found =
      entity.name === SCHEMA_FIELD
        ? await this.columnHop(urn, direction, window, hiddenTypes)
        : await this.entityHop(urn, entity.name, direction, window, hiddenTypes);
    const seen = new Set<string>();
    return found
      .filter((e) => {
        const id = `${e.type}\u0000${e.entity}`;
        return !seen.has(id) && seen.add(id) !== undefined;
      })
      .sort((a, b) => (a.entity < b.entity ? -1 : a.entity > b.entity ? 1 : a.type < b.type ? -1 : a.type > b.type ? 1 : 0));
  }

  private async entityHop(
    urn: string,
    entityName: string,
    direction: LineageDirection,
    window: TimeWindow,
    hiddenTypes: readonly string[],
  ): Promise<LineageEdge[]> {
    const out: LineageEdge[] = [];
    for (const spec of this.hopSpecs(entityName, direction)) {
      const { edges } = await this.store.related({ urn, types: spec.types, direction: spec.direction, start: 0, count: ALL, hiddenTypes });
      const holders = await this.rows(
        edges.map((e) => e.source),
        edges.map((e) => e.aspect),
      );
      // The aspect holding an outgoing edge declares it on the upstream side when going upstream.
      const isUpstream = (direction === 'UPSTREAM') === (spec.direction === 'OUTGOING');
      for (const e of edges) {
        const aspect = this.registry.aspects.get(e.aspect);
        const record = aspect && edgeRecord(aspect, holders.get(e.source)?.get(e.aspect), e.type, e.destination, isUpstream);
        if (!record || !withinWindow(record, window)) continue;
        out.push({ type: e.type, entity: spec.direction === 'OUTGOING' ? e.destination : e.source, ...record });
      }
    }
    return out;
  }

  /**
   * Column-level hops, from the fine-grained lineages of the aspects that hold them (a dataset's
   * upstreamLineage, a data job's inputOutput). Upstream of a column: the lineages of its dataset
   * and of the entities just upstream of it (jobs writing it) that name the column downstream.
   * Downstream: the lineages naming it upstream, found through the stored fine-grained edges to the
   * column and the entities just downstream of its dataset.
   */
  private async columnHop(
    urn: string,
    direction: LineageDirection,
    window: TimeWindow,
    hiddenTypes: readonly string[],
  ): Promise<LineageEdge[]> {
    const parent = parseUrn(urn).parts[0];
    if (!parent || !this.registry.entityOfUrn(parent)) return [];
    const near = (await this.hop(canonicalUrn(parent), direction, window, hiddenTypes)).map((e) => e.entity);
    const holders = [canonicalUrn(parent), ...near];
    if (direction === 'DOWNSTREAM') {
      const { edges } = await this.store.related({
        urn,
        types: this.fineGrainedTypes,
        direction: 'INCOMING',
        start: 0,
        count: ALL,
        hiddenTypes,
      });
      holders.push(...edges.map((e) => e.source));
    }
    const [from, to] = direction === 'UPSTREAM' ? (['downstreams', 'upstreams'] as const) : (['upstreams', 'downstreams'] as const);
    const values = await this.values(
      holders,
      this.fineGrainedAspects.map((a) => a.name),
    );
    const out: LineageEdge[] = [];
    // A column named in either field path form (v1 `a.b`, v2 `[version=2.0]…`) is the same column.
    const column = columnKey(urn);
    for (const aspects of values.values()) {
      for (const value of aspects.values()) {
        for (const fgl of (value as FineGrainedHolder).fineGrainedLineages ?? []) {
          const ends = (fgl[from] ?? []).filter(isUrn).map(canonicalUrn);
          if (!ends.some((end) => columnKey(end) === column)) continue;
          for (const other of fgl[to] ?? [])
            if (isUrn(other) && this.registry.entityOfUrn(other)?.name === SCHEMA_FIELD)
              out.push({ type: this.fineGrainedTypes[0], entity: canonicalUrn(other), isManual: false });
        }
      }
    }
    return out;
  }

  entityNameOf(urn: string): string | undefined {
    return this.registry.entityOfUrn(urn)?.name;
  }

  /** The entity a lineage search answers in this one's place (the registry's `groupedInto`), if any. */
  groupOf(urn: string): string | undefined {
    const into = this.registry.entityOfUrn(urn)?.groupedInto;
    const holder = into ? tryParseUrn(urn)?.parts[0] : undefined;
    return holder !== undefined && this.registry.entityOfUrn(holder)?.name === into ? holder : undefined;
  }

  /** The siblings of an entity (its `siblings` aspect), read when lineage merges them. */
  async siblingsOf(urn: string): Promise<string[]> {
    const s = aspectValue('siblings', (await this.values([urn], ['siblings'])).get(urn)?.get('siblings'));
    return (s?.siblings ?? [])
      .filter(isUrn)
      .map(canonicalUrn)
      .filter((u) => u !== urn);
  }

  async hiddenTypes(actor: string): Promise<readonly string[]> {
    return (await hiddenFrom(this.authorizer, this.registry, actor)).types;
  }

  /** Which of these urns name entities that exist: their key aspect is stored (a column: its dataset is). */
  async existing(urns: readonly string[]): Promise<Set<string>> {
    const own = (u: string) => (this.registry.entityOfUrn(u)?.name === SCHEMA_FIELD ? canonicalUrn(parseUrn(u).parts[0]) : u);
    const rows = await this.store.getLatestAspects([...new Set(urns.map(own))]);
    const exists = new Set<string>();
    for (const [urn, list] of rows) {
      const key = this.registry.entityOfUrn(urn)?.keyAspect.name;
      if (list.some((r) => r.aspect === key)) exists.add(urn);
    }
    return new Set(urns.filter((u) => exists.has(own(u))));
  }

  /**
   * A breadth-first walk from an entity (and, unless kept apart, its siblings), as DataHub's
   * lineage search explores: each entity once, at the first step that reaches it, with every path
   * of that step; an entity ignored as a hop passes its own degree on to its neighbours.
   */
  async walk(req: WalkRequest, actor: string): Promise<LineageHit[]> {
    const start = await this.startOf(req.urn, actor);
    const hiddenTypes = await this.hiddenTypes(actor);
    const starts = [start, ...(req.separateSiblings ? [] : await this.siblingsOf(start))];
    const hits = new Map<string, LineageHit>();
    const origin = new Set(starts);
    const ignored = await this.ignoredAsHop(req.ignoreAsHops ?? []);
    type Node = { urn: string; degree: number; paths: string[][]; hit?: LineageHit };
    let frontier: Node[] = starts.map((u) => ({ urn: u, degree: 0, paths: [[u]] }));
    while (frontier.length > 0 && hits.size < MAX_LINEAGE_ENTITIES) {
      const expand = frontier.filter((n) => (n.hit?.ignoredAsHop ? n.degree : n.degree + 1) <= req.maxHops);
      const hops = await Promise.all(
        expand.map(async (parent) => ({ parent, edges: await this.hop(parent.urn, req.direction, req.window, hiddenTypes) })),
      );
      const next = new Map<string, Node>();
      let added = 0;
      for (const { parent, edges } of hops) {
        if (parent.hit) parent.hit.explored = true;
        const degree = parent.hit?.ignoredAsHop ? parent.degree : parent.degree + 1;
        for (const e of edges) {
          if (origin.has(e.entity)) continue;
          const known = hits.get(e.entity);
          if (known && !next.has(e.entity)) {
            if (!known.degrees.includes(degree)) known.degrees.push(degree);
            known.degree = Math.min(known.degree, degree);
            continue;
          }
          const paths = parent.paths.map((p) => [...p, e.entity]);
          const pending = next.get(e.entity);
          if (pending) {
            // Reached twice in one step (through an entity ignored as a hop, at a lower degree): the lower wins.
            if (!pending.hit!.degrees.includes(degree)) pending.hit!.degrees.push(degree);
            if (degree < pending.degree) {
              pending.degree = degree;
              pending.hit!.degree = degree;
              pending.paths = paths.slice(0, MAX_PATHS);
            } else if (degree === pending.degree) {
              pending.paths.push(...paths.slice(0, MAX_PATHS - pending.paths.length));
            }
            continue;
          }
          if ((req.perHopLimit !== undefined && added >= req.perHopLimit) || hits.size >= MAX_LINEAGE_ENTITIES) {
            if (parent.hit) parent.hit.truncatedChildren = true;
            continue;
          }
          added++;
          const hit: LineageHit = {
            urn: e.entity,
            type: e.type,
            degree,
            degrees: [degree],
            paths: [],
            explored: false,
            truncatedChildren: false,
            ignoredAsHop: await ignored(e.entity),
          };
          hits.set(e.entity, hit);
          next.set(e.entity, { urn: e.entity, degree, paths: paths.slice(0, MAX_PATHS), hit });
        }
      }
      for (const n of next.values()) n.hit!.paths = n.paths;
      frontier = [...next.values()];
    }
    return [...hits.values()].sort((a, b) => a.degree - b.degree || (a.urn < b.urn ? -1 : a.urn > b.urn ? 1 : 0));
  }

  /** Whether an entity is of a type (on a platform) the request does not count as a hop. */
  private async ignoredAsHop(rules: NonNullable<WalkRequest['ignoreAsHops']>): Promise<(urn: string) => Promise<boolean>> {
    if (rules.length === 0) return async () => false;
    return async (urn) => {
      const type = this.registry.entityOfUrn(urn)?.name;
      const matching = rules.filter((r) => r.entityType === type);
      if (matching.length === 0) return false;
      if (matching.some((r) => !r.platforms || r.platforms.length === 0)) return true;
      const platforms = (await this.store.getSearchRows([urn])).get(urn)?.values.platform ?? [];
      return matching.some((r) => r.platforms!.some((p) => platforms.includes(p)));
    };
  }
}
