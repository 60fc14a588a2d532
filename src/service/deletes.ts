/**
 * Hard deletes: an entity with every version of every aspect, its timeseries points, search row
 * and edges; or one aspect; or the points of a timeseries aspect within a time window. Each is a
 * DELETE proposal for the one write path, which checks DELETE_ENTITY and writes the change log.
 */
import type { Registry } from '../registry/registry.js';
import { badRequest } from './errors.js';
import { buildProposal, resolveUrn } from './proposals.js';
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

export class DeleteService {
  constructor(
    private readonly registry: Registry,
    private readonly writePath: WritePath,
  ) {}

  async hardDelete(request: HardDeleteRequest, actor: string): Promise<HardDeleteResult> {
    const { entity, urnString } = resolveUrn(this.registry, request.urn);
    const aspect = request.aspectName === undefined ? entity.keyAspect : entity.aspects.get(request.aspectName);
    if (!aspect) throw badRequest(`Unknown aspect ${request.aspectName} for entity ${entity.name}`);
    const windowed = request.startTimeMillis !== undefined || request.endTimeMillis !== undefined;
    if (windowed && aspect.kind !== 'timeseries') throw badRequest('startTimeMillis and endTimeMillis apply only to a timeseries aspect (give its aspectName)');
    if (windowed && request.startTimeMillis !== undefined && request.endTimeMillis !== undefined && request.startTimeMillis > request.endTimeMillis) {
      throw badRequest('startTimeMillis must not be after endTimeMillis');
    }
    const proposal = {
      ...buildProposal(this.registry, urnString, aspect.name, 'DELETE'),
      ...(windowed ? { window: { startTimeMillis: request.startTimeMillis, endTimeMillis: request.endTimeMillis } } : {}),
    };
    const { removed } = await this.writePath.apply([proposal], { actor });
    return aspect.kind === 'timeseries' ? { urn: urnString, timeseriesRows: removed.timeseriesRows } : { urn: urnString, rows: removed.rows, timeseriesRows: removed.timeseriesRows };
  }
}
