/**
 * The embedded backend's driver: one SQLite file in WAL mode. Writes go through one connection, one
 * transaction at a time; reads use a second connection, so they only ever see committed data.
 * A commit is durable before the write is answered (walSync.ts).
 */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Sql, SqlConnection, SqlDriver } from '../sql/driver.js';
import { Checkpointer } from './checkpointer.js';
import { sqliteDialect } from './dialect.js';
import { ownerOnly } from './fileMode.js';
import { GroupCommit } from './groupCommit.js';
import { migrations } from './migrations.js';
import { SLICE_MS } from '../../slices.js';
import { WalSync } from './walSync.js';

type Db = Database.Database;

function migrate(db: Db): void {
  const current = db.pragma('user_version', { simple: true }) as number;
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

export class SqliteDriver implements SqlDriver {
  readonly dialect = sqliteDialect;
  /** One writer commits at a time, so offsets follow commit order as they are given. */
  readonly changeLogTable = 'change_log';
  private readonly writer: Db;
  private readonly reader: Db;
  private readonly w: Connection;
  private readonly r: Connection;
  private readonly commits: GroupCommit;
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
    this.writer = new Database(path);
    this.writer.pragma('journal_mode = WAL');
    // Commits are synced off the event loop by walSync; SQLite itself only keeps the file consistent.
    this.writer.pragma('synchronous = NORMAL');
    this.writer.pragma('busy_timeout = 5000');
    migrate(this.writer);
    // An in-memory database is private to its connection, so there it serves reads too.
    this.reader = memory ? this.writer : new Database(path, { readonly: true });
    if (!memory) this.reader.pragma('busy_timeout = 5000');
    this.w = new Connection(this.writer);
    this.r = this.reader === this.writer ? this.w : new Connection(this.reader);
    if (!memory && (options.synchronous ?? 'FULL') === 'FULL') this.walSync = new WalSync(`${path}-wal`);
    const wal = this.walSync;
    this.commits = new GroupCommit(this.writer, wal && (() => wal.sync()));
    if (!memory) {
      // Checkpoints run on a worker thread. The writer checkpoints itself, inside a COMMIT on the
      // thread that serves requests, only if the WAL grows to 400 MB: the worker has fallen far
      // behind. (At 40 MB, one 10,000-proposal batch crossed it and held requests 100+ ms longer.)
      // A reset WAL is cut back to 64 MB.
      this.writer.pragma('wal_autocheckpoint = 100000');
      this.writer.pragma('journal_size_limit = 67108864');
      this.checkpointer = new Checkpointer(path);
    }
  }

  all<T>(q: Sql): Promise<T[]> {
    return this.r.all<T>(q);
  }

  run(q: Sql): Promise<number> {
    return this.transaction((conn) => conn.run(q));
  }

  /** Transactions waiting together share one durable commit (groupCommit.ts). */
  transaction<T>(fn: (conn: SqlConnection) => Promise<T>): Promise<T> {
    return this.commits.run(() => fn(this.w));
  }

  async close(): Promise<void> {
    await this.commits.idle();
    await this.checkpointer?.stop();
    await this.walSync?.close();
    if (this.reader !== this.writer) this.reader.close();
    this.writer.close();
  }
}
