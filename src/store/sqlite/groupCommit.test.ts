import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GroupCommit } from './groupCommit.js';
import { LocalWriter } from './driver.js';
import { openStore } from '../index.js';

describe('GroupCommit', () => {
  let dir: string;
  let db: Database.Database;
  let other: Database.Database;
  let commits: GroupCommit;
  const insert = (n: number) => async () => {
    db.prepare('INSERT INTO t (n) VALUES (?)').run(n);
    return n;
  };
  const seenByAnotherConnection = () => (other.prepare('SELECT n FROM t ORDER BY n').all() as Array<{ n: number }>).map((r) => r.n);

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'group-commit-'));
    db = new Database(join(dir, 'db'));
    db.pragma('journal_mode = WAL');
    db.exec('CREATE TABLE t (n INTEGER PRIMARY KEY)');
    other = new Database(join(dir, 'db'), { readonly: true });
    commits = new GroupCommit(new LocalWriter(db));
  });
  afterEach(() => {
    other.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('commits transactions asked for together in one database transaction, answering each after the commit', async () => {
    let commitsSeen = 0;
    const exec = db.exec.bind(db);
    db.exec = (sql: string) => {
      if (sql === 'COMMIT') commitsSeen++;
      return exec(sql);
    };
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => commits.run(insert(n)).then((v) => ({ v, visible: seenByAnotherConnection() }))),
    );
    expect(answers.map((a) => a.v)).toEqual([1, 2, 3, 4, 5]);
    // Each answer came after the commit: every write is already visible to other connections.
    for (const a of answers) expect(a.visible).toEqual([1, 2, 3, 4, 5]);
    expect(commitsSeen).toBe(1);
  });

  it('rolls back only the transaction that failed; the others of its group commit', async () => {
    const failing = commits.run(async () => {
      db.prepare('INSERT INTO t (n) VALUES (?)').run(10);
      throw new Error('bad proposal');
    });
    const results = await Promise.allSettled([commits.run(insert(1)), failing, commits.run(insert(2))]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason.message).toBe('bad proposal');
    expect(seenByAnotherConnection()).toEqual([1, 2]);
  });

  it('lets each transaction see the writes of those before it in the group', async () => {
    const [, count] = await Promise.all([
      commits.run(insert(1)),
      commits.run(async () => (db.prepare('SELECT count(*) AS c FROM t').get() as { c: number }).c),
    ]);
    expect(count).toBe(1);
  });

  it('fails the whole group when the commit fails, and keeps working afterwards', async () => {
    const exec = db.exec.bind(db);
    db.exec = (sql: string) => {
      if (sql === 'COMMIT') throw new Error('disk I/O error');
      return exec(sql);
    };
    const results = await Promise.allSettled([commits.run(insert(1)), commits.run(insert(2))]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(db.inTransaction).toBe(false);
    expect(seenByAnotherConnection()).toEqual([]);
    db.exec = exec;
    await commits.run(insert(3));
    expect(seenByAnotherConnection()).toEqual([3]);
  });

  it('idle() waits for every transaction asked for', async () => {
    void commits.run(insert(1));
    void commits.run(insert(2));
    await commits.idle();
    expect(seenByAnotherConnection()).toEqual([1, 2]);
  });

  it('answers no transaction of a group before its commit is made durable, and fails them if that fails', async () => {
    let release!: () => void;
    const synced = new Promise<void>((resolve) => (release = resolve));
    let syncs = 0;
    const durable = new GroupCommit(new LocalWriter(db), async () => {
      syncs++;
      if (syncs === 1) await synced;
      else throw new Error('fsync failed: EIO');
    });
    let answered = false;
    const first = durable.run(insert(1)).then(() => (answered = true));
    await new Promise((r) => setTimeout(r, 30));
    // Committed (another connection sees it), but not yet synced: not answered.
    expect(seenByAnotherConnection()).toEqual([1]);
    expect(answered).toBe(false);
    release();
    await first;
    expect(answered).toBe(true);
    await expect(durable.run(insert(2))).rejects.toThrow(/EIO/);
  });
});

describe('the SQLite store', () => {
  it('syncs its write-ahead log before answering a write, unless opened for throwaway data', async () => {
    const { open } = await import('node:fs/promises');
    const dir = mkdtempSync(join(tmpdir(), 'store-sync-'));
    // FileHandle is not exported; its prototype is that of any open file.
    const probe = await open(join(dir, 'probe'), 'w');
    const proto = Object.getPrototypeOf(probe) as { datasync: () => Promise<void> };
    await probe.close();
    const original = proto.datasync;
    /** The files synced, by inode. */
    const synced: number[] = [];
    proto.datasync = async function (this: { stat(): Promise<{ ino: number }> }) {
      synced.push((await this.stat()).ino);
      return original.call(this);
    };
    try {
      const write = async (path: string, options: { synchronous?: 'NORMAL' } = {}) => {
        const store = await openStore(`sqlite:${path}`, options);
        await store.ensureSetting('probe', 'x');
        const wal = statSync(`${path}-wal`).ino;
        await store.close();
        return wal;
      };
      const wal = await write(join(dir, 'durable.db'));
      expect(synced).toEqual([wal]);
      await write(join(dir, 'throwaway.db'), { synchronous: 'NORMAL' });
      expect(synced).toEqual([wal]);
    } finally {
      proto.datasync = original;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
