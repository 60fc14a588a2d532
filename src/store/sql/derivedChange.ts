/**
 * What rewriting an entity's derived rows changes: most writes touch one aspect, so most of the
 * search values, the full text and the edges stay as they were, and rewriting them all would cost
 * far more index writes than the write itself.
 */
import type { Edge, SearchRow } from '../types.js';

export interface DerivedChange {
  /** The full text differs. */
  text: boolean;
  /** Values of keyed fields, the rows of `search_value` (free text is read from the stored document). */
  removedValues: Array<[field: string, value: string]>;
  addedValues: Array<[field: string, value: string]>;
  removedEdges: Edge[];
  addedEdges: Edge[];
}

const SEPARATOR = '\u0000';

function valueKeys(row: SearchRow | undefined): Set<string> {
  const keys = new Set<string>();
  if (row) for (const field of row.keyed) for (const value of row.values[field] ?? []) keys.add(`${field}${SEPARATOR}${value}`);
  return keys;
}

const edgeKey = (e: Edge) => `${e.type}${SEPARATOR}${e.destination}${SEPARATOR}${e.aspect}`;

function minus<T>(a: Map<string, T>, b: Map<string, T>): T[] {
  return [...a].filter(([k]) => !b.has(k)).map(([, v]) => v);
}

/** The change from the stored rows (none for a new entity) to the new ones. */
export function derivedChange(
  old: { row: SearchRow; edges: readonly Edge[] } | undefined,
  row: SearchRow,
  edges: readonly Edge[],
): DerivedChange {
  const oldEdges = new Map((old?.edges ?? []).map((e) => [edgeKey(e), e]));
  const newEdges = new Map(edges.map((e) => [edgeKey(e), e]));
  const edgeChange = { removedEdges: minus(oldEdges, newEdges), addedEdges: minus(newEdges, oldEdges) };
  // The caller passes the same row when the stored one is identical.
  if (old?.row === row) return { text: false, removedValues: [], addedValues: [], ...edgeChange };
  const before = valueKeys(old?.row);
  const after = valueKeys(row);
  const split = (k: string) => k.split(SEPARATOR) as [string, string];
  return {
    text: !old || old.row.text.some((t, i) => t !== row.text[i]),
    removedValues: [...before].filter((k) => !after.has(k)).map(split),
    addedValues: [...after].filter((k) => !before.has(k)).map(split),
    ...edgeChange,
  };
}
