/**
 * Facet values packed per search document (`search_facet`), so counting facets over a
 * result set reads the rows the match already visits instead of seeking every hit's values in
 * `search_value` once per facet field: at 10,000 datasets that seeking was three quarters of a
 * search's time.
 */
import { topCounts } from '../topCounts.js';
import type { SearchRow } from '../types.js';

/** Field and value in one key; field names never hold a NUL. */
const SEPARATOR = '\u0000';

/** The stored text: a JSON array of `field NUL value` keys, one per facet value of the row. */
export function packFacets(row: SearchRow): string {
  const keys: string[] = [];
  for (const field of row.facets) for (const value of row.values[field] ?? []) keys.push(`${field}${SEPARATOR}${value}`);
  return JSON.stringify(keys);
}

/** Counts facet values, one packed document at a time, for the asked fields only. */
export class FacetCounter {
  private readonly counts = new Map<string, number>();

  add(packed: string): void {
    for (const key of JSON.parse(packed) as string[]) this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  /** Field → value → count, for `fields`; the `limit` most frequent values of each. */
  result(fields: readonly string[], limit = Number.POSITIVE_INFINITY): Record<string, Record<string, number>> {
    const wanted = new Set(fields);
    const byField = new Map<string, Array<[string, number]>>();
    for (const [key, n] of this.counts) {
      const at = key.indexOf(SEPARATOR);
      const field = key.slice(0, at);
      if (!wanted.has(field)) continue;
      const values = byField.get(field) ?? byField.set(field, []).get(field)!;
      values.push([key.slice(at + 1), n]);
    }
    return Object.fromEntries(
      [...byField].map(([field, counts]) => [field, Object.fromEntries(Number.isFinite(limit) ? topCounts(counts, limit) : counts)]),
    );
  }
}
