/**
 * The hash of flat keys' bytes (flatKeys.ts), in two steps so that a key stored as a prefix and a
 * rest (keyPrefixes.ts) hashes as its whole text: FNV-1a over the prefix's bytes, then on over the
 * rest's, then the bits mixed.
 */

export const FNV_START = 0x811c9dc5;

/** FNV-1a over bytes from state `h`; `lowered`: of the bytes with ASCII letters in lower case. */
export function fnv(bytes: Uint8Array, from: number, to: number, h: number, lowered: boolean): number {
  if (lowered)
    for (let i = from; i < to; i++) {
      const b = bytes[i] as number;
      h = Math.imul(h ^ (b >= 0x41 && b <= 0x5a ? b | 0x20 : b), 0x01000193);
    }
  else for (let i = from; i < to; i++) h = Math.imul(h ^ (bytes[i] as number), 0x01000193);
  return h >>> 0;
}

/** The state's bits mixed, so that the low ones, which pick a table's slot, depend on all. */
export function mix(h: number): number {
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  return (h ^ (h >>> 12)) >>> 0;
}

export const hashBytes = (bytes: Uint8Array, from: number, to: number, lowered = false): number =>
  mix(fnv(bytes, from, to, FNV_START, lowered));

export const LOWER_ONLY = 0;
export const UPPER_ASCII = 1;
export const BEYOND_ASCII = 2;

/** Whether UTF-8 bytes are ASCII without capitals, ASCII with some, or hold more than ASCII. */
export function letters(bytes: Uint8Array, from: number, to: number): number {
  let kind = LOWER_ONLY;
  for (let i = from; i < to; i++) {
    const b = bytes[i] as number;
    if (b >= 0x80) return BEYOND_ASCII;
    if (b >= 0x41 && b <= 0x5a) kind = UPPER_ASCII;
  }
  return kind;
}

/** Whether a string has no lone surrogate (so that it survives UTF-8). */
export const wellFormed = (text: string): boolean => (text as string & { isWellFormed(): boolean }).isWellFormed();
