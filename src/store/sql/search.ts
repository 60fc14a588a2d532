/**
 * SQL for searching derived rows, shared by the SQL backends: filters over `search_value` (keyed
 * fields) and the documents' stored rows (free text), full
 * text over the four weighted text columns, ranking, facets. What differs between backends (how
 * full text is matched, case-insensitive comparison, LIKE) is behind a small dialect; placeholders
 * are written `?` and a backend renumbers them if it needs to.
 */
import type { SqlDialect, TextQuery } from './dialect.js';
import type { Sql } from './driver.js';
import { NUMERIC } from './rows.js';
import { TEXT_WEIGHTS } from '../../indexing/searchRow.js';
import { hasText, rankingTerms, wildcardPieces } from '../match.js';
import { BROWSE_PATH_V2_DELIMITER, ENTITY_TYPE_FIELD, type Criterion, type Match, type SearchQuery } from '../types.js';

/** LIKE pattern for a literal text, with `\` as the escape character. */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A WILDCARD pattern as a LIKE pattern (escape `\`). */
function wildcardLike(pattern: string): string {
  return wildcardPieces(pattern)
    .map((p) => ('literal' in p ? likeEscape(p.literal) : p.wildcard === '*' ? '%' : '_'))
    .join('');
}

/**
 * Where a field's values are read: the by-value rows of `search_value` for a field keyed in every
 * type searched, else the document's stored row (free text has no rows of its own). `some(params,
 * condition)` is the condition that one of the document's values of the field meets `condition()`,
 * written over `value` and `num`: the field's parameter is pushed before the condition's.
 */
interface FieldValues {
  value: string;
  num: string;
  some(params: unknown[], condition: () => string): string;
}

function fieldValues(field: string, keyed: boolean, dialect: SqlDialect): FieldValues {
  if (keyed)
    return {
      value: 'v.value',
      num: 'v.num',
      some: (params, condition) => {
        params.push(field);
        return `EXISTS (SELECT 1 FROM search_value v WHERE v.doc = d.id AND v.field = ? AND ${condition()})`;
      },
    };
  const row = dialect.rowValues('d', 'v', 1);
  return {
    value: row.value,
    num: row.num,
    some: (params, condition) => {
      params.push(field);
      return `EXISTS (SELECT 1 FROM ${row.from} WHERE ${row.where} AND ${condition()})`;
    },
  };
}

function criterionSql(c: Criterion, params: unknown[], dialect: SqlDialect, keyed: ReadonlySet<string>): string {
  const field = c.field.replace(/\.keyword$/, '');
  const values = fieldValues(field, keyed.has(field), dialect);
  const anyOf = (one: (value: string) => string): string => {
    const parts = c.values.map((value) => values.some(params, () => one(value)));
    const [only] = parts;
    return parts.length === 1 && only ? only : `(${parts.join(' OR ')})`;
  };
  const compare = (op: string) =>
    anyOf((value) => {
      params.push(NUMERIC.test(value) ? Number(value) : value);
      return NUMERIC.test(value) ? `${values.num} ${op} ?` : `${values.value} ${op} ?`;
    });
  const like = (pattern: (value: string) => string) =>
    anyOf((value) => {
      params.push(pattern(value));
      return dialect.likeIgnoringCase(values.value);
    });
  let sql: string;
  if (c.values.length === 0 && c.condition !== 'EXISTS' && c.condition !== 'IS_NULL') {
    // No value to match (an explicit empty list): nothing matches, or, negated, everything.
    return c.negated ? '1 = 1' : '1 = 0';
  }
  if (field === ENTITY_TYPE_FIELD) {
    // The entity type is a column of the document, not a value; only (in)equality applies to it.
    params.push(...c.values);
    sql = `d.entity_type IN (${c.values.map(() => '?').join(', ')})`;
    return c.negated ? `NOT ${sql}` : sql;
  }
  switch (c.condition) {
    case 'EXISTS':
    case 'IS_NULL':
      sql = `${c.condition === 'IS_NULL' ? 'NOT ' : ''}${values.some(params, () => '1 = 1')}`;
      break;
    case 'EQUAL':
    case 'IN':
      // A keyed field's matches are looked up once by value, not tested hit by hit.
      if (keyed.has(field)) {
        params.push(field, ...c.values);
        sql = `d.id IN (SELECT v.doc FROM search_value v WHERE v.field = ? AND ${dialect.equalsAnyIgnoringCase('v.value', c.values.length)})`;
      } else {
        sql = values.some(params, () => {
          params.push(...c.values);
          return dialect.equalsAnyIgnoringCase(values.value, c.values.length);
        });
      }
      break;
    case 'CONTAIN':
      sql = like((v) => `%${likeEscape(v)}%`);
      break;
    case 'START_WITH':
      sql = like((v) => `${likeEscape(v)}%`);
      break;
    case 'END_WITH':
      sql = like((v) => `%${likeEscape(v)}`);
      break;
    case 'WILDCARD':
      sql = like(wildcardLike);
      break;
    case 'PATH_WITHIN':
      sql = anyOf((value) => {
        // Compared exactly, as paths are case-sensitive; lengths in characters, as SQL counts them.
        const below = `${value}${BROWSE_PATH_V2_DELIMITER}`;
        params.push(value, [...below].length, below);
        return `(${values.value} = ? OR substr(${values.value}, 1, ?) = ?)`;
      });
      break;
    case 'GREATER_THAN':
      sql = compare('>');
      break;
    case 'GREATER_THAN_OR_EQUAL_TO':
      sql = compare('>=');
      break;
    case 'LESS_THAN':
      sql = compare('<');
      break;
    case 'LESS_THAN_OR_EQUAL_TO':
      sql = compare('<=');
      break;
  }
  return c.negated ? `NOT ${sql}` : sql;
}

/**
 * `(a AND b) OR (c)`; empty when there is no filter, or when a group is empty (an empty AND holds for
 * every document, as DataHub's empty bool query matches all). `keyed`: fields whose values are all
 * in the by-value index.
 */
export function filterSql(
  filter: SearchQuery['filter'],
  params: unknown[],
  dialect: SqlDialect,
  keyed: ReadonlySet<string> = new Set(),
): string {
  if (filter.length === 0 || filter.some((and) => and.length === 0)) return '';
  const groups = filter.map((and) => `(${and.map((c) => criterionSql(c, params, dialect, keyed)).join(' AND ')})`);
  return `(${groups.join(' OR ')})`;
}

/** A match's text terms under AND and OR alone, which the full-text index answers in one lookup; undefined when it holds more. */
function textOnly(m: Match): TextQuery | undefined {
  switch (m.kind) {
    case 'word':
    case 'phrase':
      return m;
    case 'and':
    case 'or': {
      const parts = m.of.map(textOnly);
      return parts.length > 0 && parts.every((p) => p !== undefined) ? { kind: m.kind, of: parts as TextQuery[] } : undefined;
    }
    default:
      return undefined;
  }
}

/** A match as a condition: its text parts looked up in the full text, its criteria as filters', combined in SQL. */
function matchSql(m: Match, params: unknown[], dialect: SqlDialect, keyed: ReadonlySet<string>): string {
  const text = textOnly(m);
  if (text) return dialect.textMatch(text, params);
  switch (m.kind) {
    case 'criterion':
      return criterionSql(m.criterion, params, dialect, keyed);
    case 'not':
      return `NOT (${matchSql(m.of, params, dialect, keyed)})`;
    case 'and':
    case 'or': {
      if (m.of.length === 0) return m.kind === 'and' ? '1 = 1' : '1 = 0';
      return `(${m.of.map((part) => matchSql(part, params, dialect, keyed)).join(m.kind === 'and' ? ' AND ' : ' OR ')})`;
    }
    default:
      // word and phrase are text, answered above
      throw new Error(`unreachable match ${m.kind}`);
  }
}

/** Whether a query reads the full text. */
const readsText = (q: SearchQuery) => q.words.length > 0 || hasText(q.match);

/** The conditions a matching document meets. */
function whereSql(q: SearchQuery, dialect: SqlDialect, params: unknown[]): string {
  const where: string[] = [];
  const keyed = new Set(q.keyedFields);
  if (q.words.length > 0)
    where.push(dialect.textMatch({ kind: 'and', of: q.words.map((word) => ({ kind: 'word', word, prefix: true })) }, params));
  if (q.match) where.push(matchSql(q.match, params, dialect, keyed));
  params.push(...q.entityTypes);
  where.push(`d.entity_type IN (${q.entityTypes.map(() => '?').join(', ')})`);
  if (!q.includeRemoved) where.push('d.removed = 0');
  const filter = filterSql(q.filter, params, dialect, keyed);
  if (filter) where.push(filter);
  return where.join(' AND ');
}

/** The matching documents, unranked: their urns. */
export function matchesSql(q: SearchQuery, dialect: SqlDialect): Sql {
  const params: unknown[] = [];
  const where = whereSql(q, dialect, params);
  return { text: `SELECT d.urn AS urn FROM ${dialect.documents(readsText(q))} WHERE ${where}`, params };
}

/**
 * Documents (ids) having one of some values in some fields, looked up by value once per query (not
 * once per hit): name and weighted fields are keyed (indexing/searchRow.ts).
 */
function docsWithValue(alias: string, fields: number, dialect: SqlDialect): string {
  const field = fields === 1 ? `${alias}.field = ?` : `${alias}.field IN (${Array.from({ length: fields }, () => '?').join(', ')})`;
  return `SELECT ${alias}.doc FROM search_value ${alias} WHERE ${field} AND ${dialect.equalsAnyIgnoringCase(`${alias}.value`, 1)}`;
}

/** The matching documents with their rank keys: `id`, `urn`, `t` (the entity type), `exact`, `score`. */
function hitsSql(q: SearchQuery, dialect: SqlDialect): Sql {
  const params: unknown[] = [];
  const terms = rankingTerms(q);
  const exact =
    q.phrase && q.nameFields.length > 0
      ? (() => {
          params.push(...q.nameFields, q.phrase);
          return `CASE WHEN d.id IN (${docsWithValue('n', q.nameFields.length, dialect)}) THEN 0 ELSE 1 END`;
        })()
      : '1';
  // Lower is better: minus the weights of the columns with a hit; multiplying by a weight below 1
  // moves a document down. Parameters are pushed in the order their placeholders appear.
  const hit = (i: number) => `(CASE WHEN ${dialect.textInColumn(i, { kind: 'or', of: terms }, params)} THEN 1 ELSE 0 END)`;
  const base = terms.length > 0 ? `-(${TEXT_WEIGHTS.map((w, i) => `${hit(i)} * ${w}`).join(' + ')})` : '-1.0';
  // The weights are the registry's numbers, written as literals so every backend types them as reals.
  const weights = q.weights
    .map((w) => {
      params.push(w.field, w.value);
      return `(CASE WHEN d.id IN (${docsWithValue('w', 1, dialect)}) THEN ${Number(w.weight).toFixed(6)} ELSE 1.0 END)`;
    })
    .join(' * ');
  const score = weights ? `${base} * ${weights}` : base;
  const where = whereSql(q, dialect, params);
  return {
    text: `SELECT d.id AS id, d.urn AS urn, d.entity_type AS t, ${exact} AS exact, ${score} AS score FROM ${dialect.documents(readsText(q))} WHERE ${where}`,
    params,
  };
}

/**
 * ORDER BY for a page of hits: an explicit sort, else exact name matches, score, then urn. A sort
 * key's value is the least of its fields' values, from `search_value` when they are all keyed in
 * every type searched, else from the documents' stored rows.
 */
function orderSql(q: SearchQuery, params: unknown[], dialect: SqlDialect): string {
  if (q.sort && q.sort.length > 0) {
    const keyed = new Set(q.keyedFields);
    const keys = q.sort.flatMap((key) => {
      const fields = key.fields.map((f) => f.replace(/\.keyword$/, ''));
      const dir = key.order === 'DESCENDING' ? 'DESC' : 'ASC';
      const row = fields.every((f) => keyed.has(f)) ? undefined : dialect.rowValues('s', 'v', fields.length);
      const min = (column: 'num' | 'value') => {
        params.push(...fields);
        return row
          ? `(SELECT MIN(${row[column]}) FROM search_doc s, ${row.from} WHERE s.id = hits.id AND ${row.where}) ${dir} NULLS LAST`
          : `(SELECT MIN(s.${column}) FROM search_value s WHERE s.doc = hits.id AND s.field IN (${fields.map(() => '?').join(', ')})) ${dir} NULLS LAST`;
      };
      return fields.length === 0 ? [] : [min('num'), min('value')];
    });
    return [...keys, 'hits.urn'].join(', ');
  }
  return 'hits.exact, hits.score, hits.urn';
}

/**
 * A whole search in one statement, over the hits evaluated once: the page's urns in order (part 0),
 * then, for the total and the facets, either every hit's type and packed facets (`withFacets`) or
 * the number of hits of each type (part 1, `n`).
 */
export function searchSql(q: SearchQuery, dialect: SqlDialect, withFacets: boolean): Sql {
  const hits = hitsSql(q, dialect);
  const params = [...hits.params];
  const order = orderSql(q, params, dialect);
  params.push(q.count, q.start);
  const counts = withFacets
    ? 'SELECT 1, NULL, hits.t, f.facets, 1 FROM hits LEFT JOIN search_facet f ON f.doc = hits.id'
    : 'SELECT 1, NULL, hits.t, NULL, count(*) FROM hits GROUP BY hits.t';
  return {
    text: `WITH hits AS MATERIALIZED (${hits.text})
      SELECT 0 AS part, page.urn AS urn, NULL AS t, NULL AS facets, 0 AS n
        FROM (SELECT hits.urn AS urn FROM hits ORDER BY ${order} LIMIT ? OFFSET ?) page
      UNION ALL ${counts}`,
    params,
  };
}
