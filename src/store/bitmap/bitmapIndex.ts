/**
 * The search index in memory: compressed bitmaps of the documents holding each word of each text
 * column, each filterable value, each entity type. A search combines bitmaps, so its cost follows
 * the words' and values' postings, not the number of hits; ranking takes the best score tier
 * first and reads only the page from it (scores are few and discrete: column weights times value
 * weights, exact name matches first); facets count each value's postings within the hits.
 *
 * A changed document gets a new id and its old id is dropped from `live`: postings keep the old id
 * until the index is rebuilt, and every search intersects with `live`. The owner rebuilds when
 * dropped ids outnumber live ones.
 */
import { createHash } from 'node:crypto';
import { RoaringBitmap32 } from './roaring.js';
import { TEXT_WEIGHTS } from '../../indexing/searchRow.js';
import { NUMERIC } from '../sql/rows.js';
import { matchCriteria, rankingTerms, type TextTerm, wildcardRegExp } from '../match.js';
import {
  BROWSE_PATH_V2_DELIMITER,
  ENTITY_TYPE_FIELD,
  type Criterion,
  type Match,
  type SearchPage,
  type SearchQuery,
  type SearchRow,
} from '../types.js';
import { FacetColumn, type FacetColumnImage } from './facetColumn.js';
import { topCounts } from '../topCounts.js';
import { countIn, type Postings, unionOf } from './postings.js';
import { FlatKeys } from './flatKeys.js';
import { type FlatTerms, TermTable } from './termTable.js';
import { UrnOrder } from './urnOrder.js';

/** The values of one field, on the documents where it is filterable or a facet. */
interface FieldValues {
  values: TermTable;
  /** Documents with some value of the field. */
  present: RoaringBitmap32;
  /** Documents where the field is a facet. */
  facet: RoaringBitmap32;
  /** Their values by document. */
  column: FacetColumn;
  /** How many document ids the values' postings hold as numbers or arrays (not bitmaps), about. */
  small: number;
  /** Documents with values of the field that are not here (free text): filters on it are left to SQL. */
  elsewhere: RoaringBitmap32;
}

/**
 * The index's content as a snapshot reads it (indexSnapshot.ts), kept flat as it is read. Restored,
 * a document's id is its place in urn order, and its urn that place's key in the pool.
 */
export interface IndexContent {
  /** Every distinct urn and value once: the documents' urns first, in urn order, then the other values. */
  pool: FlatKeys;
  documents: number;
  /** Each document's text hash (see `put`). */
  hashes: ArrayLike<number>;
  removed: RoaringBitmap32;
  types: ReadonlyMap<string, RoaringBitmap32>;
  /** The words, sorted, each with its postings in the four text columns. */
  words: FlatTerms;
  fields: ReadonlyArray<{
    name: string;
    /** The field's values, in the pool (PooledKeys). */
    values: FlatTerms;
    present: RoaringBitmap32;
    facet: RoaringBitmap32;
    elsewhere: RoaringBitmap32;
    column: FacetColumnImage;
  }>;
}

/**
 * The index as it was at one moment, for a snapshot to read while the index goes on changing: ids,
 * words and values are only ever added, so what held at that moment is what the live documents of
 * `docs` hold. Postings read later may hold ids added since, which are not in `docs`.
 */
export interface IndexImage {
  /** The documents live at that moment, in urn order: the ids they are given when restored. */
  docs: Uint32Array;
  /** Ids given so far: every id is below. */
  ids: number;
  /** The string pool the index was loaded with (empty if built): its first `documents` keys are the urns of ids 0 on. */
  pool: { keys: FlatKeys; documents: number };
  urnOf: (id: number) => string;
  hashOf: (id: number) => number;
  removed: RoaringBitmap32;
  types: ReadonlyMap<string, RoaringBitmap32>;
  /** The words (sorted ones, four postings a word): those below `wordCount`, in `words.inOrder`. */
  words: TermTable;
  wordCount: number;
  fields: ReadonlyArray<{
    name: string;
    /** Values at that moment: the terms below `count`. */
    values: TermTable;
    count: number;
    present: RoaringBitmap32;
    facet: RoaringBitmap32;
    elsewhere: RoaringBitmap32;
    column: (docs: Uint32Array) => FacetColumnImage;
  }>;
}

