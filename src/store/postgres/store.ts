/**
 * The scale-out backend: PostgreSQL through a connection pool. Several service processes may share
 * one database: writers lock the latest version of an aspect (`FOR UPDATE`), a transaction that
 * loses a race (a unique violation on a first write, a deadlock, a serialization failure) is run
 * again, and change log appends take a transaction-scoped advisory lock so offsets follow commit
 * order.
 */
import pg from 'pg';
import { deleteTimeseriesSql, runIdOf } from '../sql/writes.js';
import { migrations } from './migrations.js';
import { NUMERIC, toAspectRow, toTimeseriesRow, type RawAspect, type RawTimeseries } from '../sql/rows.js';
import { pgDialect, toPositional } from './dialect.js';
import {
  autocompleteSql,
  browsePathsSql,
  byEntityType,
  matchValuesSql,
  typeCountsSql,
  typeFacetsSql,
  countAspectSql,
  facetsSql,
  listRunsSql,
  listUrnsSql,
  pageSql,
  relatedSql,
  runAspectRowsSql,
  runUrnsSql,
  scanAspectsSql,
  scanTimeseriesSql,
} from '../sql/reads.js';
import { hitsSql, matchesSql, orderSql, type Sql } from '../sql/search.js';
import { countUsageSql, groupUsageSql, INSERT_USAGE_EVENT, PRUNE_USAGE_EVENTS, recentlyEditedSql, usageEventParams } from '../sql/usage.js';
import { usageGroup, type UsageEvent, type UsageFilter, type UsageGroup, type UsageGroupQuery } from '../usage.js';
import type {
  AspectKey,
  AspectRow,
  BrowseQuery,
  ChangeLogEvent,
  Edge,
  RelatedQuery,
  SearchPage,
  SearchQuery,
  SearchRow,
  Store,
  StoreTx,
  StoredChangeLogEvent,
  SystemMetadata,
  RunSummary,
  TimeseriesDeletion,
  TimeseriesRange,
  TimeseriesRow,
} from '../types.js';

// bigint columns (versions, times, counts) fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (v: string) => Number(v));

const MIGRATION_LOCK = 0x6d636174; // 'mcat'
const CHANGE_LOG_LOCK = 0x6d63636c;
/** The key space of the locks on aspects that do not exist yet (pg_advisory_xact_lock's first key). */
const ASPECT_LOCKS = 0x6d636173;
/** Locks on absent aspects one transaction takes at most (PostgreSQL's lock table holds ~64 a connection). */
const MAX_ABSENT_LOCKS = 32;
const RETRYABLE = new Set(['23505', '40001', '40P01']);
const MAX_ATTEMPTS = 8;







type Queryable = pg.Pool | pg.PoolClient;

async function run<T extends pg.QueryResultRow>(db: Queryable, sql: Sql | string, params: unknown[] = []): Promise<T[]> {
  const q = typeof sql === 'string' ? { text: sql, params } : sql;
  return (await db.query<T>(toPositional(q.text), q.params as unknown[])).rows;
}

