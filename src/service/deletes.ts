/**
 * Hard deletes: an entity with every version of every aspect, its timeseries points, search row
 * and edges; or one aspect; or the points of a timeseries aspect within a time window. Each is a
 * DELETE proposal for the one write path, which checks DELETE_ENTITY and writes the change log.
 */
import type { Grant } from '../auth/authorizer.js';
import type { Registry } from '../registry/registry.js';
import type { Store } from '../store/types.js';
import { badRequest } from './errors.js';
import { buildProposal, resolveUrn, type Proposal } from './proposals.js';
import { withoutReferences } from './references.js';
import type { WritePath } from './writePath.js';

export interface HardDeleteRequest {
  urn: string;
  aspectName?: string;
  startTimeMillis?: number;
  endTimeMillis?: number;
}

export interface HardDeleteResult {
  urn: string;
  /** Aspect rows removed, every version counted; left out when only timeseries points were asked for. */
  rows?: number;
  timeseriesRows: number;
}

export interface RelatedAspect {
  /** The entity whose aspect refers to the urn. */
  entity: string;
  aspect: string;
  relationship: string;
}

const EDGE_PAGE = 1000;
const WRITE_BATCH = 100;

export class DeleteService {
  constructor(
    private readonly store: Store,
    private readonly registry: Registry,
    private readonly writePath: WritePath,
  ) {}

  /**
   * Removes an entity from the aspects of the entities that refer to it (owners, tags, terms,
   * domains, lineage…), as found by the incoming edges; with dryRun, only lists them. Each change is
   * an UPSERT (or, for an aspect that cannot stand without the reference, a DELETE) for the write path.
   * A `grant` stands for the check of each write, for operations whose own rule covers the cleanup.
   */
  async deleteReferences(
    urn: string,
    dryRun: boolean,
    actor: string,
    grant?: Grant,
  ): Promise<{ total: number; relatedAspects: RelatedAspect[] }> {
    const { urnString } = resolveUrn(this.registry, urn);
    const types = [...new Set([...this.registry.aspects.values()].flatMap((a) => a.relationships.map((r) => r.name)))];
    const related = new Map<string, RelatedAspect>();
    for (let start = 0; ; start += EDGE_PAGE) {
      const { edges } = await this.store.related({ urn: urnString, types, direction: 'INCOMING', start, count: EDGE_PAGE });
      for (const e of edges) related.set(`${e.source}\u0000${e.aspect}`, { entity: e.source, aspect: e.aspect, relationship: e.type });
      if (edges.length < EDGE_PAGE) break;
    }
    const relatedAspects = [...related.values()];
    if (dryRun) return { total: relatedAspects.length, relatedAspects };

    const proposals: Proposal[] = [];
    for (const r of relatedAspects) {
      const spec = this.registry.aspects.get(r.aspect);
      const current = await this.store.getAspect(r.entity, r.aspect, 0);
      if (!spec || !current) continue;
      const cleaned = withoutReferences(
        current.value,
        urnString,
        spec.relationships.map((x) => x.path),
      );
      if (cleaned.kind === 'changed') proposals.push(buildProposal(this.registry, r.entity, r.aspect, 'UPSERT', cleaned.value));
      if (cleaned.kind === 'orphaned') proposals.push(buildProposal(this.registry, r.entity, r.aspect, 'DELETE'));
    }
    for (let i = 0; i < proposals.length; i += WRITE_BATCH)
      await this.writePath.apply(proposals.slice(i, i + WRITE_BATCH), { actor, ...(grant ? { grant } : {}) });
    return { total: relatedAspects.length, relatedAspects };
  }

  async hardDelete(request: HardDeleteRequest, actor: string): Promise<HardDeleteResult> {
    const { entity, urnString } = resolveUrn(this.registry, request.urn);
    const aspect = request.aspectName === undefined ? entity.keyAspect : entity.aspects.get(request.aspectName);
    if (!aspect) throw badRequest(`Unknown aspect ${request.aspectName} for entity ${entity.name}`);
    const windowed = request.startTimeMillis !== undefined || request.endTimeMillis !== undefined;
    if (windowed && aspect.kind !== 'timeseries')
      throw badRequest('startTimeMillis and endTimeMillis apply only to a timeseries aspect (give its aspectName)');
    if (request.startTimeMillis !== undefined && request.endTimeMillis !== undefined && request.startTimeMillis > request.endTimeMillis) {
      throw badRequest('startTimeMillis must not be after endTimeMillis');
    }
    const { startTimeMillis, endTimeMillis } = request;
    const window = {
      ...(startTimeMillis !== undefined ? { startTimeMillis } : {}),
      ...(endTimeMillis !== undefined ? { endTimeMillis } : {}),
    };
    const proposal = { ...buildProposal(this.registry, urnString, aspect.name, 'DELETE'), ...(windowed ? { window } : {}) };
    const { removed } = await this.writePath.apply([proposal], { actor });
    return aspect.kind === 'timeseries'
      ? { urn: urnString, timeseriesRows: removed.timeseriesRows }
      : { urn: urnString, rows: removed.rows, timeseriesRows: removed.timeseriesRows };
  }
}