/** A set of hits of equal rank. */
interface Tier {
  exact: number;
  score: number;
  docs: RoaringBitmap32;
}

/**
 * What an addition to the index costs on V8's heap, in bytes (64-bit, pointers compressed): a
 * document (its urn's header, hash, id entry, order and bitmap slots), a new word (its string header,
 * map entry, column array and vocabulary slot), a new value (string header and map entry), a posting
 * (an id in an array or bitmap, with the room arrays keep to grow), a facet row and each reference in it.
 */
const BYTES = { document: 120, word: 110, value: 60, posting: 8, facetRow: 40, reference: 8 } as const;

/** Rounding that makes scores equal in exact arithmetic compare equal. */
const scoreKey = (score: number) => Math.round(score * 1e9) / 1e9;

export class BitmapIndex {
  /** Restored from a snapshot: the string pool, whose key i is the urn of id i for ids below `flatDocs`. */
  private pool = FlatKeys.empty;
  private flatDocs = 0;
  private flatHashes: ArrayLike<number> = [];
  /** The urns of ids added since, from `flatDocs` on. */
  private readonly urns: string[] = [];
  /** A 53-bit hash of each id's document text (an unchanged document is not indexed again); as `urns`. */
  private readonly hashes: number[] = [];
  /** Urns of ids added since; a restored urn is found in the pool, and is current while its id is live. */
  private readonly ids = new Map<string, number>();
  private readonly live = new RoaringBitmap32();
  private readonly removed = new RoaringBitmap32();
  private readonly types = new Map<string, RoaringBitmap32>();
  /** Words, sorted for prefixes, with their postings in each of the four text columns. */
  private words = new TermTable(4, true);
  private readonly fields = new Map<string, FieldValues>();
  private readonly urnOf = (id: number): string => {
    const flat = this.flatDocs;
    return id < flat ? this.pool.key(id) : (this.urns[id - flat] as string);
  };
  private readonly hashOf = (id: number): number => {
    const flat = this.flatDocs;
    return (id < flat ? this.flatHashes[id] : this.hashes[id - flat]) as number;
  };
  private readonly isLive = (id: number): boolean => this.live.has(id);
  private order = new UrnOrder(this.urnOf, this.isLive);
  private dropped = 0;
  private counted = 0;

  /**
   * The memory the index takes, about: counted as it grows, from what each addition costs (a
   * string's characters and header, a map entry, a posting). Dropped documents keep counting until
   * the index is built again, as their postings keep their room. On 30,000 of the bench's entities it
   * counted 55 MB where the process grew by 55 MB resident (31 MB of it V8's heap, the rest the
   * bitmaps' native memory); what the memory budget (SEARCH_INDEX_MAX_MB) is held to.
   */
  get bytes(): number {
    return this.counted;
  }

  /** Documents indexed. */
  get size(): number {
    return this.live.size;
  }

  /**
   * Ids given since the index was loaded from its snapshot (every id, if it was built): their
   * documents' words and values are in maps on V8's heap, not flat.
   */
  get added(): number {
    return this.urns.length;
  }

  /** Ids dropped since the index was built; their postings still take room. */
  get garbage(): number {
    return this.dropped;
  }

  /**
   * Indexes a document (replacing the urn's earlier one) from its stored text `json`; `row` is the
   * text parsed, asked for only when the text differs from the one indexed.
   */
  put(urn: string, json: string, row: () => SearchRow): void {
    const hash = textHash(json);
    const before = this.idOf(urn);
    if (before !== undefined) {
      if (this.hashOf(before) === hash) return;
      this.drop(before);
    }
    this.add(row(), hash);
  }

