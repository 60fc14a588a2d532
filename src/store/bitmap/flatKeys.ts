/**
 * Distinct strings kept in one buffer, found by a hash table of offsets: the index's urns, words and
 * values once it is loaded from a snapshot. A million strings in maps cost about 100 bytes each on
 * V8's heap, and every full collection walks them; here a string costs its bytes and 12 more (its
 * start and two table slots), outside the heap's reach.
 *
 * The keys are fixed once made, in the order given (a key's place is its number). Lookups ignoring
 * case go through a second table, of the keys whose lower case differs from them. Keys may be stored
 * as the number of a common prefix and the rest (keyPrefixes.ts); they hash and compare as their text.
 */

import { BEYOND_ASCII, FNV_START, fnv, hashBytes, LOWER_ONLY, letters, mix, UPPER_ASCII, wellFormed } from './keyHash.js';
import type { KeyPrefixes } from './keyPrefixes.js';
import type { KeySet } from './termTable.js';

/**
 * Slots per key in each table: 62% full, where a key found takes about two probes and one missing
 * about four. Tables were powers of two, twice the keys or more: 25-50% full, 33 MB for the pool of
 * a million entities where 24 MB do.
 */
const SLOTS_PER_KEY = 1.6;
const EMPTY = 0;

export class FlatKeys implements KeySet {
  private constructor(
    private readonly bytes: Buffer,
    /** Key i's bytes are bytes[starts[i], starts[i + 1]). */
    private readonly starts: Uint32Array,
    /** UTF-8, or UTF-16 when some key is not well formed (a lone surrogate does not survive UTF-8). */
    private readonly encoding: Encoding,
    /** Slot → key number + 1, or EMPTY. */
    private readonly table: Uint32Array,
    /** The same, by the hash of the lower case, for keys whose lower case differs. */
    private readonly lowerTable: Uint32Array,
    /** When given, each key's first byte is the number of its prefix here (0: none). */
    private readonly prefixes?: KeyPrefixes,
  ) {}

  private static none: FlatKeys | undefined;

  static get empty(): FlatKeys {
    FlatKeys.none ??= FlatKeys.of([]);
    return FlatKeys.none;
  }

  /** The keys, which must be distinct, numbered in this order. */
  static of(keys: readonly string[]): FlatKeys {
    const utf8 = keys.every(wellFormed);
    const encoding = utf8 ? 'utf8' : 'utf16le';
    const bytes = Buffer.from(keys.join(''), encoding);
    const starts = new Uint32Array(keys.length + 1);
    let at = 0;
    keys.forEach((k, i) => {
      starts[i] = at;
      at += utf8 ? Buffer.byteLength(k, 'utf8') : k.length * 2;
    });
    starts[keys.length] = at;
    return FlatKeys.over(bytes, starts, encoding);
  }

  /**
   * Keys already encoded one after another (a snapshot's text), numbered in their order, with their
   * tables when the snapshot kept them (made from `KeyHashes` of the same keys), else made here, as
   * are tables of another size: an earlier build's, sized in powers of two.
   */
  static over(bytes: Buffer, starts: Uint32Array, encoding: Encoding, tables?: KeyTables, prefixes?: KeyPrefixes): FlatKeys {
    const n = starts.length - 1;
    if (prefixes && (encoding !== 'utf8' || !prefixes.fits(bytes, starts))) throw new RangeError('keys whose prefixes are not all known');
    if (tables === undefined || tables.table.length !== tableSize(n)) {
      const hashes = new KeyHashes(encoding, prefixes);
      hashes.add(bytes, starts);
      tables = hashes.tables();
    }
    return new FlatKeys(bytes, starts, encoding, tables.table, tables.lowerTable, prefixes);
  }

  get size(): number {
    return this.starts.length - 1;
  }

  /** The bytes the keys and their tables take. */
  get byteLength(): number {
    return this.bytes.length + this.starts.byteLength + this.table.byteLength + this.lowerTable.byteLength;
  }

  key(i: number): string {
    const from = this.starts[i] as number;
    const to = this.starts[i + 1] as number;
    if (!this.prefixes) return this.bytes.toString(this.encoding, from, to);
    const rest = this.bytes.toString('utf8', from + 1, to);
    const prefix = this.bytes[from] as number;
    return prefix === 0 ? rest : (this.prefixes.texts[prefix - 1] as string) + rest;
  }

  /** The key's number, or -1. */
  find(key: string): number {
    const size = this.table.length;
    if (size === 0) return -1;
    const wanted = encoded(key, this.encoding);
    const length = wanted.length;
    for (let slot = firstSlot(hashBytes(wanted.bytes, 0, length), size); ; slot = slot + 1 === size ? 0 : slot + 1) {
      const entry = this.table[slot] as number;
      if (entry === EMPTY) return -1;
      const i = entry - 1;
      if (this.holds(i, wanted.bytes, length)) return i;
    }
  }

  /** Whether key i's text is `length` bytes of `wanted`. */
  private holds(i: number, wanted: Buffer, length: number): boolean {
    let from = this.starts[i] as number;
    const to = this.starts[i + 1] as number;
    let at = 0;
    if (this.prefixes) {
      const number = this.bytes[from++] as number;
      const prefix = number === 0 ? undefined : this.prefixes.bytes[number - 1];
      if (prefix) {
        at = prefix.length;
        if (at + to - from !== length || wanted.compare(prefix, 0, at, 0, at) !== 0) return false;
      }
    }
    return to - from === length - at && this.bytes.compare(wanted, at, length, from, to) === 0;
  }

