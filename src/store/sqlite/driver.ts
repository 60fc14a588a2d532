/**
 * The embedded backend's driver: one SQLite file in WAL mode. Writes go one transaction at a time
 * (group commit: groupCommit.ts), bulk ones through a connection on a thread of their own
 * (writerThread.ts), the others through a connection here; reads use a third connection, so they
 * only ever see committed data and never wait for a bulk write. A commit is durable before the write
 * is answered (walSync.ts).
 */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Sql, SqlConnection, SqlDriver, TransactionOptions } from '../sql/driver.js';
import { Checkpointer } from './checkpointer.js';
import { sqliteDialect } from './dialect.js';
import { ownerOnly } from './fileMode.js';
import { GroupCommit } from './groupCommit.js';
import { migrations } from './migrations.js';
import { SLICE_MS } from '../../slices.js';
import { newerSchema } from '../sql/newerSchema.js';
import { WalSync } from './walSync.js';
import { type WriterConnection, WriterThread } from './writerThread.js';

type Db = Database.Database;

function migrate(db: Db): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  // A later build's migrations may have changed how rows are kept (aspect values deflated, say):
  // this build would misread them, so it does not open the database at all.
  if (current > migrations.length) throw newerSchema(current, migrations.length);
  for (let i = current; i < migrations.length; i++) {
    db.transaction(() => {
      db.exec(migrations[i]!);
      db.pragma(`user_version = ${i + 1}`);
    })();
  }
}

/** Statements prepared once per connection and text; shapes built per query are many, so the cache is bounded. */
const MAX_PREPARED = 500;

/**
 * A connection whose statements are prepared once per text. Statements run synchronously, so a big
 * batch (thousands of rows in multi-row statements) would hold every request and /health until it
 * is done: after a slice of statements back to back (slices.ts), the next one first lets other work run.
 */
class Connection implements SqlConnection {
  private readonly prepared = new Map<string, Database.Statement>();
  private stretchBegan = 0;
  /**
   * Whether the event loop turned since the stretch began. (A pause between statements is no sign
   * of it: on a busy machine the process is often descheduled for milliseconds mid-stretch.)
   */
  private looped = true;
  constructor(private readonly db: Db) {}

  private async turn(): Promise<void> {
    if (this.looped) {
      this.looped = false;
      this.stretchBegan = performance.now();
      setImmediate(() => {
        this.looped = true;
      });
    } else if (performance.now() - this.stretchBegan > SLICE_MS) {
      // The immediate set when the stretch began runs first: the next statement begins a new one.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  statement(text: string): Database.Statement {
    let stmt = this.prepared.get(text);
    if (!stmt) {
      stmt = this.db.prepare(text);
      if (this.prepared.size >= MAX_PREPARED) this.prepared.clear();
      this.prepared.set(text, stmt);
    }
    return stmt;
  }

  async all<T>(q: Sql): Promise<T[]> {
    await this.turn();
    return this.statement(q.text).all(...q.params) as T[];
  }

  async run(q: Sql): Promise<number> {
    await this.turn();
    return this.statement(q.text).run(...q.params).changes;
  }
}

/**
 * The writer on the thread that serves requests, for transactions of a few statements (each one a
 * call, not a message); an in-memory database's only connection, which serves reads and bulk writes too.
 */
export class LocalWriter extends Connection implements WriterConnection {
  constructor(private readonly database: Db) {
    super(database);
  }

  async exec(text: string): Promise<void> {
    this.database.exec(text);
  }

  async inTransaction(): Promise<boolean> {
    return this.database.inTransaction;
  }

  async close(): Promise<void> {
    this.database.close();
  }
}

/**
 * The writer's settings. Commits are synced off the event loop by walSync; SQLite itself only keeps
 * the file consistent. Checkpoints run on a worker (checkpointer.ts): the writer checkpoints itself,
 * inside a COMMIT, only if the WAL grows to 400 MB, the worker having fallen far behind. (At 40 MB,
 * one 10,000-proposal batch crossed it and held requests 100+ ms longer.) A reset WAL is cut back to 64 MB.
 */
const WRITER_PRAGMAS = [
  'synchronous = NORMAL',
  'busy_timeout = 5000',
  'wal_autocheckpoint = 100000',
  'journal_size_limit = 67108864',
  // 64 MB of pages (SQLite's default is 2 MB): a large catalog's index pages, read again at every
  // write, stay in the writer's cache. Loading at 700,000 entities went from ~850 to ~1,200
  // proposals/s. A writer's cache fills only as it writes.
  'cache_size = -65536',
];

export class SqliteDriver implements SqlDriver {
  readonly dialect = sqliteDialect;
  /** One writer commits at a time, so offsets follow commit order as they are given. */
  readonly changeLogTable = 'change_log';
  private readonly reader: Db;
  /** The writer on this thread, for transactions of a few statements; bulk ones go to `bulk`. */
  private readonly w: LocalWriter;
  /** The writer's thread (writerThread.ts); the same connection as `w` for an in-memory database. */
  private readonly bulk: WriterConnection;
  private readonly r: Connection;
  private readonly commits: GroupCommit<WriterConnection>;
  private readonly checkpointer?: Checkpointer;
  private readonly walSync?: WalSync;

  /**
   * `synchronous` FULL (the default): every commit is on disk before it is answered (walSync.ts);
   * NORMAL leaves that to checkpoints, for throwaway databases.
   */
  constructor(path: string, options: { synchronous?: 'FULL' | 'NORMAL' | undefined } = {}) {
    const memory = path === ':memory:';
    if (!memory) mkdirSync(dirname(path), { recursive: true });
    ownerOnly(path);
    // Opened here first, to set WAL mode and migrate before anything else uses the file.
    const first = new Database(path);
    first.pragma('journal_mode = WAL');
    for (const pragma of WRITER_PRAGMAS) first.pragma(pragma);
    try {
      migrate(first);
    } catch (err) {
      first.close();
      throw err;
    }
    this.w = new LocalWriter(first);
    if (memory) {
      // An in-memory database is private to its connection, so there it serves reads too.
      this.reader = first;
      this.bulk = this.w;
      this.r = this.w;
    } else {
      this.bulk = new WriterThread(path, WRITER_PRAGMAS, MAX_PREPARED);
      this.reader = new Database(path, { readonly: true });
      this.reader.pragma('busy_timeout = 5000');
      this.r = new Connection(this.reader);
      this.checkpointer = new Checkpointer(path);
    }
    if (!memory && (options.synchronous ?? 'FULL') === 'FULL') this.walSync = new WalSync(`${path}-wal`);
    const wal = this.walSync;
    this.commits = new GroupCommit<WriterConnection>(this.w, wal && (() => wal.sync()), this.bulk);
  }

  all<T>(q: Sql): Promise<T[]> {
    return this.r.all<T>(q);
  }

  run(q: Sql): Promise<number> {
    return this.transaction((conn) => conn.run(q));
  }

  /** Transactions waiting together share one durable commit (groupCommit.ts); a bulk one runs on the writer's thread. */
  transaction<T>(fn: (conn: SqlConnection) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    return this.commits.run(fn, options.bulk, options.committing);
  }

  async close(): Promise<void> {
    await this.commits.idle();
    await this.checkpointer?.stop();
    await this.walSync?.close();
    if (this.r !== this.w) this.reader.close();
    if (this.bulk !== this.w) await this.bulk.close();
    await this.w.close();
  }
}