  /** The urn's current id. */
  private idOf(urn: string): number | undefined {
    const added = this.ids.get(urn);
    if (added !== undefined) return added;
    const flat = this.pool.find(urn);
    return flat >= 0 && flat < this.flatDocs && this.live.has(flat) ? flat : undefined;
  }

  private add(row: SearchRow, hash: number): void {
    const id = this.flatDocs + this.urns.length;
    let bytes = row.urn.length + BYTES.document;
    this.urns.push(row.urn);
    this.hashes.push(hash);
    this.ids.set(row.urn, id);
    this.live.add(id);
    this.order.add(id);
    if (row.removed) this.removed.add(id);
    let type = this.types.get(row.entityType);
    if (!type) {
      type = new RoaringBitmap32();
      this.types.set(row.entityType, type);
    }
    type.add(id);
    row.text.forEach((text, column) => {
      for (const word of new Set(text.split(' '))) {
        if (word === '') continue;
        const known = this.words.size;
        this.words.add(word, column, id);
        if (this.words.size > known) bytes += word.length + BYTES.word;
        bytes += BYTES.posting;
      }
    });
    const indexed = new Set([...row.keyed, ...row.facets]);
    const facets = new Set(row.facets);
    for (const [field, values] of Object.entries(row.values)) {
      if (values.length === 0) continue;
      const f = this.field(field);
      if (!indexed.has(field)) {
        f.elsewhere.add(id);
        continue;
      }
      f.present.add(id);
      // The urn's own text once in memory, not again for each field holding it.
      const distinct = [...new Set(values)].map((v) => (v === row.urn ? row.urn : v));
      if (facets.has(field)) {
        f.facet.add(id);
        f.column.set(id, distinct);
        bytes += BYTES.facetRow + BYTES.reference * distinct.length;
      }
      for (const value of distinct) {
        const known = f.values.size;
        const added = f.values.add(value, 0, id);
        bytes += BYTES.posting;
        if (f.values.size > known) bytes += value.length + BYTES.value;
        if (typeof added === 'number' || Array.isArray(added)) f.small++;
      }
    }
    this.counted += bytes;
  }

  /** The index holding a snapshot's content, kept as it is (flat). */
  static restore(content: IndexContent): BitmapIndex {
    const index = new BitmapIndex();
    const n = content.documents;
    index.pool = content.pool;
    index.flatDocs = n;
    index.flatHashes = content.hashes;
    let bytes = content.pool.byteLength + n * 8;
    index.live.addRange(0, n);
    index.removed.orInPlace(content.removed);
    for (const [type, docs] of content.types) index.types.set(type, docs);
    index.words = TermTable.restore(4, true, content.words);
    bytes += index.words.flatBytes + severalBytes(content.words);
    for (const field of content.fields) {
      const f = index.field(field.name);
      f.values = TermTable.restore(1, false, field.values);
      f.present = field.present;
      f.facet = field.facet;
      f.elsewhere = field.elsewhere;
      f.column = FacetColumn.restore(field.column);
      for (const p of field.values.several.values()) if (Array.isArray(p)) f.small++;
      f.small += field.values.packed?.size ?? 0;
      for (const one of field.values.one) if (one >= 0) f.small++;
      bytes += f.values.flatBytes + severalBytes(field.values) + f.column.byteLength;
    }
    index.order = UrnOrder.ofSorted(n, index.urnOf, index.isLive);
    index.counted = bytes;
    return index;
  }

  /** The index as it is now, for a snapshot (see IndexImage). */
  image(): IndexImage {
    const docs = this.order.all().filter((id) => this.live.has(id));
    return {
      docs,
      ids: this.flatDocs + this.urns.length,
      pool: { keys: this.pool, documents: this.flatDocs },
      urnOf: this.urnOf,
      hashOf: this.hashOf,
      removed: this.removed.clone(),
      types: this.types,
      words: this.words,
      wordCount: this.words.size,
      fields: [...this.fields].map(([name, f]) => ({
        name,
        values: f.values,
        count: f.values.size,
        present: f.present,
        facet: f.facet,
        elsewhere: f.elsewhere,
        column: (ids: Uint32Array) => f.column.image(ids),
      })),
    };
  }

