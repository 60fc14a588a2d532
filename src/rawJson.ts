/**
 * JSON text spliced into a response as it is. An aspect a read passes through unchanged goes out as
 * the text it was stored as: parsing it only to serialize it again was most of a read's work.
 */
import type { AspectRow, SystemMetadata } from './store/types.js';

export class RawJson {
  constructor(readonly text: string) {}

  /** Serialized by JSON.stringify instead, it still says the same, only at the old cost. */
  toJSON(): unknown {
    return JSON.parse(this.text);
  }
}

/** A row's value as a read sends it: as stored, unless it was read (and so perhaps changed) since. */
export function valueOut(row: AspectRow): Record<string, unknown> | RawJson {
  return row.valueJson === undefined ? row.value : new RawJson(row.valueJson);
}

/** Likewise its system metadata; null when it has none. */
export function systemMetadataOut(row: AspectRow): SystemMetadata | RawJson | null {
  const text = row.systemMetadataJson;
  if (text === undefined) return row.systemMetadata;
  return text === null ? null : new RawJson(text);
}

/** JSON.stringify(value), except that each RawJson in it is written as its text. */
export function serializeJson(value: unknown): string {
  return write(value) ?? 'null';
}

/** Undefined where JSON.stringify leaves a property out (undefined, functions, symbols). */
function write(value: unknown): string | undefined {
  if (value instanceof RawJson) return value.text;
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += `${i === 0 ? '' : ','}${write(value[i]) ?? 'null'}`;
    return `${out}]`;
  }
  // Dates, maps, boxed values and anything with its own toJSON are JSON.stringify's to write.
  const proto: unknown = Object.getPrototypeOf(value);
  if ((proto !== Object.prototype && proto !== null) || typeof (value as { toJSON?: unknown }).toJSON === 'function')
    return JSON.stringify(value);
  let out = '{';
  for (const key of Object.keys(value)) {
    const text = write((value as Record<string, unknown>)[key]);
    if (text !== undefined) out += `${out.length === 1 ? '' : ','}${JSON.stringify(key)}:${text}`;
  }
  return `${out}}`;
}
