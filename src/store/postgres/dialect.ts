/** How PostgreSQL says the parts the shared statements leave open (tsvector, lower(), ILIKE, locks). */
import type { TextTerm } from '../match.js';
import { defaultDialect, type SqlDialect, type TextQuery } from '../sql/dialect.js';

/** tsquery over words that hold only letters and digits (see textTokens): a prefix starred, a phrase's words followed by each other. */
function tsquery(q: TextQuery): string {
  switch (q.kind) {
    case 'word':
      return q.prefix ? `${q.word}:*` : q.word;
    case 'phrase':
      return `(${q.words.join(' <-> ')})`;
    default:
      return `(${q.of.map(tsquery).join(q.kind === 'and' ? ' & ' : ' | ')})`;
  }
}

const COLUMNS = ['a', 'b', 'c', 'd'] as const;

const hasPhrase = (q: TextQuery): boolean => (q.kind === 'phrase' ? q.words.length > 1 : q.kind !== 'word' && q.of.some(hasPhrase));

/**
 * The whole text's tsvector runs its columns together, so a phrase of several words is looked for in
 * each column (as SQLite's FTS5 does), the whole text narrowing the search first through its index.
 */
function textMatch(query: TextQuery, params: unknown[]): string {
  if (!hasPhrase(query)) {
    params.push(tsquery(query));
    return `search_text.tsv @@ to_tsquery('simple', ?)`;
  }
  if (query.kind === 'phrase') {
    const q = tsquery(query);
    params.push(q, q, q, q, q);
    const inColumns = COLUMNS.map((c) => `search_text.tsv_${c} @@ to_tsquery('simple', ?)`).join(' OR ');
    return `(search_text.tsv @@ to_tsquery('simple', ?) AND (${inColumns}))`;
  }
  // A word has no phrase: handled first.
  const parts = (query as Exclude<TextQuery, TextTerm>).of.map((part) => textMatch(part, params));
  return `(${parts.join(query.kind === 'and' ? ' AND ' : ' OR ')})`;
}

/** The key space of the locks on rows that do not exist yet (pg_advisory_xact_lock's first key). */
const NAME_LOCKS = 0x6d636173;

export const pgDialect: SqlDialect = {
  ...defaultDialect,
  name: 'postgres',
  textMatch,
  textInColumn: (i, query, params) => {
    params.push(tsquery(query));
    return `search_text.tsv_${COLUMNS[i]} @@ to_tsquery('simple', ?)`;
  },
  // Parameters are typed text, so lower() resolves whatever the driver sends.
  equalsAnyIgnoringCase: (column, count) => `lower(${column}) IN (${Array.from({ length: count }, () => 'lower(?::text)').join(', ')})`,
  likeIgnoringCase: (column) => `${column} ILIKE ? ESCAPE '\\'`,
  // From the stored document's values as jsonb (a generated column: casting the text per row took
  // three times as long), compared as `search_value.value` is, byte-wise ("C"), whatever the
  // database's own collation. One field is read by its key, several by a pass over the keys.
  rowValues: (doc, alias, fields) => ({
    from:
      fields === 1
        ? `jsonb_array_elements_text(${doc}.field_values -> ?::text) AS ${alias}(value)`
        : `jsonb_each(${doc}.field_values) AS ${alias}_f(key, value), jsonb_array_elements_text(${alias}_f.value) AS ${alias}(value)`,
    where: fields === 1 ? 'TRUE' : `${alias}_f.key IN (${Array.from({ length: fields }, () => '?::text').join(', ')})`,
    value: `(${alias}.value COLLATE "C")`,
    // No `?` in the pattern: placeholders are renumbered.
    num: `CASE WHEN ${alias}.value ~ '^-{0,1}[0-9]+([.][0-9]+){0,1}$' THEN ${alias}.value::double precision END`,
  }),
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
