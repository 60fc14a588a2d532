/**
 * The search index's memory budget (SEARCH_INDEX_MAX_MB): an index that outgrows it is let go, says
 * so in the log, the metrics and /health, and SQL answers every search the same as the index would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, serveStore, tempDir } from '../../../test/helpers.js';
import { ENTITY_TYPES, pools, Random, randomQuery, randomRow, randomUrn } from '../../../test/searchGenerator.js';
import { openStore } from '../index.js';
import type { SearchIndexOverBudget, SearchRow, Store } from '../types.js';

const DOCUMENTS = 3_000;
const MiB = 2 ** 20;

describe('the search index over its memory budget', () => {
  let url: string;
  const rows: SearchRow[] = [];
  const opened: Store[] = [];
  // Built before the store opens (as a database of up to 2,000 documents is served), so each test
  // starts from a finished build.
  const open = async (maxBytes: number | undefined, onOverBudget?: (over: SearchIndexOverBudget) => void) => {
    const store = await openStore(url, {
      synchronous: 'NORMAL',
      searchIndexBuild: { beforeOpen: 2 * DOCUMENTS, ...(maxBytes ? { maxBytes } : {}) },
      ...(onOverBudget ? { onSearchIndexOverBudget: onOverBudget } : {}),
    });
    opened.push(store);
    return store;
  };

  beforeAll(async () => {
    url = `sqlite:${tempDir()}/catalog.db`;
    const r = new Random(7);
    for (let i = 0; i < DOCUMENTS; i++) {
      const type = ENTITY_TYPES[i % ENTITY_TYPES.length]!;
      rows.push(randomRow(r, randomUrn(r, type, i), type));
    }
    const store = await openStore(url, { synchronous: 'NORMAL' });
    await store.transaction((tx) => tx.putDerived(rows.map((row) => ({ row, edges: [] }))));
    await store.close();
  }, 60_000);
  afterAll(async () => {
    for (const store of opened) await store.close();
  });

  it('is let go during its build, once, and SQL answers every search as the index does', async () => {
    const over: SearchIndexOverBudget[] = [];
    const tight = await open(1 * MiB, (o) => over.push(o));
    const roomy = await open(undefined);
    expect(roomy.stats().searchIndex).toMatchObject({ ready: true, documents: DOCUMENTS });
    expect(roomy.stats().searchIndex.bytes).toBeGreaterThan(MiB);
    expect(tight.stats().searchIndex).toMatchObject({ ready: false, building: false, overBudget: { maxBytes: MiB } });
    expect(over).toHaveLength(1);
    expect(over[0]!.bytes).toBeGreaterThan(MiB);

    const r = new Random(11);
    const p = pools(rows);
    for (let i = 0; i < 25; i++) {
      const q = randomQuery(r, p);
      const [fromSql, fromIndex] = await Promise.all([tight.search(q), roomy.search(q)]);
      expect({ total: fromSql.total, urns: fromSql.urns }, JSON.stringify(q)).toEqual({ total: fromIndex.total, urns: fromIndex.urns });
    }

    // Writes go on, found by SQL at once, and no build starts again.
    const added = randomRow(r, randomUrn(r, 'dataset', DOCUMENTS + 1), 'dataset', false);
    await tight.transaction((tx) => tx.putDerived([{ row: added, edges: [] }]));
    const found = await tight.search({
      ...randomQuery(r, p),
      entityTypes: ['dataset'],
      words: [],
      filter: [[{ field: 'urn', condition: 'EQUAL', values: [added.urn], negated: false }]],
    });
    expect(found.urns).toContain(added.urn);
    expect(tight.stats().searchIndex).toMatchObject({ ready: false, building: false });
    expect(over).toHaveLength(1);
  });

  it('is let go when writes after its build take it past the budget', async () => {
    const fits = (await open(undefined)).stats().searchIndex.bytes;
    const over: SearchIndexOverBudget[] = [];
    const store = await open(fits + 64 * 1024, (o) => over.push(o));
    expect(store.stats().searchIndex.ready).toBe(true);
    const r = new Random(5);
    const more = Array.from({ length: 300 }, (_, i) => randomRow(r, randomUrn(r, 'chart', 2 * DOCUMENTS + i), 'chart', false));
    await store.transaction((tx) => tx.putDerived(more.map((row) => ({ row, edges: [] }))));
    expect(store.stats().searchIndex).toMatchObject({ ready: false, overBudget: { maxBytes: fits + 64 * 1024 } });
    expect(over).toHaveLength(1);
    const found = await store.search({
      ...randomQuery(r, pools(rows)),
      entityTypes: ['chart'],
      words: [],
      filter: [[{ field: 'urn', condition: 'EQUAL', values: [more[0]!.urn], negated: false }]],
    });
    expect(found.urns).toEqual([more[0]!.urn]);
  });

  it('keeps an index that fits', async () => {
    const store = await open(512 * MiB);
    expect(store.stats().searchIndex.ready).toBe(true);
    expect(store.stats().searchIndex.documents).toBeGreaterThanOrEqual(DOCUMENTS);
    expect(store.stats().searchIndex.overBudget).toBeUndefined();
  });

  it('says so in /health (still 200: the service answers) and in the metrics', async () => {
    const server = await serveStore(await open(1 * MiB));
    try {
      const health = await http(`${server.url}/health`);
      expect(health.status).toBe(200);
      expect(health.body).toEqual({
        status: 'degraded',
        searchIndex: 'over its memory budget (SEARCH_INDEX_MAX_MB=1): searches are answered by SQL, more slowly',
      });
      expect((await http(`${server.url}/metrics`)).text).toMatch(/^catalog_search_index_over_budget 1$/m);
    } finally {
      await server.close();
    }
    const fine = await serveStore(await open(undefined));
    try {
      expect((await http(`${fine.url}/health`)).body).toEqual({ status: 'ok' });
      expect((await http(`${fine.url}/metrics`)).text).toMatch(/^catalog_search_index_over_budget 0$/m);
    } finally {
      await fine.close();
    }
  });
});
