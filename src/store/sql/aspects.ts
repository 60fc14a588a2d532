/**
 * Aspect versions and timeseries points: every statement over the `aspect` and `timeseries` tables,
 * once, for both databases. Writers track the aspects they found absent: the first version of one
 * is a plain INSERT, so of two writers that both found it absent (a row that is not there cannot be
 * locked) the second fails on the key and its transaction runs again, reading what the first wrote.
 */
import type { AspectRow, AspectStore, AspectTx, RunSummary, SystemMetadata, TimeseriesRow } from '../types.js';
import type { SqlDialect } from './dialect.js';
import { Slices } from '../../slices.js';
import { chunks, first, placeholders, sql, typedValuesList, valuesList, type Sql, type SqlConnection, type SqlDriver } from './driver.js';
import { countAspectSql, listRunsSql, listUrnsSql, runAspectRowsSql, runUrnsSql, scanAspectsSql, scanTimeseriesSql } from './reads.js';
import { storedValue } from './packedText.js';
import { toAspectRow, toTimeseriesRow, type RawAspect, type RawTimeseries } from './rows.js';
import { deleteTimeseriesSql, runIdOf } from './writes.js';

const MAX_VERSION = 'SELECT max(version) AS v FROM aspect WHERE urn = ? AND aspect = ?';
/** The columns of a RawAspect: reads take no others (each column is a value made per row). */
const ASPECT = 'SELECT urn, aspect, version, value, packed, system_metadata, created_on, created_by FROM aspect';
const VERSION = `${ASPECT} WHERE urn = ? AND aspect = ? AND version = ?`;
const INSERT_ASPECT_HEAD = 'INSERT INTO aspect (urn, aspect, version, value, packed, system_metadata, created_on, created_by, run_id)';
const REPLACE = `ON CONFLICT (urn, aspect, version) DO UPDATE SET value = excluded.value, packed = excluded.packed, system_metadata = excluded.system_metadata,
  created_on = excluded.created_on, created_by = excluded.created_by, run_id = excluded.run_id`;
const TIMESERIES = `SELECT * FROM timeseries WHERE urn = ? AND aspect = ? AND timestamp_millis >= ? AND timestamp_millis <= ?
  ORDER BY timestamp_millis DESC, event_granularity, partition, message_id LIMIT ?`;
const TIMESERIES_HEAD =
  'INSERT INTO timeseries (urn, aspect, timestamp_millis, event_granularity, partition, message_id, value, system_metadata, run_id)';
const TIMESERIES_REPLACE = `ON CONFLICT (urn, aspect, timestamp_millis, event_granularity, partition, message_id)
  DO UPDATE SET value = excluded.value, system_metadata = excluded.system_metadata, run_id = excluded.run_id`;

const json = (v: unknown) => (v === null ? null : JSON.stringify(v));

async function maxVersion(conn: SqlConnection, urn: string, aspect: string): Promise<number> {
  return (await first<{ v: number | null }>(conn, sql(MAX_VERSION, urn, aspect)))?.v ?? 0;
}

/** Urns whose latest aspects a transaction reads in one statement. */
const LATEST_URNS_PER_STATEMENT = 100;

/** Locks on absent aspects one transaction takes at most (PostgreSQL's lock table holds ~64 a connection). */
export const MAX_NAME_LOCKS = 32;

const keyOf = (urn: string, aspect: string) => `${urn} ${aspect}`; // aspect names hold no space

/**
 * A transaction's aspect part. Its writes wait in a queue and go out as one multi-row statement per
 * kind, before the next read and before commit: a batch costs a few round trips, not a few per
 * proposal. Latest versions it has locked or written are answered from memory.
 */
