/**
 * The search contract (`SearchIndex.search`, store/types.ts) as a plain scan over search rows, for
 * the differential test to hold any index against: every row is tested against every part of the
 * query, then the hits are sorted and counted. Slow on purpose; meant to be read, not run on a
 * catalog.
 *
 * Text is compared as both databases compare it: equality and LIKE-style matches ignore case,
 * ordering (sort keys, ranges, urns) is by code point. Case is folded with toLowerCase, which agrees
 * with both databases on ASCII; the generated catalogs keep to it.
 */
import { TEXT_WEIGHTS } from '../src/indexing/searchRow.js';
import {
  BROWSE_PATH_V2_DELIMITER,
  ENTITY_TYPE_FIELD,
  type Criterion,
  type Match,
  type SearchPage,
  type SearchQuery,
  type SearchRow,
} from '../src/store/types.js';

/** A value that is also compared and sorted as a number. */
const NUMERIC = /^-?\d+(\.\d+)?$/;

const SURROGATE = /[\uD800-\uDFFF]/;

/** Code point order, as SQLite's BINARY and PostgreSQL's "C" collation order UTF-8 text. */
export function compareText(a: string, b: string): number {
  // Without surrogates (characters beyond U+FFFF), UTF-16 order is code point order.
  if (!SURROGATE.test(a) && !SURROGATE.test(b)) return a < b ? -1 : a > b ? 1 : 0;
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

const field = (name: string) => name.replace(/\.keyword$/, '');
const valuesOf = (row: SearchRow, name: string): string[] => row.values[name] ?? [];
const lower = (s: string) => s.toLowerCase();

/** Whether one criterion holds for a row, before negation. */
function holds(row: SearchRow, c: Criterion): boolean {
  const name = field(c.field);
  if (c.condition === 'EXISTS' || c.condition === 'IS_NULL') {
    const present = name === ENTITY_TYPE_FIELD || valuesOf(row, name).length > 0;
    return c.condition === 'EXISTS' ? present : !present;
  }
  // An explicit empty list of values: nothing matches it.
  if (c.values.length === 0) return false;
  // The entity type is matched exactly, whatever the condition.
  if (name === ENTITY_TYPE_FIELD) return c.values.includes(row.entityType);
  const values = valuesOf(row, name);
  const some = (test: (value: string, wanted: string) => boolean) => c.values.some((w) => values.some((v) => test(v, w)));
  switch (c.condition) {
    case 'EQUAL':
    case 'IN':
      return some((v, w) => lower(v) === lower(w));
    case 'CONTAIN':
      return some((v, w) => lower(v).includes(lower(w)));
    case 'START_WITH':
      return some((v, w) => lower(v).startsWith(lower(w)));
    case 'END_WITH':
      return some((v, w) => lower(v).endsWith(lower(w)));
    case 'PATH_WITHIN':
      return some((v, w) => v === w || v.startsWith(`${w}${BROWSE_PATH_V2_DELIMITER}`));
    case 'GREATER_THAN':
      return some((v, w) => compare(v, w, (d) => d > 0));
    case 'GREATER_THAN_OR_EQUAL_TO':
      return some((v, w) => compare(v, w, (d) => d >= 0));
    case 'LESS_THAN':
      return some((v, w) => compare(v, w, (d) => d < 0));
    case 'LESS_THAN_OR_EQUAL_TO':
      return some((v, w) => compare(v, w, (d) => d <= 0));
    case 'WILDCARD':
      return some((v, w) => wildcard(w).test(lower(v)));
  }
}

/** A pattern as a regular expression: `*` any run, `?` one character, `\` quotes the next; the whole value, ignoring case. */
function wildcard(pattern: string): RegExp {
  let body = '';
  for (let i = 0; i < pattern.length; i++) {
    let c = pattern[i]!;
    if (c === '\\' && i + 1 < pattern.length) c = pattern[++i]!;
    else if (c === '*' || c === '?') {
      body += c === '*' ? '.*' : '.';
      continue;
    }
    body += lower(c).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${body}$`, 'su');
}

/** A numeric bound compares numeric values as numbers (other values never meet it); a text bound compares every value as text. */
function compare(value: string, bound: string, ok: (difference: number) => boolean): boolean {
  if (NUMERIC.test(bound)) {
    if (!NUMERIC.test(value)) return false;
    const v = Number(value);
    const b = Number(bound);
    return ok(v < b ? -1 : v > b ? 1 : 0);
  }
  return ok(compareText(value, bound));
}

/** OR of ANDs. No filter is no condition, and neither is an empty AND (as an empty bool query matches everything in DataHub). */
const passes = (row: SearchRow, filter: SearchQuery['filter']) =>
  filter.length === 0 || filter.some((and) => and.every((c) => holds(row, c) !== c.negated));

const split = new Map<string, string[]>();
/** The words of a text column (remembered: the same texts are split query after query). */
function tokens(column: string): string[] {
  let words = split.get(column);
  if (!words) {
    words = column.split(' ').filter((t) => t !== '');
    split.set(column, words);
  }
  return words;
}

/** Every query word is a prefix of some word, in any of the four columns. */
const matchesWords = (row: SearchRow, words: readonly string[]) =>
  words.every((w) => row.text.some((column) => tokens(column).some((t) => t.startsWith(w))));

/** The phrase's words in sequence, each equal to a word of one column. */
const hasPhrase = (column: string, words: readonly string[]) => {
  const t = tokens(column);
  for (let i = 0; i + words.length <= t.length; i++) if (words.every((w, j) => t[i + j] === w)) return true;
  return false;
};

/** A text term (a word, a prefix, a phrase) in one column. */
function termIn(term: Extract<Match, { kind: 'word' | 'phrase' }>, column: string): boolean {
  if (term.kind === 'phrase') return hasPhrase(column, term.words);
  return tokens(column).some((t) => (term.prefix ? t.startsWith(term.word) : t === term.word));
}

/** Whether a match holds for a row. */
function holdsMatch(row: SearchRow, m: Match): boolean {
  switch (m.kind) {
    case 'word':
    case 'phrase':
      return row.text.some((column) => termIn(m, column));
    case 'criterion':
      return holds(row, m.criterion) !== m.criterion.negated;
    case 'and':
      return m.of.every((part) => holdsMatch(row, part));
    case 'or':
      return m.of.some((part) => holdsMatch(row, part));
    case 'not':
      return !holdsMatch(row, m.of);
  }
}

/** The text terms that rank: the words, and the match's terms under an even number of negations. */
function rankingTerms(q: SearchQuery): Array<Extract<Match, { kind: 'word' | 'phrase' }>> {
  const out: Array<Extract<Match, { kind: 'word' | 'phrase' }>> = q.words.map((word) => ({ kind: 'word', word, prefix: true }));
  const visit = (m: Match, negated: boolean): void => {
    if (m.kind === 'word' || m.kind === 'phrase') {
      if (!negated) out.push(m);
    } else if (m.kind === 'not') visit(m.of, !negated);
    else if (m.kind === 'and' || m.kind === 'or') for (const part of m.of) visit(part, negated);
  };
  if (q.match) visit(q.match, false);
  return out;
}

const hasValue = (row: SearchRow, name: string, value: string) => valuesOf(row, name).some((v) => lower(v) === lower(value));

/** Lower is better: minus the weights of the columns a ranking term hits (or -1 without such terms), times the weights of the values the row has. */
function score(row: SearchRow, q: SearchQuery): number {
  let s = -1;
  const terms = rankingTerms(q);
  if (terms.length > 0) {
    let sum = 0;
    for (const [i, column] of row.text.entries()) sum += (terms.some((t) => termIn(t, column)) ? 1 : 0) * TEXT_WEIGHTS[i]!;
    s = -sum;
  }
  for (const w of q.weights) if (hasValue(row, w.field, w.value)) s *= w.weight;
  return s;
}

/** A name field holding the whole query (ignoring case) ranks first. */
function isExact(row: SearchRow, q: SearchQuery): boolean {
  const phrase = q.phrase;
  return !!phrase && q.nameFields.some((f) => hasValue(row, f, phrase));
}

type Key = number | string | null;

/** Nulls last whichever the direction. */
function compareKeys(a: Key, b: Key, descending: boolean): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  const d = typeof a === 'number' && typeof b === 'number' ? (a < b ? -1 : a > b ? 1 : 0) : compareText(String(a), String(b));
  return descending ? -d : d;
}

/** Sort keys of a row: per sort key, the least number then the least text among its fields' values. */
function sortKeys(row: SearchRow, sort: NonNullable<SearchQuery['sort']>): Array<{ key: Key; descending: boolean }> {
  return sort.flatMap(({ fields, order }) => {
    if (fields.length === 0) return [];
    const values = fields.flatMap((f) => valuesOf(row, field(f)));
    const numbers = values.filter((v) => NUMERIC.test(v)).map(Number);
    const least = (xs: Key[], cmp: (a: Key, b: Key) => number) => xs.reduce<Key>((m, x) => (m === null || cmp(x, m) < 0 ? x : m), null);
    const descending = order === 'DESCENDING';
    return [
      { key: least(numbers, (a, b) => compareKeys(a, b, false)), descending },
      { key: least(values, (a, b) => compareKeys(a, b, false)), descending },
    ];
  });
}

/** Field → value → number of rows, for the asked fields that are facets of each row; the `limit` most frequent values. */
function countFacets(rows: readonly SearchRow[], fields: readonly string[], limit?: number): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const row of rows)
    for (const f of fields) {
      if (!row.facets.includes(f)) continue;
      for (const v of valuesOf(row, f)) {
        const counts = out[f] ?? {};
        counts[v] = (counts[v] ?? 0) + 1;
        out[f] = counts;
      }
    }
  if (limit === undefined) return out;
  // Sorted whole, unlike the store's one-pass selection.
  const top = (counts: Record<string, number>) =>
    Object.fromEntries(
      Object.entries(counts)
        .sort(([va, a], [vb, b]) => b - a || compareText(va, vb))
        .slice(0, limit),
    );
  return Object.fromEntries(Object.entries(out).map(([f, counts]): [string, Record<string, number>] => [f, top(counts)]));
}

export function referenceSearch(rows: Iterable<SearchRow>, q: SearchQuery): SearchPage {
  const hits = [...rows].filter(
    (row) =>
      q.entityTypes.includes(row.entityType) &&
      (q.includeRemoved || !row.removed) &&
      matchesWords(row, q.words) &&
      (!q.match || holdsMatch(row, q.match)) &&
      passes(row, q.filter),
  );
  const sort = q.sort && q.sort.length > 0 ? q.sort : undefined;
  const ranked = hits.map((row) => ({
    row,
    keys: sort
      ? sortKeys(row, sort)
      : [
          { key: isExact(row, q) ? 0 : 1, descending: false },
          { key: score(row, q), descending: false },
        ],
  }));
  ranked.sort((a, b) => {
    for (const [i, k] of a.keys.entries()) {
      const d = compareKeys(k.key, b.keys[i]!.key, k.descending);
      if (d !== 0) return d;
    }
    return compareText(a.row.urn, b.row.urn);
  });
  const page: SearchPage = {
    total: hits.length,
    urns: ranked.slice(q.start, q.start + q.count).map((r) => r.row.urn),
    facets: countFacets(hits, q.facetFields, q.facetLimit),
  };
  if (q.byEntityType) {
    const types = [...new Set(hits.map((r) => r.entityType))];
    page.entityTypes = Object.fromEntries(
      types.map((t) => {
        const ofType = hits.filter((r) => r.entityType === t);
        return [t, { total: ofType.length, facets: countFacets(ofType, q.byEntityType!.fields, q.facetLimit) }];
      }),
    );
  }
  return page;
}
