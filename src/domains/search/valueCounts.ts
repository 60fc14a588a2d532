/**
 * How many (not removed) entities hold each value of one search field: DataHub's aggregation by
 * value, over the same documents and filters a search reads, for the home page's top platforms,
 * tags, terms and domains and the analytics bar charts.
 */
import type { Registry } from '../../registry/registry.js';
import type { SearchQuery, Store } from '../../store/types.js';
import { boundedText } from '../../limits.js';
import { textMatch } from './queryMatch.js';

export interface ValueCountRequest<F extends string = string> {
  /** Registry entity type names; none counts nothing. */
  entityTypes: readonly string[];
  /** Fields whose values are counted (none: only the total). */
  fields: readonly F[];
  filter?: SearchQuery['filter'];
  /** Full-text query ('' or '*': every entity). */
  query?: string;
}

/** The number of entities matched, and per field: value → number of entities. */
export async function countValues<F extends string>(
  store: Store,
  registry: Registry,
  req: ValueCountRequest<F>,
): Promise<{ total: number; counts: Record<F, Map<string, number>> }> {
  const types = req.entityTypes.filter((t) => registry.entity(t));
  const { match } = await textMatch(boundedText(req.query ?? '', 'query').trim(), registry, store);
  const page = await store.search({
    entityTypes: types,
    words: [],
    ...(match ? { match } : {}),
    nameFields: [],
    weights: [],
    filter: req.filter ?? [],
    includeRemoved: false,
    start: 0,
    count: 0,
    facetFields: req.fields,
  });
  // Every requested field gets a map, so the record is complete over F.
  const counts = Object.fromEntries(req.fields.map((f) => [f, new Map(Object.entries(page.facets[f] ?? {}))])) as Record<
    F,
    Map<string, number>
  >;
  return { total: page.total, counts };
}

/** The entries with the highest counts first (ties in value order), at most `limit`. */
export function topCounts(counts: ReadonlyMap<string, number>, limit = Infinity): Array<[string, number]> {
  return [...counts].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0)).slice(0, limit);
}