  /** Sorts new documents into the urn order between other work, when enough have come that a search would. */
  mergeInSlices(pause: () => Promise<void>): Promise<void> {
    return this.order.mergeInSlices(pause);
  }

  /** Sorts what new documents left unsorted, so the first searches after a build do not. */
  settle(): void {
    this.words.settle();
    this.order.settle(true);
  }

  remove(urn: string): void {
    const id = this.idOf(urn);
    if (id === undefined) return;
    this.ids.delete(urn);
    this.drop(id);
  }

  private drop(id: number): void {
    this.live.remove(id);
    this.removed.remove(id);
    this.dropped++;
  }

  private field(name: string): FieldValues {
    let f = this.fields.get(name);
    if (!f) {
      f = {
        values: new TermTable(1),
        present: new RoaringBitmap32(),
        facet: new RoaringBitmap32(),
        column: new FacetColumn(),
        small: 0,
        elsewhere: new RoaringBitmap32(),
      };
      this.fields.set(name, f);
    }
    return f;
  }

  /**
   * The search, or undefined when it needs what this index does not hold: an explicit sort, a filter
   * on a field that some document of the searched types keeps only as free text, or a phrase of
   * several words (word positions are not held here).
   */
  search(q: SearchQuery): SearchPage | undefined {
    if (q.sort && q.sort.length > 0) return undefined;
    // An empty AND holds for every document, so a filter with one matches everything.
    const groups = q.filter.some((and) => and.length === 0) ? [] : q.filter;
    const hits = this.ofTypes(q.entityTypes);
    for (const c of [...groups.flat(), ...matchCriteria(q.match)]) {
      const field = c.field.replace(/\.keyword$/, '');
      if (field !== ENTITY_TYPE_FIELD && this.fields.get(field)?.elsewhere.intersects(hits)) return undefined;
    }
    const terms = new Map<string, RoaringBitmap32[]>();
    const matched = q.match ? this.matching(q.match, terms) : undefined;
    if (matched === null) return undefined;
    if (!q.includeRemoved) hits.andNotInPlace(this.removed);
    if (groups.length > 0) hits.andInPlace(RoaringBitmap32.orMany(groups.map((and) => this.allOf(and))));
    if (matched) hits.andInPlace(matched);
    // Ranking terms are words and single-word phrases here (longer phrases went to SQL above), the
    // query's words first: each of those is required.
    const columns = rankingTerms(q).map((t) => this.termColumns(t, terms) as RoaringBitmap32[]);
    for (const inColumns of columns.slice(0, q.words.length)) hits.andInPlace(RoaringBitmap32.orMany(inColumns));
    const page: SearchPage = { total: hits.size, urns: [], facets: this.facetCounts(hits, q.facetFields, q.facetLimit) };
    let skip = q.start;
    let take = q.count;
    for (const tier of this.tiers(hits, q, columns)) {
      if (take <= 0) break;
      if (skip >= tier.docs.size) {
        skip -= tier.docs.size;
        continue;
      }
      const ids = this.order.page(tier.docs, skip, take);
      for (const id of ids) page.urns.push(this.urnOf(id));
      take -= ids.length;
      skip = 0;
    }
    if (q.byEntityType) {
      const fields = q.byEntityType.fields;
      const byType: NonNullable<SearchPage['entityTypes']> = {};
      for (const type of new Set(q.entityTypes)) {
        const docs = this.types.get(type);
        if (!docs) continue;
        const some = RoaringBitmap32.and(hits, docs);
        if (some.size > 0) byType[type] = { total: some.size, facets: this.facetCounts(some, fields, q.facetLimit) };
      }
      page.entityTypes = byType;
    }
    return page;
  }

