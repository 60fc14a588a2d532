/**
 * Common beginnings of a key set's keys, each kept once: a key is stored as the number of its
 * longest such prefix (a byte) and the rest. The index's string pool is mostly urns and paths that
 * share long beginnings (`urn:li:dataset:(urn:li:dataPlatform:snowflake,finance.`, `/prod/hive/`):
 * on the bench's catalog its text went from 134 to 72 bytes a document.
 *
 * A prefix ends just after a delimiter, so keys that share one share it as a whole part. They are
 * learned from a sample of the keys, at most 127, so that a prefix's number is one byte in UTF-8
 * (0: none).
 */
import { fnv, FNV_START, letters, wellFormed } from './keyHash.js';

/** Prefixes a key set keeps at most: numbers 1 to 127 are one byte in UTF-8. */
const MAX_PREFIXES = 127;
/** Prefixes are looked for in a key's first characters only. */
const MAX_PREFIX_CHARS = 80;
/** Keys a prefix is learned from at most. */
const SAMPLE = 100_000;
/** Characters a prefix may end with, by code. */
const DELIMITER = new Uint8Array(128);
for (const c of '/,(:._- ') DELIMITER[c.charCodeAt(0)] = 1;
const endsPart = (text: string, at: number): boolean => DELIMITER[text.charCodeAt(at - 1)] === 1;

export class KeyPrefixes {
  private readonly numbers = new Map<string, number>();
  /** Each prefix's UTF-8 bytes, by number - 1. */
  readonly bytes: Buffer[];
  /** The hash state after each prefix's bytes, as they are and lower-cased (keyHash.ts). */
  readonly states: Uint32Array;
  readonly lowerStates: Uint32Array;
  /** Whether each prefix is ASCII without capitals, with some, or more than ASCII (keyHash.ts). */
  readonly kinds: Uint8Array;

  private constructor(readonly texts: readonly string[]) {
    if (texts.length > MAX_PREFIXES) throw new RangeError(`${texts.length} prefixes: at most ${MAX_PREFIXES}`);
    this.bytes = texts.map((t) => Buffer.from(t, 'utf8'));
    this.states = Uint32Array.from(this.bytes, (b) => fnv(b, 0, b.length, FNV_START, false));
    this.lowerStates = Uint32Array.from(this.bytes, (b) => fnv(b, 0, b.length, FNV_START, true));
    this.kinds = Uint8Array.from(this.bytes, (b) => letters(b, 0, b.length));
    texts.forEach((t, i) => {
      if (t.length === 0 || t.length > MAX_PREFIX_CHARS || !endsPart(t, t.length) || !wellFormed(t))
        throw new RangeError(`not a key prefix: ${JSON.stringify(t)}`);
      this.numbers.set(t, i + 1);
    });
  }

  static of(texts: readonly string[]): KeyPrefixes {
    return new KeyPrefixes(texts);
  }

  /**
   * The prefixes that save the most bytes over keys 0 to `count` - 1 (`keyAt`), from an even sample
   * of them: a prefix counts once for each sampled key it begins, times its length.
   */
  static async learn(count: number, keyAt: (i: number) => string, breathe: () => Promise<void>): Promise<KeyPrefixes> {
    const every = Math.max(1, Math.floor(count / SAMPLE));
    const seen = new Map<string, number>();
    for (let i = 0, sampled = 0; i < count; i += every) {
      const key = keyAt(i);
      const end = Math.min(key.length, MAX_PREFIX_CHARS);
      for (let at = 1; at <= end; at++)
        if (endsPart(key, at)) {
          const prefix = key.slice(0, at);
          seen.set(prefix, (seen.get(prefix) ?? 0) + 1);
        }
      if (++sampled % 5_000 === 0) await breathe();
    }
    const best = [...seen]
      .filter(([prefix, n]) => n >= 2 && prefix.length > 2 && wellFormed(prefix))
      .map(([prefix, n]) => [prefix, n * (prefix.length - 1)] as const)
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, MAX_PREFIXES)
      .map(([prefix]) => prefix);
    return new KeyPrefixes(best);
  }

  /** The key as stored: its longest prefix's number as a character (\0 for none), then the rest. */
  encode(key: string): string {
    for (let at = Math.min(key.length, MAX_PREFIX_CHARS); at > 0; at--) {
      if (!endsPart(key, at)) continue;
      const n = this.numbers.get(key.slice(0, at));
      if (n !== undefined) return String.fromCharCode(n) + key.slice(at);
    }
    return `\0${key}`;
  }

  /** A stored key's text. */
  decode(stored: string): string {
    const n = stored.charCodeAt(0);
    return n === 0 ? stored.slice(1) : (this.texts[n - 1] as string) + stored.slice(1);
  }

  /** Whether every key's prefix number is in range: `bytes[starts[i]]` for each key i. */
  fits(bytes: Uint8Array, starts: ArrayLike<number>): boolean {
    for (let i = 0; i + 1 < starts.length; i++) {
      const from = starts[i] as number;
      if (from >= (starts[i + 1] as number) || (bytes[from] as number) > this.texts.length) return false;
    }
    return true;
  }
}
