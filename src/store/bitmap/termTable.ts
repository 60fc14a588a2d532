/**
 * Terms (words, or one field's values) and their postings, in one or more columns each (a word has
 * one per text column). A term is a number: first those loaded from a snapshot, kept flat (their text
 * in FlatKeys, and a term held by one document as that document's number in a typed array), then
 * those added since, in plain maps. Terms are never removed, and postings only grow.
 *
 * Most words are in one document only (an entity's own number, a rare name), usually in one or two of
 * its columns: a flat term keeps one number and a byte of the columns holding it, not a slot per
 * column (16 bytes a word became 5; the words of the bench's catalog, 73 bytes a document, 52).
 */
import { FlatKeys } from './flatKeys.js';
import { PackedPostings } from './packedPostings.js';
import { type Postings, withDoc } from './postings.js';
import { RoaringBitmap32 } from './roaring.js';
import { SortedKeys } from './sortedKeys.js';

/** A flat term in no document; one whose columns hold other documents, kept in `several` by slot. */
const NONE = -1;
const SEVERAL = -2;

/** Keys fixed once made, each found by its number (FlatKeys, or a field's values in the pool: PooledKeys). */
export interface KeySet {
  readonly size: number;
  /** Bytes taken outside V8's heap. */
  readonly byteLength: number;
  key(term: number): string;
  /** The key's number, or -1. */
  find(key: string): number;
  /** The numbers of the keys whose lower case is `lower` but which are not it themselves. */
  findLowered(lower: string): number[];
  /** Keys in sorted order only: the first number whose key is not below `key`. */
  lowerBound?(key: string): number;
  /** Keys in the index's string pool only: the key's number there. */
  poolNumber?(term: number): number;
}

/** A snapshot's terms, as the table keeps them. */
export interface FlatTerms {
  keys: KeySet;
  /** Each term's one document (in the columns `columns` marks), NONE, or SEVERAL. */
  one: Int32Array;
  /** For a table of more than one column: each term's columns holding its one document, a bit each. */
  columns?: Uint8Array | undefined;
  /** The postings of SEVERAL terms, by slot (term × width + column): those changed since, and bitmaps. */
  several: Map<number, Postings>;
  /** The short postings of SEVERAL terms as read, where `several` has none for the slot. */
  packed?: PackedPostings | undefined;
}

export class TermTable {
  private flat: KeySet = FlatKeys.empty;
  private slots: FlatSlots;
  /** Terms added since: key → number, in the order added. */
  private readonly added = new Map<string, number>();
  private readonly addedKeys: string[] = [];
  private readonly addedPostings: Array<Postings | undefined> = [];
  /** Lower-cased key → added keys that lower-case to it and differ from it. */
  private readonly addedLower = new Map<string, string | string[]>();
  /** Added keys in order, when prefixes are looked up (the flat keys are then in order too). */
  private readonly addedSorted: SortedKeys | undefined;

  /** `width`: postings per term; `sorted`: terms are found by prefix (flat terms must come sorted). */
  constructor(
    readonly width: number,
    sorted = false,
  ) {
    if (width > 8) throw new RangeError('a term table has at most 8 columns');
    this.slots = { width, one: new Int32Array(0), columns: undefined, several: new Map(), packed: PackedPostings.none };
    this.addedSorted = sorted ? new SortedKeys() : undefined;
  }

  static restore(width: number, sorted: boolean, terms: FlatTerms): TermTable {
    if (sorted && !terms.keys.lowerBound) throw new TypeError('a sorted table needs keys in sorted order');
    const table = new TermTable(width, sorted);
    table.flat = terms.keys;
    table.slots = { width, one: terms.one, columns: terms.columns, several: terms.several, packed: terms.packed ?? PackedPostings.none };
    return table;
  }

  /** Terms, flat and added: numbered 0 to size - 1. */
  get size(): number {
    return this.flat.size + this.addedKeys.length;
  }

  /** Bytes the flat terms take outside V8's heap, with their one-document postings. */
  get flatBytes(): number {
    return this.flat.byteLength + this.slots.one.byteLength + (this.slots.columns?.byteLength ?? 0) + this.slots.packed.byteLength;
  }

  key(term: number): string {
    const flat = this.flat.size;
    return term < flat ? this.flat.key(term) : (this.addedKeys[term - flat] as string);
  }

  /** The term's number, or -1. */
  find(key: string): number {
    const flat = this.flat.find(key);
    if (flat >= 0) return flat;
    const added = this.added.get(key);
    return added === undefined ? -1 : this.flat.size + added;
  }

  /** A flat term's number in the index's string pool (PooledKeys), or -1. */
  poolNumber(term: number): number {
    return term < this.flat.size ? (this.flat.poolNumber?.(term) ?? -1) : -1;
  }

  postings(term: number, column = 0): Postings | undefined {
    const flat = this.flat.size;
    if (term >= flat) return this.addedPostings[(term - flat) * this.width + column];
    const { one, columns, several, packed } = this.slots;
    const doc = one[term] as number;
    if (doc >= 0) return columns === undefined || ((columns[term] as number) & (1 << column)) !== 0 ? doc : undefined;
    if (doc !== SEVERAL) return undefined;
    const slot = term * this.width + column;
    return several.get(slot) ?? packed.get(slot);
  }