export function aspectTx(conn: SqlConnection, dialect: SqlDialect): AspectTx & { flush(): Promise<void> } {
  /**
   * Latest versions known in this transaction (locked, or written by it); undefined: found absent
   * and not written since.
   */
  const latest = new Map<string, AspectRow | undefined>();
  const maxVersions = new Map<string, number>();
  let nameLocks = 0;
  const queue = new WriteQueue(conn);
  const flush = () => queue.flush();
  const read = async <T>(q: Sql) => {
    await flush();
    return conn.all<T>(q);
  };
  const change = async (q: Sql) => {
    await flush();
    return conn.run(q);
  };
  const forget = (urn: string, aspect: string) => {
    latest.delete(keyOf(urn, aspect));
    maxVersions.delete(keyOf(urn, aspect));
  };

  /** Reads and locks the latest versions of these (not yet known) aspects. */
  async function lock(keys: ReadonlyArray<readonly [string, string]>): Promise<void> {
    // A batch locks tens of thousands of keys: the loops over them run in slices.
    const slices = new Slices();
    const absent = (from: ReadonlyArray<readonly [string, string]>, known: { has(key: string): boolean }) =>
      slices.filter(from, ([u, a]) => !known.has(keyOf(u, a)));
    const wanted = await absent(keys, latest);
    if (wanted.length === 0) return;
    const found = await lockedRows(wanted);
    let missing = await absent(wanted, found);
    // The first few absent aspects of a transaction also take a lock on their name, so that writers
    // contending for one new aspect take turns rather than retry (a row that is not there cannot be
    // locked); a big batch of new entities would otherwise fill the lock table.
    if (dialect.lockNames && missing.length > 0 && nameLocks < MAX_NAME_LOCKS) {
      const named = missing.slice(0, MAX_NAME_LOCKS - nameLocks);
      nameLocks += named.length;
      await read(dialect.lockNames(named.map(([u, a]) => keyOf(u, a)).sort()));
      // A statement of its own: it sees what writers that held the locks before committed.
      for (const [k, row] of await lockedRows(named)) found.set(k, row);
      missing = await absent(wanted, found);
    }
    await slices.each(found, ([k, row]) => latest.set(k, row));
    await slices.each(missing, ([u, a]) => latest.set(keyOf(u, a), undefined));
  }

  async function lockedRows(keys: ReadonlyArray<readonly [string, string]>): Promise<Map<string, AspectRow>> {
    const out = new Map<string, AspectRow>();
    for (const some of chunks(keys)) {
      // In key order, so that writers locking overlapping sets never wait on each other in a cycle.
      const text = `SELECT a.* FROM aspect a JOIN (VALUES ${valuesList(some.length, 2)}) k ON a.urn = k.column1 AND a.aspect = k.column2
        WHERE a.version = 0 ORDER BY a.urn, a.aspect${dialect.lockForUpdate}`;
      const rows = await read<RawAspect>({ text, params: some.flat() });
      for (const r of rows) out.set(keyOf(r.urn, r.aspect), toAspectRow(r));
      // The highest versions of those found, for the writes that move a latest version into the
      // history: in a statement of its own, after the locks are held, so that it sees what the
      // writers that held them committed (a locking read sees the locked rows anew, nothing else).
      const found = rows.map((r) => [r.urn, r.aspect]);
      if (found.length === 0) continue;
      const max = `SELECT a.urn, a.aspect, max(a.version) AS v FROM aspect a JOIN (VALUES ${valuesList(found.length, 2)}) k
        ON a.urn = k.column1 AND a.aspect = k.column2 GROUP BY a.urn, a.aspect`;
      for (const r of await read<{ urn: string; aspect: string; v: number }>({ text: max, params: found.flat() }))
        maxVersions.set(keyOf(r.urn, r.aspect), Number(r.v));
    }
    return out;
  }

  return {
    flush,
    lockLatest: (keys) => lock(keys.map((k) => [k.urn, k.aspect] as const)),
    async getLatest(urn, aspect) {
      const key = keyOf(urn, aspect);
      if (!latest.has(key)) await lock([[urn, aspect]]);
      return latest.get(key);
    },
    async getMaxVersion(urn, aspect) {
      const key = keyOf(urn, aspect);
      let max = maxVersions.get(key);
      if (max === undefined) {
        max = (await read<{ v: number | null }>(sql(MAX_VERSION, urn, aspect)))[0]?.v ?? 0;
        maxVersions.set(key, max);
      }
      return max;
    },
    async putAspect(row) {
      const key = keyOf(row.urn, row.aspect);
      // The first version of an aspect found absent may not replace one another writer has just made.
      const firstVersion = row.version === 0 && latest.has(key) && latest.get(key) === undefined;
      const params = [
        row.urn,
        row.aspect,
        row.version,
        ...storedValue(JSON.stringify(row.value)),
        json(row.systemMetadata),
        row.createdOn,
        row.createdBy,
        runIdOf(row.systemMetadata),
      ];
      await queue.add(firstVersion ? INSERT_ASPECTS : UPSERT_ASPECTS, key, row.version, row.version, `${key} ${row.version}`, params);
      if (row.version === 0) latest.set(key, row);
      else if (maxVersions.has(key)) maxVersions.set(key, Math.max(maxVersions.get(key)!, row.version));
    },
    async putSystemMetadata(urn, aspect, version, systemMetadata: SystemMetadata) {
      await queue.add(SET_SYSTEM_METADATA, keyOf(urn, aspect), version, version, `${keyOf(urn, aspect)} ${version}`, [
        urn,
        aspect,
        version,
        JSON.stringify(systemMetadata),
      ]);
      const known = latest.get(keyOf(urn, aspect));
      if (version === 0 && known) latest.set(keyOf(urn, aspect), { ...known, systemMetadata });
    },
    async deleteAspect(urn, aspect) {
      forget(urn, aspect);
      return change(sql('DELETE FROM aspect WHERE urn = ? AND aspect = ?', urn, aspect));
    },
    getVersions: async (urn, aspect) =>
      (await read<RawAspect>(sql(`${ASPECT} WHERE urn = ? AND aspect = ? ORDER BY version`, urn, aspect))).map(toAspectRow),
    async deleteVersion(urn, aspect, version) {
      forget(urn, aspect);
      await change(sql('DELETE FROM aspect WHERE urn = ? AND aspect = ? AND version = ?', urn, aspect, version));
    },
    async deleteHistoryBelow(urn, aspect, version) {
      // The highest version is kept unless it is below the bound: known, it spares the next update of
      // the aspect in this transaction a read, which would send the queue out early.
      const max = maxVersions.get(keyOf(urn, aspect));
      if (max !== undefined && max < version) maxVersions.set(keyOf(urn, aspect), 0);
      await queue.add(DELETE_HISTORY_BELOW, keyOf(urn, aspect), 1, version - 1, `${keyOf(urn, aspect)} ${version}`, [urn, aspect, version]);
    },
    async putTimeseries(row: TimeseriesRow) {
      const params = [
        row.urn,
        row.aspect,
        row.timestampMillis,
        row.eventGranularity,
        row.partition,
        row.messageId,
        JSON.stringify(row.value),
        json(row.systemMetadata),
        runIdOf(row.systemMetadata),
      ];
      await queue.add(PUT_TIMESERIES, `timeseries ${keyOf(row.urn, row.aspect)}`, 0, 0, JSON.stringify(params.slice(0, 6)), params);
    },
    deleteTimeseries: (urn, aspect, range) => change(deleteTimeseriesSql(urn, aspect, range)),
    async getLatestAspects(urns) {
      const out = new Map<string, AspectRow[]>(urns.map((u) => [u, []]));
      // Fewer urns a statement than most: every aspect of each comes back, and a batch's answer
      // (thousands of rows, copied from the writer's thread and parsed at once) held requests 80 ms.
      for (const some of chunks(urns, LATEST_URNS_PER_STATEMENT)) {
        const text = `${ASPECT} WHERE urn IN (${placeholders(some.length)}) AND version = 0 ORDER BY urn, aspect`;
        for (const r of await read<RawAspect>({ text, params: some })) out.get(r.urn)?.push(toAspectRow(r));
      }
      return out;
    },
    getRunRows: async (urn, runId) =>
      (await read<RawAspect>(sql(`${ASPECT} WHERE run_id = ? AND urn = ? ORDER BY aspect, version`, runId, urn))).map(toAspectRow),
  };
}

