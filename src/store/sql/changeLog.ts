/**
 * The change log: MetadataChangeLog events in commit order, read by offset. Each event is kept
 * deflated (`packed`): its JSON repeats the aspect's value, and a copy of every value made the log
 * a fifth of the database. Events written before that keep their text in `event`.
 */
import { Slices } from '../../slices.js';
import type { ChangeLogEvent, ChangeLogStore, ChangeLogTx } from '../types.js';
import { sql, valuesList, ROWS_PER_STATEMENT, type SqlConnection, type SqlDriver } from './driver.js';
import { packText, unpackText } from './packedText.js';

export const packEvent = (event: ChangeLogEvent): Buffer => packText(JSON.stringify(event));

export const unpackEvent = (packed: Uint8Array): ChangeLogEvent => JSON.parse(unpackText(packed)) as ChangeLogEvent;

/**
 * `table`: where the driver has transactions append (SqlDriver.changeLogTable); `appended` is told
 * when they do, with the offsets the events were given where they are final at insert (`final`).
 */
export function changeLogTx(
  conn: SqlConnection,
  table: string,
  final: boolean,
  appended: (offsets: readonly number[]) => void,
): ChangeLogTx {
  return {
    async appendChangeLog(events) {
      if (events.length === 0) return;
      const offsets: number[] = [];
      // Packing costs tens of microseconds an event: a batch's thousands are packed in slices.
      const packed = await new Slices().map(events, packEvent);
      for (let i = 0; i < events.length; i += ROWS_PER_STATEMENT) {
        const some = events.slice(i, i + ROWS_PER_STATEMENT);
        const insert = {
          text: `INSERT INTO ${table} (entity_urn, aspect, change_type, event, packed, created_on) VALUES ${valuesList(some.length, 6)}`,
          params: some.flatMap((e, k) => [e.entityUrn, e.aspectName, e.changeType, '', packed[i + k], e.created.time]),
        };
        if (!final) await conn.run(insert);
        else
          for (const r of await conn.all<{ offset: number }>({ ...insert, text: `${insert.text} RETURNING "offset"` }))
            offsets.push(Number(r.offset));
      }
      appended(offsets);
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
