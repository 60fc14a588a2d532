/**
 * JSON text spliced into a response as it is. An aspect a read passes through unchanged goes out as
 * the text it was stored as: parsing it only to serialize it again was most of a read's work.
 */

export class RawJson {
  constructor(readonly text: string) {}

  /** Serialized by JSON.stringify instead, it still says the same, only at the old cost. */
  toJSON(): unknown {
    return JSON.parse(this.text);
  }
}

/** What a stored row carries of its JSON (the store's AspectRow is one). */
export interface StoredJson<S> {
  value: Record<string, unknown>;
  systemMetadata: S | null;
  readonly valueJson?: string | undefined;
  readonly systemMetadataJson?: string | null | undefined;
}

/** A row's value as a read sends it: as stored, unless it was read (and so perhaps changed) since. */
export function valueOut(row: StoredJson<unknown>): Record<string, unknown> | RawJson {
  return row.valueJson === undefined ? row.value : new RawJson(row.valueJson);
}

/** Likewise its system metadata; null when it has none. */
export function systemMetadataOut<S>(row: StoredJson<S>): S | RawJson | null {
  const text = row.systemMetadataJson;
  if (text === undefined) return row.systemMetadata;
  return text === null ? null : new RawJson(text);
}

/** JSON.stringify(value), except that each RawJson in it is written as its text. */
export function serializeJson(value: unknown): string {
  return write(value) ?? 'null';
}

/** What JSON.stringify escapes in a string: quotes, backslashes, control characters, and (lone) surrogates. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what JSON escapes
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

const quote = (s: string) => (NEEDS_ESCAPE.test(s) ? JSON.stringify(s) : `"${s}"`);

/**
 * Undefined where JSON.stringify leaves a property out (undefined, functions, symbols). Strings,
 * numbers and booleans are written here: calling JSON.stringify for each was most of the cost.
 */
function write(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return quote(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      break;
    default:
      return JSON.stringify(value);
  }
  if (value === null) return 'null';
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) {
    let out = '';
    for (let i = 0; i < value.length; i++) out += `${i === 0 ? '' : ','}${write(value[i]) ?? 'null'}`;
    return `[${out}]`;
  }
  // Dates, maps, boxed values and anything with its own toJSON are JSON.stringify's to write.
  const proto: unknown = Object.getPrototypeOf(value);
  if ((proto !== Object.prototype && proto !== null) || typeof (value as { toJSON?: unknown }).toJSON === 'function')
    return JSON.stringify(value);
  let out = '';
  for (const key of Object.keys(value)) {
    const text = write((value as Record<string, unknown>)[key]);
    if (text !== undefined) out += `${out === '' ? '' : ','}${quote(key)}:${text}`;
  }
  return `{${out}}`;
}
