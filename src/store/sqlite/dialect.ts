/** How SQLite expresses the backend-specific parts of search (FTS5, NOCASE, LIKE). */
import type { SearchDialect } from '../sql/search.js';

/** FTS5 query: each word a quoted prefix, all required. */
function fts(words: readonly string[]): string {
  return words.map((w) => `"${w.replace(/"/g, '""')}"*`).join(' AND ');
}

const COLUMNS = ['a', 'b', 'c', 'd'] as const;

export const sqliteDialect: SearchDialect = {
  documents: (text) => (text ? 'search_text JOIN search_doc d ON d.id = search_text.rowid' : 'search_doc d'),
  matchesAll: (words, params) => {
    params.push(fts(words));
    return 'search_text MATCH ?';
  },
  // bm25 weighted on one column only is negative exactly when some query word occurs in it.
  columnHit: (i) => `(CASE WHEN bm25(search_text, ${COLUMNS.map((_, j) => (i === j ? 1 : 0)).join(', ')}) < 0 THEN 1 ELSE 0 END)`,
  equalsAnyIgnoringCase: (column, count) => `${column} COLLATE NOCASE IN (${Array.from({ length: count }, () => '?').join(', ')})`,
  likeIgnoringCase: (column) => `${column} LIKE ? ESCAPE '\\'`,
};
