/**
 * The documents holding a term or a value. Most terms are rare (an urn's own words, a dataset's
 * name): a bitmap costs ~400 bytes even for one document, so a rare term keeps its documents as a
 * number or a short sorted array, and becomes a compressed bitmap once it is common.
 */
import { RoaringBitmap32 } from './roaring.js';

export type Postings = number | number[] | RoaringBitmap32;

/** Above this many documents a term's postings are a bitmap. */
export const SMALL = 16;

export function withDoc(p: Postings | undefined, id: number): Postings {
  if (p === undefined) return id;
  if (typeof p === 'number') return p === id ? p : p < id ? [p, id] : [id, p];
  if (Array.isArray(p)) {
    let at = p.length;
    while (at > 0 && (p[at - 1] as number) > id) at--;
    if (p[at - 1] === id) return p;
    if (p.length < SMALL) {
      p.splice(at, 0, id);
      return p;
    }
    const bitmap = new RoaringBitmap32(p);
    bitmap.add(id);
    return bitmap;
  }
  p.add(id);
  return p;
}

/** How many of the postings' documents are in `set`. */
export function countIn(p: Postings, set: RoaringBitmap32): number {
  if (typeof p === 'number') return set.has(p) ? 1 : 0;
  if (Array.isArray(p)) {
    let n = 0;
    for (const id of p) if (set.has(id)) n++;
    return n;
  }
  return p.andCardinality(set);
}

/** The union of many postings, as a new bitmap. */
export function unionOf(list: readonly (Postings | undefined)[]): RoaringBitmap32 {
  const bitmaps: RoaringBitmap32[] = [];
  const ids: number[] = [];
  for (const p of list) {
    if (p === undefined) continue;
    if (typeof p === 'number') ids.push(p);
    else if (Array.isArray(p)) ids.push(...p);
    else bitmaps.push(p);
  }
  const union = bitmaps.length > 0 ? RoaringBitmap32.orMany(bitmaps) : new RoaringBitmap32();
  if (ids.length > 0) union.addMany(ids);
  return union;
}
