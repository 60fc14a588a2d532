/**
 * Documents in urn order, the tie-break of every ranking: ids sorted by urn, with new ids in a
 * small tail merged in only when it has grown (merging is linear in the documents). A page of a
 * large set is read by walking the order and testing membership, which stops after the page; a
 * small set is sorted instead.
 */
import type { RoaringBitmap32 } from './roaring.js';

/** Sets up to this size are sorted rather than walked. */
const SORT_AT_MOST = 2048;

export class UrnOrder {
  private sorted: Uint32Array = new Uint32Array(0);
  private tail: number[] = [];

  /** `urnOf`: the urn of a document id, for ids ever added; ids not `live` are dropped at the next merge. */
  constructor(
    private readonly urnOf: (id: number) => string,
    private readonly live: (id: number) => boolean,
  ) {}

  add(id: number): void {
    this.tail.push(id);
  }

  /** The ids of `set` in urn order, `skip` of them skipped, at most `take`. */
  page(set: RoaringBitmap32, skip: number, take: number): number[] {
    if (take <= 0 || skip >= set.size) return [];
    const want = skip + take;
    const byUrn = this.byUrn;
    this.settle();
    const walk = (want * this.sorted.length) / set.size;
    if (set.size <= SORT_AT_MOST || walk > set.size * 16) return set.toArray().sort(byUrn).slice(skip, want);
    const extra = this.tail.filter((id) => set.has(id)).sort(byUrn);
    const out: number[] = [];
    let j = 0;
    for (let i = 0; i < this.sorted.length && out.length < want; i++) {
      const id = this.sorted[i] as number;
      if (!set.has(id)) continue;
      while (j < extra.length && out.length < want && byUrn(extra[j] as number, id) < 0) out.push(extra[j++] as number);
      if (out.length < want) out.push(id);
    }
    while (j < extra.length && out.length < want) out.push(extra[j++] as number);
    return out.slice(skip);
  }

  private readonly byUrn = (a: number, b: number): number => {
    const x = this.urnOf(a);
    const y = this.urnOf(b);
    return x < y ? -1 : x > y ? 1 : 0;
  };

  /** Merges the tail when it is above 1/64 of the order (`all`: any tail), leaving out ids no longer live. */
  settle(all = false): void {
    if (this.tail.length === 0 || (!all && this.tail.length <= Math.max(256, this.sorted.length >> 6))) return;
    const keep = this.live;
    const added = this.tail.filter(keep).sort(this.byUrn);
    const merged = new Uint32Array(this.sorted.length + added.length);
    let i = 0;
    let j = 0;
    let k = 0;
    while (i < this.sorted.length || j < added.length) {
      const a = this.sorted[i];
      const b = added[j];
      if (a !== undefined && !keep(a)) {
        i++;
        continue;
      }
      if (b === undefined || (a !== undefined && this.urnOf(a) < this.urnOf(b))) {
        merged[k++] = a as number;
        i++;
      } else {
        merged[k++] = b;
        j++;
      }
    }
    this.sorted = merged.subarray(0, k);
    this.tail = [];
  }
}
