/**
 * Group commit for the one SQLite writer. A durable commit costs an fsync (milliseconds), far more
 * than the work of a typical transaction, so transactions that are waiting together run one after
 * another inside one database transaction, each in its own savepoint, and share one COMMIT.
 *
 * - A transaction that fails rolls back to its savepoint: the others in its group are unaffected.
 * - Every transaction of a group is answered only after the COMMIT: success means durable.
 * - Transactions run in the order they were asked for, one at a time, so each sees the writes of
 *   those before it, exactly as if each had committed on its own.
 * - A group starts on the event loop's next turn (setImmediate), after the requests that arrived
 *   together have all been parsed and have queued their transactions.
 * - A bulk transaction (a big batch) runs alone, on the bulk writer when there is one: the SQLite
 *   writer's thread, where its statements and COMMIT hold no request. Others run on the writer of
 *   the thread that serves requests, where a statement costs no message (a single ingest makes
 *   dozens, one after another). Groups run one at a time, so the two never write at once.
 */
import type { WriterConnection } from './writerThread.js';

/** A writer connection, as group commit drives it. */
type Writer = Pick<WriterConnection, 'exec' | 'inTransaction'>;

interface Waiting {
  run: (writer: never) => Promise<unknown>;
  bulk: boolean;
  /** Told as COMMIT is sent, with whether it succeeds (before the commit is known durable). */
  committing?: ((outcome: Promise<boolean>) => void) | undefined;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

interface Done {
  waiting: Waiting;
  value: unknown;
}

/** Transactions per group at most, so the first of a long queue is not held back for long. */
const MAX_GROUP = 256;

export class GroupCommit<W extends Writer = Writer> {
  private waiting: Waiting[] = [];
  private scheduled = false;
  private draining = false;
  /** The last transaction asked for; groups run in order, so when it settles all have. */
  private last: Promise<unknown> = Promise.resolve();

  /**
   * `durable`, when given, makes a COMMIT durable; no transaction of the group is answered before it
   * settles. `bulkWriter`: where bulk transactions run, if not on `writer`.
   */
  constructor(
    private readonly writer: W,
    private readonly durable?: () => Promise<void>,
    private readonly bulkWriter: W = writer,
  ) {}

  /**
   * Runs `fn` in a transaction on the writer it is given; `bulk`: a big one, run alone on the bulk
   * writer; `committing`: told as its COMMIT is sent, with whether it succeeds (see TransactionOptions).
   */
  run<T>(fn: (writer: W) => Promise<T>, bulk = false, committing?: (outcome: Promise<boolean>) => void): Promise<T> {
    const result = new Promise<T>((resolve, reject) => {
      this.waiting.push({
        run: fn as (writer: never) => Promise<unknown>,
        bulk,
        committing,
        resolve: resolve as (value: unknown) => void,
        reject,
      });
      this.schedule();
    });
    this.last = result.catch(() => undefined);
    return result;
  }

  /** Settles when every transaction asked for so far has been answered. */
  async idle(): Promise<void> {
    await this.last;
  }

  private schedule(): void {
    if (this.scheduled || this.draining) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      while (this.waiting.length > 0) {
        if (this.waiting[0]?.bulk) await this.group(this.waiting.splice(0, 1), this.bulkWriter);
        else {
          const small = this.waiting.findIndex((w) => w.bulk);
          await this.group(this.waiting.splice(0, Math.min(MAX_GROUP, small < 0 ? this.waiting.length : small)), this.writer);
        }
      }
    } finally {
      this.draining = false;
    }
  }

  /** Opens the group's database transaction; when it cannot, the waiting ones fail with the reason. */
  private async begin(db: W, waiting: readonly Waiting[]): Promise<boolean> {
    try {
      await db.exec('BEGIN IMMEDIATE');
      return true;
    } catch (err) {
      for (const w of waiting) w.reject(err);
      return false;
    }
  }

  private async group(group: Waiting[], db: W): Promise<void> {
    let done: Done[] = [];
    /** Savepoints released, not waited for: the writer takes statements in order, so what follows waits behind them. */
    let released: Array<Promise<void>> = [];
    if (!(await this.begin(db, group))) return;
    for (const [i, w] of group.entries()) {
      // Not waited for either: each is a message to the writer's thread, and a transaction's own
      // statements follow it there. A savepoint that failed fails its transaction below.
      const savepoint = quiet(db.exec('SAVEPOINT tx'));
      try {
        const value = await w.run(db as never);
        await savepoint;
        released.push(quiet(db.exec('RELEASE tx')));
        done.push({ waiting: w, value });
      } catch (err) {
        if (await db.inTransaction()) {
          await db.exec('ROLLBACK TO tx');
          await db.exec('RELEASE tx');
        } else {
          // The database rolled the whole transaction back (a full disk, an I/O error): the group's
          // earlier transactions are lost with it, so they fail too, and the rest start afresh.
          for (const d of done) d.waiting.reject(err);
          done = [];
          released = [];
          w.reject(err);
          if (!(await this.begin(db, group.slice(i + 1)))) return;
          continue;
        }
        w.reject(err);
      }
    }
    try {
      await Promise.all(released);
      const commit = db.exec('COMMIT');
      const outcome = commit.then(
        () => true,
        () => false,
      );
      for (const d of done) d.waiting.committing?.(outcome);
      await commit;
    } catch (err) {
      if (await db.inTransaction()) await db.exec('ROLLBACK');
      for (const d of done) d.waiting.reject(err);
      return;
    }
    try {
      await this.durable?.();
    } catch (err) {
      // Committed, but not known to be on disk: not acknowledged as written.
      for (const d of done) d.waiting.reject(err);
      return;
    }
    for (const d of done) d.waiting.resolve(d.value);
  }
}

/** The promise, with its failure handled for now: it is awaited later, or its failure shows in what follows it. */
function quiet(p: Promise<void>): Promise<void> {
  p.catch(() => undefined);
  return p;
}
