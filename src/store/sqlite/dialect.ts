/** How SQLite says the parts the shared statements leave open (FTS5, NOCASE). */
import { defaultDialect, type SqlDialect } from '../sql/dialect.js';

/** FTS5 query: each word a quoted prefix, all required. */
function fts(words: readonly string[]): string {
  return words.map((w) => `"${w.replace(/"/g, '""')}"*`).join(' AND ');
}

const COLUMNS = ['a', 'b', 'c', 'd'] as const;

export const sqliteDialect: SqlDialect = {
  ...defaultDialect,
  name: 'sqlite',
  matchesAll: (words, params) => {
    params.push(fts(words));
    return 'search_text MATCH ?';
  },
  // bm25 weighted on one column only is negative exactly when some query word occurs in it.
  columnHit: (i) => `(CASE WHEN bm25(search_text, ${COLUMNS.map((_, j) => (i === j ? 1 : 0)).join(', ')}) < 0 THEN 1 ELSE 0 END)`,
  // The by-value index is built with NOCASE, so this comparison can use it.
  equalsAnyIgnoringCase: (column, count) => `${column} COLLATE NOCASE IN (${Array.from({ length: count }, () => '?').join(', ')})`,
  // One writer at a time: nothing to lock. Plans come from the indexes' shapes, measured good
  // without statistics, which ANALYZE would let change under a running service.
  analyze: [],
};
