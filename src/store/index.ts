/** Opens the store a database url names, loading only that backend's driver. */
import { openSqlStore } from './sql/store.js';
import type { SearchIndexBuild, SearchIndexBuilt } from './bitmap/liveIndex.js';

export type { SnapshotEvent } from './bitmap/liveIndex.js';
import type { SearchIndexOverBudget, Store } from './types.js';

export type { Store } from './types.js';

export interface StoreOptions {
  /** PostgreSQL: connections in the pool. */
  poolSize?: number | undefined;
  /**
   * SQLite: FULL (the default) makes every commit durable before it is answered; NORMAL skips the
   * sync per commit (a crash of the process loses nothing, a power cut may lose the last commits),
   * for databases nobody needs after a power cut, such as the tests'.
   */
  synchronous?: 'FULL' | 'NORMAL' | undefined;
  /** Told when the in-memory search index is built (at start, and when rebuilt): until then, searches are answered by SQL. */
  onSearchIndexBuilt?: ((built: SearchIndexBuilt) => void) | undefined;
  /** Told when that index outgrows its memory budget (`searchIndexBuild.maxBytes`) and is let go: SQL answers searches from then on. */
  onSearchIndexOverBudget?: ((over: SearchIndexOverBudget) => void) | undefined;
  /** When and how that index is built, and its memory budget, if not as served (bitmap/liveIndex.ts): tests build a small database as a large one. */
  searchIndexBuild?: SearchIndexBuild | undefined;
}

export async function openStore(databaseUrl: string, options: StoreOptions = {}): Promise<Store> {
  if (databaseUrl.startsWith('sqlite:')) {
    const { SqliteDriver } = await import('./sqlite/driver.js');
    return openSqlStore(new SqliteDriver(databaseUrl.slice('sqlite:'.length), { synchronous: options.synchronous }), options);
  }
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) {
    const { PostgresDriver } = await import('./postgres/driver.js');
    return openSqlStore(await PostgresDriver.open(databaseUrl, options.poolSize), options);
  }
  throw new Error(`DATABASE_URL must be sqlite:<path> or postgres://user:pass@host:port/db, not '${databaseUrl}'`);
}
