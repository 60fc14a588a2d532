/** SQL of the usage event reads and writes (store/usage.ts), shared by the SQL backends (`?` placeholders). */
import { DEFAULT_RUN_ID } from '../types.js';
import { usageGroup, type UsageColumn, type UsageEvent, type UsageFilter, type UsageGroupQuery, type UsageStore } from '../usage.js';
import { first, sql, type Sql, type SqlDriver } from './driver.js';

const COLUMNS: Record<UsageColumn, string> = {
  actor: 'actor',
  type: 'type',
  entityUrn: 'entity_urn',
  entityType: 'entity_type',
  query: 'query',
  section: 'section',
  actionType: 'action_type',
};

const list = (n: number) => Array.from({ length: n }, () => '?').join(', ');

const INSERT_USAGE_EVENT = `INSERT INTO usage_event (actor, type, timestamp_millis, entity_urn, entity_type, query, total, section, action_type, event)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

function usageEventParams(e: UsageEvent): unknown[] {
  return [
    e.actor,
    e.type,
    e.timestampMillis,
    e.entityUrn ?? null,
    e.entityType ?? null,
    e.query ?? null,
    e.total ?? null,
    e.section ?? null,
    e.actionType ?? null,
    JSON.stringify(e.event),
  ];
}

/** Rows past the newest `keep`: ids only grow, so the oldest have the lowest. */
const PRUNE_USAGE_EVENTS = 'DELETE FROM usage_event WHERE id <= ?';

function whereSql(f: UsageFilter, params: unknown[], alias = ''): string[] {
  const where: string[] = [];
  const col = (c: string) => `${alias}${c}`;
  if (f.startTimeMillis !== undefined) {
    where.push(`${col('timestamp_millis')} >= ?`);
    params.push(f.startTimeMillis);
  }
  if (f.endTimeMillis !== undefined) {
    where.push(`${col('timestamp_millis')} < ?`);
    params.push(f.endTimeMillis);
  }
  if (f.actor !== undefined) {
    where.push(`${col('actor')} = ?`);
    params.push(f.actor);
  }
  if (f.types && f.types.length > 0) {
    where.push(`${col('type')} IN (${list(f.types.length)})`);
    params.push(...f.types);
  }
  if (f.excludeActors && f.excludeActors.length > 0) {
    where.push(`${col('actor')} NOT IN (${list(f.excludeActors.length)})`);
    params.push(...f.excludeActors);
  }
  if (f.entityTypes && f.entityTypes.length > 0) {
    where.push(`${col('entity_type')} IN (${list(f.entityTypes.length)})`);
    params.push(...f.entityTypes);
  }
  if (f.totalAbove !== undefined) {
    where.push(`${col('total')} > ?`);
    params.push(f.totalAbove);
  }
  return where;
}

export function groupUsageSql(q: UsageGroupQuery): Sql {
  const params: unknown[] = [];
  const cols = q.by.map((c) => COLUMNS[c]);
  const where = whereSql(q, params);
  if (q.present) where.push(...cols.map((c) => `${c} IS NOT NULL`));
  params.push(q.limit);
  const n = q.distinctActors ? 'count(DISTINCT actor)' : 'count(*)';
  const order = q.order === 'count' ? 'n DESC, latest DESC' : 'latest DESC, n DESC';
  return {
    text: `SELECT ${cols.map((c, i) => `${c} AS v${i}`).join(', ')}, ${n} AS n, max(timestamp_millis) AS latest FROM usage_event
      ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
      GROUP BY ${cols.join(', ')} ORDER BY ${order}, ${cols.join(', ')} LIMIT ?`,
    params,
  };
}

/** One row per bucket, in bucket order (the buckets are given in increasing order of their start). */
export function countUsageSql(f: UsageFilter, buckets: ReadonlyArray<readonly [number, number]>, distinctActors: boolean): Sql {
  const params: unknown[] = buckets.flat();
  const where = whereSql(f, params, 'e.');
  return {
    text: `SELECT b.column1 AS start, ${distinctActors ? 'count(DISTINCT e.actor)' : 'count(e.actor)'} AS n
      FROM (VALUES ${buckets.map(() => '(CAST(? AS bigint), CAST(? AS bigint))').join(', ')}) b
      LEFT JOIN usage_event e ON e.timestamp_millis >= b.column1 AND e.timestamp_millis < b.column2${where.map((w) => ` AND ${w}`).join('')}
      GROUP BY b.column1 ORDER BY b.column1`,
    params,
  };
}

/**
 * The run condition is written out (not a parameter) so that both databases see it is the partial
 * index's own (migration `aspect_editor`).
 */
export const EDITS_OUTSIDE_RUNS = `(run_id IS NULL OR run_id = '${DEFAULT_RUN_ID}')`;

export function recentlyEditedSql(actor: string, urnPrefixes: readonly string[], limit: number): Sql {
  return {
    text: `SELECT urn, max(created_on) AS latest FROM aspect
      WHERE created_by = ? AND ${EDITS_OUTSIDE_RUNS} AND (${urnPrefixes.map(() => 'substr(urn, 1, ?) = ?').join(' OR ')})
      GROUP BY urn ORDER BY latest DESC, urn LIMIT ?`,
    params: [actor, ...urnPrefixes.flatMap((p) => [p.length, p]), limit],
  };
}

export function usageStore(db: SqlDriver): UsageStore {
  return {
    appendUsageEvent: (event, keep) =>
      db.transaction(async (conn) => {
        const added = await first<{ id: number }>(conn, { text: `${INSERT_USAGE_EVENT} RETURNING id`, params: usageEventParams(event) });
        await conn.run(sql(PRUNE_USAGE_EVENTS, Number(added!.id) - keep));
      }),
    groupUsage: async (q) => (await db.all<Record<string, unknown>>(groupUsageSql(q))).map((r) => usageGroup(r, q.by.length)),
    async countUsage(filter, buckets, distinctActors) {
      if (buckets.length === 0) return [];
      return (await db.all<{ n: number }>(countUsageSql(filter, buckets, distinctActors))).map((r) => Number(r.n));
    },
    async recentlyEdited(actor, urnPrefixes, limit) {
      if (urnPrefixes.length === 0) return [];
      return db.all<{ urn: string; latest: number }>(recentlyEditedSql(actor, urnPrefixes, limit));
    },
  };
}