  /**
   * The documents a match holds for (a new bitmap, which may hold dropped ids: the hits leave them
   * out), or null when it holds a phrase of several words. `terms` keeps each text term's documents
   * by column, for ranking after.
   */
  private matching(m: Match, terms: Map<string, RoaringBitmap32[]>): RoaringBitmap32 | null {
    switch (m.kind) {
      case 'word':
      case 'phrase': {
        const columns = this.termColumns(m, terms);
        return columns ? RoaringBitmap32.orMany(columns) : null;
      }
      case 'criterion':
        return this.criterion(m.criterion);
      case 'not': {
        const inner = this.matching(m.of, terms);
        return inner && RoaringBitmap32.andNot(this.live, inner);
      }
      case 'and':
      case 'or': {
        let docs: RoaringBitmap32 | undefined;
        for (const part of m.of) {
          const one = this.matching(part, terms);
          if (!one) return null;
          docs = !docs ? one : m.kind === 'and' ? docs.andInPlace(one) : docs.orInPlace(one);
        }
        return docs ?? (m.kind === 'and' ? this.live.clone() : new RoaringBitmap32());
      }
    }
  }

  /** A text term's documents in each text column (remembered in `terms`); undefined for a phrase of several words. */
  private termColumns(t: TextTerm, terms: Map<string, RoaringBitmap32[]>): RoaringBitmap32[] | undefined {
    const word = t.kind === 'word' ? t.word : t.words.length === 1 ? (t.words[0] as string) : undefined;
    if (word === undefined) return undefined;
    const prefix = t.kind === 'word' && t.prefix;
    const key = `${prefix ? '*' : '='}${word}`;
    let columns = terms.get(key);
    if (!columns) {
      columns = prefix ? this.columnsWithPrefix(word) : this.columnsOf(word);
      terms.set(key, columns);
    }
    return columns;
  }

  /** Live documents of these types. */
  private ofTypes(types: readonly string[]): RoaringBitmap32 {
    const sets = [...new Set(types)].flatMap((t) => this.types.get(t) ?? []);
    const docs = sets.length > 0 ? RoaringBitmap32.orMany(sets) : new RoaringBitmap32();
    return docs.andInPlace(this.live);
  }

  /** For a query word, the documents with a word starting with it, in each text column. */
  private columnsWithPrefix(prefix: string): RoaringBitmap32[] {
    const found: Array<Array<Postings | undefined>> = [[], [], [], []];
    for (const t of this.words.withPrefix(prefix)) for (let c = 0; c < 4; c++) found[c]?.push(this.words.postings(t, c));
    return found.map((list) => unionOf(list));
  }

  /** For a whole word, the documents holding it, in each text column. */
  private columnsOf(word: string): RoaringBitmap32[] {
    const t = this.words.find(word);
    return [0, 1, 2, 3].map((c) => unionOf([t < 0 ? undefined : this.words.postings(t, c)]));
  }

  private allOf(and: readonly Criterion[]): RoaringBitmap32 {
    let docs: RoaringBitmap32 | undefined;
    for (const c of and) {
      const one = this.criterion(c);
      docs = docs ? docs.andInPlace(one) : one;
    }
    return docs ?? this.live.clone();
  }

  private criterion(c: Criterion): RoaringBitmap32 {
    const docs = this.meeting(c);
    return c.negated ? RoaringBitmap32.andNot(this.live, docs) : docs;
  }

