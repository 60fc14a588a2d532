/**
 * One field's values as numbers into the index's string pool (a FlatKeys shared by every field,
 * whose first keys are the documents' urns): a value held by several fields, or that is a document's
 * urn (its own, an upstream's, an owner's), is kept once. A field's numbers are sorted, so a value
 * is found by its number in a binary search, with no table of the field's own.
 */
import type { FlatKeys } from './flatKeys.js';
import { lowerBound } from './sortedKeys.js';
import type { KeySet } from './termTable.js';

export class PooledKeys implements KeySet {
  /** `pids`: the numbers of the field's values in the pool, ascending; a term is its place here. */
  constructor(
    private readonly pool: FlatKeys,
    private readonly pids: Uint32Array,
  ) {}

  get size(): number {
    return this.pids.length;
  }

  /** The field's own bytes: the pool is counted once, by the index. */
  get byteLength(): number {
    return this.pids.byteLength;
  }

  key(term: number): string {
    return this.pool.key(this.pids[term] as number);
  }

  find(key: string): number {
    const pid = this.pool.find(key);
    return pid < 0 ? -1 : this.termOf(pid);
  }

  findLowered(lower: string): number[] {
    return this.pool
      .findLowered(lower)
      .map((pid) => this.termOf(pid))
      .filter((term) => term >= 0);
  }

  poolNumber(term: number): number {
    return this.pids[term] as number;
  }

  private termOf(pid: number): number {
    const at = lowerBound(this.pids, pid);
    return this.pids[at] === pid ? at : -1;
  }
}