  /** The numbers of the keys whose lower case is `lower` but which are not it themselves. */
  findLowered(lower: string): number[] {
    const size = this.lowerTable.length;
    if (size === 0) return [];
    const found: number[] = [];
    for (let slot = firstSlot(this.hashOf(lower), size); ; slot = slot + 1 === size ? 0 : slot + 1) {
      const entry = this.lowerTable[slot] as number;
      if (entry === EMPTY) return found;
      if (this.key(entry - 1).toLowerCase() === lower) found.push(entry - 1);
    }
  }

  /** The first key number whose key is not below `key`, for keys given in sorted order. */
  lowerBound(key: string): number {
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.key(mid) < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private hashOf(key: string): number {
    return hashText(key, this.encoding);
  }
}

export type Encoding = 'utf8' | 'utf16le';

/** A FlatKeys' two tables: by each key's hash, and by the lower-case hash of keys whose lower case differs. */
export interface KeyTables {
  table: Uint32Array;
  lowerTable: Uint32Array;
}

/**
 * The hashes the tables of keys are made from, gathered as the keys go by (a snapshot's writer
 * hashes each chunk of text as it encodes it, so the reader does not have to).
 */
export class KeyHashes {
  private hashes = new Uint32Array(1024);
  private count = 0;
  /** Keys whose lower case differs from them, and its hash. */
  private readonly lowered: number[] = [];
  private readonly lowerHashes: number[] = [];

  /** `prefixes`: keys are stored as a prefix's number and the rest (see FlatKeys). */
  constructor(
    private readonly encoding: Encoding,
    private readonly prefixes?: KeyPrefixes,
  ) {}

  /** Keys encoded one after another in `bytes`, key i from starts[i] to starts[i + 1] (starts holds one more). */
  add(bytes: Buffer, starts: ArrayLike<number>): void {
    const n = starts.length - 1;
    if (this.count + n > this.hashes.length) {
      const grown = new Uint32Array(Math.max(this.count + n, this.hashes.length * 2));
      grown.set(this.hashes.subarray(0, this.count));
      this.hashes = grown;
    }
    const ascii = this.encoding === 'utf8';
    const prefixes = this.prefixes;
    for (let i = 0; i < n; i++) {
      let from = starts[i] as number;
      const to = starts[i + 1] as number;
      const key = this.count++;
      // A stored prefix stands for its bytes: the hash goes on from the state after them.
      const prefix = prefixes ? (bytes[from++] as number) - 1 : -1;
      const state = prefix < 0 ? FNV_START : (prefixes?.states[prefix] as number);
      this.hashes[key] = mix(fnv(bytes, from, to, state, false));
      const kind = ascii ? Math.max(letters(bytes, from, to), prefix < 0 ? LOWER_ONLY : (prefixes?.kinds[prefix] as number)) : BEYOND_ASCII;
      if (kind === LOWER_ONLY) continue;
      // ASCII keys are lowered byte by byte as they are hashed; others are decoded first.
      if (kind === UPPER_ASCII) {
        this.lowered.push(key);
        this.lowerHashes.push(mix(fnv(bytes, from, to, prefix < 0 ? FNV_START : (prefixes?.lowerStates[prefix] as number), true)));
        continue;
      }
      const text = (prefix < 0 ? '' : (prefixes?.texts[prefix] as string)) + bytes.toString(this.encoding, from, to);
      const lower = text.toLowerCase();
      if (lower === text) continue;
      this.lowered.push(key);
      this.lowerHashes.push(hashText(lower, this.encoding));
    }
  }

  tables(): KeyTables {
    const table = new Uint32Array(tableSize(this.count));
    for (let i = 0; i < this.count; i++) insert(table, this.hashes[i] as number, i);
    const lowerTable = new Uint32Array(tableSize(this.lowered.length));
    for (let i = 0; i < this.lowered.length; i++) insert(lowerTable, this.lowerHashes[i] as number, this.lowered[i] as number);
    return { table, lowerTable };
  }
}

function hashText(text: string, encoding: Encoding): number {
  const { bytes, length } = encoded(text, encoding);
  return hashBytes(bytes, 0, length);
}

/** One buffer for the keys looked up, reused: a lookup per term of every document indexed allocated a buffer each. */
let scratch = Buffer.alloc(1024);

/** The text encoded into the scratch buffer (valid until the next call), and its length in bytes. */
function encoded(text: string, encoding: Encoding): { bytes: Buffer; length: number } {
  // At most three bytes a UTF-16 unit in UTF-8, two in UTF-16.
  if (text.length * 3 > scratch.length) scratch = Buffer.alloc(Math.max(text.length * 3, scratch.length * 2));
  return { bytes: scratch, length: scratch.write(text, 0, encoding) };
}

/** Odd, so that no size is a power of two, as the tables of earlier builds were. */
function tableSize(keys: number): number {
  return keys === 0 ? 0 : Math.ceil(keys * SLOTS_PER_KEY) | 1;
}

/** A hash's first slot in a table of `size` slots: its 32 bits scaled to the size, so that any size will do. */
function firstSlot(hash: number, size: number): number {
  return Math.min(size - 1, Math.floor((hash / 4294967296) * size));
}

function insert(table: Uint32Array, hash: number, i: number): void {
  const size = table.length;
  let slot = firstSlot(hash, size);
  while (table[slot] !== EMPTY) slot = slot + 1 === size ? 0 : slot + 1;
  table[slot] = i + 1;
}
