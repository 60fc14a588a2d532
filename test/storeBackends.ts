/**
 * The backends a store test runs on: SQLite always, and PostgreSQL in the run that names a server
 * (TEST_DATABASE_URL, as CI's second run does). A run on SQLite tests SQLite: CI's PostgreSQL run
 * covers the store contract on both, and the SQLite run no longer does PostgreSQL's half twice.
 */
import type { Store } from '../src/store/types.js';
import { afterAll, beforeAll } from 'vitest';
import { postgresBackend, sqliteBackend, type StoreBackend, TEST_DATABASE_URL, tempDir } from './helpers.js';

export { postgresBackend, sqliteBackend, type StoreBackend };

/** The PostgreSQL server to test on, if this run has one. */
export function findPostgresServer(): string | undefined {
  return TEST_DATABASE_URL;
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
