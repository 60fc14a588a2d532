/**
 * A facet column counts the same values over the same hits whether it holds an entry for every
 * document or, restored from a snapshot where few documents hold the field, only for those.
 */
import { describe, expect, it } from 'vitest';
import { FacetColumn } from './facetColumn.js';
import { RoaringBitmap32 } from './roaring.js';

const DOCS = 2_000;
/** Document i's values: a few documents hold one or several, the rest none. */
const valuesOf = (i: number): string[] => (i % 97 === 0 ? ['active'] : i % 211 === 0 ? ['active', `owner${i % 3}`] : []);

function filled(): FacetColumn {
  const column = new FacetColumn();
  for (let i = 0; i < DOCS; i++) {
    const values = valuesOf(i);
    if (values.length > 0) column.set(i, values);
  }
  return column;
}

const identity = Uint32Array.from({ length: DOCS }, (_, i) => i);

describe('a facet column', () => {
  it('restored from an image where few documents hold it, counts as before in far fewer bytes', () => {
    const dense = filled();
    const image = dense.image(identity);
    const sparse = FacetColumn.restore(image);
    expect(sparse.byteLength).toBeLessThan(image.byDoc.byteLength / 10);
    // Hits fewer and more than the documents holding the field, which are counted differently.
    for (const hits of [
      new RoaringBitmap32([0, 97, 194, 211, 422, 1_000, 1_999]),
      new RoaringBitmap32(Array.from({ length: 1_500 }, (_, i) => i)),
      new RoaringBitmap32(),
    ])
      expect(sparse.count(hits)).toEqual(dense.count(hits));
    // 21 multiples of 97 and 9 more of 211 below 2,000.
    expect(sparse.count(new RoaringBitmap32(identity), 1)).toEqual([['active', 30]]);
    expect(sparse.image(identity)).toEqual(image);
  });

  it('takes new documents after a sparse restore, and counts them with the rest', () => {
    const sparse = FacetColumn.restore(filled().image(identity));
    sparse.set(DOCS, ['owner9']);
    sparse.set(DOCS + 5, ['active', 'owner9']);
    expect(() => sparse.set(DOCS + 1, ['late'])).toThrow(RangeError);
    const counted = new Map(sparse.count(new RoaringBitmap32([0, DOCS, DOCS + 5])));
    expect(counted.get('owner9')).toBe(2);
    expect(counted.get('active')).toBe(2);
  });

  it('stays an entry a document when many documents hold it', () => {
    const column = new FacetColumn();
    for (let i = 0; i < DOCS; i++) column.set(i, [`v${i % 5}`]);
    const restored = FacetColumn.restore(column.image(identity));
    expect(restored.byteLength).toBeGreaterThanOrEqual(DOCS * 4);
    expect(restored.count(new RoaringBitmap32([1, 6, 11]))).toEqual([['v1', 3]]);
  });
});