  /** Adds a document to a term's postings in a column (the term is added if new); answers the postings. */
  add(key: string, column: number, id: number): Postings {
    let term = this.find(key);
    if (term < 0) term = this.newTerm(key);
    const flat = this.flat.size;
    if (term >= flat) {
      const slot = (term - flat) * this.width + column;
      const postings = withDoc(this.addedPostings[slot], id);
      this.addedPostings[slot] = postings;
      return postings;
    }
    return flatAdd(this.slots, term, column, id);
  }

  /** Terms whose key lower-cases to `lower` and is not `lower` itself. */
  lowered(lower: string): number[] {
    const found = this.flat.findLowered(lower);
    const same = this.addedLower.get(lower);
    if (same !== undefined) for (const key of typeof same === 'string' ? [same] : same) found.push(this.find(key));
    return found;
  }

  /** Terms whose key starts with `prefix` (a sorted table only). */
  *withPrefix(prefix: string): Iterable<number> {
    const end = `${prefix}\uffff`;
    const first = this.flat.lowerBound?.(prefix) ?? this.flat.size;
    for (let t = first; t < this.flat.size && this.flat.key(t) < end; t++) yield t;
    for (const key of this.addedSorted?.withPrefix(prefix) ?? []) yield this.find(key);
  }

  /**
   * Term numbers in key order (a sorted table only): the flat ones, already in order, merged with
   * the added ones. Only terms below `count` (the size at some earlier moment).
   */
  *inOrder(count = this.size): Iterable<number> {
    const flat = Math.min(this.flat.size, count);
    const added = (this.addedSorted?.all() ?? []).map((key) => this.find(key)).filter((t) => t < count);
    let a = 0;
    for (let t = 0; t < flat; t++) {
      const key = this.flat.key(t);
      while (a < added.length && this.key(added[a] as number) < key) yield added[a++] as number;
      yield t;
    }
    while (a < added.length) yield added[a++] as number;
  }

  /** Lets prefix lookups find added terms without sorting them first. */
  settle(): void {
    this.addedSorted?.settle(true);
  }

  private newTerm(key: string): number {
    const at = this.addedKeys.length;
    this.added.set(key, at);
    this.addedKeys.push(key);
    for (let c = 0; c < this.width; c++) this.addedPostings.push(undefined);
    this.addedSorted?.add(key);
    const lower = key.toLowerCase();
    if (lower !== key) {
      const same = this.addedLower.get(lower);
      this.addedLower.set(lower, same === undefined ? key : typeof same === 'string' ? [same, key] : [...same, key]);
    }
    return this.flat.size + at;
  }
}

/** A table's flat postings, as `flatAdd` changes them. */
interface FlatSlots {
  readonly width: number;
  one: Int32Array;
  columns: Uint8Array | undefined;
  several: Map<number, Postings>;
  packed: PackedPostings;
}

/** Adds document `id` to flat term `term` in `column`; answers the term's postings there. */
function flatAdd(t: FlatSlots, term: number, column: number, id: number): Postings {
  const one = t.one[term] as number;
  if (one === NONE || one === id) {
    t.one[term] = id;
    if (t.columns) t.columns[term] = (one === NONE ? 0 : (t.columns[term] as number)) | (1 << column);
    return id;
  }
  spread(t, term);
  const slot = term * t.width + column;
  const postings = withDoc(t.several.get(slot) ?? t.packed.get(slot), id);
  t.several.set(slot, postings);
  return postings;
}

/** Makes a term of one document SEVERAL: each column holding it keeps it in `several`. */
function spread(t: FlatSlots, term: number): void {
  const one = t.one[term] as number;
  if (one < 0) {
    t.one[term] = SEVERAL;
    return;
  }
  const held = t.columns ? (t.columns[term] as number) : 1;
  for (let c = 0; c < t.width; c++) if (held & (1 << c)) t.several.set(term * t.width + c, one);
  t.one[term] = SEVERAL;
}

/**
 * Flat postings read from a snapshot, slot by slot in ascending order (term × width + column): a
 * posting of one document as its number, a short one packed (packedPostings.ts). `finish` gives
 * them once all are set.
 */
export function flatPostings(
  terms: number,
  width = 1,
): {
  /** A short posting may be given as the snapshot's numbers themselves: they are copied into the packing. */
  set(slot: number, p: Postings | ArrayLike<number> | undefined): void;
  finish(): Pick<FlatTerms, 'one' | 'columns' | 'several' | 'packed'>;
} {
  const t: FlatSlots = {
    width,
    one: new Int32Array(terms).fill(NONE),
    columns: width > 1 ? new Uint8Array(terms) : undefined,
    several: new Map<number, Postings>(),
    // Looked up only for slots set before, and packed slots come after every slot set before them.
    packed: PackedPostings.none,
  };
  const packed = PackedPostings.builder();
  return {
    set(slot, p) {
      if (p === undefined) return;
      const term = Math.floor(slot / width);
      const column = slot - term * width;
      if (typeof p === 'number') {
        flatAdd(t, term, column, p);
        return;
      }
      spread(t, term);
      if (p instanceof RoaringBitmap32) t.several.set(slot, p);
      else packed.add(slot, p);
    },
    finish() {
      t.packed = packed.done();
      return { one: t.one, columns: t.columns, several: t.several, packed: t.packed };
    },
  };
}
