/**
 * The backends a store test runs on: SQLite always, and PostgreSQL in the run that names a server
 * (TEST_DATABASE_URL, as CI's second run does). A run on SQLite tests SQLite: CI's PostgreSQL run
 * covers the store contract on both, and the SQLite run no longer does PostgreSQL's half twice.
 */
import type { SearchIndexBuild, SearchIndexBuilt, SnapshotEvent } from '../src/store/bitmap/liveIndex.js';
import { openStore } from '../src/store/index.js';
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

/**
 * A store whose search index uses the snapshot file `snapshot`, once its index is ready: how it was
 * built and what became of snapshots. Indexed after opening from 100 documents, as a large one is.
 */
export async function openWithSnapshot(
  url: string,
  snapshot: string,
  build: SearchIndexBuild = {},
): Promise<{ store: Store; events: SnapshotEvent[]; built: SearchIndexBuilt }> {
  const events: SnapshotEvent[] = [];
  let built!: (b: SearchIndexBuilt) => void;
  const ready = new Promise<SearchIndexBuilt>((resolve) => (built = resolve));
  const store = await openStore(url, {
    synchronous: 'NORMAL',
    onSearchIndexBuilt: (b) => built(b),
    searchIndexBuild: { beforeOpen: 100, delayMs: 0, snapshot, onSnapshot: (e) => events.push(e), ...build },
  });
  return { store, events, built: await ready };
}
