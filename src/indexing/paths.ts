/**
 * Values at a path inside an aspect, in DataHub's annotation path syntax: `/name`, `/owners/*\/owner`
 * (each item of an array), `/customProperties/*` (each entry of a map, as `key=value` when the path
 * ends there), `/inputs/*\/string` (a union member by its key).
 */
export type Scalar = string | number | boolean;

/** Paths come from the registry, a fixed set: each is split once. */
const SEGMENTS = new Map<string, string[]>();

function segmentsOf(path: string): string[] {
  let segments = SEGMENTS.get(path);
  if (!segments) {
    segments = path.split('/').filter((s) => s !== '');
    SEGMENTS.set(path, segments);
  }
  return segments;
}

export function valuesAt(value: unknown, path: string): unknown[] {
  const segments = segmentsOf(path);
  let current: unknown[] = [value];
  segments.forEach((seg, i) => {
    const last = i === segments.length - 1;
    const next: unknown[] = [];
    for (const v of current) {
      if (v === null || v === undefined) continue;
      if (seg === '*') {
        if (Array.isArray(v)) next.push(...v);
        else if (typeof v === 'object') {
          for (const [k, item] of Object.entries(v as Record<string, unknown>)) next.push(last && isScalar(item) ? `${k}=${item}` : item);
        }
      } else if (typeof v === 'object' && !Array.isArray(v)) {
        next.push((v as Record<string, unknown>)[seg]);
      }
    }
    current = next;
  });
  return current.filter((v) => v !== null && v !== undefined);
}

export function isScalar(v: unknown): v is Scalar {
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
}
