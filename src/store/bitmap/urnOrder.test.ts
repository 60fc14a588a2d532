/**
 * Pages of large sets come from a walk of the order or from ranks, merged with ids not yet sorted;
 * each way must give what sorting the set by urn gives.
 */
import { describe, expect, it } from 'vitest';
import { Random } from '../../../test/searchGenerator.js';
import { RoaringBitmap32 } from './roaring.js';
import { UrnOrder } from './urnOrder.js';

/** An order of random urns of these kinds, ids added as asked, some dropped, and what it should hold. */
function randomOrder(seed: number, kinds = ['dataset']) {
  const r = new Random(seed);
  const next = () => r.next();
  const urns: string[] = [];
  const taken = new Set<string>();
  const dropped = new Set<number>();
  const order = new UrnOrder(
    (id) => urns[id] as string,
    (id) => !dropped.has(id),
  );
  const add = (n: number) => {
    for (let i = 0; i < n; i++) {
      const kind = kinds[Math.floor(next() * kinds.length)] as string;
      // Distinct, as the live documents' urns are: of equal urns, no order is the right one.
      let urn: string;
      do urn = `urn:li:${kind}:${Math.floor(next() * 1e9).toString(36)}`;
      while (taken.has(urn));
      taken.add(urn);
      order.add(urns.push(urn) - 1);
    }
  };
  const expected = () =>
    urns
      .map((_, id) => id)
      .filter((id) => !dropped.has(id))
      .sort((a, b) => ((urns[a] as string) < (urns[b] as string) ? -1 : 1));
  return { next, urns, dropped, order, add, expected };
}

describe('urn order', () => {
  it('pages large sets, spread out or bunched, with unsorted and dropped ids, as sorting them does', () => {
    const { next, urns, dropped, order, add } = randomOrder(7, ['chart', 'corpuser', 'dashboard', 'dataset']);
    add(40_000);
    // Searched once, so most ids are sorted; then more arrive, below the size that merges them.
    order.page(RoaringBitmap32.fromRange(0, 10), 0, 1);
    add(300);
    for (let id = 0; id < urns.length; id += 13) dropped.add(id);
    const sets = {
      spread: () => next() < 0.5,
      bunched: (id: number) => (urns[id] as string).startsWith('urn:li:dataset:') && next() < 0.3,
      sparse: () => next() < 0.08,
    };
    for (const [name, member] of Object.entries(sets)) {
      const set = new RoaringBitmap32(urns.map((_, id) => id).filter((id) => !dropped.has(id) && member(id)));
      const sorted = set.toArray().sort((a, b) => ((urns[a] as string) < (urns[b] as string) ? -1 : 1));
      for (const [skip, take] of [
        [0, 10],
        [5, 20],
        [3_000, 50],
        [set.size - 5, 10],
      ] as const)
        expect(order.page(set, skip, take), `${name} ${skip}+${take}`).toEqual(sorted.slice(skip, skip + take));
    }
  });

  it('merges new ids into a sorted order in their places, leaving dropped ids out', () => {
    const { urns, dropped, order, add, expected } = randomOrder(8);
    add(20_000);
    expect(Array.from(order.all())).toEqual(expected());
    // New ids spread among the sorted ones, a few bunched at each end, some old ids dropped.
    add(3_000);
    urns.push('urn:li:dataset:', 'urn:li:dataset:zzzzzzzzzz');
    order.add(urns.length - 2);
    order.add(urns.length - 1);
    for (let id = 0; id < urns.length; id += 7) dropped.add(id);
    expect(Array.from(order.all())).toEqual(expected());
  });

  it('merges new ids in slices while pages stay exact, and gives way to a merge done at once', async () => {
    const { dropped, order, add, expected } = randomOrder(9);
    const firstPageRight = () => {
      const all = expected();
      expect(order.page(new RoaringBitmap32(all), 0, 40)).toEqual(all.slice(0, 40));
    };
    add(60_000);
    order.all();
    // Past 1/64 of the order: due for a merge. Between its slices, pages see every id, and ids
    // added or dropped meanwhile count.
    add(3_000);
    let pauses = 0;
    await order.mergeInSlices(async () => {
      pauses++;
      if (pauses === 2) {
        add(100);
        dropped.add(5);
      }
      firstPageRight();
    });
    expect(pauses).toBeGreaterThan(2);
    firstPageRight();
    expect(Array.from(order.all())).toEqual(expected());

    // A merge done at once while one in slices waits takes its ids too; the one in slices gives up.
    add(3_000);
    let resume: () => void = () => undefined;
    const merging = order.mergeInSlices(() => new Promise<void>((resolve) => (resume = resolve)));
    add(10);
    expect(Array.from(order.all())).toEqual(expected());
    resume();
    await merging;
    expect(Array.from(order.all())).toEqual(expected());
    firstPageRight();
  });
});
