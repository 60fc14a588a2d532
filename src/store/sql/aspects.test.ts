/**
 * A transaction's aspect writes go out as a few multi-row statements, in an order that keeps each
 * row's writes in the order they were made.
 */
import { describe, expect, it } from 'vitest';
import { SqliteDriver } from '../sqlite/driver.js';
import type { Sql, SqlConnection } from './driver.js';
import { aspectTx } from './aspects.js';

const ASPECTS = 300;
const urn = (i: number) => `urn:li:dataset:(urn:li:dataPlatform:hive,queue.t${i},PROD)`;

/** A connection that counts the statements sent through it. */
function counting(conn: SqlConnection): SqlConnection & { sent: number } {
  const counted = {
    sent: 0,
    all<T>(q: Sql) {
      counted.sent++;
      return conn.all<T>(q);
    },
    run(q: Sql) {
      counted.sent++;
      return conn.run(q);
    },
  };
  return counted;
}

/** What an update of an aspect does (write/writePath.ts): the latest copied into the history, the oldest trimmed, the new latest. */
async function update(tx: ReturnType<typeof aspectTx>, i: number, value: number, keep: number): Promise<void> {
  const current = await tx.getLatest(urn(i), 'status');
  if (current) {
    const max = await tx.getMaxVersion(urn(i), 'status');
    await tx.putAspect({ ...current, version: max + 1 });
    const below = max + 3 - keep;
    if (below > 1) await tx.deleteHistoryBelow(urn(i), 'status', below);
  }
  await tx.putAspect({
    urn: urn(i),
    aspect: 'status',
    version: 0,
    value: { n: value },
    systemMetadata: null,
    createdOn: value,
    createdBy: 'urn:li:corpuser:t',
  });
}

describe('the aspect write queue', () => {
  it('sends a batch of updates to aspects with full histories in a few statements, each row in order', async () => {
    const driver = new SqliteDriver(':memory:');
    try {
      const keep = 3;
      // Each aspect written four times (its history full), then a batch updating each twice.
      for (let pass = 1; pass <= 4; pass++)
        await driver.transaction(async (conn) => {
          const tx = aspectTx(conn, driver.dialect);
          for (let i = 0; i < ASPECTS; i++) await update(tx, i, pass, keep);
          await tx.flush();
        });
      let sent = 0;
      await driver.transaction(async (conn) => {
        const c = counting(conn);
        const tx = aspectTx(c, driver.dialect);
        await tx.lockLatest(Array.from({ length: ASPECTS }, (_, i) => ({ urn: urn(i), aspect: 'status' })));
        for (const pass of [5, 6]) for (let i = 0; i < ASPECTS; i++) await update(tx, i, pass, keep);
        await tx.flush();
        sent = c.sent;
      });
      // Two reads to lock, then a statement per kind of write, not one or two per update.
      expect(sent).toBeLessThan(12);
      const rows = await driver.all<{ urn: string; version: number; value: string }>({
        text: 'SELECT urn, version, value FROM aspect ORDER BY urn, version',
        params: [],
      });
      for (let i = 0; i < ASPECTS; i++) {
        const mine = rows.filter((r) => r.urn === urn(i)).map((r) => [r.version, JSON.parse(r.value).n]);
        // The latest (6), and the newest keep - 1 history rows: the values 4 and 5 at versions 4 and 5.
        expect(mine).toEqual([
          [0, 6],
          [4, 4],
          [5, 5],
        ]);
      }
    } finally {
      await driver.close();
    }
  });
});
