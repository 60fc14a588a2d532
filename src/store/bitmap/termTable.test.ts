/**
 * Terms kept flat after a snapshot load behave as terms in maps: found exactly, ignoring case, by
 * prefix and in order, whatever their script, and their postings grow as new documents come.
 */
import { describe, expect, it } from 'vitest';
import { FlatKeys } from './flatKeys.js';
import { flatPostings, TermTable } from './termTable.js';
import { unionOf } from './postings.js';

/** A table whose `flat` keys come from a snapshot (one document each, numbered as the keys), then `added` ones. */
function tableOf(flat: string[], added: string[], width = 1, sorted = false): TermTable {
  const postings = flatPostings(flat.length, width);
  for (let i = 0; i < flat.length; i++) postings.set(i * width, i);
  const table = TermTable.restore(width, sorted, { keys: FlatKeys.of(flat), ...postings.finish() });
  added.forEach((key, i) => {
    table.add(key, 0, 100 + i);
  });
  return table;
}

const docs = (table: TermTable, key: string) => {
  const t = table.find(key);
  return t < 0 ? [] : unionOf([table.postings(t)]).toArray();
};

describe('flat keys', () => {
  it('finds each key by its text and no other', () => {
    const keys = ['urn:li:dataset:(a,PROD)', 'Ünïcødé-名前', '', 'x'.repeat(1000), ...Array.from({ length: 5_000 }, (_, i) => `k${i}`)];
    const flat = FlatKeys.of(keys);
    keys.forEach((k, i) => {
      expect(flat.find(k)).toBe(i);
      expect(flat.key(i)).toBe(k);
    });
    for (const missing of ['urn:li:dataset:(a,prod)', 'k5000', 'Ünïcødé', 'x'.repeat(999)]) expect(flat.find(missing)).toBe(-1);
  });

  it('finds keys whose stored tables are of an earlier build, sized in powers of two', () => {
    const keys = Array.from({ length: 300 }, (_, i) => `key-${i}`);
    const starts = new Uint32Array(keys.length + 1);
    keys.forEach((k, i) => {
      starts[i + 1] = (starts[i] as number) + k.length;
    });
    const earlier = { table: new Uint32Array(1024), lowerTable: new Uint32Array(0) };
    const flat = FlatKeys.over(Buffer.from(keys.join('')), starts, 'utf8', earlier);
    keys.forEach((k, i) => {
      expect(flat.find(k)).toBe(i);
    });
    expect(flat.find('key-300')).toBe(-1);
  });

  it('keeps text that is not well-formed UTF-16, and finds it', () => {
    const keys = ['a\ud800', 'b\udc00c', 'plain'];
    const flat = FlatKeys.of(keys);
    keys.forEach((k, i) => {
      expect(flat.key(i)).toBe(k);
    });
    expect(flat.find('b\udc00c')).toBe(1);
    expect(flat.find('a\ufffd')).toBe(-1);
  });

  it('finds the keys whose lower case is a text, in ASCII and beyond', () => {
    const flat = FlatKeys.of(['Tag:PII', 'tag:pii', 'TAG:Pii', 'ÜBER', 'über', 'other']);
    expect(flat.findLowered('tag:pii').sort()).toEqual([0, 2]);
    expect(flat.findLowered('über')).toEqual([3]);
    expect(flat.findLowered('other')).toEqual([]);
  });
});

