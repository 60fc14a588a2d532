/**
 * PostgreSQL plans from its statistics, and a server may run without autovacuum (this machine's
 * does): the store refreshes them itself once enough documents have been written.
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { findPostgresServer, postgresStoreForSuite } from '../../../test/storeBackends.js';
import type { SearchRow } from '../types.js';

const server = await findPostgresServer();

const doc = (i: number): SearchRow => ({
  urn: `urn:li:tag:t${i}`,
  entityType: 'tag',
  removed: false,
  values: { urn: [`urn:li:tag:t${i}`], id: [`t${i}`] },
  keyed: ['urn', 'id'],
  facets: [],
  text: [`t${i}`, '', '', ''],
});

describe.skipIf(!server)('PostgreSQL statistics', () => {
  const pgStore = postgresStoreForSuite(server);

  const analyzedAt = async (): Promise<unknown> => {
    const client = new pg.Client({ connectionString: pgStore.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ at: unknown }>(
        "SELECT last_analyze AS at FROM pg_stat_user_tables WHERE relname = 'search_doc'",
      );
      return rows[0]?.at ?? null;
    } finally {
      await client.end();
    }
  };

  it('are refreshed by the store once a thousand documents have been written', async () => {
    await pgStore.store.transaction((tx) => tx.putDerived(Array.from({ length: 999 }, (_, i) => ({ row: doc(i), edges: [] }))));
    // Statistics are refreshed in the background, after the commit that crossed the mark.
    await new Promise((r) => setTimeout(r, 300));
    expect(await analyzedAt()).toBeNull();
    await pgStore.store.transaction((tx) => tx.putDerived([{ row: doc(999), edges: [] }]));
    const deadline = Date.now() + 10_000;
    while ((await analyzedAt()) === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await analyzedAt()).not.toBeNull();
  });
});
