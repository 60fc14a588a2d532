/** Opens the store a database url names. */
import { SqliteStore } from './sqlite/store.js';
import type { Store } from './types.js';

export type { Store } from './types.js';

export async function openStore(databaseUrl: string): Promise<Store> {
  if (databaseUrl.startsWith('sqlite:')) return new SqliteStore(databaseUrl.slice('sqlite:'.length));
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL: the PostgreSQL backend is not available in this build yet; use sqlite:<path>');
  }
  throw new Error(`DATABASE_URL must be sqlite:<path> or postgres://user:pass@host:port/db, not '${databaseUrl}'`);
}
