/** How a query word is looked for in an index of words as written: as a prefix, stemmed as English. */
import { describe, expect, it } from 'vitest';
import { wordPrefixes } from './queryMatch.js';

describe('query words', () => {
  it('are looked for by their stem, which every word of that stem starts with', () => {
    expect(wordPrefixes('couriers')).toEqual(['courier']);
    expect(wordPrefixes('courier')).toEqual(['courier']);
    expect(wordPrefixes('orders')).toEqual(['order']);
    expect(wordPrefixes('ordering')).toEqual(['order']);
    expect(wordPrefixes('data')).toEqual(['data']);
  });

  it('ending in y, also as written: the stemmer makes its y an i', () => {
    expect(wordPrefixes('delivery')).toEqual(['delivery', 'deliveri']);
    expect(wordPrefixes('deliveries')).toEqual(['deliveri', 'delivery']);
  });
});
