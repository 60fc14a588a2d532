import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GroupCommit } from './groupCommit.js';

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
    commits = new GroupCommit(db);
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
    const answers = await Promise.all([1, 2, 3, 4, 5].map((n) => commits.run(insert(n)).then((v) => ({ v, visible: seenByAnotherConnection() }))));
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
    const [, count] = await Promise.all([commits.run(insert(1)), commits.run(async () => (db.prepare('SELECT count(*) AS c FROM t').get() as { c: number }).c)]);
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
});
