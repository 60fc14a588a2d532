/** The benchmark's Markdown table. */
import { formatFigure, type Figure } from './stats.js';

export interface Result {
  backend: 'sqlite' | 'postgres';
  entities: number;
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

function targetText(r: Result): string {
  if (!r.target) return '';
  const bound = r.target.min !== undefined ? `≥ ${r.target.min.toLocaleString('en-US')}` : `< ${r.target.max!.toLocaleString('en-US')}`;
  return `${bound} ${targetMet(r) ? 'met' : '**missed**'}`;
}

export function renderTable(results: readonly Result[]): string {
  const lines = ['| backend | entities | measure | result | limit | ratio | target |', '|---|---:|---|---:|---:|---|---|'];
  for (const r of results) {
    const digits = digitsOf(r.unit);
    const notes = [r.extra, r.failures ? `${r.failures} failed requests` : undefined].filter(Boolean).join('; ');
    const result = `${formatFigure(r.value, digits)} ${r.unit}${notes ? ` (${notes})` : ''}`;
    const limit = r.limit ? `${formatFigure(r.limit, digits)} ${r.unit} (${r.limitName})` : '';
    lines.push(`| ${r.backend} | ${r.entities.toLocaleString('en-US')} | ${r.measure} | ${result} | ${limit} | ${ratio(r)} | ${targetText(r)} |`);
  }
  return lines.join('\n');
}
