/**
 * The embedded backend: one SQLite file in WAL mode. Writes go through one connection, one
 * transaction at a time; reads use a second connection, so they only ever see committed data.
 * `synchronous = FULL` makes a commit durable before the write is answered.
 */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { migrations } from './migrations.js';
import type {
  AspectRow,
  ChangeLogEvent,
  Store,
  StoreTx,
  StoredChangeLogEvent,
  SystemMetadata,
  TimeseriesRange,
  TimeseriesRow,
} from '../types.js';

type Db = Database.Database;

interface RawAspect {
  urn: string;
  aspect: string;
  version: number;
  value: string;
  system_metadata: string | null;
  created_on: number;
  created_by: string;
}

interface RawTimeseries {
  urn: string;
  aspect: string;
  timestamp_millis: number;
  event_granularity: string;
  partition: string;
  message_id: string;
  value: string;
  system_metadata: string | null;
}

function toTimeseriesRow(r: RawTimeseries): TimeseriesRow {
  return {
    urn: r.urn,
    aspect: r.aspect,
    timestampMillis: r.timestamp_millis,
    eventGranularity: r.event_granularity,
    partition: r.partition,
    messageId: r.message_id,
    value: JSON.parse(r.value) as Record<string, unknown>,
    systemMetadata: r.system_metadata === null ? null : (JSON.parse(r.system_metadata) as SystemMetadata),
  };
}

function toRow(r: RawAspect): AspectRow {
  return {
    urn: r.urn,
    aspect: r.aspect,
    version: r.version,
    value: JSON.parse(r.value) as Record<string, unknown>,
    systemMetadata: r.system_metadata === null ? null : (JSON.parse(r.system_metadata) as SystemMetadata),
    createdOn: r.created_on,
    createdBy: r.created_by,
  };
}

function migrate(db: Db): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  for (let i = current; i < migrations.length; i++) {
    db.transaction(() => {
      db.exec(migrations[i]);
      db.pragma(`user_version = ${i + 1}`);
    })();
  }
}

/** Prepared statements over one connection. */
function statements(db: Db) {
  return {
    latest: db.prepare<[string, string], RawAspect>('SELECT * FROM aspect WHERE urn = ? AND aspect = ? AND version = 0'),
    version: db.prepare<[string, string, number], RawAspect>('SELECT * FROM aspect WHERE urn = ? AND aspect = ? AND version = ?'),
    maxVersion: db.prepare<[string, string], { v: number | null }>('SELECT MAX(version) AS v FROM aspect WHERE urn = ? AND aspect = ?'),
    allLatest: db.prepare<[string], RawAspect>('SELECT * FROM aspect WHERE urn = ? AND version = 0 ORDER BY aspect'),
    put: db.prepare(
      `INSERT OR REPLACE INTO aspect (urn, aspect, version, value, system_metadata, created_on, created_by)
       VALUES (@urn, @aspect, @version, @value, @systemMetadata, @createdOn, @createdBy)`,
    ),
    putSystemMetadata: db.prepare('UPDATE aspect SET system_metadata = ? WHERE urn = ? AND aspect = ? AND version = ?'),
    deleteAspect: db.prepare('DELETE FROM aspect WHERE urn = ? AND aspect = ?'),
    putTimeseries: db.prepare(
      `INSERT OR REPLACE INTO timeseries (urn, aspect, timestamp_millis, event_granularity, partition, message_id, value, system_metadata)
       VALUES (@urn, @aspect, @timestampMillis, @eventGranularity, @partition, @messageId, @value, @systemMetadata)`,
    ),
    timeseries: db.prepare<[string, string, number, number, number], RawTimeseries>(
      `SELECT * FROM timeseries WHERE urn = ? AND aspect = ? AND timestamp_millis >= ? AND timestamp_millis <= ?
       ORDER BY timestamp_millis DESC, event_granularity, partition, message_id LIMIT ?`,
    ),
    appendChangeLog: db.prepare('INSERT INTO change_log (entity_urn, aspect, change_type, event, created_on) VALUES (?, ?, ?, ?, ?)'),
    readChangeLog: db.prepare<[number, number], { offset: number; event: string }>(
      'SELECT "offset", event FROM change_log WHERE "offset" > ? ORDER BY "offset" LIMIT ?',
    ),
  };
}

