/**
 * SQL for searching the derived rows of the SQLite backend: filters over `search_value`, full text
 * over the FTS5 table `search_text` ranked by bm25 with the four weight columns, facets by counting
 * values over the whole result set.
 */
import { TEXT_WEIGHTS } from '../../indexing/searchRow.js';
import type { Criterion, SearchQuery } from '../types.js';

export interface Sql {
  text: string;
  params: unknown[];
}

const NUMERIC = /^-?\d+(\.\d+)?$/;

/** LIKE pattern for a literal text, with `\` as the escape character. */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function hasValue(condition: string): string {
  return `EXISTS (SELECT 1 FROM search_value v WHERE v.urn = d.urn AND v.field = ? AND ${condition})`;
}

function criterionSql(c: Criterion, params: unknown[]): string {
  const field = c.field.replace(/\.keyword$/, '');
  const anyOf = (one: (value: string) => string): string => {
    const parts = c.values.map((value) => {
      params.push(field);
      return hasValue(one(value));
    });
    return parts.length === 1 ? parts[0] : `(${parts.join(' OR ')})`;
  };
  const compare = (op: string) =>
    anyOf((value) => {
      params.push(NUMERIC.test(value) ? Number(value) : value);
      return NUMERIC.test(value) ? `v.num ${op} ?` : `v.value ${op} ?`;
    });
  const like = (pattern: (value: string) => string) =>
    anyOf((value) => {
      params.push(pattern(likeEscape(value)));
      return `v.value LIKE ? ESCAPE '\\'`;
    });
  let sql: string;
  switch (c.condition) {
    case 'EXISTS':
    case 'IS_NULL':
      params.push(field);
      sql = `${c.condition === 'IS_NULL' ? 'NOT ' : ''}EXISTS (SELECT 1 FROM search_value v WHERE v.urn = d.urn AND v.field = ?)`;
      break;
    case 'EQUAL':
    case 'IN':
      params.push(field, ...c.values);
      sql = hasValue(`v.value COLLATE NOCASE IN (${c.values.map(() => '?').join(', ')})`);
      break;
    case 'CONTAIN':
      sql = like((v) => `%${v}%`);
      break;
    case 'START_WITH':
      sql = like((v) => `${v}%`);
      break;
    case 'END_WITH':
      sql = like((v) => `%${v}`);
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

/** `(a AND b) OR (c)`; empty when there is no filter. */
export function filterSql(filter: SearchQuery['filter'], params: unknown[]): string {
  const groups = filter.filter((and) => and.length > 0).map((and) => `(${and.map((c) => criterionSql(c, params)).join(' AND ')})`);
  return groups.length === 0 ? '' : `(${groups.join(' OR ')})`;
}

/** FTS5 query: every word as a prefix, all required. */
export function matchExpression(words: readonly string[]): string {
  return words.map((w) => `"${w.replace(/"/g, '""')}"*`).join(' AND ');
}

/** The matching documents with their rank keys, as a FROM/WHERE fragment selecting `urn`, `exact`, `score`. */
export function hitsSql(q: SearchQuery): Sql {
  const params: unknown[] = [];
  const text = q.words.length > 0;
  const exact =
    q.phrase && q.nameFields.length > 0
      ? (() => {
          params.push(...q.nameFields, q.phrase);
          return `CASE WHEN EXISTS (SELECT 1 FROM search_value n WHERE n.urn = d.urn AND n.field IN (${q.nameFields.map(() => '?').join(', ')}) AND n.value = ? COLLATE NOCASE) THEN 0 ELSE 1 END`;
        })()
      : '1';
  const weights = q.weights
    .map((w) => {
      params.push(w.field, w.value, w.weight);
      return `(CASE WHEN EXISTS (SELECT 1 FROM search_value w WHERE w.urn = d.urn AND w.field = ? AND w.value = ? COLLATE NOCASE) THEN ? ELSE 1 END)`;
    })
    .join(' * ');
  // Lower is better: minus the weights of the columns with a hit (bm25 with one column weighted is
  // negative exactly when that column has one); multiplying by a weight below 1 moves a document down.
  const columnHit = (i: number) => `(CASE WHEN bm25(search_text, ${TEXT_WEIGHTS.map((_, j) => (i === j ? 1 : 0)).join(', ')}) < 0 THEN ${TEXT_WEIGHTS[i]} ELSE 0 END)`;
  const base = text ? `-(${TEXT_WEIGHTS.map((_, i) => columnHit(i)).join(' + ')})` : '-1.0';
  const score = weights ? `${base} * ${weights}` : base;

  const where: string[] = [];
  if (text) {
    params.push(matchExpression(q.words));
    where.push('search_text MATCH ?');
  }
  params.push(...q.entityTypes);
  where.push(`d.entity_type IN (${q.entityTypes.map(() => '?').join(', ')})`);
  if (!q.includeRemoved) where.push('d.removed = 0');
  const filter = filterSql(q.filter, params);
  if (filter) where.push(filter);
  const from = text ? 'search_text JOIN search_doc d ON d.id = search_text.rowid' : 'search_doc d';
  return { text: `SELECT d.urn AS urn, ${exact} AS exact, ${score} AS score FROM ${from} WHERE ${where.join(' AND ')}`, params };
}

/** ORDER BY for a page of hits: an explicit sort, else exact name matches, score, then urn. */
export function orderSql(q: SearchQuery, params: unknown[]): string {
  if (q.sort) {
    params.push(q.sort.field.replace(/\.keyword$/, ''));
    const dir = q.sort.order === 'DESCENDING' ? 'DESC' : 'ASC';
    return `(SELECT MIN(coalesce(s.num, s.value)) FROM search_value s WHERE s.urn = hits.urn AND s.field = ?) ${dir} NULLS LAST, hits.urn`;
  }
  return 'hits.exact, hits.score, hits.urn';
}
