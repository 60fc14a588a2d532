/** Medians and spreads of repeated runs. */

export interface Figure {
  /** Median of the runs. */
  median: number;
  min: number;
  max: number;
  /** Every run, in order. */
  runs: number[];
}

export function figure(runs: readonly number[]): Figure {
  if (runs.length === 0) return { median: NaN, min: NaN, max: NaN, runs: [] };
  const sorted = [...runs].sort((a, b) => a - b);
  // Every index used is within the list, which is not empty.
  const at = (i: number) => sorted[i]!;
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? at(mid) : (at(mid - 1) + at(mid)) / 2;
  return { median, min: at(0), max: at(sorted.length - 1), runs: [...runs] };
}

/** The p-th percentile (0..100) of samples, nearest rank. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  // Clamped to the list's indexes, and the list is not empty.
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** "12,345 (11,900–12,600)": the median with the range of the runs. */
export function formatFigure(f: Figure, digits = 0): string {
  const n = (x: number) => x.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
  if (f.runs.length <= 1) return n(f.median);
  return `${n(f.median)} (${n(f.min)}–${n(f.max)})`;
}
