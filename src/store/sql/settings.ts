/** Settings of the service itself, such as its token signing key. */
import type { SettingsStore } from '../types.js';
import { first, sql, type SqlDriver } from './driver.js';

export function settingsStore(db: SqlDriver): SettingsStore {
  return {
    ensureSetting: (name, value) =>
      db.transaction(async (conn) => {
        await conn.run(sql('INSERT INTO setting (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING', name, value));
        return (await first<{ value: string }>(conn, sql('SELECT value FROM setting WHERE name = ?', name)))!.value;
      }),
  };
}
