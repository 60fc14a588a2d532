/** How PostgreSQL says the parts the shared statements leave open (tsvector, lower(), ILIKE, locks). */
import { defaultDialect, type SqlDialect } from '../sql/dialect.js';

/** tsquery over words that hold only letters and digits (see textTokens): each a prefix. */
function tsquery(words: readonly string[], joiner: '&' | '|'): string {
  return words.map((w) => `${w}:*`).join(` ${joiner} `);
}

const COLUMNS = ['a', 'b', 'c', 'd'] as const;

/** The key space of the locks on rows that do not exist yet (pg_advisory_xact_lock's first key). */
const NAME_LOCKS = 0x6d636173;

export const pgDialect: SqlDialect = {
  ...defaultDialect,
  name: 'postgres',
  matchesAll: (words, params) => {
    params.push(tsquery(words, '&'));
    return `search_text.tsv @@ to_tsquery('simple', ?)`;
  },
  columnHit: (i, words, params) => {
    params.push(tsquery(words, '|'));
    return `(CASE WHEN search_text.tsv_${COLUMNS[i]} @@ to_tsquery('simple', ?) THEN 1 ELSE 0 END)`;
  },
  // Parameters are typed text, so lower() resolves whatever the driver sends.
  equalsAnyIgnoringCase: (column, count) => `lower(${column}) IN (${Array.from({ length: count }, () => 'lower(?::text)').join(', ')})`,
  likeIgnoringCase: (column) => `${column} ILIKE ? ESCAPE '\\'`,
  lockForUpdate: ' FOR UPDATE',
  // Taken in the order given (the caller sorts), in one round trip.
  lockNames: (keys) => ({
    text: `SELECT count(pg_advisory_xact_lock(${NAME_LOCKS}, hashtext(k.column1))) AS n FROM (VALUES ${keys.map(() => '(?)').join(', ')}) k`,
    params: [...keys],
  }),
  clear: (tables) => [{ text: `TRUNCATE ${tables.join(', ')}`, params: [] }],
  // The tables searched and joined; the change log and usage events are only read by key.
  analyze: [{ text: 'ANALYZE aspect, search_doc, search_text, search_value, search_facet, edge', params: [] }],
};

/** `?` placeholders → `$1, $2…` (the shared SQL never holds a literal `?`). */
export function toPositional(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}
