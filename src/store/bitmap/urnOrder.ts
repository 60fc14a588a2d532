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
/** A merge in slices may stop after every 2^14 ids of the order. */
const STEP_MASK = (1 << 14) - 1;
/** The rank of an id not (yet) in the sorted order. */
const UNRANKED = 0xffffffff;

export class UrnOrder {
  private sorted: Uint32Array = new Uint32Array(0);
  /** Id → its position in `sorted`, or UNRANKED. */
  private rank: Uint32Array = new Uint32Array(0);
  private tail: number[] = [];
  /** Ids a `merge` in slices is taking from the tail into the order: still answered from here meanwhile. */
  private merging: number[] = [];
  /** Bumped by each merge; a merge in slices overtaken by one done at once gives up. */
  private merges = 0;

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
    const recent = this.inUrnOrder([...this.merging, ...this.tail].filter((id) => set.has(id)));
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
    // Ranked ids compare by rank, without reading their urns.
    const ra = a < this.rank.length ? (this.rank[a] as number) : UNRANKED;
    const rb = b < this.rank.length ? (this.rank[b] as number) : UNRANKED;
    if (ra !== UNRANKED && rb !== UNRANKED) return ra - rb;
    const x = this.urnOf(a);
    const y = this.urnOf(b);
    return x < y ? -1 : x > y ? 1 : 0;
  };

  /** Whether the tail has grown above 1/64 of the order, when a merge (linear in the documents) is worth its cost. */
  private due(): boolean {
    return this.tail.length > Math.max(256, this.sorted.length >> 6);
  }

  /** Merges the tail when it is due (`all`: any tail, and what a merge in slices holds), leaving out ids no longer live. */
  settle(all = false): void {
    if (!all && !this.due()) return;
    const pending = this.merging.length > 0 ? [...this.merging, ...this.tail] : this.tail;
    if (pending.length === 0) return;
    this.merges++;
    this.merging = [];
    this.tail = [];
    const merged = this.merged(this.inUrnOrder(pending.filter(this.live)), false);
    this.install(merged.next().value as Uint32Array);
  }

  /**
   * Merges a due tail between other work, so that no search pays for it (a first search after
   * 20,000 new documents of 1,000,000 took 100 ms for it). Searches meanwhile read the ids being
   * merged as they read the tail. Answers once merged, or overtaken by a merge done at once.
   */
  async mergeInSlices(pause: () => Promise<void>): Promise<void> {
    if (this.merging.length > 0 || !this.due()) return;
    const merge = ++this.merges;
    this.merging = this.tail;
    this.tail = [];
    const added = this.inUrnOrder(this.merging.filter(this.live));
    await pause();
    const steps = this.merged(added, true);
    for (let step = steps.next(); ; step = steps.next()) {
      if (this.merges !== merge) return;
      if (step.done) {
        this.install(step.value);
        this.merging = [];
        return;
      }
      await pause();
    }
  }

  private install(merged: Uint32Array): void {
    let top = 0;
    for (const id of merged) if (id > top) top = id;
    const rank = new Uint32Array(top + 1).fill(UNRANKED);
    for (let r = 0; r < merged.length; r++) rank[merged[r] as number] = r;
    this.sorted = merged;
    this.rank = rank;
  }

  /** Unranked ids sorted by urn, each urn read once (reading one of a loaded index decodes it from the pool). */
  private inUrnOrder(ids: readonly number[]): number[] {
    const urns = ids.map(this.urnOf);
    const at = ids.map((_, i) => i).sort((a, b) => ((urns[a] as string) < (urns[b] as string) ? -1 : urns[a] === urns[b] ? 0 : 1));
    return at.map((i) => ids[i] as number);
  }

  /**
   * The order with `added` (live, in urn order) merged in and ids no longer live left out: the
   * generator's value once done. In `slices`, it stops after every few thousand ids.
   */
  private *merged(added: readonly number[], slices: boolean): Generator<undefined, Uint32Array> {
    const keep = this.live;
    const sorted = this.sorted;
    const merged = new Uint32Array(sorted.length + added.length);
    let k = 0;
    let steps = 0;
    const push = (id: number) => {
      merged[k++] = id;
    };
    // Each new id's place is found by galloping from the last one's, then a binary search: reading
    // an urn of a loaded index decodes it from the pool, and a merge that compared at every step read
    // every urn, twice (a million at 1,000,000 documents, a first search after writes taking 100 ms).
    let from = 0;
    for (const b of added) {
      const urn = this.urnOf(b);
      const below = (at: number) => this.urnOf(sorted[at] as number) < urn;
      let step = 1;
      while (from + step <= sorted.length && below(from + step - 1)) step *= 2;
      let lo = from + (step >> 1);
      let hi = Math.min(from + step, sorted.length);
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (below(mid)) lo = mid + 1;
        else hi = mid;
      }
      for (; from < lo; from++) {
        if (keep(sorted[from] as number)) push(sorted[from] as number);
        if (slices && (++steps & STEP_MASK) === 0) yield;
      }
      push(b);
    }
    for (; from < sorted.length; from++) {
      if (keep(sorted[from] as number)) push(sorted[from] as number);
      if (slices && (++steps & STEP_MASK) === 0) yield;
    }
    return merged.subarray(0, k);
  }
}
