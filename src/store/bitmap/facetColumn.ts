/**
 * The values of one facet field by document, for counting a field of many values (owners, tags)
 * over many hits: one pass over the hits, a typed-array read each, instead of one membership test
 * per document of each value's postings.
 *
 * A field that few documents hold (a facet of one rare entity type: a policy's state, a chart's
 * tool) is restored sparse: the documents that hold it and their entries, not an entry for every
 * document. On the bench's catalog three of eight columns were all but empty, 12 bytes a document.
 */
import { topCounts } from '../topCounts.js';
import type { RoaringBitmap32 } from './roaring.js';
import { lowerBound } from './sortedKeys.js';

/** Marks an entry of `byDoc` as an offset into `pool`, where the document's values are listed. */
const SEVERAL = 0x80000000;
/** A restored column is sparse when fewer than one document in this many holds it. */
const SPARSE_BELOW = 16;

/** A sparse column's documents, ascending, and their entries (as in `byDoc`). */
interface Sparse {
  docs: Uint32Array;
  entries: Uint32Array;
  size: number;
}

/** A column's content in plain arrays, as a snapshot keeps it (indexSnapshot.ts). */
export interface FacetColumnImage {
  names: readonly string[];
  /** Document → its one value's id + 1, 0 for none, or SEVERAL | the offset of its values in `pool`. */
  byDoc: Uint32Array;
  pool: Uint32Array;
}

export class FacetColumn {
  private readonly ids = new Map<string, number>();
  private readonly names: string[] = [];
  /** Document id → its one value's id + 1, 0 for none, or SEVERAL | the offset of its values in `pool`. */
  private byDoc: Uint32Array = new Uint32Array(1024);
  /** Documents' several values: a count, then that many value ids + 1. */
  private pool: Uint32Array = new Uint32Array(1024);
  private pooled = 0;
  /** When the column is sparse, its entries (and `byDoc` is empty). */
  private sparse: Sparse | undefined;

  /** Distinct values ever seen. */
  get values(): number {
    return this.names.length;
  }

  /** A column holding an image's content (its arrays are kept, not copied). */
  static restore(image: FacetColumnImage): FacetColumn {
    const column = new FacetColumn();
    for (const name of image.names) column.idOf(name);
    let held = 0;
    for (let i = 0; i < image.byDoc.length; i++) if (image.byDoc[i] !== 0) held++;
    if (held * SPARSE_BELOW < image.byDoc.length) {
      const sparse: Sparse = { docs: new Uint32Array(held), entries: new Uint32Array(held), size: held };
      for (let i = 0, k = 0; i < image.byDoc.length; i++)
        if (image.byDoc[i] !== 0) {
          sparse.docs[k] = i;
          sparse.entries[k++] = image.byDoc[i] as number;
        }
      column.sparse = sparse;
      column.byDoc = new Uint32Array(0);
    } else column.byDoc = image.byDoc;
    column.pool = image.pool;
    column.pooled = image.pool.length;
    return column;
  }

  /** The bytes the column's arrays take. */
  get byteLength(): number {
    return this.byDoc.byteLength + this.pool.byteLength + (this.sparse ? this.sparse.docs.byteLength * 2 : 0);
  }

  /** Document `doc`'s entry: 0 for none, its one value's id + 1, or SEVERAL | its offset in `pool`. */
  private entry(doc: number): number {
    const sparse = this.sparse;
    if (!sparse) return doc < this.byDoc.length ? (this.byDoc[doc] as number) : 0;
    const at = lowerBound(sparse.docs.subarray(0, sparse.size), doc);
    return at < sparse.size && sparse.docs[at] === doc ? (sparse.entries[at] as number) : 0;
  }

  /**
   * The values of documents `docs` (old ids, in their new order): a column whose document `i` is
   * `docs[i]` here. Reads only what those documents were given, which never changes after.
   */
  image(docs: Uint32Array): FacetColumnImage {
    // A field that is nowhere a facet has an empty column, not a zero for every document.
    const byDoc = new Uint32Array(this.names.length === 0 ? 0 : docs.length);
    const pool: number[] = [];
    for (let i = 0; i < byDoc.length; i++) {
      const v = this.entry(docs[i] as number);
      if (v < SEVERAL) byDoc[i] = v;
      else {
        const at = v & ~SEVERAL;
        byDoc[i] = SEVERAL | pool.length;
        const n = this.pool[at] as number;
        for (let j = at; j <= at + n; j++) pool.push(this.pool[j] as number);
      }
    }
    return { names: this.names.slice(), byDoc, pool: Uint32Array.from(pool) };
  }

