/**
 * PostgreSQL's first writes of an aspect: a transaction takes a bounded number of locks, however many
 * new aspects it writes (PostgreSQL's lock table is shared and small), and concurrent first writes of
 * one aspect past that bound still lose nothing: the loser fails on the key and is run again.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKEND, openTestStore, tempDir } from '../../../test/helpers.js';
import { SYSTEM_ACTOR } from '../../actors.js';
import { Authorizer } from '../../auth/authorizer.js';
import { loadRegistry } from '../../registry/registry.js';
import { buildProposal } from '../../service/proposals.js';
import { WritePath } from '../../service/writePath.js';
import type { Store } from '../types.js';

const registry = loadRegistry();
const ds = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:hive,locks.${name},PROD)`;

describe.skipIf(BACKEND !== 'postgres')('PostgreSQL first writes', () => {
  let store: Store;
  let url: string;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ store, url, drop } = await openTestStore(tempDir()));
  });
  afterAll(async () => {
    await store?.close();
    await drop?.();
  });

  it('take at most 32 locks in a transaction, however many aspects they find absent', async () => {
    const observer = new pg.Client({ connectionString: url });
    await observer.connect();
    try {
      const held = await store.transaction(async (tx) => {
        for (let i = 0; i < 200; i++) await tx.getLatest(ds(`absent_${i}`), 'status');
        const { rows } = await observer.query<{ n: string }>("SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())");
        return Number(rows[0].n);
      });
      expect(held).toBe(32);
    } finally {
      await observer.end();
    }
  });

  it('lose nothing when two batches, each past that bound, both create one aspect', async () => {
    const write = new WritePath(store, registry, new Authorizer(store));
    const shared = ds('contended');
    const batch = (who: string) => [
      ...Array.from({ length: 40 }, (_, i) => buildProposal(registry, ds(`${who}_${i}`), 'status', 'UPSERT', { removed: false })),
      buildProposal(registry, shared, 'globalTags', 'PATCH', [{ op: 'add', path: `/tags/urn:li:tag:${who}`, value: { tag: `urn:li:tag:${who}` } }]),
    ];
    await Promise.all([write.apply(batch('left'), { actor: SYSTEM_ACTOR }), write.apply(batch('right'), { actor: SYSTEM_ACTOR })]);
    const tags = ((await store.getAspect(shared, 'globalTags', 0))?.value.tags as Array<{ tag: string }>).map((t) => t.tag).sort();
    expect(tags).toEqual(['urn:li:tag:left', 'urn:li:tag:right']);
    expect(await store.getMaxVersion(shared, 'globalTags')).toBe(1);
  });
});
