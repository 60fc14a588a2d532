/**
 * The raw difference between two versions of an aspect, as a JSON Patch (RFC 6902), which DataHub's
 * timeline gives with each transaction when asked (`raw=true`). Applied in order to the older value,
 * the operations give the newer one.
 */
import { isPlainObject, jsonEqual } from '../../json.js';

export interface PatchOperation {
  op: 'add' | 'remove' | 'replace';
  path: string;
  value?: unknown;
}

/** A key as one step of a JSON Pointer (RFC 6901). */
const step = (key: string | number) => `/${String(key).replaceAll('~', '~0').replaceAll('/', '~1')}`;

export function rawDiff(base: unknown, target: unknown): PatchOperation[] {
  const ops: PatchOperation[] = [];
  diffAt('', base, target, ops);
  return ops;
}

function diffAt(path: string, base: unknown, target: unknown, ops: PatchOperation[]): void {
  if (jsonEqual(base, target)) return;
  if (isPlainObject(base) && isPlainObject(target)) {
    for (const [key, value] of Object.entries(base)) {
      if (Object.hasOwn(target, key)) diffAt(path + step(key), value, target[key], ops);
      else ops.push({ op: 'remove', path: path + step(key) });
    }
    for (const [key, value] of Object.entries(target))
      if (!Object.hasOwn(base, key)) ops.push({ op: 'add', path: path + step(key), value });
    return;
  }
  if (Array.isArray(base) && Array.isArray(target)) {
    const common = Math.min(base.length, target.length);
    for (let i = 0; i < common; i++) diffAt(path + step(i), base[i], target[i], ops);
    // Removed from the end first, so each index still names the item it meant.
    for (let i = base.length - 1; i >= common; i--) ops.push({ op: 'remove', path: path + step(i) });
    for (let i = common; i < target.length; i++) ops.push({ op: 'add', path: path + step(i), value: target[i] });
    return;
  }
  ops.push({ op: 'replace', path, value: target });
}
