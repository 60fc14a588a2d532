/**
 * PostgreSQL's first writes of an aspect: a transaction takes a bounded number of locks, however many
 * new aspects it writes (PostgreSQL's lock table is shared and small), and concurrent first writes of
 * one aspect past that bound still lose nothing: the loser fails on the key and is run again.
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { findPostgresServer, postgresStoreForSuite } from '../../../test/storeBackends.js';
import { SYSTEM_ACTOR } from '../../actors.js';

const ds = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:hive,locks.${name},PROD)`;

const server = await findPostgresServer();

describe.skipIf(!server)('PostgreSQL first writes', () => {
  const pgStore = postgresStoreForSuite(server);

  it('take at most 32 locks in a transaction, however many aspects they find absent', async () => {
    const observer = new pg.Client({ connectionString: pgStore.url });
    await observer.connect();
    try {
      const held = await pgStore.store.transaction(async (tx) => {
        for (let i = 0; i < 200; i++) await tx.getLatest(ds(`absent_${i}`), 'status');
        const { rows } = await observer.query<{ n: string }>(
          "SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
        );
        return Number(rows[0]?.n);
      });
      expect(held).toBe(32);
    } finally {
      await observer.end();
    }
  });

  it('lose nothing when two transactions, each past that bound, both create one aspect at the same moment', async () => {
    const shared = ds('contended');
    const tag = (who: string) => ({ tag: `urn:li:tag:${who}` });
    // Both read the aspect as absent (without a lock: each has spent its locks first) before either
    // writes it; the second to write must fail on the key and run again, not overwrite the first.
    let arrived = 0;
    let bothRead!: () => void;
    const barrier = new Promise<void>((resolve) => (bothRead = resolve));
    const write = (who: string) =>
      pgStore.store.transaction(async (tx) => {
        for (let i = 0; i < 40; i++) await tx.getLatest(ds(`${who}_${i}`), 'status');
        const current = await tx.getLatest(shared, 'globalTags');
        if (++arrived === 2) bothRead();
        await barrier;
        const tags = [...((current?.value.tags as Array<{ tag: string }>) ?? []), tag(who)];
        await tx.putAspect({
          urn: shared,
          aspect: 'globalTags',
          version: 0,
          value: { tags },
          systemMetadata: null,
          createdOn: 0,
          createdBy: SYSTEM_ACTOR,
        });
      });
    await Promise.all([write('left'), write('right')]);
    const stored = await pgStore.store.getAspect(shared, 'globalTags', 0);
    const tags = ((stored?.value.tags ?? []) as Array<{ tag: string }>).map((t) => t.tag).sort();
    expect(arrived).toBe(3); // the loser read again
    expect(tags).toEqual(['urn:li:tag:left', 'urn:li:tag:right']);
  });
});
