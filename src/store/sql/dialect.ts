/**
 * What the SQL store's statements leave to each database: how full text is matched, how text is
 * compared ignoring case, how rows are locked by a writer, and how tables are emptied. The default
 * below is plain SQL both databases accept; a backend overrides only what it says differently, as
 * kysely's compilers do.
 */
import type { Sql } from './driver.js';

export interface SqlDialect {
  readonly name: 'sqlite' | 'postgres';
  /** FROM clause of documents, aliased `d`, joined to their full text (`search_text`) when `text`. */
  documents(text: boolean): string;
  /** WHERE condition: every word occurs (as a word prefix) somewhere in the document's text. */
  matchesAll(words: readonly string[], params: unknown[]): string;
  /** Expression: 1 when some word occurs in text column `i` (0 = A … 3 = D), else 0. */
  columnHit(i: number, words: readonly string[], params: unknown[]): string;
  /** Condition: `column` equals one of `count` parameters, ignoring case. */
  equalsAnyIgnoringCase(column: string, count: number): string;
  /** Condition: `column` matches a LIKE pattern parameter (escape `\`), ignoring case. */
  likeIgnoringCase(column: string): string;
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
  matchesAll: () => {
    throw new Error('the dialect gives no full-text match');
  },
  columnHit: () => {
    throw new Error('the dialect gives no full-text match');
  },
  equalsAnyIgnoringCase: (column, count) => `lower(${column}) IN (${Array.from({ length: count }, () => 'lower(?)').join(', ')})`,
  likeIgnoringCase: (column) => `${column} LIKE ? ESCAPE '\\'`,
  lockForUpdate: '',
  clear: (tables) => tables.map((t) => ({ text: `DELETE FROM ${t}`, params: [] })),
  analyze: [{ text: 'ANALYZE', params: [] }],
};