  /** The documents meeting a criterion, negation aside (a new bitmap). */
  private meeting(c: Criterion): RoaringBitmap32 {
    const name = c.field.replace(/\.keyword$/, '');
    if (c.values.length === 0 && c.condition !== 'EXISTS' && c.condition !== 'IS_NULL') return new RoaringBitmap32();
    if (name === ENTITY_TYPE_FIELD) return unionOf(c.values.map((t) => this.types.get(t)));
    const f = this.fields.get(name);
    if (!f) return c.condition === 'IS_NULL' ? this.live.clone() : new RoaringBitmap32();
    const where = (test: (value: string) => boolean) => {
      const found: Array<Postings | undefined> = [];
      for (let t = 0; t < f.values.size; t++) if (test(f.values.key(t))) found.push(f.values.postings(t));
      return unionOf(found);
    };
    const anyValue = (test: (value: string, wanted: string) => boolean) => where((v) => c.values.some((w) => test(v, w)));
    switch (c.condition) {
      case 'EXISTS':
        return f.present.clone();
      case 'IS_NULL':
        return RoaringBitmap32.andNot(this.live, f.present);
      case 'EQUAL':
      case 'IN':
        return unionOf(c.values.flatMap((w) => this.valuesEqualTo(name, w.toLowerCase())));
      case 'CONTAIN':
        return anyValue((v, w) => v.toLowerCase().includes(w.toLowerCase()));
      case 'START_WITH':
        return anyValue((v, w) => v.toLowerCase().startsWith(w.toLowerCase()));
      case 'END_WITH':
        return anyValue((v, w) => v.toLowerCase().endsWith(w.toLowerCase()));
      case 'PATH_WITHIN':
        return anyValue((v, w) => v === w || v.startsWith(`${w}${BROWSE_PATH_V2_DELIMITER}`));
      case 'WILDCARD': {
        const patterns = c.values.map(wildcardRegExp);
        return where((v) => {
          const lower = v.toLowerCase();
          return patterns.some((p) => p.test(lower));
        });
      }
      case 'GREATER_THAN':
        return anyValue((v, w) => compare(v, w) > 0);
      case 'GREATER_THAN_OR_EQUAL_TO':
        return anyValue((v, w) => compare(v, w) >= 0);
      case 'LESS_THAN':
        return anyValue((v, w) => compare(v, w) < 0);
      case 'LESS_THAN_OR_EQUAL_TO':
        return anyValue((v, w) => compare(v, w) <= 0);
    }
  }

  /**
   * The hits split by rank, best first: exact name match, then score, as the SQL search ranks
   * (lower is better: minus the weights of the text columns hit, times the value weights).
   */
  private tiers(hits: RoaringBitmap32, q: SearchQuery, columns: RoaringBitmap32[][]): Tier[] {
    if (hits.size === 0) return [];
    type Cell = { docs: RoaringBitmap32; exact: number; hit: boolean[]; weighted: boolean[] };
    const split = (cells: Cell[], by: RoaringBitmap32, set: (cell: Cell, inside: boolean) => Cell): Cell[] =>
      cells.flatMap((cell) => {
        const inside = RoaringBitmap32.and(cell.docs, by);
        const outside = RoaringBitmap32.andNot(cell.docs, by);
        return [
          ...(inside.size > 0 ? [set({ ...cell, docs: inside }, true)] : []),
          ...(outside.size > 0 ? [set({ ...cell, docs: outside }, false)] : []),
        ];
      });
    let cells: Cell[] = [{ docs: hits, exact: 1, hit: [false, false, false, false], weighted: q.weights.map(() => false) }];
    if (q.phrase && q.nameFields.length > 0) {
      const phrase = q.phrase.toLowerCase();
      const exact = unionOf(q.nameFields.flatMap((n) => this.valuesEqualTo(n, phrase)));
      cells = split(cells, exact, (cell, inside) => ({ ...cell, exact: inside ? 0 : 1 }));
    }
    if (columns.length > 0)
      for (let c = 0; c < 4; c++) {
        const hitColumn = RoaringBitmap32.orMany(columns.map((inColumns) => inColumns[c] as RoaringBitmap32));
        cells = split(cells, hitColumn, (cell, inside) => ({ ...cell, hit: cell.hit.map((h, i) => (i === c ? inside : h)) }));
      }
    q.weights.forEach((w, k) => {
      const weighted = unionOf(this.valuesEqualTo(w.field, w.value.toLowerCase()));
      cells = split(cells, weighted, (cell, inside) => ({ ...cell, weighted: cell.weighted.map((b, i) => (i === k ? inside : b)) }));
    });
    const tiers = new Map<string, Tier>();
    for (const cell of cells) {
      let score = columns.length > 0 ? -TEXT_WEIGHTS.reduce((sum, weight, i) => sum + (cell.hit[i] ? 1 : 0) * weight, 0) : -1;
      q.weights.forEach((w, k) => {
        score *= cell.weighted[k] ? w.weight : 1;
      });
      const key = `${cell.exact} ${scoreKey(score)}`;
      const tier = tiers.get(key);
      if (tier) tier.docs.orInPlace(cell.docs);
      else tiers.set(key, { exact: cell.exact, score: scoreKey(score), docs: cell.docs });
    }
    return [...tiers.values()].sort((a, b) => a.exact - b.exact || a.score - b.score);
  }

