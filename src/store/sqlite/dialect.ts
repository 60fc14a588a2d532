/** How SQLite says the parts the shared statements leave open (FTS5, NOCASE). */
import { defaultDialect, type SqlDialect, type TextQuery } from '../sql/dialect.js';

/** FTS5 query: a word quoted (a prefix when starred), a phrase as one quoted string, AND and OR in parentheses. */
function fts(q: TextQuery): string {
  const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`;
  switch (q.kind) {
    case 'word':
      return `${quoted(q.word)}${q.prefix ? '*' : ''}`;
    case 'phrase':
      return quoted(q.words.join(' '));
    default:
      return `(${q.of.map(fts).join(q.kind === 'and' ? ' AND ' : ' OR ')})`;
  }
}

const COLUMNS = ['a', 'b', 'c', 'd'] as const;

/** Documents whose text matches an FTS5 query: looked up once per statement, not once per document. */
function matching(query: string, params: unknown[]): string {
  params.push(query);
  return 'd.id IN (SELECT rowid FROM search_text WHERE search_text MATCH ?)';
}

export const sqliteDialect: SqlDialect = {
  ...defaultDialect,
  name: 'sqlite',
  // Text conditions are lookups in the FTS table: documents need no join.
  documents: () => 'search_doc d',
  textMatch: (query, params) => matching(fts(query), params),
  textInColumn: (i, query, params) => matching(`{${COLUMNS[i]}} : ${fts(query)}`, params),
  // The by-value index is built with NOCASE, so this comparison can use it.
  equalsAnyIgnoringCase: (column, count) => `${column} COLLATE NOCASE IN (${Array.from({ length: count }, () => '?').join(', ')})`,
  // One writer at a time: nothing to lock. Plans come from the indexes' shapes, measured good
  // without statistics, which ANALYZE would let change under a running service.
  analyze: [],
};