describe('a term table restored from a snapshot', () => {
  it('finds flat and added terms alike, and ignores case across both', () => {
    const table = tableOf(['Gold', 'silver', 'PII'], ['GOLD', 'bronze', 'pii']);
    expect(docs(table, 'Gold')).toEqual([0]);
    expect(docs(table, 'GOLD')).toEqual([100]);
    expect(docs(table, 'bronze')).toEqual([101]);
    expect(docs(table, 'gold')).toEqual([]);
    const lowered = (l: string) =>
      table
        .lowered(l)
        .map((t) => table.key(t))
        .sort();
    expect(lowered('gold')).toEqual(['GOLD', 'Gold']);
    // `pii` itself is found by `find`; only the keys differing from it are variants.
    expect(lowered('pii')).toEqual(['PII']);
  });

  it('grows a flat term from none to one document to several', () => {
    const table = tableOf(['a', 'b'], []);
    table.add('a', 0, 7);
    table.add('a', 0, 3);
    table.add('a', 0, 7);
    expect(docs(table, 'a')).toEqual([0, 3, 7]);
    expect(docs(table, 'b')).toEqual([1]);
    const words = tableOf(['w'], [], 4);
    expect(words.postings(0, 2)).toBeUndefined();
    words.add('w', 2, 9);
    expect(words.postings(0, 2)).toBe(9);
    expect(words.postings(0, 0)).toBe(0);
  });

  it('keeps a word of one document in the columns that hold it, and each column apart once others come', () => {
    // As a snapshot reads them, slot by slot: `w` in columns 0 and 2 of document 5; `x` in 8 and 9
    // in column 1, in 4 in column 3; `y` in document 6 in column 3 only.
    const read = flatPostings(3, 4);
    read.set(0, 5);
    read.set(2, 5);
    read.set(5, [8, 9]);
    read.set(7, 4);
    read.set(11, 6);
    const table = TermTable.restore(4, false, { keys: FlatKeys.of(['w', 'x', 'y']), ...read.finish() });
    const at = (key: string) => [0, 1, 2, 3].map((c) => unionOf([table.postings(table.find(key), c)]).toArray());
    expect(at('w')).toEqual([[5], [], [5], []]);
    expect(at('x')).toEqual([[], [8, 9], [], [4]]);
    expect(at('y')).toEqual([[], [], [], [6]]);
    table.add('w', 1, 5);
    expect(at('w')).toEqual([[5], [5], [5], []]);
    table.add('w', 2, 7);
    table.add('y', 0, 6);
    expect(at('w')).toEqual([[5], [5], [5, 7], []]);
    expect(at('y')).toEqual([[6], [], [], [6]]);
    table.add('y', 3, 2);
    expect(at('y')).toEqual([[6], [], [], [2, 6]]);
  });

  it('keeps short postings packed as read, and grows one of them without touching the others', () => {
    const read = flatPostings(50, 2);
    for (let t = 0; t < 50; t++) read.set(t * 2 + 1, [t, t + 100, t + 200]);
    const keys = FlatKeys.of(Array.from({ length: 50 }, (_, t) => `t${t}`));
    const terms = read.finish();
    // Packed, not one array a slot in the map on V8's heap.
    expect(terms.several.size).toBe(0);
    expect(terms.packed?.size).toBe(50);
    const table = TermTable.restore(2, false, { keys, ...terms });
    for (let t = 0; t < 50; t++) {
      expect(table.postings(t, 1)).toEqual([t, t + 100, t + 200]);
      expect(table.postings(t, 0)).toBeUndefined();
    }
    table.add('t7', 1, 150);
    expect(table.postings(7, 1)).toEqual([7, 107, 150, 207]);
    expect(table.postings(8, 1)).toEqual([8, 108, 208]);
    // What a lookup answers is the caller's: changing it changes nothing in the table.
    (table.postings(9, 1) as number[]).push(999);
    expect(table.postings(9, 1)).toEqual([9, 109, 209]);
  });

  it('finds terms by prefix and lists them in order, flat and added merged', () => {
    const table = tableOf(['apple', 'apply', 'banana', 'band'], ['ban', 'applesauce', 'zebra', 'app'], 1, true);
    const keys = (ts: Iterable<number>) => [...ts].map((t) => table.key(t));
    expect(keys(table.withPrefix('app')).sort()).toEqual(['app', 'apple', 'applesauce', 'apply']);
    expect(keys(table.withPrefix('ban')).sort()).toEqual(['ban', 'banana', 'band']);
    expect(keys(table.withPrefix('c'))).toEqual([]);
    expect(keys(table.inOrder())).toEqual(['app', 'apple', 'applesauce', 'apply', 'ban', 'banana', 'band', 'zebra']);
    // As the table was when it held its first six terms (four flat, two added).
    expect(keys(table.inOrder(6))).toEqual(['apple', 'applesauce', 'apply', 'ban', 'banana', 'band']);
  });
});
