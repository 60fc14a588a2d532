/**
 * The store contract, checked directly on every backend this process can reach (SQLite always,
 * PostgreSQL when a server is there: test/storeBackends.ts): what any backend must do, independent
 * of the write path.
 */
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../test/helpers.js';
import { storeBackends } from '../../test/storeBackends.js';
import { openStore } from './index.js';
import { toPositional } from './postgres/dialect.js';
import { BROWSE_PATH_V2_DELIMITER, ENTITY_TYPE_FIELD, type AspectRow, type Criterion, type SearchRow, type Store } from './types.js';

const row = (version: number, value: Record<string, unknown>, urn = 'urn:li:tag:a'): AspectRow => ({
  urn,
  aspect: 'tagProperties',
  version,
  value,
  systemMetadata: { runId: `r${version}` },
  createdOn: 100 + version,
  createdBy: 'urn:li:corpuser:x',
});

const searchRow = (urn: string, name: string, removed = false): SearchRow => ({
  urn,
  entityType: 'tag',
  removed,
  values: { urn: [urn], id: [name], removed: [String(removed)] },
  keyed: ['urn', 'id', 'removed'],
  facets: ['id'],
  text: [`${name} urn li tag ${name}`, '', '', ''],
});

/** Rows of a statement run on the database itself, beside the store (`?` placeholders). */
async function rawRows<T>(url: string, text: string, params: unknown[] = []): Promise<T[]> {
  if (url.startsWith('sqlite:')) {
    const db = new Database(url.slice('sqlite:'.length));
    try {
      const statement = db.prepare(text);
      if (statement.reader) return statement.all(...params) as T[];
      statement.run(...params);
      return [];
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(toPositional(text), params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** The fields of the by-value rows (`search_value`). */
const fieldsByValue = async (url: string) =>
  (await rawRows<{ field: string }>(url, 'SELECT DISTINCT field FROM search_value ORDER BY field')).map((r) => r.field);

describe.each(await storeBackends())('the store on $name', (backend) => {
  let store: Store;
  let url: string;
  let drop: () => Promise<void>;
  beforeEach(async () => {
    ({ store, url, drop } = await backend.open(tempDir()));
  });
  afterEach(async () => {
    await store.close();
    await drop();
  });

  describe('aspects', () => {
    it('stores versions and reads them back exactly, unicode and key order included', async () => {
      const value = { name: 'Zoë ✓', description: 'x', z: 1, a: [1.5, { b: null }] };
      await store.transaction(async (tx) => {
        await tx.putAspect(row(0, value));
        await tx.putAspect(row(1, { name: 'old' }));
      });
      const v0 = await store.getAspect('urn:li:tag:a', 'tagProperties', 0);
      expect(v0).toEqual(row(0, value));
      expect(JSON.stringify(v0?.value)).toBe(JSON.stringify(value));
      expect(await store.getMaxVersion('urn:li:tag:a', 'tagProperties')).toBe(1);
      expect((await store.getLatestAspects(['urn:li:tag:a', 'urn:li:tag:none'])).get('urn:li:tag:none')).toEqual([]);
    });

    it('offers the JSON text a row was stored as, until its value is handed out', async () => {
      const value = { name: 'Zoë ✓', n: 1e21, nested: { a: [1, { b: null }] } };
      await store.transaction(async (tx) => {
        await tx.putAspect(row(0, value));
        await tx.putAspect({ ...row(0, { name: 'b' }, 'urn:li:tag:b'), systemMetadata: null });
      });
      const [a] = (await store.getLatestAspects(['urn:li:tag:a'])).get('urn:li:tag:a') ?? [];
      expect(a?.valueJson).toBe(JSON.stringify(value));
      expect(a?.systemMetadataJson).toBe(JSON.stringify({ runId: 'r0' }));
      // A value handed out may be changed in place: its stored text no longer stands for it.
      a!.value.name = 'changed';
      expect(a?.valueJson).toBeUndefined();
      expect(a?.systemMetadataJson).toBe(JSON.stringify({ runId: 'r0' }));
      a!.systemMetadata = { runId: 'set' };
      expect(a?.systemMetadataJson).toBeUndefined();
      const b = await store.getAspect('urn:li:tag:b', 'tagProperties', 0);
      expect(b?.systemMetadataJson).toBeNull();
      // A copy made by spreading reads the value first, so it carries no stale text.
      expect({ ...b, value: { name: 'other' } }.valueJson).toBeUndefined();
    });

    it('keeps large values deflated, reads them back exactly, and reads values kept as text before', async () => {
      const fields = Array.from({ length: 20 }, (_, i) => ({
        fieldPath: `Zoë_✓_${i}`,
        description: `The payment of order ${i}, "quoted" \\ 値.`,
      }));
      const large = { fields, n: 1e21, empty: {} };
      const small = { name: 'short' };
      await store.transaction(async (tx) => {
        await tx.putAspect(row(0, large));
        await tx.putAspect(row(1, large));
        await tx.putAspect(row(0, small, 'urn:li:tag:b'));
      });
      const stored = await rawRows<{ urn: string; version: number; value: string; packed: Uint8Array | null }>(
        url,
        'SELECT urn, version, value, packed FROM aspect ORDER BY urn, version',
      );
      expect(stored.map((r) => [r.urn, r.version, r.value === '', r.packed !== null])).toEqual([
        ['urn:li:tag:a', 0, true, true],
        ['urn:li:tag:a', 1, true, true],
        ['urn:li:tag:b', 0, false, false],
      ]);
      expect(stored[0]!.packed!.length).toBeLessThan(JSON.stringify(large).length / 3);
      // A row as every value was kept before: its text, nothing packed.
      await rawRows(url, 'INSERT INTO aspect (urn, aspect, version, value, created_on, created_by) VALUES (?, ?, ?, ?, ?, ?)', [
        'urn:li:tag:c',
        'tagProperties',
        0,
        JSON.stringify(large),
        1,
        'urn:li:corpuser:x',
      ]);
      const [a] = (await store.getLatestAspects(['urn:li:tag:a'])).get('urn:li:tag:a') ?? [];
      expect(a?.valueJson).toBe(JSON.stringify(large));
      expect(a?.value).toEqual(large);
      expect((await store.getAspect('urn:li:tag:a', 'tagProperties', 1))?.value).toEqual(large);
      expect((await store.getAspect('urn:li:tag:c', 'tagProperties', 0))?.valueJson).toBe(JSON.stringify(large));
      expect((await store.scanAspects(undefined, 10)).map((r) => r.value)).toEqual([large, large, small, large]);
    });

    it("applies a transaction's writes in the order they were made, and reads them back inside it", async () => {
      const sm = (runId: string) => ({ runId, lastObserved: 7 });
      await store.transaction(async (tx) => {
        await tx.lockLatest([
          { urn: 'urn:li:tag:a', aspect: 'tagProperties' },
          { urn: 'urn:li:tag:b', aspect: 'tagProperties' },
        ]);
        expect(await tx.getLatest('urn:li:tag:a', 'tagProperties')).toBeUndefined();
        await tx.putAspect(row(0, { name: 'first' }));
        // An older write of another aspect's metadata queued first must not move this one's refresh before its insert.
        await tx.putSystemMetadata('urn:li:tag:b', 'tagProperties', 0, sm('other'));
        await tx.putAspect({ ...row(0, { name: 'second' }), systemMetadata: sm('w2') });
        await tx.putSystemMetadata('urn:li:tag:a', 'tagProperties', 0, sm('refreshed'));
        expect((await tx.getLatest('urn:li:tag:a', 'tagProperties'))?.value).toEqual({ name: 'second' });
        await tx.putAspect(row(1, { name: 'first' }));
        await tx.putAspect(row(2, { name: 'kept' }));
        expect(await tx.getMaxVersion('urn:li:tag:a', 'tagProperties')).toBe(2);
        await tx.deleteHistoryBelow('urn:li:tag:a', 'tagProperties', 2);
        expect((await tx.getVersions('urn:li:tag:a', 'tagProperties')).map((r) => [r.version, r.value.name])).toEqual([
          [0, 'second'],
          [2, 'kept'],
        ]);
        expect((await tx.getLatestAspects(['urn:li:tag:a'])).get('urn:li:tag:a')?.map((r) => r.systemMetadata)).toEqual([sm('refreshed')]);
      });
      expect((await store.getAspect('urn:li:tag:a', 'tagProperties', 0))?.systemMetadata).toEqual(sm('refreshed'));
    });

    it('lets other work run while a long transaction reads and writes', async () => {
      let turns = 0;
      const tick = setInterval(() => turns++, 1);
      try {
        await store.transaction(async (tx) => {
          const end = performance.now() + 150;
          for (let i = 0; performance.now() < end; i++) {
            await tx.putAspect(row(0, { name: `n${i}` }));
            await tx.getVersions('urn:li:tag:a', 'tagProperties');
          }
        });
      } finally {
        clearInterval(tick);
      }
      // SQLite answers each statement at once: without a turn now and then, no timer could fire.
      expect(turns).toBeGreaterThan(0);
    });

    it('commits all of a transaction or nothing', async () => {
      await expect(
        store.transaction(async (tx) => {
          await tx.putAspect(row(0, { name: 'lost' }));
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      expect(await store.getAspect('urn:li:tag:a', 'tagProperties', 0)).toBeUndefined();
    });

    it('sees its own writes inside a transaction; replaces system metadata; deletes all versions', async () => {
      await store.transaction(async (tx) => {
        await tx.putAspect(row(0, { name: 'n' }));
        expect((await tx.getLatest('urn:li:tag:a', 'tagProperties'))?.value).toEqual({ name: 'n' });
        await tx.putAspect(row(1, { name: 'm' }));
        await tx.putSystemMetadata('urn:li:tag:a', 'tagProperties', 0, { runId: 'changed' });
        expect(await tx.getMaxVersion('urn:li:tag:a', 'tagProperties')).toBe(1);
      });
      expect((await store.getAspect('urn:li:tag:a', 'tagProperties', 0))?.systemMetadata).toEqual({ runId: 'changed' });
      expect(await store.transaction((tx) => tx.deleteAspect('urn:li:tag:a', 'tagProperties'))).toBe(2);
      expect(await store.getMaxVersion('urn:li:tag:a', 'tagProperties')).toBe(0);
    });
  });

  describe('timeseries and change log', () => {
    it('orders points newest first and replaces a point with the same identity', async () => {
      await store.transaction(async (tx) => {
        for (const [ts, n, p] of [
          [1, 1, ''],
          [3, 2, ''],
          [2, 3, ''],
          [3, 4, ''],
          [3, 5, 'x'],
        ] as const) {
          await tx.putTimeseries({
            urn: 'u',
            aspect: 'datasetProfile',
            timestampMillis: ts,
            eventGranularity: '',
            partition: p,
            messageId: '',
            value: { n },
            systemMetadata: null,
          });
        }
      });
      const points = await store.getTimeseries('u', 'datasetProfile', { limit: 10 });
      expect(points.map((p) => p.value.n)).toEqual([4, 5, 3, 1]);
      expect(
        (await store.getTimeseries('u', 'datasetProfile', { startTimeMillis: 2, endTimeMillis: 2, limit: 10 })).map((p) => p.value.n),
      ).toEqual([3]);
    });

    it('gives change log events strictly increasing offsets in commit order', async () => {
      const event = (n: number) => ({
        entityType: 'tag',
        entityUrn: `urn:li:tag:${n}`,
        changeType: 'UPSERT' as const,
        aspectName: 'tagProperties',
        aspect: { n },
        created: { actor: 'a', time: n },
      });
      await Promise.all([1, 2, 3, 4, 5].map((n) => store.transaction((tx) => tx.appendChangeLog([event(n)]))));
      const log = await store.readChangeLog(0, 100);
      expect(log).toHaveLength(5);
      expect(log.map((e) => e.offset)).toEqual([...log.map((e) => e.offset)].sort((a, b) => a - b));
      expect((await store.readChangeLog(log[2]!.offset, 100)).map((e) => e.entityUrn)).toEqual(log.slice(3).map((e) => e.entityUrn));
    });

    it('keeps change log events deflated, and reads events kept as text before', async () => {
      const description = 'The payment of the order, as recorded by the refund service. '.repeat(8);
      const event = {
        entityType: 'dataset',
        entityUrn: 'urn:li:dataset:(urn:li:dataPlatform:hive,Zoë ✓,PROD)',
        changeType: 'UPSERT' as const,
        aspectName: 'datasetProperties',
        aspect: { description, customProperties: { ключ: '値', quote: '"\\' } },
        systemMetadata: { runId: 'r', lastObserved: 1 },
        created: { actor: 'urn:li:corpuser:x', time: 7 },
      };
      await store.transaction((tx) => tx.appendChangeLog([event]));
      await store.readChangeLog(0, 10); // PostgreSQL moves committed events into the log on a read
      const [stored] = await rawRows<{ event: string; packed: Uint8Array }>(url, 'SELECT event, packed FROM change_log');
      expect(stored!.event).toBe('');
      expect(stored!.packed.length).toBeLessThan(JSON.stringify(event).length / 2);
      // A row as every event was kept before: its text, nothing packed.
      const earlier = { ...event, entityUrn: 'urn:li:dataset:(urn:li:dataPlatform:hive,earlier,PROD)' };
      await rawRows(url, 'INSERT INTO change_log (entity_urn, aspect, change_type, event, created_on) VALUES (?, ?, ?, ?, ?)', [
        earlier.entityUrn,
        earlier.aspectName,
        earlier.changeType,
        JSON.stringify(earlier),
        8,
      ]);
      const log = await store.readChangeLog(0, 10);
      expect(log.map(({ offset: _, ...e }) => e)).toEqual([event, earlier]);
    });
  });

  describe('derived rows', () => {
    it('searches, filters and pages rows, hiding removed ones unless asked, ties by urn', async () => {
      await store.transaction(async (tx) => {
        await tx.putDerived([
          {
            row: searchRow('urn:li:tag:b', 'pii'),
            edges: [{ source: 'urn:li:tag:b', type: 'OwnedBy', destination: 'urn:li:corpuser:x', aspect: 'ownership' }],
          },
          { row: searchRow('urn:li:tag:a', 'pii'), edges: [] },
          { row: searchRow('urn:li:tag:c', 'gold', true), edges: [] },
        ]);
      });
      const base = {
        entityTypes: ['tag'],
        words: [],
        nameFields: ['id'],
        weights: [],
        filter: [],
        includeRemoved: false,
        start: 0,
        count: 10,
        facetFields: ['id'],
      };
      expect(await store.search({ ...base, words: ['pi'] })).toEqual({
        total: 2,
        urns: ['urn:li:tag:a', 'urn:li:tag:b'],
        facets: { id: { pii: 2 } },
      });
      expect(
        (
          await store.search({
            ...base,
            filter: [[{ field: 'id', condition: 'EQUAL', values: ['GOLD'], negated: false }]],
            includeRemoved: true,
          })
        ).urns,
      ).toEqual(['urn:li:tag:c']);
      // Looked up by value when the field is keyed, tested hit by hit when not: the same answers.
      for (const keyedFields of [[], ['id']]) {
        const only = (negated: boolean, values: string[]) =>
          store.search({
            ...base,
            keyedFields,
            includeRemoved: true,
            filter: [[{ field: 'id.keyword', condition: 'EQUAL', values, negated }]],
          });
        expect((await only(false, ['GOLD', 'nope'])).urns).toEqual(['urn:li:tag:c']);
        expect((await only(true, ['gold'])).urns).toEqual(['urn:li:tag:a', 'urn:li:tag:b']);
      }
      expect((await store.search({ ...base, start: 1, count: 1 })).urns).toEqual(['urn:li:tag:b']);
      expect(await store.related({ urn: 'urn:li:corpuser:x', types: ['OwnedBy'], direction: 'INCOMING', start: 0, count: 10 })).toEqual({
        total: 1,
        edges: [{ source: 'urn:li:tag:b', type: 'OwnedBy', destination: 'urn:li:corpuser:x', aspect: 'ownership' }],
      });
      // The total alone, and past the end.
      for (const page of [
        { start: 0, count: 0 },
        { start: 5, count: 10 },
      ]) {
        expect(await store.related({ urn: 'urn:li:corpuser:x', types: ['OwnedBy'], direction: 'INCOMING', ...page })).toEqual({
          total: 1,
          edges: [],
        });
      }
      await store.transaction((tx) => tx.deleteDerived(['urn:li:tag:b']));
      expect((await store.search(base)).urns).toEqual(['urn:li:tag:a']);
      expect((await store.dumpDerived()).edges).toEqual([]);
    });

    it('filters on the entity type and on paths, counts per entity type, sorts by several keys, and lists values of the matches', async () => {
      const P = BROWSE_PATH_V2_DELIMITER;
      const doc = (urn: string, entityType: string, name: string, path: string, kind: string): SearchRow => ({
        urn,
        entityType,
        removed: false,
        values: { urn: [urn], name: [name], browsePathV2: [path], typeNames: [kind], removed: ['false'] },
        keyed: ['urn', 'name', 'browsePathV2', 'typeNames', 'removed'],
        facets: ['typeNames'],
        text: [name, '', '', ''],
      });
      await store.transaction(async (tx) => {
        await tx.putDerived([{ row: doc('urn:li:dataset:1', 'dataset', 'b', `${P}db${P}marts`, 'Table'), edges: [] }]);
        await tx.putDerived([{ row: doc('urn:li:dataset:2', 'dataset', 'a', `${P}db${P}martsx`, 'View'), edges: [] }]);
        await tx.putDerived([{ row: doc('urn:li:chart:3', 'chart', 'a', `${P}db`, 'Look'), edges: [] }]);
      });
      const base = {
        entityTypes: ['dataset', 'chart'],
        words: [],
        nameFields: [],
        weights: [],
        filter: [],
        includeRemoved: false,
        start: 0,
        count: 10,
        facetFields: [],
      };
      const urns = async (filter: Criterion[][]) => (await store.search({ ...base, filter })).urns;
      expect(await urns([[{ field: ENTITY_TYPE_FIELD, condition: 'EQUAL', values: ['chart'], negated: false }]])).toEqual([
        'urn:li:chart:3',
      ]);
      expect(await urns([[{ field: ENTITY_TYPE_FIELD, condition: 'EQUAL', values: ['chart'], negated: true }]])).toEqual([
        'urn:li:dataset:1',
        'urn:li:dataset:2',
      ]);
      // A path matches itself and the paths below it, segment by segment (not `martsx` for `marts`).
      expect(await urns([[{ field: 'browsePathV2', condition: 'PATH_WITHIN', values: [`${P}db${P}marts`], negated: false }]])).toEqual([
        'urn:li:dataset:1',
      ]);
      expect(await urns([[{ field: 'browsePathV2', condition: 'PATH_WITHIN', values: [`${P}db`], negated: false }]])).toHaveLength(3);
      const sorted = await store.search({
        ...base,
        sort: [
          { fields: ['name'], order: 'ASCENDING' },
          { fields: ['typeNames'], order: 'DESCENDING' },
        ],
      });
      expect(sorted.urns).toEqual(['urn:li:dataset:2', 'urn:li:chart:3', 'urn:li:dataset:1']);
      const perType = await store.search({ ...base, count: 0, byEntityType: { fields: ['typeNames'] } });
      expect(perType.entityTypes).toEqual({
        dataset: { total: 2, facets: { typeNames: { Table: 1, View: 1 } } },
        chart: { total: 1, facets: { typeNames: { Look: 1 } } },
      });
      expect(await store.matchValues({ ...base, entityTypes: ['dataset'] }, 'browsePathV2')).toEqual([
        { urn: 'urn:li:dataset:1', value: `${P}db${P}marts` },
        { urn: 'urn:li:dataset:2', value: `${P}db${P}martsx` },
      ]);
    });
  });

  describe('free text', () => {
    /** A tag with a description (free text: not keyed) and a numeric free-text field. */
    const described = (urn: string, id: string, description: string[], size?: string): SearchRow => {
      const row = searchRow(urn, id);
      return { ...row, values: { ...row.values, description, ...(size ? { size: [size] } : {}) } };
    };
    const query = {
      entityTypes: ['tag'],
      words: [],
      nameFields: [],
      weights: [],
      includeRemoved: false,
      start: 0,
      count: 10,
      facetFields: [],
    };
    const where = (field: string, condition: Criterion['condition'], values: string[], negated = false) => ({
      ...query,
      filter: [[{ field, condition, values, negated }]],
    });

    it('stays out of the by-value rows, and is filtered, sorted and listed from the stored documents', async () => {
      await store.transaction((tx) =>
        tx.putDerived([
          { row: described('urn:li:tag:a', 'a', ['Orders of the day', 'zebra'], '12'), edges: [] },
          { row: described('urn:li:tag:b', 'b', ['customers'], '9.5'), edges: [] },
          { row: described('urn:li:tag:c', 'c', []), edges: [] },
        ]),
      );
      expect(await fieldsByValue(url)).toEqual(['id', 'removed', 'urn']);
      const urns = async (q: Parameters<Store['search']>[0]) => (await store.search(q)).urns;
      expect(await urns(where('description', 'CONTAIN', ['OF THE']))).toEqual(['urn:li:tag:a']);
      expect(await urns(where('description', 'EQUAL', ['Customers']))).toEqual(['urn:li:tag:b']);
      expect(await urns(where('description.keyword', 'START_WITH', ['zeb']))).toEqual(['urn:li:tag:a']);
      expect(await urns(where('description', 'EXISTS', []))).toEqual(['urn:li:tag:a', 'urn:li:tag:b']);
      expect(await urns(where('description', 'IS_NULL', []))).toEqual(['urn:li:tag:c']);
      expect(await urns(where('description', 'CONTAIN', ['order'], true))).toEqual(['urn:li:tag:b', 'urn:li:tag:c']);
      // Numbers compare as numbers: 9.5 < 10 < 12.
      expect(await urns(where('size', 'GREATER_THAN', ['10']))).toEqual(['urn:li:tag:a']);
      expect(await urns(where('size', 'LESS_THAN', ['10']))).toEqual(['urn:li:tag:b']);
      const sorted = (fields: string[], order: 'ASCENDING' | 'DESCENDING') => urns({ ...query, filter: [], sort: [{ fields, order }] });
      expect(await sorted(['description'], 'ASCENDING')).toEqual(['urn:li:tag:a', 'urn:li:tag:b', 'urn:li:tag:c']);
      expect(await sorted(['description'], 'DESCENDING')).toEqual(['urn:li:tag:b', 'urn:li:tag:a', 'urn:li:tag:c']);
      expect(await sorted(['size'], 'DESCENDING')).toEqual(['urn:li:tag:a', 'urn:li:tag:b', 'urn:li:tag:c']);
      expect(await store.matchValues({ ...query, filter: [] }, 'description')).toEqual([
        { urn: 'urn:li:tag:a', value: 'Orders of the day' },
        { urn: 'urn:li:tag:a', value: 'zebra' },
        { urn: 'urn:li:tag:b', value: 'customers' },
      ]);
      // A changed document is read as it is now, and its keyed values follow it.
      await store.transaction((tx) => tx.putDerived([{ row: described('urn:li:tag:a', 'a2', ['evening']), edges: [] }]));
      expect(await urns(where('description', 'CONTAIN', ['order']))).toEqual([]);
      expect(await urns({ ...where('id', 'EQUAL', ['a']), keyedFields: ['id'] })).toEqual([]);
      expect(await urns({ ...where('id', 'EQUAL', ['A2']), keyedFields: ['id'] })).toEqual(['urn:li:tag:a']);
    });

    it('takes a document whose text escapes half of a surrogate pair, which jsonb refuses', async () => {
      await store.transaction((tx) => tx.putDerived([{ row: described('urn:li:tag:h', 'h', ['half \ud83d pair']), edges: [] }]));
      expect((await store.search({ ...where('id', 'EQUAL', ['h']), keyedFields: ['id'] })).urns).toEqual(['urn:li:tag:h']);
    });
  });

  describe('stats', () => {
    it('tell what the search index holds, and the pool where there is one', async () => {
      expect(store.stats().searchIndex).toEqual({ documents: 0, bytes: 0, dropped: 0, ready: true, building: false });
      await store.transaction((tx) => tx.putDerived([{ row: searchRow('urn:li:tag:a', 'a'), edges: [] }]));
      expect(store.stats().searchIndex.documents).toBe(1);
      expect(store.stats().searchIndex.bytes).toBeGreaterThan(0);
      const pool = store.stats().pool;
      if (backend.name === 'sqlite') expect(pool).toBeUndefined();
      else expect(pool).toMatchObject({ max: 4, waiting: 0 });
    });
  });

  describe('schema', () => {
    it('refuses to open a database a newer build has migrated further', async () => {
      const latest =
        backend.name === 'sqlite'
          ? (await rawRows<{ user_version: number }>(url, 'PRAGMA user_version'))[0]!.user_version
          : (await rawRows<{ v: number }>(url, 'SELECT max(version) AS v FROM schema_migrations'))[0]!.v;
      await store.close();
      if (backend.name === 'sqlite') await rawRows(url, `PRAGMA user_version = ${latest + 1}`);
      else await rawRows(url, 'INSERT INTO schema_migrations (version) VALUES (?)', [latest + 1]);
      await expect(openStore(url)).rejects.toThrow(`schema version ${latest + 1}; this build knows up to ${latest}`);
      // Opened again as the build that wrote it left it, for the suite's teardown.
      if (backend.name === 'sqlite') await rawRows(url, `PRAGMA user_version = ${latest}`);
      else await rawRows(url, 'DELETE FROM schema_migrations WHERE version = ?', [latest + 1]);
      store = await openStore(url);
    });
  });

  describe('settings', () => {
    it('keeps the first value stored under a name, even when several callers race to set it', async () => {
      const stored = await Promise.all(['k1', 'k2', 'k3'].map((v) => store.ensureSetting('signing-key', v)));
      expect(new Set(stored).size).toBe(1);
      expect(await store.ensureSetting('signing-key', 'later')).toBe(stored[0]);
      expect(await store.ensureSetting('other', 'x')).toBe('x');
    });
  });

  describe('generations', () => {
    it('count the transactions that bumped them and committed, each name on its own', async () => {
      expect(await store.generation('access')).toBe(0);
      await store.transaction((tx) => tx.bumpGeneration('access'));
      await Promise.all([1, 2, 3].map(() => store.transaction((tx) => tx.bumpGeneration('access'))));
      await expect(
        store.transaction(async (tx) => {
          await tx.bumpGeneration('access');
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      await store.transaction(async (tx) => {
        await tx.bumpGeneration('other');
        await tx.bumpGeneration('other');
      });
      expect(await store.generation('access')).toBe(4);
      expect(await store.generation('other')).toBe(2);
    });
  });

  describe('runs, versions and pruning', () => {
    const point = (urn: string, ts: number, runId: string) => ({
      urn,
      aspect: 'datasetProfile',
      timestampMillis: ts,
      eventGranularity: '',
      partition: '',
      messageId: '',
      value: { timestampMillis: ts },
      systemMetadata: { runId },
    });

    it('finds what each run wrote, lists runs newest first, and removes versions, history and old points', async () => {
      await store.transaction(async (tx) => {
        await tx.putAspect({ ...row(0, { name: 'v2' }), systemMetadata: { runId: 'late' }, createdOn: 300 });
        await tx.putAspect({ ...row(1, { name: 'v0' }), systemMetadata: { runId: 'early' }, createdOn: 100 });
        await tx.putAspect({ ...row(2, { name: 'v1' }), systemMetadata: { runId: 'early' }, createdOn: 200 });
        await tx.putAspect({ ...row(0, { name: 'b' }, 'urn:li:tag:b'), systemMetadata: { runId: 'no-run-id-provided' } });
        await tx.putTimeseries(point('urn:li:tag:c', 1, 'late'));
        await tx.putTimeseries(point('urn:li:tag:c', 2, 'early'));
      });
      expect(await store.listRuns(0, 10)).toEqual([
        { runId: 'late', rows: 2, timestamp: 300 },
        { runId: 'early', rows: 3, timestamp: 200 },
      ]);
      expect(await store.listRuns(1, 10)).toEqual([{ runId: 'early', rows: 3, timestamp: 200 }]);
      expect((await store.runAspectRows('early', 0, 10)).map((r) => r.version)).toEqual([1, 2]);
      expect(await store.runUrns('late', undefined, 10)).toEqual(['urn:li:tag:a', 'urn:li:tag:c']);
      expect(await store.runUrns('late', 'urn:li:tag:a', 10)).toEqual(['urn:li:tag:c']);

      await store.transaction(async (tx) => {
        expect((await tx.getVersions('urn:li:tag:a', 'tagProperties')).map((r) => r.value.name)).toEqual(['v2', 'v0', 'v1']);
        expect(await tx.deleteTimeseries('urn:li:tag:c', undefined, { runId: 'early' })).toBe(1);
        await tx.deleteVersion('urn:li:tag:a', 'tagProperties', 2);
        await tx.deleteHistoryBelow('urn:li:tag:a', 'tagProperties', 2);
        expect((await tx.getVersions('urn:li:tag:a', 'tagProperties')).map((r) => r.version)).toEqual([0]);
      });
      expect(await store.getMaxVersion('urn:li:tag:a', 'tagProperties')).toBe(0);
      expect(await store.listRuns(0, 10)).toEqual([{ runId: 'late', rows: 2, timestamp: 300 }]);
      expect(await store.pruneTimeseries(2)).toBe(1);
      expect(await store.runUrns('late', undefined, 10)).toEqual(['urn:li:tag:a']);
    });
  });
});
