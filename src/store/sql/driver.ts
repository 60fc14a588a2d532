/**
 * The small contract a database gives the SQL store: statements in, rows out, and transactions.
 * Everything the store says is written once against it; a backend (store/sqlite, store/postgres)
 * implements it, with its dialect, and keeps its own way of committing and of running concurrently.
 */
import type { PoolStats } from '../types.js';
import type { SqlDialect } from './dialect.js';

/** A statement with `?` placeholders and its parameters, in the order the placeholders appear. */
export interface Sql {
  text: string;
  params: unknown[];
}

export const sql = (text: string, ...params: unknown[]): Sql => ({ text, params });

/** A connection: a transaction's, or the pool of committed reads. */
export interface SqlConnection {
  /** The rows a query answers. */
  all<T>(statement: Sql): Promise<T[]>;
  /** Runs a statement that answers no rows; answers how many rows it changed. */
  run(statement: Sql): Promise<number>;
}

export interface TransactionOptions {
  /**
   * A big transaction (a batch of many proposals): where the backend has a choice, it runs where its
   * statements hold no request (SQLite: on the writer's thread).
   */
  bulk?: boolean;
  /**
   * Told as the transaction's COMMIT is sent, with whether it succeeds: readers may see what it
   * wrote from then on, before it is answered (where commits are made durable after).
   */
  committing?: (outcome: Promise<boolean>) => void;
}

export interface SqlDriver extends SqlConnection {
  readonly dialect: SqlDialect;
  /**
   * Runs `fn` in one transaction on one connection: its writes commit together, durably, or none do
   * (when it throws). A backend may run `fn` again when it lost a race with another writer.
   */
  transaction<T>(fn: (conn: SqlConnection) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /**
   * The table transactions append change log events to. Where transactions commit one at a time it
   * is the log itself; where they commit concurrently, events wait there to be given their offsets
   * in an order no reader can overtake (`sequenceChangeLog`).
   */
  readonly changeLogTable: string;
  /**
   * Where events wait: moves every event committed so far into the log. Told after a transaction
   * that appended events commits (not waited for: the write is durable already), and awaited before
   * the log is read, so a reader sees every event committed before it read, on any replica.
   */
  sequenceChangeLog?(): Promise<void>;
  /** The connection pool's state, where the backend has one. */
  poolStats?(): PoolStats;
  close(): Promise<void>;
}

/** The first row a query answers. */
export async function first<T>(conn: SqlConnection, statement: Sql): Promise<T | undefined> {
  return (await conn.all<T>(statement))[0];
}

/** `?, ?, ?` for a list of `n` values. */
export const placeholders = (n: number): string => Array.from({ length: n }, () => '?').join(', ');

/** `(?, ?), (?, ?)`: a VALUES list of `rows` rows of `width` columns. */
export const valuesList = (rows: number, width: number): string => {
  const row = `(${placeholders(width)})`;
  return Array.from({ length: rows }, () => row).join(', ');
};

/**
 * A VALUES list whose columns are cast where a type is given (`''`: none): a VALUES list's
 * parameters have no column to take a type from, and PostgreSQL would compare them as text.
 */
export const typedValuesList = (rows: number, types: readonly string[]): string => {
  const row = `(${types.map((t) => (t ? `CAST(? AS ${t})` : '?')).join(', ')})`;
  return Array.from({ length: rows }, () => row).join(', ');
};

/**
 * Rows per multi-row statement: both databases take far more parameters than this, and one big
 * statement costs one round trip instead of one per row.
 */
export const ROWS_PER_STATEMENT = 500;

export function* chunks<T>(items: readonly T[], size = ROWS_PER_STATEMENT): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}
