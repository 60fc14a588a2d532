/** The change log: MetadataChangeLog events in commit order, read by offset. */
import type { ChangeLogEvent, ChangeLogStore, ChangeLogTx, StoredChangeLogEvent } from '../types.js';
import { sql, valuesList, chunks, type SqlConnection, type SqlDriver } from './driver.js';

/** `table`: where the driver has transactions append (SqlDriver.changeLogTable); `appended` is told when they do. */
export function changeLogTx(conn: SqlConnection, table: string, appended: () => void): ChangeLogTx {
  return {
    async appendChangeLog(events) {
      if (events.length === 0) return;
      appended();
      for (const some of chunks(events)) {
        await conn.run({
          text: `INSERT INTO ${table} (entity_urn, aspect, change_type, event, created_on) VALUES ${valuesList(some.length, 5)}`,
          params: some.flatMap((e) => [e.entityUrn, e.aspectName, e.changeType, JSON.stringify(e), e.created.time]),
        });
      }
    },
  };
}

export function changeLogStore(db: SqlDriver): ChangeLogStore {
  return {
    async readChangeLog(after, limit) {
      await db.sequenceChangeLog?.();
      const rows = await db.all<{ offset: number; event: string }>(
        sql('SELECT "offset", event FROM change_log WHERE "offset" > ? ORDER BY "offset" LIMIT ?', after, limit),
      );
      return rows.map((r): StoredChangeLogEvent => ({ ...(JSON.parse(r.event) as ChangeLogEvent), offset: Number(r.offset) }));
    },
  };
}
