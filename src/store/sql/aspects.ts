/**
 * Aspect versions and timeseries points: every statement over the `aspect` and `timeseries` tables,
 * once, for both databases. Writers track the aspects they found absent: the first version of one
 * is a plain INSERT, so of two writers that both found it absent (a row that is not there cannot be
 * locked) the second fails on the key and its transaction runs again, reading what the first wrote.
 */
import type { AspectStore, AspectTx, AspectRow, SystemMetadata, TimeseriesRow } from '../types.js';
import type { SqlDialect } from './dialect.js';
import { chunks, first, placeholders, sql, type SqlConnection, type SqlDriver } from './driver.js';
import {
  countAspectSql,
  listRunsSql,
  listUrnsSql,
  runAspectRowsSql,
  runUrnsSql,
  scanAspectsSql,
  scanTimeseriesSql,
} from './reads.js';
import { toAspectRow, toTimeseriesRow, type RawAspect, type RawTimeseries } from './rows.js';
import { deleteTimeseriesSql, runIdOf } from './writes.js';
import type { RunSummary } from '../types.js';

const LATEST = 'SELECT * FROM aspect WHERE urn = ? AND aspect = ? AND version = 0';
const MAX_VERSION = 'SELECT max(version) AS v FROM aspect WHERE urn = ? AND aspect = ?';
const VERSION = 'SELECT * FROM aspect WHERE urn = ? AND aspect = ? AND version = ?';
const INSERT_ASPECT = 'INSERT INTO aspect (urn, aspect, version, value, system_metadata, created_on, created_by, run_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)';
const REPLACE = `ON CONFLICT (urn, aspect, version) DO UPDATE SET value = excluded.value, system_metadata = excluded.system_metadata,
  created_on = excluded.created_on, created_by = excluded.created_by, run_id = excluded.run_id`;
const TIMESERIES = `SELECT * FROM timeseries WHERE urn = ? AND aspect = ? AND timestamp_millis >= ? AND timestamp_millis <= ?
  ORDER BY timestamp_millis DESC, event_granularity, partition, message_id LIMIT ?`;
const PUT_TIMESERIES = `INSERT INTO timeseries (urn, aspect, timestamp_millis, event_granularity, partition, message_id, value, system_metadata, run_id)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT (urn, aspect, timestamp_millis, event_granularity, partition, message_id)
  DO UPDATE SET value = excluded.value, system_metadata = excluded.system_metadata, run_id = excluded.run_id`;

const json = (v: unknown) => (v === null ? null : JSON.stringify(v));

async function maxVersion(conn: SqlConnection, urn: string, aspect: string): Promise<number> {
  return (await first<{ v: number | null }>(conn, sql(MAX_VERSION, urn, aspect)))?.v ?? 0;
}

const allLatest = (conn: SqlConnection, urn: string) => conn.all<RawAspect>(sql('SELECT * FROM aspect WHERE urn = ? AND version = 0 ORDER BY aspect', urn));

/** Locks on absent aspects one transaction takes at most (PostgreSQL's lock table holds ~64 a connection). */
export const MAX_NAME_LOCKS = 32;

