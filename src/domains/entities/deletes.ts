/**
 * Hard deletes: an entity with every version of every aspect, its timeseries points, search row
 * and edges; or one aspect; or the points of a timeseries aspect within a time window. Each is a
 * DELETE proposal for the one write path, which checks DELETE_ENTITY and writes the change log.
 */
import { explained, type Authorizer, type Grant } from '../../auth/authorizer.js';
import { onResource } from '../../auth/requirements.js';
import type { Registry } from '../../registry/registry.js';
import type { Store } from '../../store/types.js';
import { badRequest } from '../../errors.js';
import { buildProposal, type Proposal } from '../../write/proposals.js';
import { resolveUrn } from '../../registry/resolve.js';
import { withoutReferences } from './references.js';
import type { WritePath } from '../../write/writePath.js';

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
    private readonly authorizer: Authorizer,
  ) {}

  /**
   * Removes an entity from the aspects of the entities that refer to it (owners, tags, terms,
   * domains, lineage…), as found by the incoming edges; with dryRun, only lists them. Needs
   * DELETE_ENTITY on the entity, as DataHub asks, dry run or not: the list names entities of any type.
   * Each change is an UPSERT (or, for an aspect that cannot stand without the reference, a DELETE)
   * for the write path. A `grant` stands for every check, for operations whose own rule covers the
   * cleanup.
   */
  async deleteReferences(
    urn: string,
    dryRun: boolean,
    actor: string,
    grant?: Grant,
  ): Promise<{ total: number; relatedAspects: RelatedAspect[] }> {
    const { urnString } = resolveUrn(this.registry, urn);
    if (grant?.actor !== actor) await this.authorizer.require(actor, [onResource(urnString, 'DELETE_ENTITY')], explained(actor));
    const { relatedAspects, proposals } = await this.referenceCleanup(urnString, !dryRun);
    if (dryRun) return { total: relatedAspects.length, relatedAspects };
    for (let i = 0; i < proposals.length; i += WRITE_BATCH)
      await this.writePath.apply(proposals.slice(i, i + WRITE_BATCH), { actor, ...(grant ? { grant } : {}) });
    return { total: relatedAspects.length, relatedAspects };
  }

  /**
   * The aspects that refer to an entity and, with `propose`, the proposals that take it out of them,
   * for the caller to write (in a batch of its own, or with the entity's removal). The entity's own
   * aspects are left out: they go with it.
   */
  async referenceCleanup(urn: string, propose = true): Promise<{ relatedAspects: RelatedAspect[]; proposals: Proposal[] }> {
    const types = [...new Set([...this.registry.aspects.values()].flatMap((a) => a.relationships.map((r) => r.name)))];
    const related = new Map<string, RelatedAspect>();
    for (let start = 0; ; start += EDGE_PAGE) {
      const { edges } = await this.store.related({ urn, types, direction: 'INCOMING', start, count: EDGE_PAGE });
      for (const e of edges) related.set(`${e.source}\u0000${e.aspect}`, { entity: e.source, aspect: e.aspect, relationship: e.type });
      if (edges.length < EDGE_PAGE) break;
    }
    const relatedAspects = [...related.values()];
    const proposals: Proposal[] = [];
    if (!propose) return { relatedAspects, proposals };
    for (const r of relatedAspects) {
      const spec = this.registry.aspects.get(r.aspect);
      const current = r.entity === urn ? undefined : await this.store.getAspect(r.entity, r.aspect, 0);
      if (!spec || !current) continue;
      const cleaned = withoutReferences(
        current.value,
        urn,
        spec.relationships.map((x) => x.path),
      );
      if (cleaned.kind === 'changed') proposals.push(buildProposal(this.registry, r.entity, r.aspect, 'UPSERT', cleaned.value));
      if (cleaned.kind === 'orphaned') proposals.push(buildProposal(this.registry, r.entity, r.aspect, 'DELETE'));
    }
    return { relatedAspects, proposals };
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
