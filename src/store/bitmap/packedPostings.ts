/**
 * The short postings (2 to SMALL documents) of the terms a snapshot holds, in three typed arrays: the
 * slots holding one, in order; where each one's documents end; the documents. As arrays in a map on
 * V8's heap, a slot's postings cost about 270 bytes (10 MB for 37,500 slots at 238,000 documents,
 * most of the heap the index took); here 8 bytes and 4 a document, outside the heap.
 *
 * Fixed once made: a term whose postings grow after the load keeps its new postings in the table's
 * map (termTable.ts), which is looked at first.
 */
export class PackedPostings {
  private constructor(
    private readonly slots: Uint32Array,
    private readonly ends: Uint32Array,
    private readonly ids: Uint32Array,
  ) {}

  static readonly none = new PackedPostings(new Uint32Array(0), new Uint32Array(0), new Uint32Array(0));

  /** Slots with postings here. */
  get size(): number {
    return this.slots.length;
  }

  get byteLength(): number {
    return this.slots.byteLength + this.ends.byteLength + this.ids.byteLength;
  }

  /** The slot's documents, in an array of its own (the caller may change it), or undefined. */
  get(slot: number): number[] | undefined {
    let low = 0;
    let high = this.slots.length - 1;
    while (low <= high) {
      const mid = (low + high) >>> 1;
      const at = this.slots[mid] as number;
      if (at < slot) low = mid + 1;
      else if (at > slot) high = mid - 1;
      else return Array.from(this.ids.subarray(mid === 0 ? 0 : (this.ends[mid - 1] as number), this.ends[mid] as number));
    }
    return undefined;
  }

  /** Postings given slot by slot, in ascending order of slot. */
  static builder(): { add(slot: number, ids: ArrayLike<number>): void; done(): PackedPostings } {
    const slots = new Grown();
    const ends = new Grown();
    const ids = new Grown();
    let last = -1;
    return {
      add(slot, documents) {
        if (slot <= last) throw new RangeError(`postings of slot ${slot} given after slot ${last}`);
        last = slot;
        for (let i = 0; i < documents.length; i++) ids.push(documents[i] as number);
        slots.push(slot);
        ends.push(ids.length);
      },
      done: () => (slots.length === 0 ? PackedPostings.none : new PackedPostings(slots.done(), ends.done(), ids.done())),
    };
  }
}

/** A Uint32Array filled one number at a time. */
class Grown {
  private data = new Uint32Array(1024);
  length = 0;

  push(n: number): void {
    if (this.length === this.data.length) {
      const larger = new Uint32Array(this.data.length * 2);
      larger.set(this.data);
      this.data = larger;
    }
    this.data[this.length++] = n;
  }

  done(): Uint32Array {
    return this.data.slice(0, this.length);
  }
}
