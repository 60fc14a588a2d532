/**
 * The SQLite writer on a worker thread. better-sqlite3 runs each statement to its end on the
 * calling thread, and a big batch's statements (20–80 ms each) and its COMMIT (130–240 ms, writing
 * the transaction's pages to the WAL) held every request that came meanwhile. Here the writer's
 * connection lives on its own thread: a statement is a message (about 13 µs there and back), and
 * the thread that serves requests answers reads from its own connection while the writer works.
 *
 * The write path is unchanged: it awaits each statement as it does on PostgreSQL.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Sql, SqlConnection } from '../sql/driver.js';

/** The writer's connection, on this thread or another: statements, and the transaction control of group commit. */
export interface WriterConnection extends SqlConnection {
  /** Runs statements that answer nothing (BEGIN, SAVEPOINT, COMMIT…). */
  exec(text: string): Promise<void>;
  /** Whether a transaction is open (SQLite rolls one back by itself on a full disk or an I/O error). */
  inTransaction(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * The worker's code, evaluated as a script so it runs the same from dist/ and from the sources
 * under test; it loads better-sqlite3 from the path resolved here.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path);
for (const pragma of workerData.pragmas) db.pragma(pragma);
const prepared = new Map();
const statement = (text) => {
  let stmt = prepared.get(text);
  if (!stmt) {
    stmt = db.prepare(text);
    if (prepared.size >= workerData.maxPrepared) prepared.clear();
    prepared.set(text, stmt);
  }
  return stmt;
};
parentPort.on('message', ({ id, op, text, params }) => {
  try {
    let result;
    if (op === 'all') result = statement(text).all(...params);
    else if (op === 'run') result = statement(text).run(...params).changes;
    else if (op === 'exec') db.exec(text);
    else if (op === 'inTransaction') result = db.inTransaction;
    else if (op === 'close') {
      db.close();
      parentPort.postMessage({ id });
      parentPort.close();
      return;
    }
    parentPort.postMessage({ id, result });
  } catch (err) {
    parentPort.postMessage({ id, error: { message: String((err && err.message) || err), code: err && err.code, name: err && err.name } });
  }
});
`;

type Op = 'all' | 'run' | 'exec' | 'inTransaction' | 'close';

interface Pending {
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

export class WriterThread implements WriterConnection {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private next = 0;
  private failed: Error | undefined;
  private closing = false;

  /** `pragmas`: set on the connection as it opens, in order. */
  constructor(path: string, pragmas: readonly string[], maxPrepared: number) {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    this.worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { path, driver, pragmas, maxPrepared } });
    this.worker.on('message', (m: { id: number; result?: unknown; error?: { message: string; code?: string; name?: string } }) => {
      const call = this.pending.get(m.id);
      if (!call) return;
      this.pending.delete(m.id);
      if (this.pending.size === 0 && !this.closing) this.worker.unref();
      if (m.error) call.reject(Object.assign(new Error(m.error.message), { code: m.error.code, name: m.error.name ?? 'Error' }));
      else call.resolve(m.result);
    });
    const fail = (err: Error) => {
      this.failed = err;
      for (const call of this.pending.values()) call.reject(err);
      this.pending.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`the SQLite writer's thread ended (exit code ${code})`)));
    // Idle, it must not keep the process alive; while a statement is under way, it must.
    this.worker.unref();
  }

  async all<T>(q: Sql): Promise<T[]> {
    const rows = (await this.call('all', q.text, q.params)) as Array<Record<string, unknown>>;
    // A BLOB crosses threads as a plain Uint8Array: made a Buffer again, as the reader gives it.
    for (const row of rows)
      for (const key in row) {
        const v = row[key];
        if (v instanceof Uint8Array && !Buffer.isBuffer(v)) row[key] = Buffer.from(v.buffer, v.byteOffset, v.byteLength);
      }
    return rows as T[];
  }

  async run(q: Sql): Promise<number> {
    return (await this.call('run', q.text, q.params)) as number;
  }

  async exec(text: string): Promise<void> {
    await this.call('exec', text);
  }

  async inTransaction(): Promise<boolean> {
    return (await this.call('inTransaction')) as boolean;
  }

  async close(): Promise<void> {
    if (this.failed) return;
    // Waiting for the thread to end must keep the process alive, as a statement does.
    this.closing = true;
    const exited = new Promise((resolve) => this.worker.once('exit', resolve));
    await this.call('close');
    await exited;
  }

  private call(op: Op, text?: string, params: readonly unknown[] = []): Promise<unknown> {
    if (this.failed) return Promise.reject(this.failed);
    const id = ++this.next;
    if (this.pending.size === 0) this.worker.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, op, text, params });
    });
  }
}
