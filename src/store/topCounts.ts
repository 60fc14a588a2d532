/**
 * The `limit` values with the highest counts, ties by value in code-unit order: what a facet shows.
 * Selected in one pass, without sorting all values (an owners facet has a value per owner).
 */
export function topCounts(entries: Iterable<readonly [string, number]>, limit: number): Array<[string, number]> {
  const best: Array<[string, number]> = [];
  if (limit <= 0) return best;
  const before = (a: readonly [string, number], b: readonly [string, number]) => a[1] > b[1] || (a[1] === b[1] && a[0] < b[0]);
  for (const entry of entries) {
    const worst = best[best.length - 1];
    if (best.length === limit && worst && !before(entry, worst)) continue;
    let lo = 0;
    let hi = best.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (before(best[mid] as [string, number], entry)) lo = mid + 1;
      else hi = mid;
    }
    best.splice(lo, 0, [entry[0], entry[1]]);
    if (best.length > limit) best.pop();
  }
  return best;
}
