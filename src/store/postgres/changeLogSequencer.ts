/**
 * Change log offsets in an order no reader can overtake, without serializing commits. Writers
 * commit concurrently and their events wait in `change_log_pending`; a sequencer then moves the
 * committed ones into `change_log`, where the offset is given. Sequencers take turns under a lock
 * held across their own short commit, so offsets become visible in increasing order on every
 * replica and a reader that has seen offset n never later finds an event below it.
 *
 * A write is answered once it has committed (its events are durable in the pending table); a
 * reader of the log first has the committed events moved, so it sees every write answered before
 * it read, whichever replica made it.
 *
 * Events of one aspect keep their order: a writer appends only after it holds the aspect's latest
 * row, which the previous writer releases at its commit, after appending.
 */
import type pg from 'pg';
import { SharedRun } from '../sql/sharedRun.js';

const SEQUENCER_LOCK = 0x6d63636c;
/** Events moved per sequencer transaction. */
const BATCH = 5_000;

/** One round trip: the simple query protocol takes several statements (none with parameters). */
const RUN = `BEGIN; SELECT pg_advisory_xact_lock(${SEQUENCER_LOCK}); WITH moved AS (
    DELETE FROM change_log_pending WHERE id IN (SELECT id FROM change_log_pending ORDER BY id LIMIT ${BATCH})
    RETURNING id, entity_urn, aspect, change_type, event, packed, created_on
  )
  INSERT INTO change_log (entity_urn, aspect, change_type, event, packed, created_on)
  SELECT entity_urn, aspect, change_type, event, packed, created_on FROM moved ORDER BY id; COMMIT`;

export class ChangeLogSequencer {
  private readonly runs = new SharedRun(() => this.run());

  constructor(private readonly pool: pg.Pool) {}

  /**
   * Settles after a run that started after this call: every event committed before it is then in
   * the log. Callers arriving during a run share the one after it.
   */
  sequence(): Promise<void> {
    return this.runs.run();
  }

  private async run(): Promise<void> {
    const client = await this.pool.connect();
    try {
      for (;;) {
        const results = (await client.query(RUN)) as unknown as pg.QueryResult[];
        if ((results[2]?.rowCount ?? 0) < BATCH) return;
      }
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }
}
