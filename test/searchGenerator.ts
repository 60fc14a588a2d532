/**
 * Random search rows and search queries for the differential test (src/store/searchDifferential.test.ts),
 * shaped as the indexer and the search service make them, so the store is asked what it is asked in
 * use, edge cases included: several entity types with fields of their own, fields keyed for one type
 * and not another, multi-valued fields, numbers and not-quite-numbers, browse paths, values holding
 * LIKE's wildcards, text whose words share prefixes; and queries with words, exact names, weights,
 * filters of every condition (negated, OR of ANDs, empty value lists), sorts, pages past the end and
 * facets. The same seed gives the same catalog and queries.
 *
 * Text is ASCII (plus the browse path delimiter): beyond it SQLite and PostgreSQL fold case differently.
 */
import { textTokens } from '../src/indexing/searchRow.js';
import {
  BROWSE_PATH_V2_DELIMITER as P,
  ENTITY_TYPE_FIELD,
  type Condition,
  type Criterion,
  type Match,
  type SearchQuery,
  type SearchRow,
  type Store,
} from '../src/store/types.js';

/** mulberry32: small and good enough to pick words; one stream per seed. */
export class Random {
  private a: number;
  constructor(seed: number) {
    this.a = seed >>> 0;
  }
  next(): number {
    this.a = (this.a + 0x6d2b79f5) >>> 0;
    let t = this.a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(xs: readonly T[]): T {
    if (xs.length === 0) throw new Error('pick from nothing');
    return xs[this.int(xs.length)]!;
  }
  /** Up to `max` distinct elements, in random order. */
  some<T>(xs: readonly T[], max: number, min = 0): T[] {
    const n = Math.min(xs.length, min + this.int(max - min + 1));
    const pool = [...xs];
    const out: T[] = [];
    while (out.length < n) out.push(pool.splice(this.int(pool.length), 1)[0]!);
    return out;
  }
}

/** Words sharing prefixes (ord, order, orders, ordering…), so prefix matching is put to the test. */
const VOCABULARY = (
  'ord order orders ordering ordinal cust customer customers custody sale sales salesforce event events eventual ' +
  'user users usage day daily data database date rev revenue review pi pii pipeline kafka hive snow snowflake ' +
  'id ids idx tab table tag tags x9 a1 a1b v2 20 202 2023 2024 7 007'
).split(' ');

export const ENTITY_TYPES = ['dataset', 'chart', 'dashboard', 'tag', 'corpuser'] as const;

/** Fields whose values equal to the query rank first, as the service asks (boost ≥ 8: keyed). */
export const NAME_FIELDS = ['name', 'qualifiedName'];

/** Facets of some entity type: every row having them lists them, as buildSearchRow does. */
const FACET_FIELDS = ['platform', 'origin', 'tags', 'owners', 'typeNames', 'browsePathV2', 'structuredProperties.io_acryl_privacy'];

/**
 * Each type's fields, keyed (looked up by value) before the bar, not keyed after it. Names, weighted
 * fields and facets are keyed for every type, as the registry makes them (isKeyed).
 */
const SCHEMA: Record<string, Record<string, boolean>> = Object.fromEntries(
  Object.entries({
    dataset:
      'urn name qualifiedName tags owners platform origin deprecated removed rowCount lastModified browsePathV2 typeNames ' +
      'structuredProperties.io_acryl_privacy | description fieldPaths customProperties',
    chart:
      'urn name qualifiedName fieldPaths tags owners platform deprecated removed lastModified browsePathV2 typeNames | ' +
      'description customProperties',
    dashboard:
      'urn name tags owners platform deprecated removed lastModified browsePathV2 customProperties ' +
      'structuredProperties.io_acryl_privacy | description',
    tag: 'urn name description owners removed |',
    corpuser: 'urn name active removed | description customProperties rowCount',
  }).map(([type, fields]) => {
    const [keyed = '', unkeyed = ''] = fields.split('|');
    const names = (list: string) => list.split(' ').filter((f) => f !== '');
    return [type, Object.fromEntries([...names(keyed).map((f) => [f, true]), ...names(unkeyed).map((f) => [f, false])])];
  }),
);

/** Every field some type has, and some no type has. */
export const FIELDS = [...new Set(Object.values(SCHEMA).flatMap((s) => Object.keys(s))), 'nonexistent'];

/** Words PostgreSQL's parser reads as a number and a word (`3e4f2a`: 3e4, f2a), SQLite's as one: tested on their own (searchDifferential.test.ts). */
const SPLIT_BY_POSTGRES = /(^|[^a-z0-9])\d+e\d+[a-z]/;

const flipCase = (r: Random, s: string) =>
  [...s].map((c) => (r.chance(0.3) ? (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()) : c)).join('');

function nameOf(r: Random): string {
  const words = r.some(VOCABULARY, 3, 1);
  switch (r.int(3)) {
    case 0:
      return words.join('_');
    case 1:
      return words.map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1))).join('');
    default:
      return flipCase(r, words.join(' '));
  }
}

