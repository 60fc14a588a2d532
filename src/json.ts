/** JSON helpers shared by the write path and the store. */
import { ServiceError } from './errors.js';

/**
 * A JSON object whose shape is not modelled: wire JSON that is not an aspect value (GraphQL results
 * and arguments, REST bodies, recipes). Aspect values have their own types (`AspectValue<'…'>`).
 */
export type JsonObject = Record<string, unknown>;

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

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Whether the character before `at` is escaped: an odd run of backslashes ends there. */
function escaped(text: string, at: number): boolean {
  let n = 0;
  for (let i = at - 1; i >= 0 && text.charCodeAt(i) === BACKSLASH; i--) n++;
  return n % 2 === 1;
}

/**
 * What parsing JSON text would meet, found in one pass over it (no recursion): how deeply arrays and
 * objects nest, and whether a string holds a NUL character (`\u0000`). Strings are skipped with
 * indexOf, so a body of mostly text is scanned at the speed of a native search.
 */
export function scanJson(text: string): { depth: number; nul: boolean } {
  let depth = 0;
  let max = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      let end = text.indexOf('"', i + 1);
      while (end !== -1 && escaped(text, end)) end = text.indexOf('"', end + 1);
      if (end === -1) break; // unterminated: JSON.parse says so
      i = end;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) max = depth;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return { depth: max, nul: hasNulEscape(text) };
}

/** Whether the text holds a `\u0000` escape (not an escaped backslash followed by `u0000`): JSON and GraphQL strings escape alike. */
export function hasNulEscape(text: string): boolean {
  for (let at = text.indexOf('\\u0000'); at !== -1; at = text.indexOf('\\u0000', at + 1)) if (!escaped(text, at)) return true;
  return false;
}

/**
 * Parses JSON text a client sent; `what` names it in the 400 when it is not JSON, nests too deep, or
 * holds a NUL character, which no database here stores in text (PostgreSQL refuses it).
 */
export function parseJson(text: string, what: string): unknown {
  const { depth, nul } = scanJson(text);
  if (depth > MAX_JSON_DEPTH)
    throw new ServiceError('bad_request', `${what} nests ${depth} levels deep; at most ${MAX_JSON_DEPTH} are allowed`);
  if (nul) throw new ServiceError('bad_request', `${what} holds a NUL character (\\u0000), which cannot be stored`);
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new ServiceError('bad_request', `${what} is not valid JSON: ${(err as Error).message}`);
  }
}
