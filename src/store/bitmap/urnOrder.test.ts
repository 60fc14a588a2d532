/**
 * Pages of large sets come from a walk of the order or from ranks, merged with ids not yet sorted;
 * each way must give what sorting the set by urn gives.
 */
import { describe, expect, it } from 'vitest';
import { Random } from '../../../test/searchGenerator.js';
import { RoaringBitmap32 } from './roaring.js';
import { UrnOrder } from './urnOrder.js';

describe('urn order', () => {
  it('pages large sets, spread out or bunched, with unsorted and dropped ids, as sorting them does', () => {
    const r = new Random(7);
    const next = () => r.next();
    const kinds = ['chart', 'corpuser', 'dashboard', 'dataset'];
    const urns: string[] = [];
    const dropped = new Set<number>();
    const order = new UrnOrder(
      (id) => urns[id] as string,
      (id) => !dropped.has(id),
    );
    const add = (n: number) => {
      for (let i = 0; i < n; i++) {
        const kind = kinds[Math.floor(next() * kinds.length)] as string;
        order.add(urns.push(`urn:li:${kind}:${Math.floor(next() * 1e9).toString(36)}`) - 1);
      }
    };
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
});