const sentence = (r: Random, max: number) => Array.from({ length: 1 + r.int(max) }, () => r.pick(VOCABULARY)).join(' ');

/** Numbers and values that only look like them (not compared as numbers). */
const NUMBERISH = '0 7 007 -3 -0 12 12.5 12.50 100 99999999999 3.14159 -2.5 1e5 .5 1. n/a 12abc +4'.split(' ');

const PATH_SEGMENTS = ['prod', 'Prod', 'dev', 'db', 'db2', 'marts', 'martsx', 'raw', 'x'];

function browsePath(r: Random): string {
  return Array.from({ length: 1 + r.int(3) }, () => `${P}${r.pick(PATH_SEGMENTS)}`).join('');
}

/** Values holding LIKE's wildcards and escape, matched literally by CONTAIN, START_WITH and END_WITH. */
const PROPERTIES = ['retention=30%', 'owner_team=data_eng', 'path=C:\\tmp\\x', '100%_sure', 'tier=gold', 'Tier=Gold', 'a_b', 'a%b', 'aXb'];

function valuesFor(r: Random, type: string, field: string, urn: string, name: string): string[] {
  const many = (make: () => string, max: number) => [...new Set(Array.from({ length: 1 + r.int(max) }, make))];
  switch (field) {
    case 'urn':
      return [urn];
    case 'name':
      return [name];
    case 'qualifiedName':
      return [r.chance(0.3) ? name : `${r.pick(['db', 'prod', 'Db'])}.${r.pick(['public', 'sales'])}.${name}`];
    case 'description':
      return [r.chance(0.2) ? `${sentence(r, 4)} ${r.pick(PROPERTIES)}` : sentence(r, 6)];
    case 'fieldPaths':
      return many(() => `${r.pick(VOCABULARY)}_${r.pick(VOCABULARY)}`, 4);
    case 'tags':
      return many(() => `urn:li:tag:${r.pick(['pii', 'PII', 'gold', 'legacy', 'pi'])}`, 3);
    case 'owners':
      return many(() => `urn:li:corpuser:${r.pick(['alice', 'bob', 'Bob', 'carol'])}`, 2);
    case 'platform':
      return [`urn:li:dataPlatform:${r.pick(['hive', 'snowflake', 'kafka', 'looker'])}`];
    case 'origin':
      return [r.pick(['PROD', 'DEV', 'prod'])];
    case 'deprecated':
    case 'active':
      return [r.chance(0.3) ? 'true' : 'false'];
    case 'rowCount':
      return many(() => r.pick(NUMBERISH), 2);
    case 'lastModified':
      return [String(1_700_000_000_000 + r.int(5) * 86_400_000)];
    case 'browsePathV2':
      return many(() => browsePath(r), 2);
    case 'customProperties':
      return many(() => r.pick(PROPERTIES), 3);
    case 'typeNames':
      return many(() => r.pick(type === 'chart' ? ['Look', 'look', 'Chart'] : ['Table', 'View', 'table']), 2);
    case 'structuredProperties.io_acryl_privacy':
      return many(() => r.pick(['PII', 'Public', '3.5', '10']), 2);
    default:
      throw new Error(`no values for ${field}`);
  }
}