export function aspectTx(conn: SqlConnection, dialect: SqlDialect): AspectTx {
  /** Aspects this transaction found absent and has not written yet. */
  const absent = new Set<string>();
  let nameLocks = 0;
  const latest = `${LATEST}${dialect.lockForUpdate}`;
  return {
    /**
     * Locks the latest version for the rest of the transaction. The first few absent aspects of a
     * transaction also take a lock on their name, so that writers contending for one new aspect
     * take turns rather than retry; a big batch of new entities would otherwise fill the lock table.
     */
    async getLatest(urn, aspect) {
      let [r] = await conn.all<RawAspect>(sql(latest, urn, aspect));
      const key = `${urn} ${aspect}`; // aspect names hold no space
      if (!r && dialect.lockName && !absent.has(key) && nameLocks < MAX_NAME_LOCKS) {
        nameLocks++;
        await conn.all(dialect.lockName(key));
        // A statement of its own: it sees what a writer that held the lock before committed.
        [r] = await conn.all<RawAspect>(sql(latest, urn, aspect));
      }
      if (r) absent.delete(key);
      else absent.add(key);
      return r ? toAspectRow(r) : undefined;
    },
    getMaxVersion: (urn, aspect) => maxVersion(conn, urn, aspect),
    async putAspect(row) {
      // The first version of an aspect found absent may not replace one another writer has just made.
      const firstVersion = row.version === 0 && absent.delete(`${row.urn} ${row.aspect}`);
      const params = [row.urn, row.aspect, row.version, JSON.stringify(row.value), json(row.systemMetadata), row.createdOn, row.createdBy, runIdOf(row.systemMetadata)];
      await conn.run({ text: firstVersion ? INSERT_ASPECT : `${INSERT_ASPECT} ${REPLACE}`, params });
    },
    async putSystemMetadata(urn, aspect, version, systemMetadata: SystemMetadata) {
      await conn.run(sql('UPDATE aspect SET system_metadata = ? WHERE urn = ? AND aspect = ? AND version = ?', JSON.stringify(systemMetadata), urn, aspect, version));
    },
    deleteAspect: (urn, aspect) => conn.run(sql('DELETE FROM aspect WHERE urn = ? AND aspect = ?', urn, aspect)),
    getVersions: async (urn, aspect) => (await conn.all<RawAspect>(sql('SELECT * FROM aspect WHERE urn = ? AND aspect = ? ORDER BY version', urn, aspect))).map(toAspectRow),
    async deleteVersion(urn, aspect, version) {
      await conn.run(sql('DELETE FROM aspect WHERE urn = ? AND aspect = ? AND version = ?', urn, aspect, version));
    },
    deleteHistoryBelow: (urn, aspect, version) => conn.run(sql('DELETE FROM aspect WHERE urn = ? AND aspect = ? AND version >= 1 AND version < ?', urn, aspect, version)),
    async putTimeseries(row: TimeseriesRow) {
      await conn.run(
        sql(PUT_TIMESERIES, row.urn, row.aspect, row.timestampMillis, row.eventGranularity, row.partition, row.messageId, JSON.stringify(row.value), json(row.systemMetadata), runIdOf(row.systemMetadata)),
      );
    },
    deleteTimeseries: (urn, aspect, range) => conn.run(deleteTimeseriesSql(urn, aspect, range)),
    getLatestAspects: async (urn) => (await allLatest(conn, urn)).map(toAspectRow),
    getRunRows: async (urn, runId) => (await conn.all<RawAspect>(sql('SELECT * FROM aspect WHERE run_id = ? AND urn = ? ORDER BY aspect, version', runId, urn))).map(toAspectRow),
  };
}

export function aspectStore(db: SqlDriver): AspectStore {
  return {
    async getLatestAspects(urns, aspects) {
      const out = new Map<string, AspectRow[]>(urns.map((u) => [u, []]));
      for (const some of chunks(urns)) {
        const text = aspects
          ? `SELECT * FROM aspect WHERE urn IN (${placeholders(some.length)}) AND aspect IN (${placeholders(aspects.length)}) AND version = 0 ORDER BY urn, aspect`
          : `SELECT * FROM aspect WHERE urn IN (${placeholders(some.length)}) AND version = 0 ORDER BY urn, aspect`;
        for (const r of await db.all<RawAspect>({ text, params: aspects ? [...some, ...aspects] : some })) out.get(r.urn)?.push(toAspectRow(r));
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
    pruneTimeseries: (beforeMillis) => db.transaction((conn) => conn.run(sql('DELETE FROM timeseries WHERE timestamp_millis < ?', beforeMillis))),
  };
}
