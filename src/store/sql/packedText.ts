/**
 * Stored text kept deflated: change-log events, and aspect values large enough to gain. Deflate's
 * fastest level, a 4 KB window, small match tables and output chunks: the texts are a few kilobytes
 * at most, so they compress as well as with the defaults, and each call sets up far less (about
 * 40 µs a change-log event where the defaults took 60 and more).
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';

const PACKING = { level: 1, windowBits: 12, memLevel: 4, chunkSize: 1024 } as const;

export const packText = (text: string): Buffer => deflateRawSync(text, PACKING);

export const unpackText = (packed: Uint8Array): string => inflateRawSync(packed, { windowBits: PACKING.windowBits }).toString('utf8');

/**
 * Aspect values shorter than this stay text: most are a few hundred bytes of distinct urns and
 * names, which deflate by a fifth at most. Longer ones (schemas above all: 5.3 KB on average in the
 * bench's catalog, 0.9 KB deflated) are most of the table's bytes, and as text they spilled onto
 * overflow pages of their own.
 */
const PACK_VALUES_FROM = 256;

/** An aspect value's stored columns: its text, or '' and its deflated text. */
export function storedValue(text: string): [value: string, packed: Buffer | null] {
  return text.length < PACK_VALUES_FROM ? [text, null] : ['', packText(text)];
}