  /** Postings of a field's values equal to a lower-cased text, ignoring case. */
  private valuesEqualTo(field: string, lower: string): Postings[] {
    const f = this.fields.get(field);
    if (!f) return [];
    return [f.values.find(lower), ...f.values.lowered(lower)].flatMap((t) => (t < 0 ? [] : (f.values.postings(t) ?? [])));
  }

  /**
   * Field → value → number of hits with that value, for the hits where the field is a facet; the
   * `limit` most frequent values of each field.
   */
  private facetCounts(
    hits: RoaringBitmap32,
    fields: readonly string[],
    limit = Number.POSITIVE_INFINITY,
  ): Record<string, Record<string, number>> {
    const out: Record<string, Record<string, number>> = {};
    for (const field of new Set(fields)) {
      const f = this.fields.get(field);
      if (!f) continue;
      const within = RoaringBitmap32.and(hits, f.facet);
      if (within.size === 0) continue;
      // Hits hold values of the field, none of them asked for: the field is named, as SQL names it,
      // whichever way below would have counted.
      if (limit <= 0) {
        out[field] = {};
        continue;
      }
      // Costs in about the same unit: a pass over the hits, or a test per value and per small posting.
      const counts =
        within.size + f.column.values < f.values.size * 100 + f.small * 20 ? f.column.count(within, limit) : perValue(f.values, within);
      if (counts.length > 0) out[field] = Object.fromEntries(Number.isFinite(limit) ? topCounts(counts, limit) : counts);
    }
    return out;
  }
}

/** Each value's documents within `docs`, those with any. */
function perValue(values: TermTable, docs: RoaringBitmap32): Array<[string, number]> {
  const counts: Array<[string, number]> = [];
  for (let t = 0; t < values.size; t++) {
    const postings = values.postings(t);
    const n = postings === undefined ? 0 : countIn(postings, docs);
    if (n > 0) counts.push([values.key(t), n]);
  }
  return counts;
}

/** What the postings of several documents take, about. */
function severalBytes(terms: FlatTerms): number {
  let bytes = 0;
  for (const p of terms.several.values()) bytes += BYTES.posting * (typeof p === 'number' ? 1 : Array.isArray(p) ? p.length : p.size);
  return bytes;
}

/** A value against a bound: as numbers when the bound is one (values that are not never compare), else as text. */
function compare(value: string, bound: string): number {
  if (NUMERIC.test(bound)) return NUMERIC.test(value) ? Number(value) - Number(bound) : Number.NaN;
  return value < bound ? -1 : value > bound ? 1 : 0;
}

/** 53 bits of the text's SHA-1: native hashing takes a quarter of the time a JavaScript loop over the text does. */
function textHash(text: string): number {
  const digest = createHash('sha1').update(text).digest();
  return digest.readUInt32LE(0) * 0x200000 + (digest.readUInt32LE(4) >>> 11);
}
