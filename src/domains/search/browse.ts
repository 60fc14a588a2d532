/**
 * Browsing by path (DataHub's legacy browse): below a path, the next path segments are groups with
 * the number of entities under each, and entities whose path is exactly the given one are listed.
 * Soft-deleted entities are never shown, and neither are types the actor may not see (403).
 */
import { READ_REFUSED, type Authorizer } from '../../auth/authorizer.js';
import type { Registry } from '../../registry/registry.js';
import type { Store } from '../../store/types.js';
import { badRequest } from '../../errors.js';
import { parseFilter } from './filters.js';
import { boundedText } from '../../limits.js';
import { resolveEntity, resolveUrn } from '../../registry/resolve.js';

export interface BrowseResult {
  path: string;
  entities: Array<{ name: string; urn: string }>;
  groups: Array<{ name: string; count: number }>;
  from: number;
  pageSize: number;
  numEntities: number;
  numGroups: number;
  totalNumEntities: number;
}

export class BrowseService {
  constructor(
    private readonly store: Store,
    private readonly registry: Registry,
    private readonly authorizer: Authorizer,
  ) {}

  async browse(
    req: { entity: string; path: string; start: number; limit: number; filter?: unknown },
    actor: string,
  ): Promise<BrowseResult> {
    const entity = resolveEntity(this.registry, req.entity);
    await this.authorizer.requireReadable(actor, [entity], READ_REFUSED.search);
    if (!Number.isInteger(req.start) || req.start < 0) throw badRequest('start must be a non-negative integer');
    if (!Number.isInteger(req.limit) || req.limit < 0) throw badRequest('limit must be a non-negative integer');
    const path = normalizePath(boundedText(req.path, 'path'));
    const rows = await this.store.browsePaths({ entityType: entity.name, path, filter: parseFilter(req.filter) });

    const here = new Map<string, string>(); // urn → its path at this level
    const below = new Map<string, Set<string>>(); // group name → urns under it
    const underAny = new Set<string>();
    for (const { urn, path: p } of rows) {
      if (p === path) here.set(urn, p);
      else if (p.startsWith(`${path}/`)) {
        const [name = ''] = p.slice(path.length + 1).split('/');
        if (name === '') continue;
        let set = below.get(name);
        if (!set) {
          set = new Set();
          below.set(name, set);
        }
        set.add(urn);
        underAny.add(urn);
      }
    }
    const groups = [...below]
      .map(([name, urns]) => ({ name, count: urns.size }))
      .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
    const all = [...here.keys()].sort();
    // Groups come first, then entities: the page window is applied to the entities after the groups.
    const entityFrom = Math.max(req.start - groups.length, 0);
    const entitySize = Math.min(Math.max(req.start + req.limit - groups.length, 0), req.limit);
    const entities = all.slice(entityFrom, entityFrom + entitySize).map((urn) => ({ name: lastSegment(here.get(urn)!) || urn, urn }));
    return {
      path,
      entities,
      groups,
      from: req.start,
      pageSize: req.limit,
      numEntities: all.length,
      numGroups: groups.length,
      totalNumEntities: underAny.size,
    };
  }

  /** The stored browse paths of an entity. */
  async browsePathsOf(urnInput: string): Promise<string[]> {
    const { urnString } = resolveUrn(this.registry, urnInput);
    const row = await this.store.getAspect(urnString, 'browsePaths', 0);
    return ((row?.value.paths as string[] | undefined) ?? []).slice();
  }
}

/** `prod/hive/` → `/prod/hive`; `/` and `` → `` (the root). */
export function normalizePath(path: string): string {
  const trimmed = path.trim().replace(/\/+$/, '');
  if (trimmed === '') return '';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

function lastSegment(path: string): string {
  const segs = path.split('/').filter((s) => s !== '');
  return segs[segs.length - 1] ?? '';
}
