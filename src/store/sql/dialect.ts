/**
 * What the SQL store's statements leave to each database: how full text is matched, how text is
 * compared ignoring case, how rows are locked by a writer, and how tables are emptied. The default
 * below is plain SQL both databases accept; a backend overrides only what it says differently, as
 * kysely's compilers do.
 */
import type { TextTerm } from '../match.js';
import type { Sql } from './driver.js';

/** Terms of the full text combined by AND and OR (NOT is said in SQL around them). */
export type TextQuery = TextTerm | { kind: 'and' | 'or'; of: readonly TextQuery[] };

export interface SqlDialect {
  readonly name: 'sqlite' | 'postgres';
  /** FROM clause of documents, aliased `d`, joined to their full text (`search_text`) when `text` and the text conditions read it in place. */
  documents(text: boolean): string;
  /** Condition: the document's text matches the query. */
  textMatch(query: TextQuery, params: unknown[]): string;
  /** Condition: text column `i` (0 = A … 3 = D) of the document matches the query. */
  textInColumn(i: number, query: TextQuery, params: unknown[]): string;
  /** Condition: `column` equals one of `count` parameters, ignoring case. */
  equalsAnyIgnoringCase(column: string, count: number): string;
  /** Condition: `column` matches a LIKE pattern parameter (escape `\`), ignoring case. */
  likeIgnoringCase(column: string): string;
  /**
   * The values of some fields of document `doc`, read from its stored row (free-text fields have no
   * rows of `search_value`): a FROM list whose value rows are aliased `alias` and the condition after
   * it, which take the `fields` parameters between them, in order, and the expressions of a value's
   * text and number (null when the text is not a number), comparing as `search_value.value` and
   * `.num` do.
   */
  rowValues(doc: string, alias: string, fields: number): { from: string; where: string; value: string; num: string };
  /** Appended to a writer's read of a latest version, to hold it until commit against other writers. */
  readonly lockForUpdate: string;
  /**
   * A statement that makes writers of these not-yet-existing rows take turns (a row that is not
   * there cannot be locked); none where one writer writes at a time.
   */
  lockNames?(keys: readonly string[]): Sql;
  /** Statements emptying tables. */
  clear(tables: readonly string[]): Sql[];
  /** Statements refreshing the planner's statistics. */
  readonly analyze: readonly Sql[];
}

export const defaultDialect: SqlDialect = {
  name: 'sqlite',
  documents: (text) => (text ? 'search_text JOIN search_doc d ON d.id = search_text.rowid' : 'search_doc d'),
  textMatch: () => {
    throw new Error('the dialect gives no full-text match');
  },
  textInColumn: () => {
    throw new Error('the dialect gives no full-text match');
  },
  equalsAnyIgnoringCase: (column, count) => `lower(${column}) IN (${Array.from({ length: count }, () => 'lower(?)').join(', ')})`,
  likeIgnoringCase: (column) => `${column} LIKE ? ESCAPE '\\'`,
  rowValues: (doc, alias, fields) => ({
    from: `json_each(${doc}.row, '$.values') ${alias}_f, json_each(${alias}_f.value) ${alias}`,
    where: `${alias}_f.key IN (${Array.from({ length: fields }, () => '?').join(', ')})`,
    value: `${alias}.value`,
    num: `CASE WHEN ${isNumeric(`${alias}.value`)} THEN CAST(${alias}.value AS REAL) END`,
  }),
  lockForUpdate: '',
  clear: (tables) => tables.map((t) => ({ text: `DELETE FROM ${t}`, params: [] })),
  analyze: [{ text: 'ANALYZE', params: [] }],
};

/**
 * Condition: the text is a number as `NUMERIC` (sql/rows.ts) has it, `-?digits(.digits)?`, in
 * SQLite's own functions: after an optional minus, only digits and dots, and at most one dot with
 * digits on both sides.
 */
function isNumeric(text: string): string {
  const y = `(CASE WHEN substr(${text}, 1, 1) = '-' THEN substr(${text}, 2) ELSE ${text} END)`;
  return `(${y} <> '' AND ${y} NOT GLOB '*[^0-9.]*' AND (${y} NOT GLOB '*.*' OR (${y} NOT GLOB '*.*.*' AND ${y} NOT GLOB '.*' AND ${y} NOT GLOB '*.')))`;
}