/** A kind of queued write: its multi-row statement for some rows, with their parameters. */
export interface WriteKind {
  statement(rows: ReadonlyArray<readonly unknown[]>): Sql;
}

/** A statement whose VALUES list holds the rows' parameters in order. */
const eachRow = (text: (n: number) => string): WriteKind => ({ statement: (rows) => ({ text: text(rows.length), params: rows.flat() }) });
/**
 * Also narrowed by the rows' urns (their first parameter), so that SQLite reaches the rows through
 * the primary key rather than testing every row of the table.
 */
const byUrns = (text: (n: number, urns: number) => string, urnsAfterRows = false): WriteKind => ({
  statement: (rows) => {
    const urns = [...new Set(rows.map((r) => r[0]))];
    return { text: text(rows.length, urns.length), params: urnsAfterRows ? [...rows.flat(), ...urns] : [...urns, ...rows.flat()] };
  },
});

const INSERT_ASPECTS = eachRow((n) => `${INSERT_ASPECT_HEAD} VALUES ${valuesList(n, 9)}`);
const UPSERT_ASPECTS = eachRow((n) => `${INSERT_ASPECT_HEAD} VALUES ${valuesList(n, 9)} ${REPLACE}`);
const PUT_TIMESERIES = eachRow((n) => `${TIMESERIES_HEAD} VALUES ${valuesList(n, 9)} ${TIMESERIES_REPLACE}`);
/**
 * Columns of VALUES lists are `column1`, `column2`… in both databases. The key's text columns are
 * cast too: an uncast parameter has no type, so SQLite could not compare it through an index and
 * looked each aspect row up in the VALUES by version alone, testing every row of the list: 160 ms
 * for a statement of 625 rows, which held the event loop (sqlitePlans.test.ts).
 */
