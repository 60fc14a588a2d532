/** Followers of the change log as the feed serves them: pages shared among them, never stale. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '../../actors.js';
import { buildProposal } from '../../write/proposals.js';
import { openTestStore, tempDir } from '../../../test/helpers.js';
import type { Store } from '../../store/types.js';
import { createServices, type Services } from '../services.js';
import { ChangeFeed, STREAM_PAGE } from './changeFeed.js';

let store: Store;
let services: Services;
let drop: () => Promise<void>;
/** How many times the feed read the store's change log. */
let reads = 0;
let feed: ChangeFeed;

beforeAll(async () => {
  ({ store, drop } = await openTestStore(tempDir()));
  services = createServices(store);
  // The real store, its reads counted.
  const counted: Store = Object.create(store);
  counted.readChangeLog = (after, limit) => {
    reads++;
    return store.readChangeLog(after, limit);
  };
  feed = new ChangeFeed(counted, services.registry, services.authorizer);
});
afterAll(async () => {
  await store.close();
  await drop();
});

async function write(n: number, tag: string, description = ''): Promise<void> {
  const proposals = Array.from({ length: n }, (_, i) =>
    buildProposal(services.registry, `urn:li:tag:${tag}-${i}`, 'tagProperties', 'UPSERT', { name: `${tag} ${i}`, description }),
  );
  await services.writePath.apply(proposals, { actor: SYSTEM_ACTOR });
}

/** Every offset a follower reads after `from`, page by page until there is no more to read at once. */
async function walk(from: number): Promise<{ offsets: number[]; last: number }> {
  const reader = await feed.reader(SYSTEM_ACTOR);
  const offsets: number[] = [];
  let cursor = from;
  for (;;) {
    const page = await reader.next(cursor);
    offsets.push(...page.events.map((e) => e.offset));
    cursor = page.lastOffset;
    if (!page.more) return { offsets, last: cursor };
  }
}

describe('followers of the change log', () => {
  it('read and decode each full page once among them, and each gets every event after its own offset', async () => {
    await write(450, 'shared');
    const all = (await store.readChangeLog(0, 1_000_000)).map((e) => e.offset);
    expect(all.length).toBeGreaterThan(4 * STREAM_PAGE);
    const fullPages = Math.floor(all.length / STREAM_PAGE);
    reads = 0;
    const starts = [0, 37, all[Math.floor(all.length / 2)]!];
    for (const from of starts) expect((await walk(from)).offsets).toEqual(all.filter((o) => o > from));
    // The full pages read once; the last, not yet full, read by each follower that reached it.
    expect(reads).toBeLessThanOrEqual(fullPages + starts.length);
    expect(reads).toBeLessThan(starts.length * fullPages);
  });

  it('reads a page again while it is not full, so a follower sees what was written since it got there', async () => {
    const { offsets, last } = await walk(0);
    await write(150, 'later');
    const { offsets: later } = await walk(last);
    const all = (await store.readChangeLog(0, 1_000_000)).map((e) => e.offset);
    expect([...offsets, ...later]).toEqual(all);
    expect(later.length).toBeGreaterThanOrEqual(150);
  });

  it('keeps no page of events too large to hold for long, and still serves it exactly', async () => {
    const { last } = await walk(0);
    // Two hundred events of 90,000 characters: a page of them is over what the feed keeps.
    await write(200, 'large', 'x'.repeat(90_000));
    const first = await walk(last);
    reads = 0;
    const again = await walk(last);
    expect(again.offsets).toEqual(first.offsets);
    expect(first.offsets.length).toBeGreaterThanOrEqual(200);
    // Read again: a page of them, besides the last page, not yet full.
    expect(reads).toBeGreaterThanOrEqual(2);
  });
});
