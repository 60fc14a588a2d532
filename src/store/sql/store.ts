/**
 * The one SQL store: every statement of every part (aspects, search index, change log, settings,
 * usage, generations) is written once, over a driver and its dialect; SQLite and PostgreSQL differ
 * only there. A transaction's parts share its connection, so a write commits as one.
 */
import type { SearchIndexOverBudget, Store, StoreTx } from '../types.js';
import { aspectStore, aspectTx } from './aspects.js';
import { changeLogStore, changeLogTx } from './changeLog.js';
import type { SqlDriver } from './driver.js';
import { generationStore, generationTx } from './generations.js';
import { type IndexChanges, LiveIndex, type SearchIndexBuild, type SearchIndexBuilt } from '../bitmap/liveIndex.js';
import { indexTx, packMissingFacets, searchIndex } from './searchIndex.js';
import { settingsStore } from './settings.js';
import { usageStore } from './usage.js';

/** Documents written before the database's statistics are first refreshed. */
const FIRST_ANALYZE = 1_000;

export async function openSqlStore(
  db: SqlDriver,
  options: {
    onSearchIndexBuilt?: ((built: SearchIndexBuilt) => void) | undefined;
    onSearchIndexOverBudget?: ((over: SearchIndexOverBudget) => void) | undefined;
    searchIndexBuild?: SearchIndexBuild | undefined;
  } = {},
): Promise<Store> {
  await packMissingFacets(db);
  const live = new LiveIndex(db, options.onSearchIndexBuilt, undefined, options.searchIndexBuild, options.onSearchIndexOverBudget);
  await live.open();
  const dialect = db.dialect;
  // Statistics are refreshed as the index grows by half again (at 1,000 documents, 1,500, 2,250…):
  // a bulk load is planned for as soon as it lands, and a steady trickle of writes costs nothing.
  let written = 0;
  let nextAnalyze = FIRST_ANALYZE;
  let analyzing: Promise<void> | undefined;
  const analyze = async (): Promise<void> => {
    for (const statement of dialect.analyze) await db.run(statement);
  };
  const maybeAnalyze = () => {
    if (written < nextAnalyze || analyzing || dialect.analyze.length === 0) return;
    nextAnalyze = Math.ceil(written * 1.5);
    analyzing = analyze()
      .catch(() => undefined)
      .finally(() => (analyzing = undefined));
  };
  let closed = false;
  return {
    ...aspectStore(db),
    ...searchIndex(db, live),
    ...changeLogStore(db),
    ...settingsStore(db),
    ...usageStore(db),
    ...generationStore(db),
    async transaction<T>(fn: (tx: StoreTx) => Promise<T>, options?: { bulk?: boolean }): Promise<T> {
      if (closed) throw new Error('store is closed');
      let appended = false;
      const changes: IndexChanges = [];
      const offsets: number[] = [];
      let committed = false;
      const transaction = db.transaction(
        async (conn) => {
          // What an attempt that failed (and is run again) noted is not what commits.
          changes.length = 0;
          offsets.length = 0;
          const aspects = aspectTx(conn, dialect);
          const value = await fn({
            ...aspects,
            ...indexTx(conn, (n) => (written += n), changes),
            // Offsets are final at insert where no sequencer gives them later.
            ...changeLogTx(conn, db.changeLogTable, db.sequenceChangeLog === undefined, (given) => {
              appended = true;
              for (const offset of given) offsets.push(offset);
            }),
            ...generationTx(conn),
          });
          await aspects.flush();
          return value;
        },
        {
          ...options,
          // Noted before they can be read, so the index's follower does not read them again.
          committing: (outcome) => {
            live.ownOffsets(offsets, outcome);
            void outcome.then((ok) => {
              committed = ok;
            });
          },
        },
      );
      // Committed but not known durable (a failed fsync): not answered as written, yet readable,
      // and the follower leaves it to this process.
      const result = await transaction.catch(async (err: unknown) => {
        if (committed) await live.committed(changes);
        throw err;
      });
      // Searchable before the write is answered.
      await live.committed(changes);
      if (appended) db.sequenceChangeLog?.().catch(() => undefined);
      maybeAnalyze();
      return result;
    },
    analyze,
    stats() {
      const pool = db.poolStats?.();
      return { ...(pool ? { pool } : {}), searchIndex: live.stats() };
    },
    async close() {
      if (closed) return;
      closed = true;
      await analyzing;
      await live.close();
      await db.close();
    },
  };
}