export class SqliteStore implements Store {
  private readonly writer: Db;
  private readonly reader: Db;
  private readonly w: ReturnType<typeof statements>;
  private readonly r: ReturnType<typeof statements>;
  /** Tail of the queue of transactions: each one starts when the previous has settled. */
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(path: string) {
    const memory = path === ':memory:';
    if (!memory) mkdirSync(dirname(path), { recursive: true });
    this.writer = new Database(path);
    this.writer.pragma('journal_mode = WAL');
    this.writer.pragma('synchronous = FULL');
    this.writer.pragma('busy_timeout = 5000');
    migrate(this.writer);
    // An in-memory database is private to its connection, so there it serves reads too.
    this.reader = memory ? this.writer : new Database(path, { readonly: true });
    if (!memory) this.reader.pragma('busy_timeout = 5000');
    this.w = statements(this.writer);
    this.r = this.reader === this.writer ? this.w : statements(this.reader);
  }

  transaction<T>(fn: (tx: StoreTx) => Promise<T>): Promise<T> {
    const run = async (): Promise<T> => {
      if (this.closed) throw new Error('store is closed');
      this.writer.exec('BEGIN IMMEDIATE');
      try {
        const result = await fn(this.tx);
        this.writer.exec('COMMIT');
        return result;
      } catch (err) {
        if (this.writer.inTransaction) this.writer.exec('ROLLBACK');
        throw err;
      }
    };
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }

  private readonly tx: StoreTx = {
    getLatest: async (urn, aspect) => {
      const r = this.w.latest.get(urn, aspect);
      return r ? toRow(r) : undefined;
    },
    getMaxVersion: async (urn, aspect) => this.w.maxVersion.get(urn, aspect)?.v ?? 0,
    putAspect: async (row) => {
      this.w.put.run({
        urn: row.urn,
        aspect: row.aspect,
        version: row.version,
        value: JSON.stringify(row.value),
        systemMetadata: row.systemMetadata === null ? null : JSON.stringify(row.systemMetadata),
        createdOn: row.createdOn,
        createdBy: row.createdBy,
      });
    },
    putSystemMetadata: async (urn, aspect, version, systemMetadata) => {
      this.w.putSystemMetadata.run(JSON.stringify(systemMetadata), urn, aspect, version);
    },
    deleteAspect: async (urn, aspect) => this.w.deleteAspect.run(urn, aspect).changes,
    putTimeseries: async (row: TimeseriesRow) => {
      this.w.putTimeseries.run({
        ...row,
        value: JSON.stringify(row.value),
        systemMetadata: row.systemMetadata === null ? null : JSON.stringify(row.systemMetadata),
      });
    },
    appendChangeLog: async (event: ChangeLogEvent) => {
      const info = this.w.appendChangeLog.run(event.entityUrn, event.aspectName, event.changeType, JSON.stringify(event), event.created.time);
      return Number(info.lastInsertRowid);
    },
  };

  async getLatestAspects(urns: readonly string[], aspects?: readonly string[]): Promise<Map<string, AspectRow[]>> {
    const out = new Map<string, AspectRow[]>();
    for (const urn of urns) {
      let rows: AspectRow[];
      if (aspects) {
        rows = [];
        for (const a of aspects) {
          const r = this.r.latest.get(urn, a);
          if (r) rows.push(toRow(r));
        }
      } else {
        rows = this.r.allLatest.all(urn).map(toRow);
      }
      out.set(urn, rows);
    }
    return out;
  }

  async getAspect(urn: string, aspect: string, version: number): Promise<AspectRow | undefined> {
    const r = this.r.version.get(urn, aspect, version);
    return r ? toRow(r) : undefined;
  }

  async getMaxVersion(urn: string, aspect: string): Promise<number> {
    return this.r.maxVersion.get(urn, aspect)?.v ?? 0;
  }

  async getTimeseries(urn: string, aspect: string, range: TimeseriesRange): Promise<TimeseriesRow[]> {
    const start = range.startTimeMillis ?? Number.MIN_SAFE_INTEGER;
    const end = range.endTimeMillis ?? Number.MAX_SAFE_INTEGER;
    return this.r.timeseries.all(urn, aspect, start, end, range.limit).map(toTimeseriesRow);
  }

  async readChangeLog(after: number, limit: number): Promise<StoredChangeLogEvent[]> {
    return this.r.readChangeLog.all(after, limit).map((r) => ({ ...(JSON.parse(r.event) as ChangeLogEvent), offset: r.offset }));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.queue;
    this.closed = true;
    if (this.reader !== this.writer) this.reader.close();
    this.writer.close();
  }
}
