/**
 * The remaining read queries over derived rows and aspects, shared by the SQL backends (written with
 * `?` placeholders; see search.ts for the dialect). Ordering is byte-wise on urns in both.
 */
import { DEFAULT_RUN_ID, type AspectKey, type BrowseQuery, type RelatedQuery, type SearchQuery, type TimeseriesRow } from '../types.js';
import type { SqlDialect } from './dialect.js';
import type { Sql } from './driver.js';
import { filterSql, likeEscape } from './search.js';
import { urnPrefix } from '../../urn.js';

const list = (n: number) => Array.from({ length: n }, () => '?').join(', ');

export function autocompleteSql(
  dialect: SqlDialect,
  entityTypes: readonly string[],
  fields: readonly string[],
  prefix: string,
  filter: SearchQuery['filter'],
  limit: number,
): Sql {
  // The value starts with the prefix, or a word of it does: after a space, or after a dot of a dotted
  // name (a glossary term's `Node.Term`), as DataHub's word-delimited analyzer splits it.
  const params: unknown[] = [...entityTypes, ...fields, `${likeEscape(prefix)}%`, `% ${likeEscape(prefix)}%`, `%.${likeEscape(prefix)}%`];
  const f = filterSql(filter, params, dialect);
  params.push(limit);
  return {
    text: `SELECT v.value AS value, min(length(v.value)) AS len FROM search_value v JOIN search_doc d ON d.id = v.doc
      WHERE d.entity_type IN (${list(entityTypes.length)}) AND d.removed = 0
        AND v.field IN (${list(fields.length)})
        AND (${dialect.likeIgnoringCase('v.value')} OR ${dialect.likeIgnoringCase('v.value')} OR ${dialect.likeIgnoringCase('v.value')})${f ? ` AND ${f}` : ''}
      GROUP BY v.value ORDER BY len, v.value LIMIT ?`,
    params,
  };
}

/** Browse paths equal to the path or below it (compared exactly: paths are case-sensitive). */
export function browsePathsSql(dialect: SqlDialect, q: BrowseQuery): Sql {
  const base = q.path.replace(/\/+$/, '');
  const prefix = `${base}/`;
  const params: unknown[] = [q.entityType, base, prefix.length, prefix];
  const f = filterSql(q.filter, params, dialect);
  return {
    text: `SELECT d.urn AS urn, v.value AS path FROM search_value v JOIN search_doc d ON d.id = v.doc
      WHERE d.entity_type = ? AND d.removed = 0 AND v.field = 'browsePaths'
        AND (v.value = ? OR substr(v.value, 1, ?) = ?)${f ? ` AND ${f}` : ''}
      ORDER BY d.urn, v.value`,
    params,
  };
}

/**
 * Edges of one entity in one direction, one per (type, other end), leaving out soft-deleted ends:
 * a page with the total beside each row, and the count alone for a page past the end.
 */
export function relatedSql(q: RelatedQuery): { count: Sql; page: Sql } {
  const [self, other] = q.direction === 'OUTGOING' ? ['source', 'destination'] : ['destination', 'source'];
  const hidden = (q.hiddenTypes ?? []).map((t) => urnPrefix(t));
  const grouped = `SELECT e.type AS type, e.${other} AS other, min(e.source) AS source, min(e.destination) AS destination, min(e.aspect) AS aspect
    FROM edge e
    WHERE e.${self} = ? AND e.type IN (${list(q.types.length)})${hidden.map((p) => ` AND substr(e.${other}, 1, ${p.length}) <> ?`).join('')}
      AND NOT EXISTS (SELECT 1 FROM search_doc r WHERE r.removed = 1 AND (r.urn = e.source OR r.urn = e.destination))
    GROUP BY e.type, e.${other}`;
  const params = [q.urn, ...q.types, ...hidden];
  return {
    count: { text: `SELECT count(*) AS n FROM (${grouped}) g`, params },
    page: {
      text: `SELECT source, type, destination, aspect, count(*) OVER () AS total FROM (${grouped}) g ORDER BY other, type LIMIT ? OFFSET ?`,
      params: [...params, q.count, q.start],
    },
  };
}

