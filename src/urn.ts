/**
 * Urns: `urn:<namespace>:<entityType>:<key>`, where a key of several parts is written
 * `(<p1>,<p2>,…)`. Parts may themselves be urns with tuple keys; only commas at parenthesis depth 1
 * separate parts. Parts are opaque: nothing is escaped or decoded (`%2C` stays `%2C`).
 */
import { randomUUID } from 'node:crypto';

export interface Urn {
  namespace: string;
  entityType: string;
  /** The key parts, in order; a bare key is one part, so there is always a first. */
  parts: [string, ...string[]];
}

/** A UTF-16 surrogate without its other half. */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** How much of a bad urn an error message repeats. */
const SHOWN = 300;

export class UrnError extends Error {
  constructor(
    readonly input: string,
    reason: string,
  ) {
    super(`Invalid urn '${input.length > SHOWN ? `${input.slice(0, SHOWN)}…` : input}': ${reason}`);
    this.name = 'UrnError';
  }
}

const NAMESPACE = /^[a-z][a-z0-9-]{0,31}$/;
const ENTITY_TYPE = /^[a-zA-Z][A-Za-z0-9_]*$/;

export function parseUrn(input: string): Urn {
  if (typeof input !== 'string') throw new UrnError(String(input), 'not a string');
  if (!input.startsWith('urn:')) throw new UrnError(input, "it must start with 'urn:'");
  // No database stores a NUL in text (PostgreSQL refuses it), and no urn needs one.
  if (input.includes('\u0000')) throw new UrnError(input, 'it contains a NUL character');
  // A half of a surrogate pair has no UTF-8 form: PostgreSQL would store another urn, and JSON of it is refused.
  if (LONE_SURROGATE.test(input)) throw new UrnError(input, 'it contains half of a surrogate pair');
  const nsEnd = input.indexOf(':', 4);
  if (nsEnd < 0) throw new UrnError(input, 'it has no entity type');
  const namespace = input.slice(4, nsEnd);
  if (!NAMESPACE.test(namespace)) throw new UrnError(input, `bad namespace '${namespace}'`);
  const typeEnd = input.indexOf(':', nsEnd + 1);
  if (typeEnd < 0) throw new UrnError(input, 'it has no key');
  const entityType = input.slice(nsEnd + 1, typeEnd);
  if (!ENTITY_TYPE.test(entityType)) throw new UrnError(input, `bad entity type '${entityType}'`);
  const key = input.slice(typeEnd + 1);
  if (key.length === 0) throw new UrnError(input, 'the key is empty');
  return { namespace, entityType, parts: splitKey(input, key) };
}

function splitKey(input: string, key: string): [string, ...string[]] {
  checkBalanced(input, key);
  if (!key.startsWith('(')) return [key];
  // A tuple key: the opening paren must close at the very end.
  if (closingParen(key) !== key.length - 1) return [key];
  // Splitting always gives a first part; an empty one is refused below.
  const [first = '', ...rest] = splitTopLevel(key.slice(1, -1));
  const parts: [string, ...string[]] = [first, ...rest];
  if (parts.some((p) => p.length === 0)) throw new UrnError(input, 'a key part is empty');
  return parts;
}

/**
 * Splits on the commas that are outside any parentheses: `a,(b,c),d` → `a`, `(b,c)`, `d`. Used for
 * urn tuple keys and for Rest.li `List(…)` parameters, whose elements may be urns.
 */
export function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

function checkBalanced(input: string, key: string): void {
  let depth = 0;
  for (const c of key) {
    if (c === '(') depth++;
    else if (c === ')') {
      depth--;
      if (depth < 0) throw new UrnError(input, 'mismatched parentheses');
    }
  }
  if (depth !== 0) throw new UrnError(input, 'mismatched parentheses');
}

/** Index of the paren closing the one at 0, or -1. */
function closingParen(key: string): number {
  let depth = 0;
  for (let i = 0; i < key.length; i++) {
    if (key[i] === '(') depth++;
    else if (key[i] === ')' && --depth === 0) return i;
  }
  return -1;
}

/** Formatting needs no first part, so parts built from a key aspect's fields are taken as they are. */
export function formatUrn(urn: Omit<Urn, 'parts'> & { parts: readonly string[] }): string {
  const key = urn.parts.length === 1 ? urn.parts[0] : `(${urn.parts.join(',')})`;
  return `urn:${urn.namespace}:${urn.entityType}:${key}`;
}

/** Parses and re-formats, so `urn:li:x:(abc)` and `urn:li:x:abc` compare equal. */
export function canonicalUrn(input: string): string {
  return formatUrn(parseUrn(input));
}

/** The parsed urn, or undefined for text that is not one. */
export function tryParseUrn(input: unknown): Urn | undefined {
  if (typeof input !== 'string') return undefined;
  try {
    return parseUrn(input);
  } catch {
    return undefined;
  }
}

export function isUrn(input: unknown): input is string {
  return tryParseUrn(input) !== undefined;
}

/** The urn of an entity whose key is one id, in the `li` namespace: `urn:li:<entityType>:<id>`. */
export function entityUrn(entityType: string, id: string): string {
  return formatUrn({ namespace: 'li', entityType, parts: [id] });
}

/**
 * The urn of an entity being created: under the id the client chose, or a random one when it chose
 * none (DataHub's create mutations make a UUID).
 */
export function newEntityUrn(entityType: string, id?: string | null): string {
  return entityUrn(entityType, id?.trim() ? id : randomUUID());
}

/** A v2 field path (`[version=2.0].[type=struct].a.[type=int].b`) as people read it (`a.b`; DataHub's downgrade). */
export function simpleFieldPath(path: string): string {
  // The bracketed tokens go whole: `[version=2.0]` holds a dot of its own.
  return path
    .replace(/\[[^\]]*\]/g, '')
    .split('.')
    .filter((p) => p !== '')
    .join('.');
}

/**
 * The column a schemaField urn names, whichever form its field path takes (v1 `a.b`, or v2
 * `[version=2.0].[type=struct].a.[type=int].b`): two urns of one column give the same key.
 */
export function columnKey(schemaField: string): string {
  const urn = tryParseUrn(schemaField);
  const [parent, fieldPath] = urn?.parts ?? [];
  if (urn?.entityType !== 'schemaField' || parent === undefined || fieldPath === undefined) return schemaField;
  let path = fieldPath;
  try {
    path = decodeURIComponent(fieldPath);
  } catch {
    // Not percent-encoded after all: compared as it is.
  }
  return `${parent}\u0000${simpleFieldPath(path)}`;
}

/** The urn of a column of a dataset: `urn:li:schemaField:(<dataset urn>,<field path>)`. */
export function schemaFieldUrn(datasetUrn: string, fieldPath: string): string {
  // DataHub encodes what would end the urn's tuple early (SchemaFieldUtils.generateSchemaFieldUrn).
  const encoded = fieldPath.replace(/\(/g, '%28').replace(/\)/g, '%29').replace(/,/g, '%2C');
  return `urn:li:schemaField:(${datasetUrn},${encoded})`;
}

/** What every urn of an entity type starts with (policies match a type by it). */
export function urnPrefix(entityType: string): string {
  return `urn:li:${entityType}:`;
}
