/** Opens the store a database url names, loading only that backend's modules. */
import type { Store } from './types.js';

export type { Store } from './types.js';

export async function openStore(databaseUrl: string, options: { poolSize?: number } = {}): Promise<Store> {
  if (databaseUrl.startsWith('sqlite:')) return new (await import('./sqlite/store.js')).SqliteStore(databaseUrl.slice('sqlite:'.length));
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) return (await import('./postgres/store.js')).PostgresStore.open(databaseUrl, options.poolSize);
  throw new Error(`DATABASE_URL must be sqlite:<path> or postgres://user:pass@host:port/db, not '${databaseUrl}'`);
}
