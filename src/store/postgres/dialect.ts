/** How PostgreSQL expresses the backend-specific parts of search (tsvector, lower(), ILIKE). */
import type { SearchDialect } from '../sql/search.js';

/** tsquery over words that hold only letters and digits (see textTokens): each a prefix. */
function tsquery(words: readonly string[], joiner: '&' | '|'): string {
  return words.map((w) => `${w}:*`).join(` ${joiner} `);
}

const COLUMNS = ['a', 'b', 'c', 'd'] as const;

export const pgDialect: SearchDialect = {
  documents: () => 'search_doc d',
  matchesAll: (words, params) => {
    params.push(tsquery(words, '&'));
    return `d.tsv @@ to_tsquery('simple', ?)`;
  },
  columnHit: (i, words, params) => {
    params.push(tsquery(words, '|'));
    return `(CASE WHEN d.tsv_${COLUMNS[i]} @@ to_tsquery('simple', ?) THEN 1 ELSE 0 END)`;
  },
  equalsAnyIgnoringCase: (column, count) => `lower(${column}) IN (${Array.from({ length: count }, () => 'lower(?::text)').join(', ')})`,
  likeIgnoringCase: (column) => `${column} ILIKE ? ESCAPE '\\'`,
};

/** `?` placeholders → `$1, $2…` (the shared SQL never holds a literal `?`). */
export function toPositional(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}
