/**
 * PostgreSQL beside SQLite (issue 17): each figure of a PostgreSQL run divided by the same figure of
 * the SQLite run of the same size. The issue asks that PostgreSQL keep at least half of SQLite's
 * throughput and at most twice its latency; its absolute targets stay on the figures themselves.
 */
import type { Result } from './report.js';

/** The bound on PG/SQLite a figure's unit implies: rates may fall to half, times may double. */
export function relativeTarget(unit: string): { min?: number; max?: number } | undefined {
  if (unit.endsWith('/s')) return { min: 0.5 };
  if (unit === 'ms') return { max: 2 };
  // Memory and other sizes: shown, not held to a ratio (the issue names throughput and latency).
  return undefined;
}

export interface Pair {
  entities: number;
  id: string;
  sqlite?: Result;
  postgres?: Result;
}

/** Results of the same figure at the same size, in the order they were first measured. */
export function pairs(results: readonly Result[]): Pair[] {
  const out = new Map<string, Pair>();
  for (const r of results) {
    const key = `${r.entities}\u0000${r.id}`;
    let pair = out.get(key);
    if (!pair) {
      pair = { entities: r.entities, id: r.id };
      out.set(key, pair);
    }
    pair[r.backend] = r;
  }
  return [...out.values()];
}

export interface Comparison {
  /** PostgreSQL's median over SQLite's; undefined when either is missing or SQLite's is not positive. */
  ratio?: number | undefined;
  target?: { min?: number; max?: number } | undefined;
  /** Whether the ratio keeps to the target; undefined when there is no target or no ratio. */
  met?: boolean;
}

export function compare(pair: Pair): Comparison {
  const unit = (pair.sqlite ?? pair.postgres)!.unit;
  const target = relativeTarget(unit);
  const s = pair.sqlite?.value.median;
  const p = pair.postgres?.value.median;
  const ratio = s !== undefined && p !== undefined && Number.isFinite(p) && s > 0 ? p / s : undefined;
  if (ratio === undefined || !target) return { ratio, target };
  return { ratio, target, met: (target.min === undefined || ratio >= target.min) && (target.max === undefined || ratio <= target.max) };
}

/** The comparison as the results file keeps it: medians, ratio and verdict of every pair. */
export function comparisonRecords(results: readonly Result[]) {
  return pairs(results).map((pair) => {
    const c = compare(pair);
    return {
      entities: pair.entities,
      id: pair.id,
      measure: (pair.sqlite ?? pair.postgres)!.measure,
      unit: (pair.sqlite ?? pair.postgres)!.unit,
      sqlite: pair.sqlite?.value.median,
      postgres: pair.postgres?.value.median,
      ratio: c.ratio,
      ...(c.target ? { target: c.target, met: c.met } : {}),
    };
  });
}
