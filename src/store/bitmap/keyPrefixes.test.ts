/**
 * Keys stored as a common prefix's number and the rest are found, listed and matched ignoring case
 * exactly as the same keys stored whole, and take fewer bytes.
 */
import { describe, expect, it } from 'vitest';
import { FlatKeys } from './flatKeys.js';
import { KeyPrefixes } from './keyPrefixes.js';

const breathe = async () => {};

/** The keys as a snapshot keeps them: each encoded after its prefix, one after another in UTF-8. */
function stored(keys: readonly string[], prefixes: KeyPrefixes): FlatKeys {
  const encoded = keys.map((k) => prefixes.encode(k));
  const starts = new Uint32Array(keys.length + 1);
  let at = 0;
  encoded.forEach((k, i) => {
    starts[i] = at;
    at += Buffer.byteLength(k, 'utf8');
  });
  starts[keys.length] = at;
  return FlatKeys.over(Buffer.from(encoded.join(''), 'utf8'), starts, 'utf8', undefined, prefixes);
}

const urns = Array.from({ length: 3_000 }, (_, i) => {
  const platform = ['snowflake', 'hive', 'kafka'][i % 3];
  return `urn:li:dataset:(urn:li:dataPlatform:${platform},Analytics.orders_${i},PROD)`;
});
const keys = [
  ...urns,
  'urn:li:corpuser:Zoë',
  'urn:li:dataset:(urn:li:dataPlatform:hive,', // exactly a prefix, nothing after it
  'no prefix at all',
  'Ünïcødé/名前/x',
  '',
];

describe('key prefixes', () => {
  it('are learned from the keys, end at a delimiter, and give each key back whole', async () => {
    const prefixes = await KeyPrefixes.learn(keys.length, (i) => keys[i] as string, breathe);
    expect(prefixes.texts.length).toBeGreaterThan(0);
    expect(prefixes.texts.length).toBeLessThanOrEqual(127);
    expect(prefixes.texts).toContain('urn:li:dataset:(urn:li:dataPlatform:snowflake,Analytics.');
    for (const key of keys) expect(prefixes.decode(prefixes.encode(key))).toBe(key);
    expect(prefixes.encode('no prefix at all')).toBe('\0no prefix at all');
  });

  it('keep keys found by their text, listed, and matched ignoring case, in fewer bytes', async () => {
    const prefixes = await KeyPrefixes.learn(keys.length, (i) => keys[i] as string, breathe);
    const flat = stored(keys, prefixes);
    keys.forEach((key, i) => {
      expect(flat.key(i)).toBe(key);
      expect(flat.find(key)).toBe(i);
    });
    for (const missing of ['urn:li:dataset:(urn:li:dataPlatform:hive,Analytics.orders_1,PROD', 'urn:li:dataset:(', 'urn:li:corpuser:zoë '])
      expect(flat.find(missing)).toBe(-1);
    // Capitals in the prefix and in the rest are both seen by lookups ignoring case.
    expect(flat.findLowered('urn:li:dataset:(urn:li:dataplatform:kafka,analytics.orders_2,prod)')).toEqual([2]);
    expect(flat.findLowered('urn:li:corpuser:zoë')).toEqual([keys.indexOf('urn:li:corpuser:Zoë')]);
    expect(flat.byteLength).toBeLessThan(FlatKeys.of(keys).byteLength * 0.6);
  });

  it('find keys in order by their text', async () => {
    const sorted = [...keys].sort();
    const prefixes = await KeyPrefixes.learn(sorted.length, (i) => sorted[i] as string, breathe);
    const flat = stored(sorted, prefixes);
    const probe = 'urn:li:dataset:(urn:li:dataPlatform:kafka,Analytics.orders_5';
    expect(flat.lowerBound(probe)).toBe(sorted.findIndex((k) => k >= probe));
  });

  it('are refused when a stored key names a prefix there is not', async () => {
    const prefixes = KeyPrefixes.of(['urn:li:']);
    const bytes = Buffer.from('\u0001tag:a\u0002tag:b', 'utf8');
    expect(() => FlatKeys.over(bytes, Uint32Array.of(0, 6, 12), 'utf8', undefined, prefixes)).toThrow(RangeError);
  });
});
