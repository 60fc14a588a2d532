/**
 * Keys in sorted order for range scans (prefixes of words, path prefixes), cheap to add to: new keys
 * wait in a small unsorted tail that is merged into the sorted part only when it has grown, and only
 * when a scan needs the order. Keys are never removed; callers skip those that no longer hold data,
 * and add each key once (they keep their own map of keys).
 */
export class SortedKeys {
  private sorted: string[] = [];
  private tail: string[] = [];

  /** Keys already sorted, as `all()` gave them. */
  static of(sorted: string[]): SortedKeys {
    const keys = new SortedKeys();
    keys.sorted = sorted;
    return keys;
  }

  /** Every key, sorted: an array later additions leave as it is. */
  all(): readonly string[] {
    this.settle(true);
    return this.sorted;
  }

  /** A key not added before. */
  add(key: string): void {
    this.tail.push(key);
  }

  /** Every key `k` with `from <= k < to` (`to` undefined: no upper bound), sorted part first, then the tail. */
  *range(from: string, to?: string): Iterable<string> {
    this.settle();
    let at = lowerBound(this.sorted, from);
    for (; at < this.sorted.length; at++) {
      const key = this.sorted[at] as string;
      if (to !== undefined && key >= to) break;
      yield key;
    }
    for (const key of this.tail) if (key >= from && (to === undefined || key < to)) yield key;
  }

  /** Keys starting with `prefix`. */
  withPrefix(prefix: string): Iterable<string> {
    return this.range(prefix, `${prefix}\uffff`);
  }

  /** A tail above 1/64 of the keys is merged (linear in the keys, so rarely); `all`: any tail. */
  settle(all = false): void {
    if (this.tail.length === 0 || (!all && this.tail.length <= Math.max(256, this.sorted.length >> 6))) return;
    const added = this.tail.sort();
    const merged: string[] = new Array(this.sorted.length + added.length);
    let i = 0;
    let j = 0;
    let k = 0;
    while (i < this.sorted.length && j < added.length)
      merged[k++] = (this.sorted[i] as string) < (added[j] as string) ? (this.sorted[i++] as string) : (added[j++] as string);
    while (i < this.sorted.length) merged[k++] = this.sorted[i++] as string;
    while (j < added.length) merged[k++] = added[j++] as string;
    this.sorted = merged;
    this.tail = [];
  }
}

/** The first index whose element is not below `key`, in sorted texts or numbers. */
export function lowerBound<T extends string | number>(sorted: ArrayLike<T>, key: T): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as T) < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
