/** JSON helpers shared by the write path and the store. */
import { ServiceError } from './service/errors.js';

/** JSON text with object keys sorted, so equal values always serialize the same way. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(obj)
        .sort()
        .map((k) => [k, sortKeys(obj[k])]),
    );
  }
  return value;
}

/** Deep equality of JSON values, ignoring object key order. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Nesting beyond this is refused before parsing: values this deep are not metadata, and walking
 * them recursively would exhaust the stack. Jackson, which GMS parses with, stops at the same depth.
 */
export const MAX_JSON_DEPTH = 1000;

/**
 * What parsing JSON text would meet, found in one pass over it (no recursion): how deeply arrays and
 * objects nest, and whether a string holds a NUL character (`\u0000`).
 */
export function scanJson(text: string): { depth: number; nul: boolean } {
  let depth = 0;
  let max = 0;
  let nul = false;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) {
        if (text.startsWith('u0000', i + 1)) nul = true;
        i++; // the escaped character
      } else if (c === 0x22) {
        inString = false;
      }
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) max = depth;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return { depth: max, nul };
}

/**
 * Parses JSON text a client sent; `what` names it in the 400 when it is not JSON, nests too deep, or
 * holds a NUL character, which no database here stores in text (PostgreSQL refuses it).
 */
export function parseJson(text: string, what: string): unknown {
  const { depth, nul } = scanJson(text);
  if (depth > MAX_JSON_DEPTH) throw new ServiceError('bad_request', `${what} nests ${depth} levels deep; at most ${MAX_JSON_DEPTH} are allowed`);
  if (nul) throw new ServiceError('bad_request', `${what} holds a NUL character (\\u0000), which cannot be stored`);
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new ServiceError('bad_request', `${what} is not valid JSON: ${(err as Error).message}`);
  }
}