/** Words the way the indexer writes them: a field's text in the column of its boost. */
const COLUMN_OF: Record<string, number> = {
  urn: 0,
  name: 0,
  qualifiedName: 1,
  tags: 1,
  description: 2,
  fieldPaths: 3,
  customProperties: 3,
};

/** A row of entity `urn`, as buildSearchRow would make it from some document. */
export function randomRow(r: Random, urn: string, type: string, removed = r.chance(0.15)): SearchRow {
  const schema = SCHEMA[type]!;
  const name = nameOf(r);
  const values: Record<string, string[]> = {};
  for (const field of Object.keys(schema)) {
    if (field === 'removed') continue;
    if (field === 'urn' || field === 'name' || r.chance(0.7)) values[field] = valuesFor(r, type, field, urn, name);
  }
  values.removed = [String(removed)];
  const text: string[][] = [[], [], [], []];
  for (const [field, list] of Object.entries(values)) {
    const column = COLUMN_OF[field];
    if (column !== undefined) for (const v of list) text[column]!.push(textTokens(v).join(' '));
  }
  // Words of no field in the rows, so columns also hit on their own.
  if (r.chance(0.3)) text[r.int(4)]!.push(sentence(r, 3));
  const row: SearchRow = {
    urn,
    entityType: type,
    removed,
    values,
    keyed: Object.keys(values).filter((f) => schema[f]),
    facets: Object.keys(values).filter((f) => FACET_FIELDS.includes(f)),
    text: text.map((t) => t.join(' ')) as SearchRow['text'],
  };
  for (const t of row.text) if (SPLIT_BY_POSTGRES.test(t)) throw new Error(`generated text '${t}' is one PostgreSQL splits differently`);
  return row;
}

/** The same entity a write later: another document, or the same one with a flag or a few values changed (its text as it was). */
export function changedRow(r: Random, row: SearchRow): SearchRow {
  if (r.chance(0.5)) return randomRow(r, row.urn, row.entityType);
  const values = structuredClone(row.values);
  const removed = r.chance(0.3) ? !row.removed : row.removed;
  values.removed = [String(removed)];
  const schema = SCHEMA[row.entityType]!;
  for (const field of r.some(['tags', 'owners', 'rowCount', 'deprecated', 'origin', 'browsePathV2'], 2)) {
    if (!(field in schema)) continue;
    if (r.chance(0.3)) delete values[field];
    else values[field] = valuesFor(r, row.entityType, field, row.urn, row.values.name?.[0] ?? '');
  }
  return {
    ...row,
    removed,
    values,
    keyed: Object.keys(values).filter((f) => schema[f]),
    facets: Object.keys(values).filter((f) => FACET_FIELDS.includes(f)),
  };
}

export function randomUrn(r: Random, type: string, i: number): string {
  return `urn:li:${type}:${r.pick(['', 'x', 'Sales', 'ord'])}${nameOf(r).replace(/ /g, '_')}${i}`;
}

const CONDITIONS: Condition[] = [
  'EQUAL',
  'IN',
  'CONTAIN',
  'START_WITH',
  'END_WITH',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL_TO',
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL_TO',
  'EXISTS',
  'IS_NULL',
  'PATH_WITHIN',
  'WILDCARD',
];

/** What queries are made of: the values, words and names of the catalog as written. */
export interface Pools {
  values: Map<string, string[]>;
  words: string[];
  names: string[];
  /** Runs of two or three words that follow each other in some text column. */
  runs: string[][];
}

export function pools(rows: Iterable<SearchRow>): Pools {
  const values = new Map<string, Set<string>>();
  const words = new Set<string>();
  const names = new Set<string>();
  const runs = new Set<string>();
  for (const row of rows) {
    for (const [f, list] of Object.entries(row.values)) for (const v of list) (values.get(f) ?? values.set(f, new Set()).get(f)!).add(v);
    for (const t of row.text) {
      const split = t.split(' ').filter((w) => w !== '');
      for (const w of split) words.add(w);
      for (let i = 0; i + 1 < split.length; i++) {
        runs.add(split.slice(i, i + 2).join(' '));
        if (i + 2 < split.length) runs.add(split.slice(i, i + 3).join(' '));
      }
    }
    for (const f of NAME_FIELDS) for (const v of row.values[f] ?? []) names.add(v);
  }
  return {
    values: new Map([...values].map(([f, s]) => [f, [...s].sort()])),
    words: [...words].sort(),
    names: [...names].sort(),
    runs: [...runs].sort().map((run) => run.split(' ')),
  };
}

