/**
 * The change log: MetadataChangeLog events in commit order, read by offset. Each event is kept
 * deflated (`packed`): its JSON repeats the aspect's value, and a copy of every value made the log
 * a fifth of the database. Events written before that keep their text in `event`.
 */
import { Slices } from '../../slices.js';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { ChangeLogEvent, ChangeLogStore, ChangeLogTx } from '../types.js';
import { sql, valuesList, chunks, type SqlConnection, type SqlDriver } from './driver.js';

/**
 * Deflate's fastest level, a 4 KB window, small match tables and output chunks: events are about a
 * kilobyte, so they compress as well as with the defaults (2.8 times on the bench's catalog), and
 * each call sets up far less (about 40 µs an event where the defaults took 60 and more).
 */
const PACKING = { level: 1, windowBits: 12, memLevel: 4, chunkSize: 1024 } as const;

export const packEvent = (event: ChangeLogEvent): Buffer => deflateRawSync(JSON.stringify(event), PACKING);

export const unpackEvent = (packed: Uint8Array): ChangeLogEvent =>
  JSON.parse(inflateRawSync(packed, { windowBits: PACKING.windowBits }).toString('utf8')) as ChangeLogEvent;

/** `table`: where the driver has transactions append (SqlDriver.changeLogTable); `appended` is told when they do. */
export function changeLogTx(conn: SqlConnection, table: string, appended: () => void): ChangeLogTx {
  return {
    async appendChangeLog(events) {
      if (events.length === 0) return;
      appended();
      for (const some of chunks(events)) {
        await conn.run({
          text: `INSERT INTO ${table} (entity_urn, aspect, change_type, event, packed, created_on) VALUES ${valuesList(some.length, 6)}`,
          params: some.flatMap((e) => [e.entityUrn, e.aspectName, e.changeType, '', packEvent(e), e.created.time]),
        });
      }
    },
  };
}

export function changeLogStore(db: SqlDriver): ChangeLogStore {
  return {
    async readChangeLog(after, limit) {
      await db.sequenceChangeLog?.();
      const rows = await db.all<{ offset: number; event: string; packed: Uint8Array | null }>(
        sql('SELECT "offset", event, packed FROM change_log WHERE "offset" > ? ORDER BY "offset" LIMIT ?', after, limit),
      );
      // A page of 10,000 events takes about 200 ms to inflate and parse: other requests get turns between slices.
      return new Slices().map(rows, (r) => ({
        ...(r.packed ? unpackEvent(r.packed) : (JSON.parse(r.event) as ChangeLogEvent)),
        offset: Number(r.offset),
      }));
    },
  };
}