  /** A new document's values (ids are never reused). */
  set(doc: number, values: readonly string[]): void {
    const ids = values.map((v) => this.idOf(v) + 1);
    let entry = ids[0] as number;
    if (ids.length !== 1) {
      this.pool = fitting(this.pool, this.pooled + ids.length + 1);
      entry = SEVERAL | this.pooled;
      this.pool[this.pooled++] = ids.length;
      for (const id of ids) this.pool[this.pooled++] = id;
    }
    const sparse = this.sparse;
    if (!sparse) {
      this.byDoc = fitting(this.byDoc, doc + 1);
      this.byDoc[doc] = entry;
      return;
    }
    // New documents have ids above all others: appended, the documents stay in order.
    if (sparse.size > 0 && doc <= (sparse.docs[sparse.size - 1] as number)) throw new RangeError(`document ${doc} is not new`);
    sparse.docs = fitting(sparse.docs, sparse.size + 1);
    sparse.entries = fitting(sparse.entries, sparse.size + 1);
    sparse.docs[sparse.size] = doc;
    sparse.entries[sparse.size++] = entry;
  }

  /** The values `docs` hold with how many of them hold each: the `limit` most frequent, ties by value. */
  count(docs: RoaringBitmap32, limit = Number.POSITIVE_INFINITY): Array<[string, number]> {
    // Plain indexed loops over typed arrays: a pass over 700,000 hits is a few milliseconds.
    const counts = new Uint32Array(this.names.length + 1);
    const { byDoc, pool, sparse } = this;
    const tally = (v: number) => {
      if (v < SEVERAL) counts[v] = (counts[v] as number) + 1;
      else {
        const at = v & ~SEVERAL;
        const end = at + 1 + (pool[at] as number);
        for (let j = at + 1; j < end; j++) counts[pool[j] as number] = (counts[pool[j] as number] as number) + 1;
      }
    };
    if (sparse && sparse.size < docs.size) {
      for (let k = 0; k < sparse.size; k++) if (docs.has(sparse.docs[k] as number)) tally(sparse.entries[k] as number);
    } else {
      const ids = docs.toUint32Array();
      if (sparse) for (let i = 0; i < ids.length; i++) tally(this.entry(ids[i] as number));
      else for (let i = 0; i < ids.length; i++) tally(byDoc[ids[i] as number] ?? 0);
    }
    // Only values counted at least as often as the limit-th most frequent are named.
    const least = Number.isFinite(limit) ? kthLargest(counts, limit) : 1;
    const out: Array<[string, number]> = [];
    for (let id = 1; id < counts.length; id++) {
      const n = counts[id] as number;
      if (n > 0 && n >= least) out.push([this.names[id - 1] as string, n]);
    }
    return Number.isFinite(limit) ? topCounts(out, limit) : out;
  }

  private idOf(value: string): number {
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.names.length;
      this.names.push(value);
      this.ids.set(value, id);
    }
    return id;
  }
}

/** The array, or a copy twice as long, holding at least `length` entries. */
function fitting(array: Uint32Array, length: number): Uint32Array {
  if (length <= array.length) return array;
  const grown = new Uint32Array(Math.max(length, array.length * 2));
  grown.set(array);
  return grown;
}

/** The k-th largest of the counts after the first (at least 1); 1 when fewer are above zero. */
function kthLargest(counts: Uint32Array, k: number): number {
  if (k <= 0) return Number.POSITIVE_INFINITY;
  const best: number[] = [];
  for (let id = 1; id < counts.length; id++) {
    const n = counts[id] as number;
    if (n === 0 || (best.length === k && n <= (best[k - 1] as number))) continue;
    let at = best.length;
    while (at > 0 && (best[at - 1] as number) < n) at--;
    best.splice(at, 0, n);
    if (best.length > k) best.pop();
  }
  return best.length === k ? (best[k - 1] as number) : 1;
}
