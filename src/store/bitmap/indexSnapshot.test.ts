/**
 * The search index written to disk and read back answers every search as the index it was taken
 * of; one taken while the index changes holds the index as it was when taken; a damaged or foreign
 * file is refused.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../../test/helpers.js';
import { changedRow, ENTITY_TYPES, pools, Random, randomQuery, randomRow, randomUrn } from '../../../test/searchGenerator.js';
import type { SearchQuery, SearchRow } from '../types.js';
import { BitmapIndex } from './bitmapIndex.js';
import { DamagedSnapshot, openSnapshot, writeSnapshot } from './indexSnapshot.js';

const header = { database: 'db-1', offset: 42, offsetUrn: 'urn:li:corpuser:x' };
const breathe = async () => undefined;

function indexOf(rows: Iterable<SearchRow>): BitmapIndex {
  const index = new BitmapIndex();
  for (const row of rows) index.put(row.urn, JSON.stringify(row), () => row);
  return index;
}

function rowsOf(n: number, seed: number): SearchRow[] {
  const r = new Random(seed);
  return Array.from({ length: n }, (_, i) => {
    const type = ENTITY_TYPES[i % ENTITY_TYPES.length]!;
    return randomRow(r, randomUrn(r, type, i), type);
  });
}

async function roundTrip(index: BitmapIndex, change?: () => void): Promise<BitmapIndex> {
  const path = join(tempDir(), 'search-index');
  const image = index.image();
  change?.();
  await writeSnapshot(path, image, header, breathe);
  const opened = await openSnapshot(path);
  if ('refused' in opened) throw new Error(opened.refused);
  expect(opened.header).toMatchObject({ ...header, documents: image.docs.length });
  return await BitmapIndex.restore(await opened.content(breathe));
}

function expectSameAnswers(a: BitmapIndex, b: BitmapIndex, rows: SearchRow[], seed: number): void {
  const r = new Random(seed);
  const p = pools(rows);
  let hits = 0;
  for (let i = 0; i < 100; i++) {
    const q: SearchQuery = { ...randomQuery(r, p), sort: [] };
    const [x, y] = [a.search(q), b.search(q)];
    expect(y, JSON.stringify(q)).toEqual(x);
    hits += x?.total ?? 0;
  }
  // The queries found documents: equal answers that are all empty would prove nothing.
  expect(hits).toBeGreaterThan(500);
}

describe('the search index snapshot', () => {
  it('answers every search as the index it was taken of, after changes and removals', async () => {
    const rows = rowsOf(1_500, 1);
    const index = indexOf(rows);
    const r = new Random(2);
    // Changed and removed documents leave dropped ids behind, which the snapshot leaves out.
    const current = new Map(rows.map((row) => [row.urn, row]));
    for (const row of rows.slice(0, 400)) {
      const changed = changedRow(r, row);
      index.put(changed.urn, JSON.stringify(changed), () => changed);
      current.set(changed.urn, changed);
    }
    for (const row of rows.slice(400, 500)) {
      index.remove(row.urn);
      current.delete(row.urn);
    }
    const restored = await roundTrip(index);
    expect(restored.size).toBe(current.size);
    expect(restored.garbage).toBe(0);
    expectSameAnswers(index, restored, [...current.values()], 3);
    expectSameAnswers(indexOf(current.values()), restored, [...current.values()], 4);

    // Restored, it takes changes as any index does.
    const more = rowsOf(200, 5).map((row) => ({ ...row, urn: `${row.urn}-new` }));
    for (const row of more) {
      restored.put(row.urn, JSON.stringify(row), () => row);
      index.put(row.urn, JSON.stringify(row), () => row);
    }
    expectSameAnswers(index, restored, [...current.values(), ...more], 6);
  });

  it('holds the index as it was when taken, though it changes while being written', async () => {
    const rows = rowsOf(1_200, 7);
    const index = indexOf(rows);
    const before = indexOf(rows);
    const r = new Random(8);
    const restored = await roundTrip(index, () => {
      for (const row of rows.slice(0, 500)) {
        const changed = changedRow(r, row);
        index.put(changed.urn, JSON.stringify(changed), () => changed);
      }
      for (const row of rowsOf(300, 9)) index.put(`${row.urn}-later`, JSON.stringify(row), () => row);
      for (const row of rows.slice(500, 600)) index.remove(row.urn);
    });
    expect(restored.size).toBe(rows.length);
    expectSameAnswers(before, restored, rows, 10);
  });

  it('keeps text of any script, and text that is not well-formed UTF-16', async () => {
    const [row] = rowsOf(1, 11);
    const odd = { ...row!, urn: 'urn:li:tag:Ünïcødé-名前-\ud800', text: ['ünïcødé 名前 \ud800x', '', '', ''] as SearchRow['text'] };
    const restored = await roundTrip(indexOf([odd]));
    expect(restored.image().urnOf(0)).toEqual(odd.urn);
    const q: SearchQuery = {
      entityTypes: [odd.entityType],
      words: ['名前'],
      nameFields: [],
      weights: [],
      filter: [],
      includeRemoved: true,
      start: 0,
      count: 10,
      facetFields: [],
    };
    expect(restored.search(q)?.urns).toEqual([odd.urn]);
  });

  it('refuses a file that is damaged, cut short, of another build, or not a snapshot', async () => {
    const dir = tempDir();
    const path = join(dir, 'search-index');
    await writeSnapshot(path, indexOf(rowsOf(500, 12)).image(), header, breathe);
    const whole = readFileSync(path);

    const flipped = Buffer.from(whole);
    flipped[Math.floor(whole.length / 2)]! ^= 0xff;
    writeFileSync(path, flipped);
    let opened = await openSnapshot(path);
    if ('refused' in opened) throw new Error(opened.refused);
    await expect(opened.content(breathe)).rejects.toThrow(new DamagedSnapshot('its checksum does not match'));

    writeFileSync(path, whole.subarray(0, whole.length - 100));
    opened = await openSnapshot(path);
    if ('refused' in opened) throw new Error(opened.refused);
    await expect(opened.content(breathe)).rejects.toThrow(DamagedSnapshot);

    const text = whole.toString('latin1');
    // Another build's version, of the same length so the header stays readable.
    const other = text.replace(/"version":"([^"]*)"/, (_, v: string) => `"version":"${v.replace(/\d/g, '9')}"`);
    writeFileSync(path, Buffer.from(other, 'latin1'));
    expect(await openSnapshot(path)).toMatchObject({ refused: expect.stringMatching(/^written by another build \(9[.9]*, format \d+\)$/) });

    writeFileSync(path, 'hello');
    expect(await openSnapshot(path)).toEqual({ refused: 'it is not a search index snapshot' });
    expect(await openSnapshot(join(dir, 'missing'))).toEqual({ refused: 'none written yet' });
  });
});
