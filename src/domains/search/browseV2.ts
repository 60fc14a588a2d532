/**
 * Browsing by browse path v2 (DataHub's browseV2): the entities of a scope whose path lies below a
 * given path are grouped by their next path segment, each group with its number of entities and
 * whether any of them lies deeper still. Entities exactly at the path are no group and not counted,
 * as in DataHub, where a client lists them with a search filtered on the path.
 */
import { BROWSE_PATH_V2_DELIMITER } from '../../store/types.js';
import { badRequest } from '../../errors.js';
import type { Scope, SearchFlags, SearchService } from './search.js';

/** The search field holding an entity's browse path v2. */
const BROWSE_PATH_V2_FIELD = 'browsePathV2';

export interface BrowseV2Group {
  /** The segment: a folder name, or the urn of a container (or other entity) on the path. */
  name: string;
  count: number;
  hasSubGroups: boolean;
}

export interface BrowseV2Result {
  groups: BrowseV2Group[];
  start: number;
  count: number;
  /** Number of groups at this level. */
  total: number;
  path: string[];
  /** Entities below the path. */
  totalNumEntities: number;
}

export async function browseV2(
  search: SearchService,
  scope: Scope,
  req: { path: readonly string[]; query: string; start: number; count: number; flags?: SearchFlags },
): Promise<BrowseV2Result> {
  if (!Number.isInteger(req.start) || req.start < 0) throw badRequest('start must be a non-negative integer');
  if (!Number.isInteger(req.count) || req.count < 0) throw badRequest('count must be a non-negative integer');
  const prefix = req.path.map((p) => `${BROWSE_PATH_V2_DELIMITER}${p}`).join('') + BROWSE_PATH_V2_DELIMITER;
  const groups = new Map<string, BrowseV2Group>();
  const entities = new Set<string>();
  for (const { urn, value } of await search.valuesWithin(scope, req.query, BROWSE_PATH_V2_FIELD, req.flags)) {
    if (!value.startsWith(prefix) || entities.has(urn)) continue;
    entities.add(urn);
    const rest = value.slice(prefix.length);
    const at = rest.indexOf(BROWSE_PATH_V2_DELIMITER);
    const name = at < 0 ? rest : rest.slice(0, at);
    const group = groups.get(name) ?? { name, count: 0, hasSubGroups: false };
    group.count++;
    if (at >= 0) group.hasSubGroups = true;
    groups.set(name, group);
  }
  // Most entities first, then by name, as DataHub's terms aggregation orders its buckets.
  const ordered = [...groups.values()].sort((a, b) => b.count - a.count || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return {
    groups: ordered.slice(req.start, req.start + req.count),
    start: req.start,
    count: req.count,
    total: ordered.length,
    path: [...req.path],
    totalNumEntities: entities.size,
  };
}