export const SET_SYSTEM_METADATA = byUrns(
  (n, urns) => `UPDATE aspect SET system_metadata = v.column4 FROM (VALUES ${typedValuesList(n, ['text', 'text', 'bigint', ''])}) v
    WHERE aspect.urn IN (${placeholders(urns)}) AND aspect.urn = v.column1 AND aspect.aspect = v.column2 AND aspect.version = v.column3`,
  true,
);
export const DELETE_HISTORY_BELOW = byUrns(
  (n, urns) => `DELETE FROM aspect WHERE urn IN (${placeholders(urns)}) AND version >= 1 AND EXISTS (
    SELECT 1 FROM (VALUES ${typedValuesList(n, ['text', 'text', 'bigint'])}) v WHERE aspect.urn = v.column1 AND aspect.aspect = v.column2 AND aspect.version < v.column3)`,
);

/**
 * Writes waiting to go out. Kinds go out in the order each was first queued; within a kind, a later
 * write of the same row replaces the earlier one (one statement may not change a row twice). Each
 * write names the versions of its aspect it touches; when it would go out before an earlier write of
 * another kind touching one of them (its kind was queued earlier), the queue goes out first, so that
 * writes to one row always happen in the order they were made.
 *
 * By rows rather than by aspects: an update of an aspect whose history is full copies the latest
 * version into the history, trims the history (versions 1 and up) and writes the new latest
 * (version 0), and the last did not commute with the trim by aspect alone. A batch of 10,000 such
 * updates went out in 20,000 statements of a row or two; each is a message to the writer's thread.
 */
class WriteQueue {
  private readonly kinds = new Map<WriteKind, Map<string, unknown[]>>();
  /** Aspect → the kinds of its queued writes, each with the versions it touches. */
  private readonly touched = new Map<string, Array<{ kind: WriteKind; from: number; to: number }>>();
  constructor(private readonly conn: SqlConnection) {}

