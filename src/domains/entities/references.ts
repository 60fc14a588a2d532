/**
 * Removing the references to an entity from another entity's aspect value, for deleteReferences,
 * along the aspect's relationship paths (registry data such as owners[].owner): the element of
 * the innermost list that holds the reference is dropped (an owner, a tag, an upstream…). A path
 * without a list (`/container`) means the value cannot stand without the urn: the aspect goes.
 * Audit stamps and other mentions outside relationship paths are left alone.
 */
import { isPlainObject } from '../../json.js';

export type Cleaned = { kind: 'unchanged' } | { kind: 'changed'; value: Record<string, unknown> } | { kind: 'orphaned' };

const ORPHANED = Symbol('orphaned');

/** The value at a path of segments (no wildcards), or undefined. */
function at(node: unknown, segments: readonly string[]): unknown {
  let current = node;
  for (const s of segments) current = isPlainObject(current) ? current[s] : undefined;
  return current;
}

function prune(node: unknown, segments: readonly string[], urn: string): unknown {
  const [head, ...rest] = segments;
  if (head === undefined) return node === urn ? ORPHANED : node;
  if (head === '*') {
    if (!Array.isArray(node)) return node;
    if (!rest.includes('*')) return node.filter((element) => at(element, rest) !== urn);
    return node.map((element) => prune(element, rest, urn));
  }
  if (!isPlainObject(node) || !(head in node)) return node;
  const child = prune(node[head], rest, urn);
  return child === ORPHANED ? ORPHANED : { ...node, [head]: child };
}

export function withoutReferences(value: Record<string, unknown>, urn: string, paths: readonly string[]): Cleaned {
  let current: unknown = value;
  for (const path of paths) {
    current = prune(current, path.split('/').filter(Boolean), urn);
    if (current === ORPHANED) return { kind: 'orphaned' };
  }
  return JSON.stringify(current) === JSON.stringify(value)
    ? { kind: 'unchanged' }
    : { kind: 'changed', value: current as Record<string, unknown> };
}
