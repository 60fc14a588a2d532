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
 */
import type Database from 'better-sqlite3';

interface Waiting {
  run: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

interface Done {
  waiting: Waiting;
  value: unknown;
}

/** Transactions per group at most, so the first of a long queue is not held back for long. */
const MAX_GROUP = 256;

export class GroupCommit {
  private waiting: Waiting[] = [];
  private scheduled = false;
  private draining = false;
  /** The last transaction asked for; groups run in order, so when it settles all have. */
  private last: Promise<unknown> = Promise.resolve();

  /** `durable`, when given, makes a COMMIT durable; no transaction of the group is answered before it settles. */
  constructor(
    private readonly db: Database.Database,
    private readonly durable?: () => Promise<void>,
  ) {}

  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = new Promise<T>((resolve, reject) => {
      this.waiting.push({ run: fn, resolve: resolve as (value: unknown) => void, reject });
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
      while (this.waiting.length > 0) await this.group(this.waiting.splice(0, MAX_GROUP));
    } finally {
      this.draining = false;
    }
  }

  /** Opens the group's database transaction; when it cannot, the waiting ones fail with the reason. */
  private begin(waiting: readonly Waiting[]): boolean {
    try {
      this.db.exec('BEGIN IMMEDIATE');
      return true;
    } catch (err) {
      for (const w of waiting) w.reject(err);
      return false;
    }
  }

  private async group(group: Waiting[]): Promise<void> {
    let done: Done[] = [];
    if (!this.begin(group)) return;
    for (const [i, w] of group.entries()) {
      this.db.exec('SAVEPOINT tx');
      try {
        const value = await w.run();
        this.db.exec('RELEASE tx');
        done.push({ waiting: w, value });
      } catch (err) {
        if (this.db.inTransaction) {
          this.db.exec('ROLLBACK TO tx');
          this.db.exec('RELEASE tx');
        } else {
          // The database rolled the whole transaction back (a full disk, an I/O error): the group's
          // earlier transactions are lost with it, so they fail too, and the rest start afresh.
          for (const d of done) d.waiting.reject(err);
          done = [];
          w.reject(err);
          if (!this.begin(group.slice(i + 1))) return;
          continue;
        }
        w.reject(err);
      }
    }
    try {
      this.db.exec('COMMIT');
    } catch (err) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
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
