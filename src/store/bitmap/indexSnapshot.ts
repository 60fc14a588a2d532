/**
 * The search index on disk, so a restart loads it instead of building it again from every stored
 * document: a file of the index's content (urns, words, values, their postings, facet columns), with
 * the change-log offset it covers. Its owner (liveIndex.ts) replays the change log since.
 *
 * Layout: a magic, the header (JSON: format, version, database, offset), then blocks (a length and
 * its bytes, 8-byte aligned, so typed arrays are read in place), then a SHA-256 of all before it (with
 * the CPU's SHA instructions, four times faster than zlib's CRC-32 here) and a closing magic. Text is kept in large chunks decoded at once and cut by length: one decode per
 * chunk, not one per string. Documents are numbered in urn order, so no order is kept.
 *
 * A file that is cut short, altered, of another format or build, or unreadable is refused with the
 * reason, never trusted.
 */
import { open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { createHash, type Hash } from 'node:crypto';
import { CATALOG_VERSION } from '../../version.js';
import type { IndexContent, IndexImage } from './bitmapIndex.js';
import type { FacetColumnImage } from './facetColumn.js';
import { FlatKeys, KeyHashes } from './flatKeys.js';
import { KeyPrefixes } from './keyPrefixes.js';
import { PooledKeys } from './pooledKeys.js';
import { type Postings, SMALL } from './postings.js';
import { RoaringBitmap32 } from './roaring.js';
import { type FlatTerms, flatPostings } from './termTable.js';

/** Bumped whenever what is written, or what the index makes of a document, changes. */
const FORMAT = 4;
const MAGIC = Buffer.from('MCSEARCH', 'latin1');
const END = Buffer.from('MCSEND01', 'latin1');
const DIGEST_BYTES = 32;
/** Text decoded in one piece: large enough that decodes are few, small enough to take ~10 ms. */
const CHUNK_CHARS = 1 << 20;
/** Bytes checksummed between turns of the event loop. */
const CHECK_BYTES = 1 << 24;
/** Postings, and documents of large postings, remapped between chances to let the event loop turn. */
const WORK_BETWEEN_TURNS = 4_096;
/** Bytes gathered before a write to the file. */
const FLUSH_BYTES = 1 << 22;
/**
 * A write's file untouched for this long is abandoned though its process seems alive (its number
 * taken by another process since): a write in progress adds to its file every few milliseconds.
 */
const ABANDONED_AFTER_MS = 60 * 60 * 1000;

/** What a snapshot says of itself. */
export interface SnapshotHeader {
  format: number;
  /** The build that wrote it. */
  version: string;
  /** The database it was taken of (its `database.id` setting). */
  database: string;
  /** The last change-log event it covers, and that event's urn, to check it is the same event. */
  offset: number;
  offsetUrn: string | null;
  documents: number;
  takenAt: string;
  types: string[];
  fields: string[];
}

export type SnapshotHeaderInput = Pick<SnapshotHeader, 'database' | 'offset' | 'offsetUrn'>;

/** Lets the event loop turn when the work since the last turn has been long enough. */
export type Breathe = () => Promise<void>;

/**
 * Writes the index as `image` saw it to `path`, replacing any file there only once it is whole
 * (written beside it, then renamed). Answers the file's size.
 */
export async function writeSnapshot(path: string, image: IndexImage, header: SnapshotHeaderInput, breathe: Breathe): Promise<number> {
  await removeAbandoned(path);
  const temp = `${path}.${process.pid}.${Date.now()}.tmp`;
  const file = await open(temp, 'w');
  try {
    const out = new Out(file);
    const to = newIds(image.docs, image.ids);
    const full: SnapshotHeader = {
      format: FORMAT,
      version: CATALOG_VERSION,
      ...header,
      documents: image.docs.length,
      takenAt: new Date().toISOString(),
      types: [...image.types.keys()],
      fields: image.fields.map((f) => f.name),
    };
    const json = Buffer.from(JSON.stringify(full));
    out.push(MAGIC);
    out.block(json);
    const urns = function* () {
      for (const id of image.docs) yield image.urnOf(id);
    };
    const pool = await poolOf(image, await flatKeysOf(image.docs.length, urns, breathe), to, breathe);
    const documents = image.docs.length;
    const poolKey = (i: number) => {
      if (i < documents) return image.urnOf(image.docs[i] as number);
      const o = pool.others[i - documents] as string | number;
      return typeof o === 'string' ? o : image.pool.keys.key(o);
    };
    const poolSize = documents + pool.others.length;
    await out.strings(
      poolSize,
      (function* () {
        for (let i = 0; i < poolSize; i++) yield poolKey(i);
      })(),
      breathe,
      true,
      await KeyPrefixes.learn(poolSize, poolKey, breathe),
    );
    out.block(Float64Array.from(image.docs, (id) => image.hashOf(id)));
    out.bitmap(remap(image.removed, to));
    for (const docs of image.types.values()) {
      out.bitmap(remap(docs, to));
      await breathe();
    }
    const { words, wordCount } = image;
    await out.strings(
      wordCount,
      (function* () {
        for (const t of words.inOrder(wordCount)) yield words.key(t);
      })(),
      breathe,
      true,
    );
    await out.postings(
      (function* () {
        for (const t of words.inOrder(wordCount)) for (let c = 0; c < 4; c++) yield words.postings(t, c);
      })(),
      to,
      breathe,
    );
    for (const [i, f] of image.fields.entries()) {
      const { values } = f;
      const { pids, terms } = byPoolNumber(pool.pids[i] as Uint32Array);
      out.block(pids);
      await out.postings(
        (function* () {
          for (const t of terms) yield values.postings(t);
        })(),
        to,
        breathe,
      );
      for (const docs of [f.present, f.facet, f.elsewhere]) {
        out.bitmap(remap(docs, to));
        await breathe();
      }
      const column = f.column(image.docs);
      await out.strings(column.names.length, column.names, breathe);
      out.block(column.byDoc);
      out.block(column.pool);
      await breathe();
    }
    await out.flush();
    const trailer = Buffer.concat([out.hash.digest(), END]);
    const size = out.written + trailer.length;
    await file.write(trailer);
    await file.close();
    await rename(temp, path);
    return size;
  } catch (err) {
    await file.close().catch(() => undefined);
    await rm(temp, { force: true });
    throw err;
  }
}

/**
 * Removes what writes of `path` cut short left beside it (a process killed while writing, a machine
 * that lost power): each is the size of a snapshot, and nothing else would ever remove it. A write
 * that another live process is making (a replica being replaced, on the same folder) is left alone.
 */
async function removeAbandoned(path: string): Promise<void> {
  const folder = dirname(path);
  const prefix = `${basename(path)}.`;
  for (const name of await readdir(folder).catch(() => [])) {
    const pid = Number(name.startsWith(prefix) ? /^(\d+)\.\d+\.tmp$/.exec(name.slice(prefix.length))?.[1] : undefined);
    if (!pid || pid === process.pid) continue;
    const file = join(folder, name);
    const touched = (await stat(file).catch(() => undefined))?.mtimeMs;
    if (touched === undefined || (isRunning(pid) && Date.now() - touched < ABANDONED_AFTER_MS)) continue;
    await rm(file, { force: true });
  }
}

/**
 * The string pool of the snapshot: the documents' urns (`urns`, numbered as the documents), then
 * every other value of every field once. Answers those others (a string, or its number in the
 * index's own pool, read when written), and each field's values by number.
 *
 * A value the index keeps in its pool is matched by its number there, without reading its text:
 * a string for each of millions of values made the write's garbage outlast the write.
 */
async function poolOf(
  image: IndexImage,
  urns: FlatKeys,
  to: Int32Array,
  breathe: Breathe,
): Promise<{ others: Array<string | number>; pids: Uint32Array[] }> {
  const others: Array<string | number> = [];
  const byText = new Map<string, number>();
  const source = image.pool;
  const bySource = new Int32Array(source.keys.size).fill(-1);
  const other = (value: string | number) => {
    others.push(value);
    return urns.size + others.length - 1;
  };
  /** A value of the index's pool: a document's urn whose document is in the snapshot, or its text. */
  const ofSource = (sp: number): number => {
    let pid = bySource[sp] as number;
    if (pid >= 0) return pid;
    const doc = sp < source.documents ? (to[sp] as number) : -1;
    pid = doc >= 0 ? doc : urns.find(source.keys.key(sp));
    if (pid < 0) pid = other(sp);
    bySource[sp] = pid;
    return pid;
  };
  const pids: Uint32Array[] = [];
  let work = 0;
  for (const { values, count } of image.fields) {
    const field = new Uint32Array(count);
    for (let t = 0; t < count; t++) {
      const sp = values.poolNumber(t);
      if (sp >= 0) field[t] = ofSource(sp);
      else {
        const value = values.key(t);
        const inSource = source.keys.find(value);
        let pid = inSource >= 0 ? ofSource(inSource) : urns.find(value);
        if (pid < 0) {
          pid = byText.get(value) ?? other(value);
          byText.set(value, pid);
        }
        field[t] = pid;
      }
      if (++work >= WORK_BETWEEN_TURNS) {
        work = 0;
        await breathe();
      }
    }
    pids.push(field);
  }
  return { others, pids };
}

/** A field's terms in the order of their numbers in the pool, and those numbers, ascending. */
function byPoolNumber(pids: Uint32Array): { pids: Uint32Array; terms: Uint32Array } {
  const terms = Uint32Array.from(pids.keys()).sort((a, b) => (pids[a] as number) - (pids[b] as number));
  return { pids: terms.map((t) => pids[t] as number), terms };
}

/** Strings as FlatKeys, encoded in chunks between turns of the event loop; `list` gives them afresh each call. */
async function flatKeysOf(count: number, list: () => Iterable<string>, breathe: Breathe): Promise<FlatKeys> {
  const hashes = new KeyHashes('utf8');
  const chunks: Chunk[] = [];
  for (const chunk of encodedChunks(count, list())) {
    // A lone surrogate does not survive UTF-8: FlatKeys.of keeps such keys as UTF-16 (rare).
    if (!chunk.wellFormed) return FlatKeys.of([...list()]);
    hashes.add(chunk.bytes, chunkStarts(chunk.lengths));
    chunks.push(chunk);
    await breathe();
  }
  const { bytes, starts } = joined(count, chunks);
  return FlatKeys.over(bytes, starts, 'utf8', hashes.tables());
}

/** A chunk of strings as written: the encoding and each string's length in bytes, then their bytes. */
interface Chunk {
  lengths: Uint32Array;
  bytes: Buffer;
}

/** The chunks' `count` strings in one buffer, and where each starts (and the last ends). */
function joined(count: number, chunks: readonly Chunk[]): { bytes: Buffer; starts: Uint32Array } {
  const starts = new Uint32Array(count + 1);
  let k = 0;
  let at = 0;
  for (const { lengths } of chunks)
    for (let i = 1; i < lengths.length; i++) {
      starts[k++] = at;
      at += lengths[i] as number;
    }
  starts[count] = at;
  return { bytes: Buffer.concat(chunks.map((c) => c.bytes)), starts };
}

/** Keys as stored after their prefixes (KeyPrefixes.encode). */
function* encodedKeys(keys: Iterable<string>, prefixes: KeyPrefixes): Iterable<string> {
  for (const key of keys) yield prefixes.encode(key);
}

/** Where each string of a chunk starts in its bytes, from their lengths (after the encoding flag), and where the last ends. */
function chunkStarts(lengths: Uint32Array): Uint32Array {
  const starts = new Uint32Array(lengths.length);
  for (let i = 1; i < lengths.length; i++) starts[i] = (starts[i - 1] as number) + (lengths[i] as number);
  return starts;
}

/**
 * `count` strings of `list` in chunks of about CHUNK_CHARS characters, each encoded at once: UTF-8,
 * or UTF-16 when it holds a lone surrogate. `lengths`: the encoding (0 UTF-8, 1 UTF-16), then each
 * string's length in bytes.
 */
function* encodedChunks(
  count: number,
  list: Iterable<string>,
): Iterable<{ strings: string[]; lengths: Uint32Array; bytes: Buffer; wellFormed: boolean }> {
  const strings = list[Symbol.iterator]();
  for (let left = count; left > 0; ) {
    const chunk: string[] = [];
    let chars = 0;
    while (left > 0 && (chars < CHUNK_CHARS || chunk.length === 0)) {
      const s = strings.next().value as string;
      chunk.push(s);
      chars += s.length;
      left--;
    }
    const text = chunk.join('');
    const wellFormed = (text as string & { isWellFormed(): boolean }).isWellFormed();
    const lengths = new Uint32Array(chunk.length + 1);
    lengths[0] = wellFormed ? 0 : 1;
    chunk.forEach((s, i) => {
      lengths[i + 1] = wellFormed ? Buffer.byteLength(s, 'utf8') : s.length * 2;
    });
    yield { strings: chunk, lengths, bytes: Buffer.from(text, wellFormed ? 'utf8' : 'utf16le'), wellFormed };
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, as another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A snapshot's header, or why there is none to read; the content is read only if asked. */
export async function openSnapshot(
  path: string,
): Promise<{ header: SnapshotHeader; content: (breathe: Breathe) => Promise<IndexContent> } | { refused: string }> {
  let head: Buffer;
  try {
    const file = await open(path, 'r');
    try {
      const start = Buffer.alloc(16);
      await file.read(start, 0, 16, 0);
      if (!start.subarray(0, 8).equals(MAGIC)) return { refused: 'it is not a search index snapshot' };
      const length = start.readUInt32LE(8);
      head = Buffer.alloc(length);
      await file.read(head, 0, length, 16);
    } finally {
      await file.close();
    }
  } catch (err) {
    return { refused: (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'none written yet' : `unreadable: ${String(err)}` };
  }
  let header: SnapshotHeader;
  try {
    header = JSON.parse(head.toString('utf8')) as SnapshotHeader;
  } catch {
    return { refused: 'its header is damaged' };
  }
  if (header.format !== FORMAT || header.version !== CATALOG_VERSION)
    return { refused: `written by another build (${header.version}, format ${header.format})` };
  return { header, content: (breathe) => readContent(path, header, breathe) };
}

/** Thrown when a snapshot's content is not what its header and checksum promise. */
export class DamagedSnapshot extends Error {
  override name = 'DamagedSnapshot';
}

async function readContent(path: string, header: SnapshotHeader, breathe: Breathe): Promise<IndexContent> {
  let data = await readFile(path);
  // Typed arrays are read in place, which needs the file's first byte 8-aligned in memory.
  if (data.byteOffset % 8 !== 0) data = Buffer.from(data);
  const body = data.length - DIGEST_BYTES - END.length;
  if (body < 24 || !data.subarray(data.length - END.length).equals(END)) throw new DamagedSnapshot('it is cut short');
  const hash = createHash('sha256');
  for (let at = 0; at < body; at += CHECK_BYTES) {
    hash.update(data.subarray(at, Math.min(body, at + CHECK_BYTES)));
    await breathe();
  }
  if (!hash.digest().equals(data.subarray(body, body + DIGEST_BYTES))) throw new DamagedSnapshot('its checksum does not match');
  const input = new In(data, body);
  input.block(); // the header, already read
  const pool = await input.keys(breathe, true);
  if (pool.size < header.documents) throw new DamagedSnapshot('its documents are not the ones its header counts');
  // Copied out of the file's buffer, which is let go once read.
  const hashes = input.float64s().slice();
  const removed = input.bitmap();
  const types = new Map(header.types.map((type) => [type, input.bitmap()]));
  const vocabulary = await input.keys(breathe);
  const words: FlatTerms = { keys: vocabulary, ...(await input.postings(vocabulary.size, breathe, 4)) };
  const fields: Array<IndexContent['fields'][number]> = [];
  for (const name of header.fields) {
    const pids = input.uint32s().slice();
    for (let i = 0; i < pids.length; i++)
      if ((pids[i] as number) >= pool.size || (i > 0 && (pids[i] as number) <= (pids[i - 1] as number)))
        throw new DamagedSnapshot(`the values of ${name} are not in its pool, in order`);
    const values: FlatTerms = { keys: new PooledKeys(pool, pids), ...(await input.postings(pids.length, breathe)) };
    const [present, facet, elsewhere] = [input.bitmap(), input.bitmap(), input.bitmap()] as [
      RoaringBitmap32,
      RoaringBitmap32,
      RoaringBitmap32,
    ];
    const column: FacetColumnImage = {
      names: await input.strings(breathe),
      byDoc: input.uint32s().slice(),
      pool: input.uint32s().slice(),
    };
    if (column.byDoc.length !== (column.names.length === 0 ? 0 : header.documents))
      throw new DamagedSnapshot(`its facet column ${name} does not cover every document`);
    fields.push({ name, values, present, facet, elsewhere, column });
  }
  if (!input.done) throw new DamagedSnapshot('it holds more than its header lists');
  return { pool, documents: header.documents, hashes, removed, types, words, fields };
}

/** Old id → its place in `docs`, or -1. */
function newIds(docs: Uint32Array, ids: number): Int32Array {
  const to = new Int32Array(ids).fill(-1);
  docs.forEach((id, i) => {
    to[id] = i;
  });
  return to;
}

/** The postings' documents that are in the snapshot, by their new ids, sorted. */
function remap(p: Postings | undefined, to: Int32Array): Uint32Array {
  if (p === undefined) return new Uint32Array(0);
  const ids = typeof p === 'number' ? [p] : Array.isArray(p) ? p : p.toUint32Array();
  const out = new Uint32Array(ids.length);
  let n = 0;
  for (const id of ids) {
    const mapped = id < to.length ? (to[id] as number) : -1;
    if (mapped >= 0) out[n++] = mapped;
  }
  return out.subarray(0, n).sort();
}

function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
}

const PAD = Buffer.alloc(8);

/** The file being written: blocks gathered and written in large pieces, checksummed as they go. */
class Out {
  readonly hash: Hash = createHash('sha256');
  written = 0;
  private pending: Buffer[] = [];
  private pendingBytes = 0;

  constructor(private readonly file: import('node:fs/promises').FileHandle) {}

  push(bytes: Uint8Array): void {
    if (bytes.byteLength === 0) return;
    const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.pending.push(b);
    this.pendingBytes += b.length;
    this.written += b.length;
  }

  /** A length, padding to 8 bytes, the bytes, padding to 8 bytes. */
  block(data: ArrayBufferView): void {
    const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    this.push(u32(bytes.length));
    this.push(PAD.subarray(0, 8 - (this.written % 8 || 8)));
    this.push(bytes);
    const rest = this.written % 8;
    if (rest !== 0) this.push(PAD.subarray(0, 8 - rest));
  }

  bitmap(ids: Uint32Array): void {
    this.block(new RoaringBitmap32(ids).serialize(true));
  }

  /**
   * A count, then chunks of text, each its strings' lengths in bytes (the first entry: 0 UTF-8, 1
   * UTF-16) and its bytes. `list` yields `count` strings. Keys (`FlatKeys`) are followed by their
   * tables, made as the text is encoded, so a load need not hash them again.
   */
  async strings(count: number, list: Iterable<string>, breathe: Breathe, keys = false, prefixes?: KeyPrefixes): Promise<void> {
    if (prefixes) await this.strings(prefixes.texts.length, prefixes.texts, breathe);
    this.block(Uint32Array.of(count));
    const hashes = keys ? new KeyHashes('utf8', prefixes) : undefined;
    const stored = prefixes ? encodedKeys(list, prefixes) : list;
    for (const { lengths, bytes, wellFormed } of encodedChunks(count, stored)) {
      this.block(lengths);
      this.block(bytes);
      // Keys in UTF-16 are made into FlatKeys from their text, tables and all, when read.
      if (hashes && wellFormed) hashes.add(bytes, chunkStarts(lengths));
      await this.flushIfFull();
      await breathe();
    }
    if (hashes) {
      const { table, lowerTable } = hashes.tables();
      this.block(table);
      this.block(lowerTable);
    }
  }

  /** Postings: each one's count; the ids of those up to SMALL; the others as serialized bitmaps. */
  async postings(list: Iterable<Postings | undefined>, to: Int32Array, breathe: Breathe): Promise<void> {
    const counts: number[] = [];
    const small: number[] = [];
    const sizes: number[] = [];
    const bitmaps: Buffer[] = [];
    const mapped = (id: number) => (id < to.length ? (to[id] as number) : -1);
    let work = 0;
    for (const p of list) {
      // Most postings are one id or a few: mapped in place, without a bitmap or an array each.
      if (typeof p === 'number' || Array.isArray(p)) {
        const start = small.length;
        for (const id of typeof p === 'number' ? [p] : p) {
          const m = mapped(id);
          if (m < 0) continue;
          // New ids are ranks in urn order: the old order does not hold, so each is put in its place.
          let at = small.length;
          while (at > start && (small[at - 1] as number) > m) at--;
          small.splice(at, 0, m);
        }
        counts.push(small.length - start);
      } else if (p === undefined) counts.push(0);
      else {
        const ids = remap(p, to);
        counts.push(ids.length);
        if (ids.length <= SMALL) for (const id of ids) small.push(id);
        else {
          const bytes = new RoaringBitmap32(ids).serialize(true);
          sizes.push(bytes.length);
          bitmaps.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length));
        }
        work += ids.length;
      }
      // By work rather than by count: one value can be in every document (a platform, a type), and
      // a run of such values held requests for most of a second at 100,000 documents.
      if (++work >= WORK_BETWEEN_TURNS) {
        work = 0;
        await breathe();
      }
    }
    this.block(Uint32Array.from(counts));
    this.block(Uint32Array.from(small));
    this.block(Uint32Array.from(sizes));
    this.block(Buffer.concat(bitmaps));
    await this.flushIfFull();
  }

  private async flushIfFull(): Promise<void> {
    if (this.pendingBytes >= FLUSH_BYTES) await this.flush();
  }

  async flush(): Promise<void> {
    const data = Buffer.concat(this.pending);
    this.pending = [];
    this.pendingBytes = 0;
    // Hashed as written, in large pieces: an update per block cost more than the hashing.
    this.hash.update(data);
    if (data.length > 0) await this.file.write(data);
  }
}

/** A snapshot being read, block by block. */
class In {
  private at = 8;

  constructor(
    private readonly data: Buffer,
    private readonly end: number,
  ) {}

  get done(): boolean {
    return this.at >= this.end;
  }

  block(): Buffer {
    if (this.at + 8 > this.end) throw new DamagedSnapshot('it ends inside a block');
    const length = this.data.readUInt32LE(this.at);
    const start = this.at + 8;
    if (start + length > this.end) throw new DamagedSnapshot('a block runs past its end');
    this.at = start + length + ((8 - (length % 8)) % 8);
    return this.data.subarray(start, start + length);
  }

  uint32s(): Uint32Array {
    const b = this.block();
    return new Uint32Array(b.buffer, b.byteOffset, b.length / 4);
  }

  float64s(): Float64Array {
    const b = this.block();
    return new Float64Array(b.buffer, b.byteOffset, b.length / 8);
  }

  bitmap(): RoaringBitmap32 {
    return RoaringBitmap32.deserialize(this.block(), true);
  }

  /** Strings as `Out.strings` wrote them: chunks of text, each with its strings' lengths in bytes. */
  private async chunks(breathe: Breathe): Promise<{ count: number; chunks: Chunk[] }> {
    const count = this.uint32s()[0] as number;
    const chunks: Chunk[] = [];
    let n = 0;
    while (n < count) {
      const lengths = this.uint32s();
      const bytes = this.block();
      let total = 0;
      for (let i = 1; i < lengths.length; i++) total += lengths[i] as number;
      if (lengths.length < 2 || total !== bytes.length) throw new DamagedSnapshot('its text does not match its lengths');
      chunks.push({ lengths, bytes });
      n += lengths.length - 1;
      await breathe();
    }
    if (n !== count) throw new DamagedSnapshot('it holds more strings than it counts');
    return { count, chunks };
  }

  async strings(breathe: Breathe): Promise<string[]> {
    return this.stringsOf((await this.chunks(breathe)).chunks);
  }

  /**
   * Strings as flat keys: their bytes copied once into one buffer (strings only if some chunk is
   * UTF-16). `prefixed`: stored after their prefixes, as a prefix's number and the rest.
   */
  async keys(breathe: Breathe, prefixed = false): Promise<FlatKeys> {
    const prefixes = prefixed ? await this.prefixes(breathe) : undefined;
    const { count, chunks } = await this.chunks(breathe);
    const tables = { table: this.uint32s().slice(), lowerTable: this.uint32s().slice() };
    if (chunks.some((c) => c.lengths[0] !== 0)) {
      const texts = this.stringsOf(chunks);
      return FlatKeys.of(prefixes ? texts.map((t) => prefixes.decode(t)) : texts);
    }
    const { bytes, starts } = joined(count, chunks);
    await breathe();
    try {
      return FlatKeys.over(bytes, starts, 'utf8', tables, prefixes);
    } catch (err) {
      throw new DamagedSnapshot(`its keys' tables do not fit them: ${String(err)}`);
    }
  }

  /** The prefixes a key set was stored after (Out.strings). */
  private async prefixes(breathe: Breathe): Promise<KeyPrefixes> {
    const texts = await this.strings(breathe);
    try {
      return KeyPrefixes.of(texts);
    } catch (err) {
      throw new DamagedSnapshot(`its key prefixes are damaged: ${String(err)}`);
    }
  }

  private stringsOf(chunks: readonly Chunk[]): string[] {
    const out: string[] = [];
    for (const { lengths, bytes } of chunks) {
      const encoding = lengths[0] === 0 ? 'utf8' : 'utf16le';
      for (let i = 1, at = 0; i < lengths.length; at += lengths[i++] as number)
        out.push(bytes.toString(encoding, at, at + (lengths[i] as number)));
    }
    return out;
  }

  /** The postings of `terms` terms in `width` columns each, kept flat (termTable.ts). */
  async postings(terms: number, breathe: Breathe, width = 1): Promise<Pick<FlatTerms, 'one' | 'columns' | 'several' | 'packed'>> {
    const count = terms * width;
    const counts = this.uint32s();
    const small = this.uint32s();
    const sizes = this.uint32s();
    const bitmaps = this.block();
    if (counts.length !== count) throw new DamagedSnapshot('its postings are not as many as their keys');
    const out = flatPostings(terms, width);
    let s = 0;
    let b = 0;
    let offset = 0;
    for (let i = 0; i < count; i++) {
      const n = counts[i] as number;
      if (n === 1) out.set(i, small[s++] as number);
      else if (n > 1 && n <= SMALL) {
        out.set(i, small.subarray(s, s + n));
        s += n;
      } else if (n > SMALL) {
        const size = sizes[b++] as number;
        out.set(i, RoaringBitmap32.deserialize(bitmaps.subarray(offset, offset + size), true));
        offset += size;
      }
      if ((i & 65535) === 65535) await breathe();
    }
    return out.finish();
  }
}