/** A value a criterion on `field` might hold: one of the field's, changed in ways each condition must see through or not. */
function criterionValue(r: Random, p: Pools, field: string, condition: Condition): string {
  const known = p.values.get(field) ?? p.values.get('name')!;
  const v = r.chance(0.9) ? r.pick(known) : r.pick(['zzz', '', '%', '_', '\\', 'urn:li:', '12', '-1']);
  switch (condition) {
    case 'CONTAIN':
    case 'START_WITH':
    case 'END_WITH': {
      // Short pieces as often as long ones: they also occur elsewhere in the values.
      const length = r.chance(0.5) ? 1 + r.int(4) : r.int(v.length + 1);
      const from = condition === 'START_WITH' ? 0 : condition === 'END_WITH' ? Math.max(0, v.length - length) : r.int(v.length + 1);
      const to = Math.min(v.length, from + length);
      return flipCase(r, r.chance(0.8) ? v.slice(from, to) : r.pick(['%', '_', '\\', 'a_b', 'a%b', '30%', '=']));
    }
    case 'WILDCARD': {
      // Pieces of the value kept, others replaced by `*` or `?`; LIKE's own wildcards and the escape
      // character stay literal (escaped with `\\` when they are ours).
      const chars = [...v];
      let pattern = '';
      for (let i = 0; i < chars.length; ) {
        const roll = r.int(10);
        if (roll === 0) {
          pattern += '*';
          i += r.int(4);
        } else if (roll === 1) {
          pattern += '?';
          i++;
        } else {
          const c = chars[i++]!;
          pattern += c === '*' || c === '?' || c === '\\' ? `\\${c}` : c;
        }
      }
      if (r.chance(0.2)) pattern = r.chance(0.5) ? `*${pattern}` : `${pattern}*`;
      return flipCase(r, r.chance(0.05) ? r.pick(['*', '?', '%', '_', '\\*', 'a\\?b', '']) : pattern);
    }
    case 'PATH_WITHIN': {
      if (!v.startsWith(P) || r.chance(0.1)) return r.chance(0.5) ? v : `${P}${r.pick(PATH_SEGMENTS)}`;
      const segments = v.split(P).slice(1);
      const kept = segments.slice(0, 1 + r.int(segments.length));
      const path = kept.map((s) => `${P}${s}`).join('');
      const choice = r.int(5);
      return choice === 0 ? path.slice(0, -1) : choice === 1 ? `${path}${P}` : choice === 2 ? flipCase(r, path) : path;
    }
    case 'GREATER_THAN':
    case 'GREATER_THAN_OR_EQUAL_TO':
    case 'LESS_THAN':
    case 'LESS_THAN_OR_EQUAL_TO':
      return r.chance(0.5) ? r.pick(NUMBERISH) : r.chance(0.3) ? v.slice(0, r.int(v.length + 1)) : v;
    default:
      return r.chance(0.4) ? flipCase(r, v) : v;
  }
}

/**
 * A condition of a query's text, as the service makes one from DataHub's syntax: words and prefixes,
 * phrases (runs of words some column has, or not), criteria, under AND, OR and NOT, nested.
 */
