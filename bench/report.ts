/** The benchmark's Markdown tables: each backend's figures, or PostgreSQL's beside SQLite's. */
import { compare, pairs, type Pair } from './compare.js';
import { formatFigure, type Figure } from './stats.js';

export interface Result {
  backend: 'sqlite' | 'postgres';
  entities: number;
  /** The figure whatever the measure's text says of this run (hits, aspects): pairs the backends' rows. */
  id: string;
  measure: string;
  unit: string;
  value: Figure;
  limit?: Figure;
  limitName?: string;
  /** The issue's target: at least min, or at most max. */
  target?: { min?: number; max?: number };
  extra?: string;
  /** Requests that failed or answered other than 2xx (none expected). */
  failures?: number;
}

const digitsOf = (unit: string) => (unit === 'ms' ? 2 : 0);
const isRate = (unit: string) => unit.endsWith('/s');

/** A rate as a share of its limit; a latency as a multiple of it. */
export function ratio(r: Result): string {
  if (!r.limit || !(r.limit.median > 0)) return '';
  const x = r.value.median / r.limit.median;
  return isRate(r.unit) ? `${(x * 100).toFixed(x < 0.1 ? 1 : 0)}% of limit` : `${x.toFixed(1)}× limit`;
}

export function targetMet(r: Result): boolean | undefined {
  if (!r.target) return undefined;
  const v = r.value.median;
  return (r.target.min === undefined || v >= r.target.min) && (r.target.max === undefined || v <= r.target.max);
}

const boundText = (t: { min?: number; max?: number }) =>
  t.min !== undefined ? `≥ ${t.min.toLocaleString('en-US')}` : `< ${t.max!.toLocaleString('en-US')}`;
const verdict = (met: boolean | undefined) => (met ? 'met' : '**missed**');

function targetText(r: Result): string {
  if (!r.target) return '';
  return `${boundText(r.target)} ${verdict(targetMet(r))}`;
}

function resultText(r: Result): string {
  const notes = [r.extra, r.failures ? `${r.failures} failed requests` : undefined].filter(Boolean).join('; ');
  return `${formatFigure(r.value, digitsOf(r.unit))} ${r.unit}${notes ? ` (${notes})` : ''}`;
}

const limitText = (r: Result) => (r.limit ? `${formatFigure(r.limit, digitsOf(r.unit))} ${r.unit} (${r.limitName})` : '');

export function renderTable(results: readonly Result[]): string {
  const lines = ['| backend | entities | measure | result | limit | ratio | target |', '|---|---:|---|---:|---:|---|---|'];
  for (const r of results) {
    lines.push(
      `| ${r.backend} | ${r.entities.toLocaleString('en-US')} | ${r.measure} | ${resultText(r)} | ${limitText(r)} | ${ratio(r)} | ${targetText(r)} |`,
    );
  }
  return lines.join('\n');
}

/** The measure's text; PostgreSQL's too when it differs (another count of hits is worth seeing). */
function measureText(pair: Pair): string {
  const s = pair.sqlite?.measure;
  const p = pair.postgres?.measure;
  if (s === undefined || p === undefined || s === p) return (s ?? p)!;
  return `${s} (PostgreSQL: ${p})`;
}

/** The absolute targets of both backends, in one cell: one bound when they share it. */
function targetsText(pair: Pair): string {
  const sides = (['sqlite', 'postgres'] as const).flatMap((b) => (pair[b]?.target ? [{ b, r: pair[b]! }] : []));
  const [first] = sides;
  if (!first) return '';
  const name = { sqlite: 'SQLite', postgres: 'PostgreSQL' } as const;
  const shared = sides.every((x) => boundText(x.r.target!) === boundText(first.r.target!));
  if (shared) return `${boundText(first.r.target!)}: ${sides.map((x) => `${name[x.b]} ${verdict(targetMet(x.r))}`).join(', ')}`;
  return sides.map((x) => `${name[x.b]} ${targetText(x.r)}`).join('; ');
}

function pgOverSqliteText(pair: Pair): string {
  const c = compare(pair);
  if (c.ratio === undefined) return '';
  const x = c.ratio.toFixed(c.ratio < 0.1 ? 3 : 2);
  return c.target ? `${x} (${c.target.min !== undefined ? `≥ ${c.target.min}` : `≤ ${c.target.max}`} ${verdict(c.met)})` : x;
}

/**
 * One row a figure and size: SQLite's result with its limit, PostgreSQL's with its own (each limit
 * is measured in that backend's run), PG/SQLite against issue 17's bound, and the absolute targets.
 */
export function renderSideBySide(results: readonly Result[]): string {
  const lines = [
    '| entities | measure | SQLite | limit | ratio | PostgreSQL | limit | ratio | PG/SQLite | target |',
    '|---:|---|---:|---:|---|---:|---:|---|---|---|',
  ];
  for (const pair of pairs(results)) {
    const side = (r: Result | undefined) => (r ? [resultText(r), limitText(r), ratio(r)] : ['', '', '']);
    const cells = [
      pair.entities.toLocaleString('en-US'),
      measureText(pair),
      ...side(pair.sqlite),
      ...side(pair.postgres),
      pgOverSqliteText(pair),
      targetsText(pair),
    ];
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}
