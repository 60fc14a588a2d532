import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../../test/helpers.js';
import { openStore } from '../index.js';
import type { SearchQuery, SearchRow, Store } from '../types.js';
import { FacetCounter, packFacets } from './facets.js';

const row = (urn: string, platform: string, tags: string[]): SearchRow => ({
  urn,
  entityType: 'dataset',
  removed: false,
  values: { urn: [urn], platform: [platform], tags, name: [urn.slice(-1)] },
  keyed: ['urn', 'platform', 'tags', 'name'],
  facets: ['platform', 'tags'],
  text: [`orders ${urn}`, '', '', ''],
});

describe('packed facets', () => {
  it('counts each value of the asked fields once per document, whatever characters it holds', () => {
    const counter = new FacetCounter();
    counter.add(packFacets(row('urn:x:1', 'hive', ['a "quoted" tag', 'ünï\\cøde'])));
    counter.add(packFacets(row('urn:x:2', 'hive', ['ünï\\cøde'])));
    expect(counter.result(['platform', 'tags'])).toEqual({ platform: { hive: 2 }, tags: { 'a "quoted" tag': 1, 'ünï\\cøde': 2 } });
    expect(counter.result(['tags', 'owners'])).toEqual({ tags: { 'a "quoted" tag': 1, 'ünï\\cøde': 2 } });
  });

  it('counts each value, and keeps the most frequent ones when limited, ties by value', () => {
    const counter = new FacetCounter();
    for (const p of ['kafka', 'hive', 'kafka', 'hdfs']) counter.add(packFacets(row('urn:x:1', p, [])));
    expect(counter.result(['platform']).platform).toEqual({ hdfs: 1, hive: 1, kafka: 2 });
    expect(Object.entries(counter.result(['platform'], 2).platform ?? {})).toEqual([
      ['kafka', 2],
      ['hdfs', 1],
    ]);
  });

  it('leaves out fields that are not facets', () => {
    expect(JSON.parse(packFacets(row('urn:x:1', 'hive', [])))).toEqual(['platform\u0000hive']);
  });
});

describe('facets of documents indexed before they were packed', () => {
  let dir: string;
  let store: Store;
  beforeEach(async () => {
    dir = tempDir();
    store = await openStore(`sqlite:${join(dir, 'catalog.db')}`);
    await store.transaction(async (tx) => {
      await tx.putDerived([{ row: row('urn:x:1', 'hive', ['pii']), edges: [] }]);
      await tx.putDerived([{ row: row('urn:x:2', 'kafka', ['pii', 'gold']), edges: [] }]);
      await tx.putDerived([{ row: row('urn:x:3', 'hive', []), edges: [] }]);
    });
  });
  afterEach(() => store.close());

  const query: SearchQuery = {
    entityTypes: ['dataset'],
    words: ['orders'],
    nameFields: [],
    weights: [],
    filter: [],
    includeRemoved: false,
    start: 0,
    count: 2,
    facetFields: ['platform', 'tags'],
  };
  const expected = { total: 3, urns: ['urn:x:1', 'urn:x:2'], facets: { platform: { hive: 2, kafka: 1 }, tags: { pii: 2, gold: 1 } } };

  it('are packed when the store next opens, and counted like the others', async () => {
    expect(await store.search(query)).toEqual(expected);
    // As a database from before the migration holds them: no packed facets on one document.
    await store.close();
    const db = new Database(join(dir, 'catalog.db'));
    db.exec(
      "DELETE FROM search_facet WHERE doc = (SELECT id FROM search_doc WHERE urn = 'urn:x:2'); UPDATE search_doc SET faceted = 0 WHERE urn = 'urn:x:2'",
    );
    db.close();
    store = await openStore(`sqlite:${join(dir, 'catalog.db')}`);
    expect(await store.search(query)).toEqual(expected);
    expect(
      await store.search({ ...query, filter: [[{ field: 'platform', condition: 'EQUAL', values: ['kafka'], negated: false }]] }),
    ).toEqual({
      total: 1,
      urns: ['urn:x:2'],
      facets: { platform: { kafka: 1 }, tags: { pii: 1, gold: 1 } },
    });
  });
});
