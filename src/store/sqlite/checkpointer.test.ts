import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Checkpointer } from './checkpointer.js';

describe('Checkpointer', () => {
  const dir = mkdtempSync(join(tmpdir(), 'checkpointer-'));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('copies committed pages from the WAL into the database file in the background, without the writer checkpointing', async () => {
    const path = join(dir, 'db');
    const db = new Database(path);
    db.pragma('journal_mode = WAL');
    db.pragma('wal_autocheckpoint = 0');
    db.exec('CREATE TABLE t (v TEXT)');
    const checkpointer = new Checkpointer(path);
    const before = statSync(path).size;
    db.transaction(() => {
      for (let i = 0; i < 500; i++) db.prepare('INSERT INTO t (v) VALUES (?)').run('x'.repeat(2000));
    })();
    // With automatic checkpoints off, only the worker moves pages into the database file.
    const deadline = Date.now() + 5_000;
    // Until the whole transaction is copied: a check part-way through the copy saw the file only begun.
    while (statSync(path).size <= before + 500 * 2000 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(statSync(path).size).toBeGreaterThan(before + 500 * 2000);
    await checkpointer.stop();
    db.close();
    // The last connection closed cleanly: the WAL is gone and the rows are in the file.
    expect(existsSync(`${path}-wal`)).toBe(false);
    const reopened = new Database(path, { readonly: true });
    expect(reopened.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 500 });
    reopened.close();
  });
});
