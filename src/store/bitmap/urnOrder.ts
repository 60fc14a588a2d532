/**
 * Documents in urn order, the tie-break of every ranking: ids sorted by urn, with new ids in a
 * small tail merged in only when it has grown (merging is linear in the documents), and each sorted
 * id's rank. A page of a small set is sorted; of a large one, read by walking the order and testing
 * membership, which stops after the page when members are spread out, or else chosen by rank in one
 * pass over the set (members bunch in the order: a platform's urns, a type's, share a prefix).
 */
import type { RoaringBitmap32 } from './roaring.js';

/** Sets up to this size are sorted. */
const SORT_AT_MOST = 2048;
/** Steps of the walk before a page is chosen by rank instead. */
const WALK_AT_MOST = 20_000;
/** The rank of an id not (yet) in the sorted order. */
const UNRANKED = 0xffffffff;

export class UrnOrder {
  private sorted: Uint32Array = new Uint32Array(0);
  /** Id → its position in `sorted`, or UNRANKED. */
  private rank: Uint32Array = new Uint32Array(0);
  private tail: number[] = [];

  /** `urnOf`: the urn of a document id, for ids ever added; ids not `live` are dropped at the next merge. */
  constructor(
    private readonly urnOf: (id: number) => string,
    private readonly live: (id: number) => boolean,
  ) {}

  /** Ids 0 to n - 1, already in urn order. */
  static ofSorted(n: number, urnOf: (id: number) => string, live: (id: number) => boolean): UrnOrder {
    const order = new UrnOrder(urnOf, live);
    order.sorted = new Uint32Array(n);
    for (let id = 0; id < n; id++) order.sorted[id] = id;
    order.rank = order.sorted.slice();
    return order;
  }

  /** The live ids in urn order, every one added so far: an array later additions leave as it is. */
  all(): Uint32Array {
    this.settle(true);
    return this.sorted;
  }

  add(id: number): void {
    this.tail.push(id);
  }

  /** The ids of `set` in urn order, `skip` of them skipped, at most `take`. */
  page(set: RoaringBitmap32, skip: number, take: number): number[] {
    if (take <= 0 || skip >= set.size) return [];
    const want = skip + take;
    this.settle();
    if (set.size <= SORT_AT_MOST) return set.toArray().sort(this.byUrn).slice(skip, want);
    const ranked = this.walk(set, want) ?? this.byRank(set, want);
    const recent = this.tail.filter((id) => set.has(id)).sort(this.byUrn);
    // The two lists are each in urn order: merged, the first `want`.
    const out: number[] = [];
    let i = 0;
    let j = 0;
    while (out.length < want && (i < ranked.length || j < recent.length)) {
      const a = ranked[i];
      const b = recent[j];
      if (b === undefined || (a !== undefined && this.byUrn(a, b) < 0)) {
        out.push(a as number);
        i++;
      } else {
        out.push(b);
        j++;
      }
    }
    return out.slice(skip);
  }

  /** The first `want` members of `set` in the sorted order, if a short walk finds them. */
  private walk(set: RoaringBitmap32, want: number): number[] | undefined {
    const out: number[] = [];
    const steps = Math.min(this.sorted.length, WALK_AT_MOST);
    for (let i = 0; i < steps && out.length < want; i++) {
      const id = this.sorted[i] as number;
      if (set.has(id)) out.push(id);
    }
    return out.length === want || steps === this.sorted.length ? out : undefined;
  }

  /** The `want` members of `set` of least rank, in rank order: one pass, keeping the best in a heap. */
  private byRank(set: RoaringBitmap32, want: number): number[] {
    const rank = this.rank;
    const heap: number[] = []; // ranks, the greatest on top
    for (const id of set.toUint32Array()) {
      const r = id < rank.length ? (rank[id] as number) : UNRANKED;
      if (r === UNRANKED) continue;
      if (heap.length < want) {
        heap.push(r);
        let at = heap.length - 1;
        while (at > 0) {
          const up = (at - 1) >> 1;
          if ((heap[up] as number) >= r) break;
          heap[at] = heap[up] as number;
          at = up;
        }
        heap[at] = r;
      } else if (r < (heap[0] as number)) {
        let at = 0;
        for (;;) {
          const left = 2 * at + 1;
          if (left >= heap.length) break;
          const right = left + 1;
          const child = right < heap.length && (heap[right] as number) > (heap[left] as number) ? right : left;
          if ((heap[child] as number) <= r) break;
          heap[at] = heap[child] as number;
          at = child;
        }
        heap[at] = r;
      }
    }
    return heap.sort((a, b) => a - b).map((r) => this.sorted[r] as number);
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
    let top = 0;
    while (i < this.sorted.length || j < added.length) {
      const a = this.sorted[i];
      const b = added[j];
      if (a !== undefined && !keep(a)) {
        i++;
        continue;
      }
      let id: number;
      if (b === undefined || (a !== undefined && this.urnOf(a) < this.urnOf(b))) {
        id = a as number;
        i++;
      } else {
        id = b;
        j++;
      }
      merged[k++] = id;
      if (id > top) top = id;
    }
    this.sorted = merged.subarray(0, k);
    this.rank = new Uint32Array(top + 1).fill(UNRANKED);
    for (let r = 0; r < k; r++) this.rank[this.sorted[r] as number] = r;
    this.tail = [];
  }
}
