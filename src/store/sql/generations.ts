/** Generations: named counters bumped by writers in their transaction, read by caches (store/types.ts). */
import type { GenerationStore, GenerationTx } from '../types.js';
import { first, sql, type SqlConnection, type SqlDriver } from './driver.js';

export function generationTx(conn: SqlConnection): GenerationTx {
  return {
    async bumpGeneration(name) {
      // The row is locked until commit: writers of one generation commit their bumps in turn.
      await conn.run(
        sql('INSERT INTO generation (name, value) VALUES (?, 1) ON CONFLICT (name) DO UPDATE SET value = generation.value + 1', name),
      );
    },
  };
}

export function generationStore(db: SqlDriver): GenerationStore {
  return {
    async generation(name) {
      const row = await first<{ value: number }>(db, sql('SELECT value FROM generation WHERE name = ?', name));
      return row ? Number(row.value) : 0;
    },
  };
}
