/**
 * The SQLite writer on its own thread: reads are answered while it works, its errors reach the
 * caller as SQLite gave them, and BLOBs come back as Buffers, as the reader gives them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from '../sql/driver.js';
import { SqliteDriver } from './driver.js';

/** A statement that keeps SQLite busy for a while (a few hundred milliseconds here). */
const LONG = sql('WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 3000000) SELECT count(*) AS n FROM c');

describe('the SQLite writer thread', () => {
  let dir: string;
  let driver: SqliteDriver;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'writer-thread-'));
    driver = new SqliteDriver(join(dir, 'catalog.db'), { synchronous: 'NORMAL' });
  });
  afterEach(async () => {
    await driver.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lets reads be answered while a bulk write transaction runs a long statement', async () => {
    let began = 0;
    let ended = 0;
    let settled = false;
    const write = driver
      .transaction(
        async (conn) => {
          began = performance.now();
          try {
            return await conn.all<{ n: number }>(LONG);
          } finally {
            ended = performance.now();
          }
        },
        { bulk: true },
      )
      .finally(() => (settled = true));
    const answered: number[] = [];
    while (!settled) {
      const [row] = await driver.all<{ one: number }>(sql('SELECT 1 AS one'));
      if (row?.one === 1) answered.push(performance.now());
    }
    expect(await write).toEqual([{ n: 3_000_000 }]);
    // Reads went on all through the statement: on the thread that serves requests, it would have
    // held them for the whole of it, one gap as long as the statement.
    const times = [began, ...answered.filter((t) => t > began && t < ended), ended];
    let longestGap = 0;
    for (let i = 1; i < times.length; i++) longestGap = Math.max(longestGap, (times[i] as number) - (times[i - 1] as number));
    expect(longestGap).toBeLessThan((ended - began) / 2);
  });

  it('runs bulk and other transactions in the order asked, each seeing the writes of those before', async () => {
    await driver.transaction((conn) => conn.run(sql('CREATE TABLE log (n INTEGER PRIMARY KEY, seen INTEGER)')));
    // Alternating between the writer's thread and the writer here, all queued at once.
    const writes = Array.from({ length: 20 }, (_, n) =>
      driver.transaction(
        async (conn) => {
          const [row] = await conn.all<{ seen: number }>(sql('SELECT count(*) AS seen FROM log'));
          await conn.run(sql('INSERT INTO log VALUES (?, ?)', n, row?.seen));
        },
        { bulk: n % 3 === 0 },
      ),
    );
    await Promise.all(writes);
    const rows = await driver.all<{ n: number; seen: number }>(sql('SELECT n, seen FROM log ORDER BY n'));
    expect(rows).toEqual(Array.from({ length: 20 }, (_, n) => ({ n, seen: n })));
  });

  it("gives SQLite's errors to the caller, rolls the transaction back, and goes on", async () => {
    const bulk = { bulk: true };
    await driver.transaction((conn) => conn.run(sql('CREATE TABLE t (k TEXT PRIMARY KEY, v BLOB)')), bulk);
    await driver.transaction((conn) => conn.run(sql('INSERT INTO t VALUES (?, ?)', 'a', Buffer.from([1, 2, 3]))), bulk);
    const failed = driver.transaction(async (conn) => {
      await conn.run(sql('INSERT INTO t VALUES (?, ?)', 'b', null));
      return conn.run(sql('INSERT INTO t VALUES (?, ?)', 'a', null));
    }, bulk);
    await expect(failed).rejects.toMatchObject({
      code: 'SQLITE_CONSTRAINT_PRIMARYKEY',
      message: expect.stringMatching(/UNIQUE constraint failed: t\.k/),
    });
    // Read inside a write transaction, through the writer thread.
    const rows = await driver.transaction((conn) => conn.all<{ k: string; v: Buffer }>(sql('SELECT k, v FROM t ORDER BY k')), bulk);
    expect(rows).toEqual([{ k: 'a', v: Buffer.from([1, 2, 3]) }]);
    expect(Buffer.isBuffer(rows[0]?.v)).toBe(true);
  });
});