export function listUrnsSql(o: { urnLike?: string; aspect?: string; after?: string; start: number; limit: number }): Sql {
  const where = ['version = 0'];
  const params: unknown[] = [];
  if (o.after !== undefined) {
    where.push('urn > ?');
    params.push(o.after);
  }
  if (o.urnLike) {
    where.push('urn LIKE ?');
    params.push(o.urnLike);
  }
  if (o.aspect) {
    where.push('aspect = ?');
    params.push(o.aspect);
  }
  params.push(o.limit, o.start);
  return { text: `SELECT DISTINCT urn FROM aspect WHERE ${where.join(' AND ')} ORDER BY urn LIMIT ? OFFSET ?`, params };
}

export function countAspectSql(aspect: string, urnLike?: string): Sql {
  return {
    text: `SELECT count(*) AS n FROM aspect WHERE aspect = ? AND version = 0${urnLike ? ' AND urn LIKE ?' : ''}`,
    params: urnLike ? [aspect, urnLike] : [aspect],
  };
}

/**
 * Values of one field on the matching documents (matchesSql), one row per document and value: from
 * `search_value` when the field is keyed in every type searched, else from the stored rows.
 */
export function matchValuesSql(matches: Sql, field: string, keyed: boolean, dialect: SqlDialect): Sql {
  if (keyed)
    return {
      text: `SELECT d.urn AS urn, v.value AS value FROM search_value v JOIN search_doc d ON d.id = v.doc
        WHERE v.field = ? AND d.urn IN (SELECT urn FROM (${matches.text}) h) ORDER BY d.urn, v.value`,
      params: [field, ...matches.params],
    };
  const row = dialect.rowValues('d', 'v', 1);
  return {
    text: `SELECT DISTINCT d.urn AS urn, ${row.value} AS value FROM search_doc d, ${row.from}
      WHERE ${row.where} AND d.urn IN (SELECT urn FROM (${matches.text}) h) ORDER BY d.urn, value`,
    params: [field, ...matches.params],
  };
}

/** Keyset pages over every aspect version. */
export function scanAspectsSql(after: AspectKey | undefined, limit: number): Sql {
  return after
    ? {
        text: 'SELECT * FROM aspect WHERE (urn, aspect, version) > (?, ?, ?) ORDER BY urn, aspect, version LIMIT ?',
        params: [after.urn, after.aspect, after.version, limit],
      }
    : { text: 'SELECT * FROM aspect ORDER BY urn, aspect, version LIMIT ?', params: [limit] };
}

/** Keyset pages over every timeseries point. */
export function scanTimeseriesSql(after: TimeseriesRow | undefined, limit: number): Sql {
  const order = 'ORDER BY urn, aspect, timestamp_millis, event_granularity, partition, message_id';
  return after
    ? {
        text: `SELECT * FROM timeseries WHERE (urn, aspect, timestamp_millis, event_granularity, partition, message_id) > (?, ?, ?, ?, ?, ?) ${order} LIMIT ?`,
        params: [after.urn, after.aspect, after.timestampMillis, after.eventGranularity, after.partition, after.messageId, limit],
      }
    : { text: `SELECT * FROM timeseries ${order} LIMIT ?`, params: [limit] };
}

export function listRunsSql(start: number, count: number): Sql {
  return {
    text: `SELECT run_id AS "runId", CAST(sum(n) AS bigint) AS "rows", max(ts) AS "timestamp" FROM (
        SELECT run_id, count(*) AS n, max(created_on) AS ts FROM aspect WHERE run_id IS NOT NULL AND run_id <> ? GROUP BY run_id
        UNION ALL
        SELECT run_id, count(*) AS n, 0 AS ts FROM timeseries WHERE run_id IS NOT NULL AND run_id <> ? GROUP BY run_id
      ) runs GROUP BY run_id ORDER BY max(ts) DESC, run_id LIMIT ? OFFSET ?`,
    params: [DEFAULT_RUN_ID, DEFAULT_RUN_ID, count, start],
  };
}

export function runAspectRowsSql(runId: string, start: number, count: number): Sql {
  return { text: 'SELECT * FROM aspect WHERE run_id = ? ORDER BY urn, aspect, version LIMIT ? OFFSET ?', params: [runId, count, start] };
}

export function runUrnsSql(runId: string, afterUrn: string | undefined, limit: number): Sql {
  return {
    text: `SELECT urn FROM (SELECT urn FROM aspect WHERE run_id = ? UNION SELECT urn FROM timeseries WHERE run_id = ?) u
      WHERE urn > ? ORDER BY urn LIMIT ?`,
    params: [runId, runId, afterUrn ?? '', limit],
  };
}