  /** A write of `kind` to versions `from`..`to` of `aspect`, replacing any queued of `row`. */
  async add(kind: WriteKind, aspect: string, from: number, to: number, row: string, params: unknown[]): Promise<void> {
    if (this.kinds.has(kind)) {
      const order = [...this.kinds.keys()];
      const at = order.indexOf(kind);
      const overtakes = (this.touched.get(aspect) ?? []).some(
        (q) => q.kind !== kind && order.indexOf(q.kind) > at && from <= q.to && q.from <= to,
      );
      if (overtakes) await this.flush();
    }
    let rows = this.kinds.get(kind);
    if (!rows) {
      rows = new Map();
      this.kinds.set(kind, rows);
    }
    rows.delete(row);
    rows.set(row, params);
    const writes = this.touched.get(aspect);
    if (writes) writes.push({ kind, from, to });
    else this.touched.set(aspect, [{ kind, from, to }]);
  }

  async flush(): Promise<void> {
    if (this.kinds.size === 0) return;
    const kinds = [...this.kinds];
    this.kinds.clear();
    this.touched.clear();
    for (const [kind, rows] of kinds) {
      for (const some of chunks([...rows.values()])) await this.conn.run(kind.statement(some));
    }
  }
}

export function aspectStore(db: SqlDriver): AspectStore {
  return {
    async getLatestAspects(urns, aspects) {
      const out = new Map<string, AspectRow[]>(urns.map((u) => [u, []]));
      for (const some of chunks(urns)) {
        const text = aspects
          ? `${ASPECT} WHERE urn IN (${placeholders(some.length)}) AND aspect IN (${placeholders(aspects.length)}) AND version = 0 ORDER BY urn, aspect`
          : `${ASPECT} WHERE urn IN (${placeholders(some.length)}) AND version = 0 ORDER BY urn, aspect`;
        for (const r of await db.all<RawAspect>({ text, params: aspects ? [...some, ...aspects] : some }))
          out.get(r.urn)?.push(toAspectRow(r));
      }
      return out;
    },
    getAspect: async (urn, aspect, version) => {
      const r = await first<RawAspect>(db, sql(VERSION, urn, aspect, version));
      return r && toAspectRow(r);
    },
    getMaxVersion: (urn, aspect) => maxVersion(db, urn, aspect),
    getTimeseries: async (urn, aspect, range) => {
      const start = range.startTimeMillis ?? Number.MIN_SAFE_INTEGER;
      const end = range.endTimeMillis ?? Number.MAX_SAFE_INTEGER;
      return (await db.all<RawTimeseries>(sql(TIMESERIES, urn, aspect, start, end, range.limit))).map(toTimeseriesRow);
    },
    listUrns: async (o) => (await db.all<{ urn: string }>(listUrnsSql(o))).map((r) => r.urn),
    countAspect: async (aspect, urnLike) => (await first<{ n: number }>(db, countAspectSql(aspect, urnLike)))?.n ?? 0,
    scanAspects: async (after, limit) => (await db.all<RawAspect>(scanAspectsSql(after, limit))).map(toAspectRow),
    scanTimeseries: async (after, limit) => (await db.all<RawTimeseries>(scanTimeseriesSql(after, limit))).map(toTimeseriesRow),
    listRuns: (start, count) => db.all<RunSummary>(listRunsSql(start, count)),
    runAspectRows: async (runId, start, count) => (await db.all<RawAspect>(runAspectRowsSql(runId, start, count))).map(toAspectRow),
    runUrns: async (runId, afterUrn, limit) => (await db.all<{ urn: string }>(runUrnsSql(runId, afterUrn, limit))).map((r) => r.urn),
    pruneTimeseries: (beforeMillis) =>
      db.transaction((conn) => conn.run(sql('DELETE FROM timeseries WHERE timestamp_millis < ?', beforeMillis))),
  };
}
