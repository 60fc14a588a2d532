/**
 * The backends a store test can run on in this process: SQLite always, and PostgreSQL when a server
 * is there (named by TEST_DATABASE_URL, TEST_DATABASE_URL_PG or DATABASE_URL, else a local one on
 * the default port), so one `npm test` checks the store contract on both.
 */
import pg from 'pg';
import type { Store } from '../src/store/types.js';
import { afterAll, beforeAll } from 'vitest';
import { postgresBackend, sqliteBackend, type StoreBackend, tempDir } from './helpers.js';

export { postgresBackend, sqliteBackend, type StoreBackend };

const LOCAL_SERVERS = ['postgres://postgres@127.0.0.1:5432/postgres', 'postgres://postgres:postgres@127.0.0.1:5432/postgres'];

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The PostgreSQL server to test on, if any. */
export async function findPostgresServer(): Promise<string | undefined> {
  const named = [process.env.TEST_DATABASE_URL, process.env.TEST_DATABASE_URL_PG, process.env.DATABASE_URL].filter(
    (u): u is string => !!u && /^postgres(ql)?:\/\//.test(u),
  );
  for (const url of [...named, ...LOCAL_SERVERS]) if (await reachable(url)) return url;
  return undefined;
}

export async function storeBackends(): Promise<StoreBackend[]> {
  const server = await findPostgresServer();
  return server ? [sqliteBackend, postgresBackend(server)] : [sqliteBackend];
}

/** A PostgreSQL store opened before a suite's tests and dropped after them; read its fields inside tests. */
export function postgresStoreForSuite(server: string | undefined): { readonly store: Store; readonly url: string } {
  const opened = {} as { store: Store; url: string; drop(): Promise<void> };
  beforeAll(async () => {
    if (server) Object.assign(opened, await postgresBackend(server).open(tempDir()));
  });
  afterAll(async () => {
    await opened.store?.close();
    await opened.drop?.();
  });
  return opened;
}