export function randomMatch(r: Random, p: Pools, types: readonly string[], depth = 0): Match {
  const roll = r.int(depth >= 2 ? 6 : 10);
  if (roll < 2) return { kind: 'word', word: randomWord(r, p), prefix: r.chance(0.7) };
  if (roll < 3) {
    const run = r.chance(0.8) && p.runs.length > 0 ? r.pick(p.runs) : r.some(p.words, 3, 1);
    return { kind: 'phrase', words: r.chance(0.2) ? run.slice(0, 1) : run };
  }
  if (roll < 5) return { kind: 'criterion', criterion: randomCriterion(r, p, types) };
  if (roll < 6 || roll >= 9) return { kind: 'not', of: randomMatch(r, p, types, depth + 1) };
  const of = Array.from({ length: r.chance(0.05) ? 0 : 1 + r.int(3) }, () => randomMatch(r, p, types, depth + 1));
  return { kind: roll < 8 ? 'and' : 'or', of };
}

/** Fields a query text names, plain or structured, and how their values are written there. */
const TEXT_FIELDS = ['tags', 'owners', 'platform', 'name', 'origin', 'customProperties', 'fieldPaths', 'browsePathV2', 'rowCount'];

/**
 * A query text in DataHub's syntax, made of the catalog's words, runs of words and values: plain
 * (`a -b`, `a | b`, `"a b"`, parentheses, `field:value`, a urn's last part) or structured (`/q`,
 * AND/OR/NOT, `field: pattern*`, `_exists_:field`, comparisons), now and then broken.
 */
