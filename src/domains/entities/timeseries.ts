/** Reads of timeseries aspects: points newest first within inclusive time bounds. */
import type { Authorizer } from '../../auth/authorizer.js';
import type { Privilege } from '../../registry/privilegeCatalog.js';
import type { Registry } from '../../registry/registry.js';
import type { Store, SystemMetadata } from '../../store/types.js';
import { badRequest } from '../../errors.js';
import { parseFilter } from '../search/filters.js';
import { resolveUrn } from '../../registry/resolve.js';
import type { Criterion } from '../../store/types.js';

export const DEFAULT_TIMESERIES_LIMIT = 10_000;

/**
 * The privilege a dataset's timeseries needs to be seen (DataHub's TimeSeriesAspectResolver): without
 * it, the app is shown no profiles, usage or operations rather than an error.
 */
const VIEW_PRIVILEGES: Record<string, Privilege> = {
  datasetProfile: 'VIEW_DATASET_PROFILE',
  datasetUsageStatistics: 'VIEW_DATASET_USAGE',
  operation: 'VIEW_DATASET_OPERATIONS',
};

export interface TimeseriesValues {
  entityName: string;
  aspectName: string;
  startTimeMillis?: number;
  endTimeMillis?: number;
  limit: number;
  values: Array<{ aspect: { value: string; contentType: 'application/json' }; systemMetadata?: SystemMetadata }>;
}

function at(value: unknown, dotted: string): unknown {
  return dotted.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), value);
}

function matches(value: Record<string, unknown>, c: Criterion): boolean {
  const v = at(value, c.field);
  const text = v === undefined || v === null ? undefined : typeof v === 'object' ? JSON.stringify(v) : String(v);
  let ok: boolean;
  switch (c.condition) {
    case 'EXISTS':
      ok = text !== undefined;
      break;
    case 'IS_NULL':
      ok = text === undefined;
      break;
    case 'CONTAIN':
      ok = text !== undefined && c.values.some((x) => text.includes(x));
      break;
    case 'START_WITH':
      ok = text !== undefined && c.values.some((x) => text.startsWith(x));
      break;
    case 'END_WITH':
      ok = text !== undefined && c.values.some((x) => text.endsWith(x));
      break;
    case 'GREATER_THAN':
    case 'GREATER_THAN_OR_EQUAL_TO':
    case 'LESS_THAN':
    case 'LESS_THAN_OR_EQUAL_TO': {
      const n = Number(text);
      ok =
        text !== undefined &&
        c.values.some((x) => {
          const m = Number(x);
          return c.condition === 'GREATER_THAN'
            ? n > m
            : c.condition === 'GREATER_THAN_OR_EQUAL_TO'
              ? n >= m
              : c.condition === 'LESS_THAN'
                ? n < m
                : n <= m;
        });
      break;
    }
    default:
      ok = text !== undefined && c.values.includes(text);
  }
  return c.negated ? !ok : ok;
}

export class TimeseriesService {
  constructor(
    private readonly store: Store,
    private readonly registry: Registry,
    private readonly authorizer: Authorizer,
  ) {}

  /** Whether the actor may see the points of this aspect of the entity. */
  async mayView(actor: string, urn: string, aspect: string): Promise<boolean> {
    const privilege = VIEW_PRIVILEGES[aspect];
    if (!privilege) return true;
    return (await this.authorizer.unmet(actor, [{ privileges: [privilege], resource: urn }])) === undefined;
  }

  async values(req: {
    urn: string;
    entity: string;
    aspect: string;
    startTimeMillis?: number;
    endTimeMillis?: number;
    limit?: number;
    latestValue?: boolean;
    filter?: unknown;
  }): Promise<TimeseriesValues> {
    const { entity, urnString } = resolveUrn(this.registry, req.urn);
    if (this.registry.entity(req.entity) !== entity) throw badRequest(`urn ${urnString} is not of entity type ${req.entity}`);
    const aspect = entity.aspects.get(req.aspect);
    if (!aspect) throw badRequest(`Unknown aspect ${req.aspect} for entity ${entity.name}`);
    if (aspect.kind !== 'timeseries') throw badRequest(`aspect ${aspect.name} is not a timeseries aspect`);
    const limit = req.latestValue ? 1 : (req.limit ?? DEFAULT_TIMESERIES_LIMIT);
    if (!Number.isInteger(limit) || limit < 0) throw badRequest('limit must be a non-negative integer');
    const filter = parseFilter(req.filter);
    const range = {
      ...(req.startTimeMillis !== undefined ? { startTimeMillis: req.startTimeMillis } : {}),
      ...(req.endTimeMillis !== undefined ? { endTimeMillis: req.endTimeMillis } : {}),
    };
    let points = await this.store.getTimeseries(urnString, aspect.name, {
      ...range,
      limit: filter.length > 0 ? Number.MAX_SAFE_INTEGER : limit,
    });
    if (filter.length > 0) points = points.filter((p) => filter.some((and) => and.every((c) => matches(p.value, c)))).slice(0, limit);
    return {
      entityName: entity.name,
      aspectName: aspect.name,
      ...range,
      limit,
      values: points.map((p) => ({
        aspect: { value: JSON.stringify(p.value), contentType: 'application/json' },
        ...(p.systemMetadata ? { systemMetadata: p.systemMetadata } : {}),
      })),
    };
  }
}
