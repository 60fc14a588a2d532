/** Opens the store a database url names, loading only that backend's modules. */
import type { Store } from './types.js';

export type { Store } from './types.js';

export interface StoreOptions {
  /** PostgreSQL: connections in the pool. */
  poolSize?: number;
  /**
   * SQLite: FULL (the default) makes every commit durable before it is answered; NORMAL skips the
   * sync per commit (a crash of the process loses nothing, a power cut may lose the last commits),
   * for databases nobody needs after a power cut, such as the tests'.
   */
  synchronous?: 'FULL' | 'NORMAL';
}

export async function openStore(databaseUrl: string, options: StoreOptions = {}): Promise<Store> {
  if (databaseUrl.startsWith('sqlite:')) return new (await import('./sqlite/store.js')).SqliteStore(databaseUrl.slice('sqlite:'.length), { synchronous: options.synchronous });
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) return (await import('./postgres/store.js')).PostgresStore.open(databaseUrl, options.poolSize);
  throw new Error(`DATABASE_URL must be sqlite:<path> or postgres://user:pass@host:port/db, not '${databaseUrl}'`);
}