export function randomQueryText(r: Random, p: Pools): string {
  const structured = r.chance(0.4);
  const value = (field: string) => {
    const v = r.pick(p.values.get(field) ?? p.names);
    // A urn's last part, as people write it; a piece of a value with wildcards around it.
    const written = v.startsWith('urn:li:') && r.chance(0.5) ? v.slice(v.lastIndexOf(':') + 1) : v;
    if (r.chance(0.3)) return `${r.chance(0.5) ? '*' : ''}${written.slice(0, 1 + r.int(written.length))}*`;
    return /[\s"()|+:]/.test(written) ? `"${written.replace(/["\\]/g, '')}"` : written;
  };
  const term = (depth: number): string => {
    const roll = r.int(depth > 1 ? 5 : 8);
    if (roll < 2) return randomWord(r, p);
    if (roll < 3) return `"${(r.chance(0.8) && p.runs.length > 0 ? r.pick(p.runs) : r.some(p.words, 2, 1)).join(' ')}"`;
    if (roll < 4) {
      const field = r.pick(TEXT_FIELDS);
      if (structured && r.chance(0.2)) return `_exists_:${field}`;
      if (structured && field === 'rowCount' && r.chance(0.5)) return `rowCount:${r.pick(['>', '>=', '<', '<='])}${r.pick(NUMBERISH)}`;
      return `${field}:${r.chance(0.3) ? ' ' : ''}${value(field)}`;
    }
    if (roll < 5) return `${structured ? r.pick(['-', 'NOT ', '!']) : '-'}${term(depth + 1)}`;
    const parts = Array.from({ length: 2 + r.int(2) }, () => term(depth + 1));
    const joiner = structured ? r.pick([' ', ' AND ', ' OR ', ' || ', ' && ']) : r.pick([' ', ' | ', ' + ']);
    return `(${parts.join(joiner)})`;
  };
  let text = Array.from({ length: 1 + r.int(3) }, () => term(0)).join(structured ? r.pick([' ', ' OR ']) : r.pick([' ', ' | ']));
  if (r.chance(0.05)) text = r.chance(0.5) ? `${text} (` : `"${text}`;
  return structured ? `${r.chance(0.5) ? '\\/q' : '/q'} ${text}` : text;
}

/** The criteria of a match. */
export function criteriaOf(m: Match | undefined): Criterion[] {
  if (!m) return [];
  if (m.kind === 'criterion') return [m.criterion];
  if (m.kind === 'not') return criteriaOf(m.of);
  if (m.kind === 'and' || m.kind === 'or') return m.of.flatMap(criteriaOf);
  return [];
}

const COMPARED = ['rowCount', 'lastModified', 'structuredProperties.io_acryl_privacy', 'name', 'owners'];
const MATCHED = ['name', 'description', 'customProperties', 'qualifiedName', 'tags', 'fieldPaths', 'urn'];
const PATTERNED = [...MATCHED, 'owners', 'platform', 'browsePathV2', 'rowCount'];

/** The fields a condition is most often put to. */
const SUITED: Partial<Record<Condition, string[]>> = {
  PATH_WITHIN: ['browsePathV2'],
  GREATER_THAN: COMPARED,
  GREATER_THAN_OR_EQUAL_TO: COMPARED,
  LESS_THAN: COMPARED,
  LESS_THAN_OR_EQUAL_TO: COMPARED,
  CONTAIN: MATCHED,
  START_WITH: MATCHED,
  END_WITH: MATCHED,
  WILDCARD: PATTERNED,
};

function randomCriterion(r: Random, p: Pools, types: readonly string[]): Criterion {
  if (r.chance(0.08)) {
    // The entity type: the service passes only equality on it, with type names.
    const values = r.some([...ENTITY_TYPES, 'glossaryTerm'], 2, r.chance(0.05) ? 0 : 1);
    return { field: ENTITY_TYPE_FIELD, condition: r.pick(['EQUAL', 'IN']), values, negated: r.chance(0.3) };
  }
  const condition = r.pick(CONDITIONS);
  const own = SCHEMA[types[r.int(types.length)] ?? 'dataset'] ?? SCHEMA.dataset!;
  let field = r.chance(0.6) ? r.pick(SUITED[condition] ?? FIELDS) : r.chance(0.5) ? r.pick(FIELDS) : r.pick(Object.keys(own));
  const values =
    condition === 'EXISTS' || condition === 'IS_NULL'
      ? []
      : r.chance(0.05)
        ? []
        : Array.from({ length: 1 + (r.chance(0.3) ? r.int(3) : 0) }, () => criterionValue(r, p, field, condition));
  if (r.chance(0.1)) field = `${field}.keyword`;
  return { field, condition, values, negated: r.chance(0.3) };
}

const strip = (f: string) => f.replace(/\.keyword$/, '');

/** A word to search: a word of the text or a prefix of one, now and then one nothing has. */
function randomWord(r: Random, p: Pools): string {
  if (r.chance(0.05)) return r.pick(['zzz', 'q', 'orderz']);
  const w = r.pick(r.chance(0.4) ? VOCABULARY : p.words);
  return r.chance(0.5) ? w.slice(0, 1 + r.int(w.length)) : w;
}

const SORT_FIELDS = [
  ['name'],
  ['name', 'qualifiedName'],
  ['rowCount'],
  ['rowCount.keyword'],
  ['lastModified'],
  ['platform'],
  ['tags'],
  ['browsePathV2'],
  ['structuredProperties.io_acryl_privacy'],
  ['urn'],
  ['nonexistent'],
  [],
];

/**
 * Powers of two, as the registry's are (0.5, 2): PostgreSQL multiplies scores in exact decimals and
 * SQLite in doubles, and with weights such as 0.3 two scores equal in one could differ in the other.
 */
const WEIGHTS = [
  { field: 'deprecated', value: 'true', weight: 0.5 },
  { field: 'deprecated', value: 'TRUE', weight: 0.5 },
  { field: 'active', value: 'true', weight: 2 },
  { field: 'origin', value: 'prod', weight: 0.25 },
  { field: 'tags', value: 'urn:li:tag:gold', weight: 2 },
];

/** The service's hint, always true: the fields of the filter, match and sort keyed in every type searched that has them. */
export function keyedHint(
  entityTypes: readonly string[],
  filter: SearchQuery['filter'],
  match: Match | undefined,
  sort: SearchQuery['sort'] = [],
): string[] {
  const fields = [...new Set([...[...filter.flat(), ...criteriaOf(match)].map((c) => c.field), ...sort.flatMap((k) => k.fields)])];
  return fields.filter((f) => entityTypes.every((t) => SCHEMA[t]?.[strip(f)] !== false));
}

/** A query, without its page (start and count are chosen knowing the number of matches). */
export function randomQuery(r: Random, p: Pools): SearchQuery {
  const entityTypes = r.chance(0.03) ? [] : r.chance(0.3) ? [...ENTITY_TYPES] : r.some([...ENTITY_TYPES, 'glossaryTerm'], 3, 1);
  let words: string[] = [];
  let phrase: string | undefined;
  const kind = r.int(10);
  if (kind < 3) {
    // The whole query is some entity's name, in another case: the exact match ranks first.
    const name = r.pick(p.names);
    phrase = flipCase(r, name);
    words = [...new Set(textTokens(name))];
  } else if (kind < 7) {
    words = Array.from({ length: r.chance(0.7) ? 1 : 2 + r.int(2) }, () => randomWord(r, p));
    phrase = words.join(' ');
  } else if (kind < 8) {
    // Autocomplete's way: no words, the phrase only ranks.
    phrase = r.pick(p.names).slice(0, r.chance(0.5) ? undefined : 3);
  }
  let filter: Criterion[][] = r.chance(0.4)
    ? []
    : Array.from({ length: 1 + (r.chance(0.3) ? r.int(3) : 0) }, () =>
        Array.from({ length: r.chance(0.05) ? 0 : r.chance(0.6) ? 1 : 2 + r.int(2) }, () => randomCriterion(r, p, entityTypes)),
      );
  if (kind === 8) {
    // `field:value`, as the service passes it: that field equal to the value, in every group.
    const field = r.pick([...p.values.keys()]);
    const c: Criterion = { field, condition: 'EQUAL', values: [r.pick(p.values.get(field)!)], negated: false };
    filter = filter.length === 0 ? [[c]] : filter.map((and) => [...and, c]);
  }
  // The query text's condition: now and then instead of words, now and then beside them.
  const match = r.chance(0.4) ? randomMatch(r, p, entityTypes) : undefined;
  if (match && r.chance(0.5)) words = [];
  const q: SearchQuery = {
    entityTypes,
    words,
    ...(match ? { match } : {}),
    ...(phrase !== undefined && r.chance(0.95) ? { phrase } : {}),
    nameFields: r.chance(0.8) ? NAME_FIELDS : r.some(NAME_FIELDS, 1),
    weights: r.chance(0.5) ? [] : r.some(WEIGHTS, 3, 1),
    filter,
    keyedFields: keyedHint(entityTypes, filter, match),
    includeRemoved: r.chance(0.3),
    start: 0,
    count: 10,
    facetFields: r.chance(0.4) ? [] : r.some([...FACET_FIELDS, 'name', 'nonexistent'], 4, 1),
  };
  if (r.chance(0.3))
    q.sort = Array.from({ length: 1 + r.int(2) }, () => ({
      fields: r.pick(SORT_FIELDS),
      order: r.pick(['ASCENDING', 'DESCENDING'] as const),
    }));
  q.keyedFields = keyedHint(entityTypes, filter, match, q.sort);
  if (r.chance(0.3)) q.byEntityType = { fields: r.some(FACET_FIELDS, 2) };
  if (r.chance(0.4)) q.facetLimit = r.int(4);
  return q;
}

/** A page of `total` matches: the first, one deep inside, the last ones, past the end, or the total alone. */
export function randomPage(r: Random, total: number): { start: number; count: number } {
  const count = r.pick([0, 1, 3, 10, 10, 25, 25, 1000]);
  const kind = r.int(10);
  if (kind < 5) return { start: 0, count };
  if (kind < 7) return { start: r.int(total + 1), count };
  if (kind < 9) return { start: Math.max(0, total - 1 - r.int(5)), count };
  return { start: total + r.int(20), count };
}

/**
 * Documents written with a change-log event each, as the write path writes them: what a search index
 * loaded from a snapshot replays.
 */
export async function writeWithEvents(store: Store, rows: readonly SearchRow[], removed: readonly string[] = []): Promise<void> {
  await store.transaction(async (tx) => {
    await tx.putDerived(rows.map((row) => ({ row, edges: [] })));
    if (removed.length > 0) await tx.deleteDerived(removed);
    await tx.appendChangeLog(
      [...rows.map((r) => r.urn), ...removed].map((urn) => ({
        entityUrn: urn,
        entityType: 'dataset',
        aspectName: 'status',
        changeType: 'UPSERT',
        created: { time: 1, actor: 'urn:li:corpuser:test' },
      })),
    );
  });
}
