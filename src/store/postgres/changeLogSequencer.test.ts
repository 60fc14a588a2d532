/**
 * PostgreSQL writers commit concurrently, yet the change log still reads in an order no reader can
 * overtake: an event gets its offset only once its transaction has committed.
 */
import { describe, expect, it } from 'vitest';
import { findPostgresServer, postgresStoreForSuite } from '../../../test/storeBackends.js';
import pg from 'pg';
import { openStore } from '../index.js';
import type { ChangeLogEvent } from '../types.js';

const server = await findPostgresServer();

const event = (n: number): ChangeLogEvent => ({
  entityType: 'tag',
  entityUrn: `urn:li:tag:${n}`,
  changeType: 'UPSERT',
  aspectName: 'tagProperties',
  aspect: { n },
  created: { actor: 'a', time: n },
});

describe.skipIf(!server)('the PostgreSQL change log', () => {
  const pgStore = postgresStoreForSuite(server);

  it('lets a writer commit while another that appended first is still open, and gives offsets in commit order', async () => {
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    let appended!: () => void;
    const slowAppended = new Promise<void>((resolve) => (appended = resolve));
    const slow = pgStore.store.transaction(async (tx) => {
      await tx.appendChangeLog([event(1)]);
      appended();
      await held;
    });
    await slowAppended;
    // With a lock held to commit, this write would wait for the slow one, which waits for it.
    await pgStore.store.transaction((tx) => tx.appendChangeLog([event(2), event(3)]));
    const before = await pgStore.store.readChangeLog(0, 100);
    expect(before.map((e) => e.entityUrn)).toEqual(['urn:li:tag:2', 'urn:li:tag:3']);
    finish();
    await slow;
    const after = await pgStore.store.readChangeLog(before.at(-1)!.offset, 100);
    expect(after.map((e) => e.entityUrn)).toEqual(['urn:li:tag:1']);
    expect(after[0]!.offset).toBeGreaterThan(before.at(-1)!.offset);
  });

  it('gives offsets to the events of a writer that stopped before it could, at the latest when a store next opens', async () => {
    const last = (await pgStore.store.readChangeLog(0, 1000)).at(-1)!.offset;
    // As a crash between a writer's commit and its sequencing leaves them.
    const client = new pg.Client({ connectionString: pgStore.url });
    await client.connect();
    await client.query('INSERT INTO change_log_pending (entity_urn, aspect, change_type, event, created_on) VALUES ($1, $2, $3, $4, $5)', [
      'urn:li:tag:9',
      'tagProperties',
      'UPSERT',
      JSON.stringify(event(9)),
      9,
    ]);
    await client.end();
    const reopened = await openStore(pgStore.url);
    try {
      expect((await reopened.readChangeLog(last, 10)).map((e) => e.entityUrn)).toEqual(['urn:li:tag:9']);
    } finally {
      await reopened.close();
    }
  });
});