async function migrate(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query('CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY)');
    const done = new Set((await client.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map((r) => r.version));
    for (let i = 0; i < migrations.length; i++) {
      if (done.has(i + 1)) continue;
      await client.query('BEGIN');
      try {
        await client.query(migrations[i]);
        await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [i + 1]);
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK');
        throw err;
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}

class PgTx implements StoreTx {
  private changeLogLocked = false;
  /** Aspects this transaction found absent and has not written yet: their first version is a plain INSERT. */
  private readonly absent = new Set<string>();
  private absentLocks = 0;
  constructor(private readonly client: pg.PoolClient) {}

  /**
   * Locks the latest version for the rest of the transaction. A row that is not there yet cannot be
   * locked: its first version is then written with a plain INSERT, so of two writers that both
   * found it absent the second fails on the key and its transaction is run again, reading what the
   * first committed. The first few absent aspects of a transaction also take a lock on their name,
   * so that writers contending for one new aspect take turns rather than retry; a big batch of new
   * entities would otherwise fill PostgreSQL's lock table.
   */
  async getLatest(urn: string, aspect: string): Promise<AspectRow | undefined> {
    const sql = 'SELECT * FROM aspect WHERE urn = ? AND aspect = ? AND version = 0 FOR UPDATE';
    let [r] = await run<RawAspect>(this.client, sql, [urn, aspect]);
    const key = `${urn} ${aspect}`; // aspect names hold no space
    if (!r && !this.absent.has(key) && this.absentLocks < MAX_ABSENT_LOCKS) {
      this.absentLocks++;
      await run(this.client, 'SELECT pg_advisory_xact_lock(?, hashtext(?))', [ASPECT_LOCKS, key]);
      // A statement of its own: it sees what a writer that held the lock before committed.
      [r] = await run<RawAspect>(this.client, sql, [urn, aspect]);
    }
    if (r) this.absent.delete(key);
    else this.absent.add(key);
    return r ? toAspectRow(r) : undefined;
  }

  async getMaxVersion(urn: string, aspect: string): Promise<number> {
    const [r] = await run<{ v: number | null }>(this.client, 'SELECT max(version) AS v FROM aspect WHERE urn = ? AND aspect = ?', [urn, aspect]);
    return r?.v ?? 0;
  }

  async putAspect(row: AspectRow): Promise<void> {
    // The first version of an aspect found absent may not replace one another writer has just made.
    const first = row.version === 0 && this.absent.delete(`${row.urn} ${row.aspect}`);
    await run(
      this.client,
      `INSERT INTO aspect (urn, aspect, version, value, system_metadata, created_on, created_by, run_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ${first ? '' : `ON CONFLICT (urn, aspect, version) DO UPDATE SET value = excluded.value, system_metadata = excluded.system_metadata,
         created_on = excluded.created_on, created_by = excluded.created_by, run_id = excluded.run_id`}`,
      [row.urn, row.aspect, row.version, JSON.stringify(row.value), row.systemMetadata === null ? null : JSON.stringify(row.systemMetadata), row.createdOn, row.createdBy, runIdOf(row.systemMetadata)],
    );
  }

  async putSystemMetadata(urn: string, aspect: string, version: number, systemMetadata: SystemMetadata): Promise<void> {
    await run(this.client, 'UPDATE aspect SET system_metadata = ? WHERE urn = ? AND aspect = ? AND version = ?', [JSON.stringify(systemMetadata), urn, aspect, version]);
  }

  async deleteAspect(urn: string, aspect: string): Promise<number> {
    return (await this.client.query('DELETE FROM aspect WHERE urn = $1 AND aspect = $2', [urn, aspect])).rowCount ?? 0;
  }

  async getVersions(urn: string, aspect: string): Promise<AspectRow[]> {
    return (await run<RawAspect>(this.client, 'SELECT * FROM aspect WHERE urn = ? AND aspect = ? ORDER BY version', [urn, aspect])).map(toAspectRow);
  }

  async deleteVersion(urn: string, aspect: string, version: number): Promise<void> {
    await run(this.client, 'DELETE FROM aspect WHERE urn = ? AND aspect = ? AND version = ?', [urn, aspect, version]);
  }

  async deleteHistoryBelow(urn: string, aspect: string, version: number): Promise<number> {
    return (await this.client.query('DELETE FROM aspect WHERE urn = $1 AND aspect = $2 AND version >= 1 AND version < $3', [urn, aspect, version])).rowCount ?? 0;
  }

  async deleteTimeseries(urn: string, aspect?: string, range?: TimeseriesDeletion): Promise<number> {
    const q = deleteTimeseriesSql(urn, aspect, range);
    return (await this.client.query(toPositional(q.text), q.params)).rowCount ?? 0;
  }

  async putTimeseries(row: TimeseriesRow): Promise<void> {
    await run(
      this.client,
      `INSERT INTO timeseries (urn, aspect, timestamp_millis, event_granularity, partition, message_id, value, system_metadata, run_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (urn, aspect, timestamp_millis, event_granularity, partition, message_id) DO UPDATE SET value = excluded.value, system_metadata = excluded.system_metadata, run_id = excluded.run_id`,
      [row.urn, row.aspect, row.timestampMillis, row.eventGranularity, row.partition, row.messageId, JSON.stringify(row.value), row.systemMetadata === null ? null : JSON.stringify(row.systemMetadata), runIdOf(row.systemMetadata)],
    );
  }

  async appendChangeLog(event: ChangeLogEvent): Promise<number> {
    // Held until commit: appends, and so commits, of writing transactions happen one at a time from here,
    // which keeps offsets in commit order for readers that follow the log.
    if (!this.changeLogLocked) {
      await this.client.query('SELECT pg_advisory_xact_lock($1)', [CHANGE_LOG_LOCK]);
      this.changeLogLocked = true;
    }
    const [r] = await run<{ offset: number }>(
      this.client,
      'INSERT INTO change_log (entity_urn, aspect, change_type, event, created_on) VALUES (?, ?, ?, ?, ?) RETURNING "offset"',
      [event.entityUrn, event.aspectName, event.changeType, JSON.stringify(event), event.created.time],
    );
    return r.offset;
  }

  async getRunRows(urn: string, runId: string): Promise<AspectRow[]> {
    return (await run<RawAspect>(this.client, 'SELECT * FROM aspect WHERE run_id = ? AND urn = ? ORDER BY aspect, version', [runId, urn])).map(toAspectRow);
  }

  async getLatestAspects(urn: string): Promise<AspectRow[]> {
    return (await run<RawAspect>(this.client, 'SELECT * FROM aspect WHERE urn = ? AND version = 0', [urn])).map(toAspectRow);
  }

  async putDerived(row: SearchRow, edges: readonly Edge[]): Promise<void> {
    const [a, b, c, d] = row.text;
    await run(
      this.client,
      `INSERT INTO search_doc (urn, entity_type, removed, row, a, b, c, d) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (urn) DO UPDATE SET entity_type = excluded.entity_type, removed = excluded.removed, row = excluded.row,
         a = excluded.a, b = excluded.b, c = excluded.c, d = excluded.d`,
      [row.urn, row.entityType, row.removed ? 1 : 0, JSON.stringify(row), a, b, c, d],
    );
    await run(this.client, 'DELETE FROM search_value WHERE urn = ?', [row.urn]);
    const keyed = new Set(row.keyed);
    const values = Object.entries(row.values).flatMap(([field, list]) => list.map((value) => [field, value, NUMERIC.test(value) ? Number(value) : null, keyed.has(field) ? 1 : 0] as const));
    if (values.length > 0) {
      await this.client.query(
        `INSERT INTO search_value (urn, field, value, num, keyed)
         SELECT $1, f, v, n, k FROM unnest($2::text[], $3::text[], $4::float8[], $5::smallint[]) AS t(f, v, n, k) ON CONFLICT DO NOTHING`,
        [row.urn, values.map((x) => x[0]), values.map((x) => x[1]), values.map((x) => x[2]), values.map((x) => x[3])],
      );
    }
    await run(this.client, 'DELETE FROM edge WHERE source = ?', [row.urn]);
    if (edges.length > 0) {
      await this.client.query(
        `INSERT INTO edge (source, type, destination, aspect)
         SELECT $1, t, d, a FROM unnest($2::text[], $3::text[], $4::text[]) AS e(t, d, a) ON CONFLICT DO NOTHING`,
        [row.urn, edges.map((e) => e.type), edges.map((e) => e.destination), edges.map((e) => e.aspect)],
      );
    }
  }

  async deleteDerived(urn: string): Promise<void> {
    await run(this.client, 'DELETE FROM search_doc WHERE urn = ?', [urn]);
    await run(this.client, 'DELETE FROM search_value WHERE urn = ?', [urn]);
    await run(this.client, 'DELETE FROM edge WHERE source = ?', [urn]);
  }
}

export class PostgresStore implements Store {
  private constructor(private readonly pool: pg.Pool) {}

  /** Connects and brings the schema up to date. */
  static async open(url: string, poolSize = 10): Promise<PostgresStore> {
    const pool = new pg.Pool({ connectionString: url, max: poolSize });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', () => undefined);
    try {
      await migrate(pool);
    } catch (err) {
      await pool.end();
      throw err;
    }
    return new PostgresStore(pool);
  }

  async transaction<T>(fn: (tx: StoreTx) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const client = await this.pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(new PgTx(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        const code = (err as { code?: string }).code;
        if (code && RETRYABLE.has(code) && attempt < MAX_ATTEMPTS) {
          await new Promise((r) => setTimeout(r, Math.random() * 10 * attempt));
          continue;
        }
        throw err;
      } finally {
        client.release();
      }
    }
  }

  async getLatestAspects(urns: readonly string[], aspects?: readonly string[]): Promise<Map<string, AspectRow[]>> {
    const out = new Map<string, AspectRow[]>(urns.map((u) => [u, []]));
    if (urns.length === 0) return out;
    const rows = aspects
      ? await run<RawAspect>(this.pool, 'SELECT * FROM aspect WHERE urn = ANY(?::text[]) AND aspect = ANY(?::text[]) AND version = 0 ORDER BY urn, aspect', [urns, aspects])
      : await run<RawAspect>(this.pool, 'SELECT * FROM aspect WHERE urn = ANY(?::text[]) AND version = 0 ORDER BY urn, aspect', [urns]);
    for (const r of rows) out.get(r.urn)?.push(toAspectRow(r));
    return out;
  }

  async getAspect(urn: string, aspect: string, version: number): Promise<AspectRow | undefined> {
    const [r] = await run<RawAspect>(this.pool, 'SELECT * FROM aspect WHERE urn = ? AND aspect = ? AND version = ?', [urn, aspect, version]);
    return r ? toAspectRow(r) : undefined;
  }

  async getMaxVersion(urn: string, aspect: string): Promise<number> {
    const [r] = await run<{ v: number | null }>(this.pool, 'SELECT max(version) AS v FROM aspect WHERE urn = ? AND aspect = ?', [urn, aspect]);
    return r?.v ?? 0;
  }

  async getTimeseries(urn: string, aspect: string, range: TimeseriesRange): Promise<TimeseriesRow[]> {
    const rows = await run<RawTimeseries>(
      this.pool,
      `SELECT * FROM timeseries WHERE urn = ? AND aspect = ? AND timestamp_millis >= ? AND timestamp_millis <= ?
       ORDER BY timestamp_millis DESC, event_granularity, partition, message_id LIMIT ?`,
      [urn, aspect, range.startTimeMillis ?? Number.MIN_SAFE_INTEGER, range.endTimeMillis ?? Number.MAX_SAFE_INTEGER, range.limit],
    );
    return rows.map(toTimeseriesRow);
  }

  async scanAspects(after: AspectKey | undefined, limit: number): Promise<AspectRow[]> {
    return (await run<RawAspect>(this.pool, scanAspectsSql(after, limit))).map(toAspectRow);
  }

  async scanTimeseries(after: TimeseriesRow | undefined, limit: number): Promise<TimeseriesRow[]> {
    return (await run<RawTimeseries>(this.pool, scanTimeseriesSql(after, limit))).map(toTimeseriesRow);
  }

  async search(q: SearchQuery): Promise<SearchPage> {
    if (q.entityTypes.length === 0) return { total: 0, urns: [], facets: {} };
    const hits = hitsSql(q, pgDialect);
    const matches = matchesSql(q, pgDialect);
    const [{ n: total }] = await run<{ n: number }>(this.pool, { text: `SELECT count(*) AS n FROM (${matches.text}) h`, params: matches.params });
    const urns = (await run<{ urn: string }>(this.pool, pageSql(q, hits, (params) => orderSql(q, params)))).map((r) => r.urn);
    const facets: SearchPage['facets'] = {};
    if (q.facetFields.length > 0 && total > 0) {
      for (const r of await run<{ field: string; value: string; n: number }>(this.pool, facetsSql(matches, q.facetFields))) (facets[r.field] ??= {})[r.value] = r.n;
    }
    if (!q.byEntityType) return { total, urns, facets };
    const fields = q.byEntityType.fields;
    const counts = await run<{ t: string; n: number }>(this.pool, typeCountsSql(matchesSql(q, pgDialect, 'd.entity_type AS t')));
    const perType = fields.length > 0 ? await run<{ t: string; field: string; value: string; n: number }>(this.pool, typeFacetsSql(matchesSql(q, pgDialect, 'd.urn AS urn, d.entity_type AS t'), fields)) : [];
    return { total, urns, facets, entityTypes: byEntityType(counts, perType) };
  }

  async matchValues(q: SearchQuery, field: string): Promise<Array<{ urn: string; value: string }>> {
    if (q.entityTypes.length === 0) return [];
    return run<{ urn: string; value: string }>(this.pool, matchValuesSql(matchesSql(q, pgDialect), field));
  }

  async getSearchRows(urns: readonly string[]): Promise<Map<string, SearchRow>> {
    const out = new Map<string, SearchRow>();
    if (urns.length === 0) return out;
    for (const r of await run<{ urn: string; row: string }>(this.pool, 'SELECT urn, row FROM search_doc WHERE urn = ANY(?::text[])', [urns])) {
      out.set(r.urn, JSON.parse(r.row) as SearchRow);
    }
    return out;
  }

  async autocomplete(entityTypes: readonly string[], fields: readonly string[], prefix: string, filter: SearchQuery['filter'], limit: number): Promise<string[]> {
    if (entityTypes.length === 0 || fields.length === 0) return [];
    return (await run<{ value: string }>(this.pool, autocompleteSql(pgDialect, entityTypes, fields, prefix, filter, limit))).map((r) => r.value);
  }

  async browsePaths(q: BrowseQuery): Promise<Array<{ urn: string; path: string }>> {
    return run<{ urn: string; path: string }>(this.pool, browsePathsSql(pgDialect, q));
  }

  async related(q: RelatedQuery): Promise<{ total: number; edges: Edge[] }> {
    if (q.types.length === 0) return { total: 0, edges: [] };
    const { count, page } = relatedSql(q);
    const [{ n: total }] = await run<{ n: number }>(this.pool, count);
    return { total, edges: await run<Edge & pg.QueryResultRow>(this.pool, page) };
  }

  async listUrns(o: Parameters<Store['listUrns']>[0]): Promise<string[]> {
    return (await run<{ urn: string }>(this.pool, listUrnsSql(o))).map((r) => r.urn);
  }

  async countAspect(aspect: string, urnLike?: string): Promise<number> {
    const [r] = await run<{ n: number }>(this.pool, countAspectSql(aspect, urnLike));
    return r.n;
  }

  async dumpDerived(): Promise<{ rows: SearchRow[]; edges: Edge[] }> {
    const rows = (await run<{ row: string }>(this.pool, 'SELECT row FROM search_doc ORDER BY urn')).map((r) => JSON.parse(r.row) as SearchRow);
    const edges = await run<Edge & pg.QueryResultRow>(this.pool, 'SELECT source, type, destination, aspect FROM edge ORDER BY source, type, destination, aspect');
    return { rows, edges };
  }

  async clearDerived(): Promise<void> {
    await this.pool.query('TRUNCATE search_doc, search_value, edge');
  }

  async readChangeLog(after: number, limit: number): Promise<StoredChangeLogEvent[]> {
    const rows = await run<{ offset: number; event: string }>(this.pool, 'SELECT "offset", event FROM change_log WHERE "offset" > ? ORDER BY "offset" LIMIT ?', [after, limit]);
    return rows.map((r) => ({ ...(JSON.parse(r.event) as ChangeLogEvent), offset: r.offset }));
  }

  async ensureSetting(name: string, value: string): Promise<string> {
    await run(this.pool, 'INSERT INTO setting (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING', [name, value]);
    return (await run<{ value: string }>(this.pool, 'SELECT value FROM setting WHERE name = ?', [name]))[0].value;
  }

  async listRuns(start: number, count: number): Promise<RunSummary[]> {
    return run<RunSummary>(this.pool, listRunsSql(start, count));
  }

  async runAspectRows(runId: string, start: number, count: number): Promise<AspectRow[]> {
    return (await run<RawAspect>(this.pool, runAspectRowsSql(runId, start, count))).map(toAspectRow);
  }

  async runUrns(runId: string, afterUrn: string | undefined, limit: number): Promise<string[]> {
    return (await run<{ urn: string }>(this.pool, runUrnsSql(runId, afterUrn, limit))).map((r) => r.urn);
  }

  async pruneTimeseries(beforeMillis: number): Promise<number> {
    return (await this.pool.query('DELETE FROM timeseries WHERE timestamp_millis < $1', [beforeMillis])).rowCount ?? 0;
  }

  /** One statement: the insert and the pruning of what it pushed past `keep`. */
  async appendUsageEvent(event: UsageEvent, keep: number): Promise<void> {
    await run(this.pool, `WITH added AS (${INSERT_USAGE_EVENT} RETURNING id) ${PRUNE_USAGE_EVENTS.replace('?', '(SELECT id FROM added) - ?')}`, [...usageEventParams(event), keep]);
  }

  async groupUsage(q: UsageGroupQuery): Promise<UsageGroup[]> {
    return (await run(this.pool, groupUsageSql(q))).map((r) => usageGroup(r, q.by.length));
  }

  async countUsage(filter: UsageFilter, buckets: ReadonlyArray<readonly [number, number]>, distinctActors: boolean): Promise<number[]> {
    if (buckets.length === 0) return [];
    return (await run<{ n: number }>(this.pool, countUsageSql(filter, buckets, distinctActors))).map((r) => r.n);
  }

  async recentlyEdited(actor: string, urnPrefixes: readonly string[], limit: number): Promise<Array<{ urn: string; latest: number }>> {
    if (urnPrefixes.length === 0) return [];
    return run<{ urn: string; latest: number }>(this.pool, recentlyEditedSql(actor, urnPrefixes, limit));
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
