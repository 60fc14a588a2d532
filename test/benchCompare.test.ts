/** The bench's PostgreSQL-beside-SQLite report (bench/compare.ts, bench/report.ts). */
import { describe, expect, it } from 'vitest';
import { compare, comparisonRecords, pairs } from '../bench/compare.js';
import { renderSideBySide, type Result } from '../bench/report.js';
import { figure } from '../bench/stats.js';

const result = (backend: Result['backend'], id: string, unit: string, median: number, rest: Partial<Result> = {}): Result => ({
  backend,
  entities: 10_000,
  id,
  measure: id,
  unit,
  value: figure([median]),
  ...rest,
});

describe('PostgreSQL beside SQLite', () => {
  it('pairs figures by id and size, whatever their measure text says', () => {
    const results = [
      result('sqlite', 'search.filtered.p50', 'ms', 10, { measure: 'search, filtered (700 hits)' }),
      result('sqlite', 'search.filtered.p50', 'ms', 12, { entities: 100_000 }),
      result('postgres', 'search.filtered.p50', 'ms', 30, { measure: 'search, filtered (699 hits)' }),
    ];
    const p = pairs(results);
    expect(p.map((x) => [x.entities, x.sqlite?.value.median, x.postgres?.value.median])).toEqual([
      [10_000, 10, 30],
      [100_000, 12, undefined],
    ]);
    expect(renderSideBySide(results)).toContain('search, filtered (700 hits) (PostgreSQL: search, filtered (699 hits))');
  });

  it('holds rates to at least half of SQLite and times to at most twice, and nothing else', () => {
    const pair = (unit: string, s: number, p: number) =>
      compare(pairs([result('sqlite', 'x', unit, s), result('postgres', 'x', unit, p)])[0]!);
    expect(pair('req/s', 1000, 500)).toMatchObject({ ratio: 0.5, met: true });
    expect(pair('aspects/s', 1000, 499)).toMatchObject({ met: false });
    expect(pair('ms', 10, 20)).toMatchObject({ ratio: 2, met: true });
    expect(pair('ms', 10, 20.1)).toMatchObject({ met: false });
    expect(pair('MB', 100, 300)).toEqual({ ratio: 3, target: undefined });
    expect(compare(pairs([result('sqlite', 'x', 'ms', 10)])[0]!).ratio).toBeUndefined();
  });

  it("shows both results, limits and ratios, PG/SQLite with its verdict, and each backend's target", () => {
    const limit = { limit: figure([4000]), limitName: 'bare route' };
    const results = [
      result('sqlite', 'reads', 'req/s', 2000, limit),
      result('postgres', 'reads', 'req/s', 800, { ...limit, limit: figure([3000]) }),
      result('sqlite', 'restoreIndices', 'aspects/s', 30_000, { target: { min: 50_000 } }),
      result('postgres', 'restoreIndices', 'aspects/s', 25_000, { target: { min: 20_000 } }),
      result('sqlite', 'search', 'ms', 40, { target: { max: 50 } }),
      result('postgres', 'search', 'ms', 60, { target: { max: 50 } }),
    ];
    const rows = renderSideBySide(results).split('\n').slice(2);
    expect(rows[0]).toBe(
      '| 10,000 | reads | 2,000 req/s | 4,000 req/s (bare route) | 50% of limit | 800 req/s | 3,000 req/s (bare route) | 27% of limit | 0.40 (≥ 0.5 **missed**) |  |',
    );
    expect(rows[1]).toContain('| 0.83 (≥ 0.5 met) | SQLite ≥ 50,000 **missed**; PostgreSQL ≥ 20,000 met |');
    expect(rows[2]).toContain('| 1.50 (≤ 2 met) | < 50: SQLite met, PostgreSQL **missed** |');
    expect(comparisonRecords(results)[0]).toEqual({
      entities: 10_000,
      id: 'reads',
      measure: 'reads',
      unit: 'req/s',
      sqlite: 2000,
      postgres: 800,
      ratio: 0.4,
      target: { min: 0.5 },
      met: false,
    });
  });
});
