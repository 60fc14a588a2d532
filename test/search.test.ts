/**
 * Search, browse, autocomplete, relationships, timeseries reads and index restore, end to end over
 * HTTP on DataHub's bootstrap catalog and its smoke-test data.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enc, expectEach, expectOrdered, FIXTURES, http, mcp, searchUrns, startTestServer, type TestServer } from './helpers.js';

type Json = any;
const HIVE = 'urn:li:dataset:(urn:li:dataPlatform:hive,SampleHiveDataset,PROD)';
const KAFKA = 'urn:li:dataset:(urn:li:dataPlatform:kafka,SampleKafkaDataset,PROD)';
const HDFS = 'urn:li:dataset:(urn:li:dataPlatform:hdfs,SampleHdfsDataset,PROD)';
const JDOE = 'urn:li:corpuser:jdoe';

describe('search and friends on the bootstrap catalog', () => {
  let s: TestServer;
  const post = async (path: string, body: unknown) => {
    const r = await http(s.url + path, { body });
    return r;
  };
  const search = async (body: Record<string, unknown>) => {
    const r = await post('/entities?action=search', { entity: 'dataset', start: 0, count: 100, ...body });
    expect(r.status, r.text).toBe(200);
    // The urns as \`entities\`, for the tests below that compare them; the records are checked once, here.
    return { ...r.body.value, records: r.body.value.entities, entities: searchUrns(r.body.value) };
  };
  const filterOf = (...and: Json[]) => ({ or: [{ and }] });
  const ingest = (proposal: unknown) => post('/aspects?action=ingestProposal', { proposal });

  beforeAll(async () => {
    s = await startTestServer();
    const files = [
      join(FIXTURES, 'mce_files/bootstrap_mce.json'),
      ...readdirSync(join(FIXTURES, 'smoke')).map((f) => join(FIXTURES, 'smoke', f)),
    ];
    for (const file of files) {
      for (const item of JSON.parse(readFileSync(file, 'utf8')) as Json[]) {
        const r = item.proposedSnapshot
          ? await post('/entities?action=ingest', { entity: { value: item.proposedSnapshot } })
          : await post('/aspects?action=ingestProposal', {
              proposal: { ...item, aspect: item.aspect.value ? item.aspect : { value: JSON.stringify(item.aspect.json) } },
            });
        expect(r.status, `${file}: ${r.text}`).toBe(200);
      }
    }
  });
  afterAll(async () => s?.close());

  it("answers DataHub's SDK looking up a domain by name (graph.get_domain_urn_by_name), which reads entities[].entity", async () => {
    const domain = 'urn:li:domain:marketing';
    expect((await ingest(mcp(domain, 'domainProperties', { name: 'Marketing' }))).status).toBe(200);
    // The request the SDK sends, headers and body as it sends them.
    const r = await http(`${s.url}/entities?action=search`, {
      headers: { 'X-RestLi-Protocol-Version': '2.0.0' },
      body: {
        input: '*',
        entity: 'domain',
        start: 0,
        count: 10,
        filter: { or: [{ and: [{ field: 'name', values: ['Marketing'], condition: 'EQUAL' }] }] },
      },
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body.value.numEntities).toBe(1);
    expect(r.body.value.entities).toEqual([{ entity: domain, matchedFields: [] }]);
    expect(r.body.value.metadata.urns).toEqual([domain]);
  });

  describe('full text', () => {
    it('answers in the shape of the interface, with matched fields', async () => {
      const v = await search({ input: 'sample' });
      expect(Object.keys(v).sort()).toEqual(['entities', 'from', 'metadata', 'numEntities', 'pageSize', 'records']);
      // DataHub's SearchEntity records, which clients read as x["entity"], with the fields that matched.
      expect(v.records).toEqual(
        v.entities.map((entity: string, i: number) => ({ entity, matchedFields: v.metadata.matches[i].matchedFields })),
      );
      expect(v.entities).toEqual(expect.arrayContaining([HIVE, KAFKA, HDFS]));
      expect(v.metadata.urns).toEqual(v.entities);
      expect(v.metadata.matches).toHaveLength(v.entities.length);
      const kafka = v.metadata.matches[v.entities.indexOf(KAFKA)].matchedFields;
      expect(kafka).toContainEqual({ name: 'id', value: 'SampleKafkaDataset' });
      expect(v.numEntities).toBe(v.entities.length);
    });

    it('finds words inside camel-cased and dotted names, and requires every word', async () => {
      expect((await search({ input: 'kafka' })).entities).toContain(KAFKA);
      expect((await search({ input: 'users created' })).entities).toEqual([
        'urn:li:dataset:(urn:li:dataPlatform:hive,fct_users_created,PROD)',
      ]);
      expect((await search({ input: 'sample nothingmatches' })).numEntities).toBe(0);
    });

    it('ranks an exact name match first', async () => {
      const v = await search({ input: 'SampleKafkaDataset' });
      expect(v.entities[0]).toBe(KAFKA);
    });

    it('matches everything with *', async () => {
      const all = await search({ input: '*' });
      expect(all.numEntities).toBe(all.entities.length);
      expect(all.entities).toEqual([...all.entities].sort());
      expect(all.numEntities).toBeGreaterThan(8);
    });

    it('puts deprecated entities after others that match as well, ties in urn order', async () => {
      // The three test-browse datasets match `browse` in the same fields.
      const query = { input: 'browse', filter: filterOf({ field: 'id', value: 'test-browse', condition: 'START_WITH' }) };
      const before = await search(query);
      expect(before.entities).toHaveLength(3);
      expect(before.entities).toEqual([...before.entities].sort());
      const first = before.entities[0];
      await ingest(mcp(first, 'deprecation', { deprecated: true, note: 'gone', actor: JDOE }));
      expect((await search(query)).entities).toEqual([...before.entities.slice(1), first]);
      await ingest(mcp(first, 'deprecation', { deprecated: false, note: '', actor: JDOE }));
      expect((await search(query)).entities).toEqual(before.entities);
    });

    it('ranks a match in a heavier field first', async () => {
      // SampleHdfsDataset's name matches `hdfs` (weight A); the datasets whose lineage or
      // platform merely mention it rank below.
      const v = await search({ input: 'hdfs' });
      expect(v.entities[0]).toBe(HDFS);
    });
  });

  describe('exact match and filters', () => {
    it('<field>:<value> matches that field exactly', async () => {
      expect((await search({ input: 'tags:urn:li:tag:Legacy' })).entities).toEqual([HIVE]);
      expect((await search({ input: 'origin:PROD' })).numEntities).toBe((await search({ input: '*' })).numEntities);
    });

    it('EQUAL with value or values, IN, and negation', async () => {
      const hive = await search({
        input: '*',
        filter: filterOf({ field: 'platform', value: 'urn:li:dataPlatform:hive', condition: 'EQUAL' }),
      });
      expectEach(hive.entities, (u: string) => u.includes('dataPlatform:hive'));
      expect(hive.numEntities).toBe(4);
      const two = await search({
        input: '*',
        filter: filterOf({ field: 'platform', values: ['urn:li:dataPlatform:hive', 'urn:li:dataPlatform:hdfs'], condition: 'IN' }),
      });
      expect(two.numEntities).toBe(5);
      const notHive = await search({
        input: '*',
        filter: filterOf({ field: 'platform', value: 'urn:li:dataPlatform:hive', negated: true }),
      });
      expect(notHive.entities).not.toContain(HIVE);
      expect(notHive.numEntities + hive.numEntities).toBe((await search({ input: '*' })).numEntities);
    });

    it('CONTAIN, START_WITH, END_WITH', async () => {
      expect((await search({ input: '*', filter: filterOf({ field: 'id', value: 'KafkaData', condition: 'CONTAIN' }) })).entities).toEqual([
        KAFKA,
      ]);
      expect(
        (await search({ input: '*', filter: filterOf({ field: 'id', value: 'SampleH', condition: 'START_WITH' }) })).entities.sort(),
      ).toEqual([HDFS, HIVE]);
      expect((await search({ input: '*', filter: filterOf({ field: 'id', value: 'created', condition: 'END_WITH' }) })).numEntities).toBe(
        1,
      );
    });

    it('GREATER_THAN and LESS_THAN compare numbers', async () => {
      const jobs = async (condition: string, value: string) =>
        (
          await post('/entities?action=search', {
            entity: 'dataJob',
            input: '*',
            start: 0,
            count: 10,
            filter: filterOf({ field: 'numInputDatasets', value, condition }),
          })
        ).body.value.numEntities;
      expect(await jobs('GREATER_THAN', '0')).toBe(2);
      expect(await jobs('GREATER_THAN', '1')).toBe(0);
      expect(await jobs('GREATER_THAN_OR_EQUAL_TO', '1')).toBe(2);
      expect(await jobs('LESS_THAN', '1')).toBe(0);
      expect(await jobs('LESS_THAN_OR_EQUAL_TO', '1')).toBe(2);
    });

    it('EXISTS and IS_NULL', async () => {
      const tagged = await search({ input: '*', filter: filterOf({ field: 'tags', condition: 'EXISTS' }) });
      const untagged = await search({ input: '*', filter: filterOf({ field: 'tags', condition: 'IS_NULL' }) });
      expect(tagged.entities).toContain(HIVE);
      expect(untagged.entities).not.toContain(HIVE);
      expect(tagged.numEntities + untagged.numEntities).toBe((await search({ input: '*' })).numEntities);
    });

    it('ORs the groups and ANDs inside one; accepts the legacy top-level criteria', async () => {
      const or = await search({
        input: '*',
        filter: {
          or: [
            {
              and: [
                { field: 'platform', value: 'urn:li:dataPlatform:kafka' },
                { field: 'id', value: 'SampleKafkaDataset' },
              ],
            },
            { and: [{ field: 'id', value: 'SampleHdfsDataset' }] },
          ],
        },
      });
      expect(or.entities.sort()).toEqual([HDFS, KAFKA]);
      const legacy = await search({
        input: '*',
        filter: { criteria: [{ field: 'platform', value: 'urn:li:dataPlatform:hdfs', condition: 'EQUAL' }] },
      });
      expect(legacy.entities).toEqual([HDFS]);
    });

    it('counts facets over the whole result set, not the page', async () => {
      const v = await search({ input: '*', count: 1 });
      const platform = v.metadata.searchResultMetadatas.find((m: Json) => m.name === 'platform');
      expect(platform.aggregations['urn:li:dataPlatform:hive']).toBe(4);
      expect(v.entities).toHaveLength(1);
      const newer = v.metadata.aggregations.find((m: Json) => m.name === 'platform');
      expect(newer.filterValues).toContainEqual({ value: 'urn:li:dataPlatform:hive', facetCount: 4 });
    });

    it('counts a one-type search by type and sub type, as a search across types would', async () => {
      const one = await search({ input: '*', count: 1 });
      // Counted by its own pass, as across several types.
      const datasets = { or: [{ and: [{ field: '_entityType', values: ['dataset'], condition: 'EQUAL' }] }] };
      const across = (
        await post('/entities?action=searchAcrossEntities', {
          input: '*',
          entities: ['dataset', 'chart'],
          filter: datasets,
          start: 0,
          count: 1,
        })
      ).body.value;
      for (const name of ['_entityType', '_entityType␞typeNames']) {
        const of = (v: Json) => v.metadata.aggregations.find((m: Json) => m.name === name)?.aggregations;
        expect(of(one), name).toEqual(of(across));
      }
      expect(one.metadata.aggregations.find((m: Json) => m.name === '_entityType').aggregations).toEqual({ dataset: one.numEntities });
    });

    it('counts a facet by field name across the types searched, also on types where the field is no facet', async () => {
      // Chart Type is a facet of charts; an ML model's `type` ("Naive Bayes classifier") is searchable but no facet of its own.
      const r = await post('/entities?action=searchAcrossEntities', { input: '*', start: 0, count: 1 });
      expect(r.status, r.text).toBe(200);
      const type = r.body.value.metadata.aggregations.find((m: Json) => m.name === 'type');
      expect(type.aggregations['Naive Bayes classifier']).toBe(1);
    });

    it('sorts by a field', async () => {
      const v = await search({
        input: '*',
        sort: { field: 'id', order: 'DESCENDING' },
        filter: filterOf({ field: 'platform', value: 'urn:li:dataPlatform:hive' }),
      });
      const ids: string[] = v.entities.map((u: string) => u.split(',')[1]);
      expectOrdered(ids, (a, b) => (a > b ? -1 : a < b ? 1 : 0));
    });

    it('matches nothing for an empty list of values, and everything for its negation, as DataHub', async () => {
      const all = await search({ input: '*' });
      expect(all.numEntities).toBeGreaterThan(0);
      expect((await search({ input: '*', filter: filterOf({ field: 'urn', condition: 'EQUAL', values: [] }) })).numEntities).toBe(0);
      expect(
        (await search({ input: '*', filter: filterOf({ field: 'urn', condition: 'EQUAL', values: [], negated: true }) })).numEntities,
      ).toBe(all.numEntities);
      expect((await search({ input: '*', filter: filterOf({ field: '_entityType', condition: 'EQUAL', values: [] }) })).numEntities).toBe(
        0,
      );
    });

    it('rejects a bad filter, count or entity with a 400', async () => {
      expect(
        (
          await post('/entities?action=search', {
            entity: 'dataset',
            input: '*',
            start: 0,
            count: 10,
            filter: filterOf({ field: 'id', value: 'x', condition: 'LIKE' }),
          })
        ).status,
      ).toBe(400);
      expect(
        (
          await post('/entities?action=search', {
            entity: 'dataset',
            input: '*',
            start: 0,
            count: 10,
            filter: filterOf({ field: 'id', condition: 'EQUAL' }),
          })
        ).body.message,
      ).toMatch(/needs a value/);
      expect((await post('/entities?action=search', { entity: 'dataset', input: '*', start: 0, count: 10_001 })).status).toBe(400);
      expect((await post('/entities?action=search', { entity: 'starship', input: '*', start: 0, count: 10 })).status).toBe(400);
    });
  });

  describe('soft delete', () => {
    it('hides an entity from search, browse, autocomplete and relationships, and brings it back', async () => {
      const visible = async () => ({
        search: (await search({ input: 'SampleHdfsDataset' })).entities.includes(HDFS),
        browse: (await post('/entities?action=browse', { entity: 'dataset', path: '/prod', start: 0, limit: 100 })).body.value.groups.some(
          (g: Json) => g.name === 'hdfs',
        ),
        relationships: (await http(`${s.url}/relationships?direction=INCOMING&urn=${enc(JDOE)}&types=OwnedBy`)).body.entities.includes(
          HDFS,
        ),
        autocomplete:
          (await post('/entities?action=autocomplete', { entity: 'dataset', query: 'SampleHdfs', limit: 10 })).body.value.suggestions
            .length > 0,
      });
      expect(await visible()).toEqual({ search: true, browse: true, relationships: true, autocomplete: true });
      await ingest(mcp(HDFS, 'status', { removed: true }));
      expect(await visible()).toEqual({ search: false, browse: false, relationships: false, autocomplete: false });
      // Still readable by urn, and findable when the filter names `removed`.
      expect((await http(`${s.url}/entitiesV2/${enc(HDFS)}`)).body.aspects.status.value).toEqual({ removed: true });
      expect((await search({ input: '*', filter: filterOf({ field: 'removed', value: 'true' }) })).entities).toEqual([HDFS]);
      await ingest(mcp(HDFS, 'status', { removed: false }));
      expect(await visible()).toEqual({ search: true, browse: true, relationships: true, autocomplete: true });
    });
  });

  describe('browse', () => {
    const browse = async (path: string, start = 0, limit = 100, entity = 'dataset') => {
      const r = await post('/entities?action=browse', { entity, path, start, limit });
      expect(r.status, r.text).toBe(200);
      return r.body.value;
    };

    it('lists groups with entity counts below a path and entities exactly at it, groups also in metadata', async () => {
      const v = await browse('/prod');
      const groups = Object.fromEntries(v.groups.map((g: Json) => [g.name, g.count]));
      expect(groups).toMatchObject({ hive: 4, kafka1: 3, kafka2: 2, hdfs: 1, s3: 1 });
      expect(v.metadata.groups).toEqual(v.groups);
      expect(v.metadata.path).toBe('/prod');
      expect(v.entities).toEqual([{ name: 'prod', urn: 'urn:li:dataset:(urn:li:dataPlatform:kafka,test-browse-3,PROD)' }]);
      expect(v.numEntities).toBe(1);
      expect(v.numGroups).toBe(v.groups.length);
      expect(v.numElements).toBe(v.groups.length + 1);
      // Every dataset below /prod, each once, though some have two paths there.
      const below = await search({ input: '*', filter: filterOf({ field: 'browsePaths', value: '/prod/', condition: 'START_WITH' }) });
      expect(v.metadata.totalNumEntities).toBe(below.numEntities);
      expect(v.metadata.totalNumEntities).toBeLessThan(v.groups.reduce((n: number, g: Json) => n + g.count, 0));
    });

    it('orders groups by count, and pages entities after the groups', async () => {
      const v = await browse('/prod');
      const counts = v.groups.map((g: Json) => g.count);
      expectOrdered(counts, (a: number, b: number) => b - a, 'group counts');
      expect((await browse('/prod', 0, 3)).entities).toEqual([]);
      expect((await browse('/prod', v.numGroups, 1)).entities).toHaveLength(1);
    });

    it('treats the root and trailing slashes alike, and lists an entity at its full path', async () => {
      expect((await browse('')).groups).toEqual((await browse('/')).groups);
      expect((await browse('/prod/')).groups).toEqual((await browse('/prod')).groups);
      expect((await browse('/prod/kafka/SampleKafkaDataset')).entities.map((e: Json) => e.urn)).toContain(KAFKA);
    });

    it('getBrowsePaths answers the stored paths', async () => {
      expect(
        (await post('/entities?action=getBrowsePaths', { urn: 'urn:li:dataset:(urn:li:dataPlatform:kafka,test-browse-1,PROD)' })).body,
      ).toEqual({ value: ['/prod/kafka1', '/prod/kafka2'] });
    });
  });

  describe('autocomplete', () => {
    it('suggests values of autocomplete fields that start with the query, up to the limit', async () => {
      const r = await post('/entities?action=autocomplete', { entity: 'chart', query: 'baz', limit: 10 });
      expect(r.body.value).toEqual({ query: 'baz', suggestions: ['Baz Chart 1', 'Baz Chart 2'] });
      expect(
        (await post('/entities?action=autocomplete', { entity: 'chart', query: 'baz', limit: 1 })).body.value.suggestions,
      ).toHaveLength(1);
      expect(
        (await post('/entities?action=autocomplete', { entity: 'chart', query: 'chart', limit: 10 })).body.value.suggestions,
      ).toContain('Baz Chart 1');
    });

    it('applies a filter', async () => {
      const r = await post('/entities?action=autocomplete', {
        entity: 'dataset',
        query: 'Sample',
        limit: 10,
        filter: filterOf({ field: 'platform', value: 'urn:li:dataPlatform:hive' }),
      });
      expect(r.body.value.suggestions).toEqual(['SampleHiveDataset']);
    });
  });

  describe('relationships', () => {
    const rel = async (query: string) => {
      const r = await http(`${s.url}/relationships?${query}`);
      expect(r.status, r.text).toBe(200);
      return r.body;
    };

    it('follows edges outgoing and incoming', async () => {
      const owners = await rel(`direction=OUTGOING&urn=${enc(KAFKA)}&types=OwnedBy`);
      expect(owners.entities.sort()).toEqual(['urn:li:corpuser:datahub', JDOE]);
      expect(owners.relationships).toContainEqual({ type: 'OwnedBy', entity: JDOE });
      const owned = await rel(`direction=INCOMING&urn=${enc(JDOE)}&types=OwnedBy`);
      expect(owned.entities).toContain(KAFKA);
      expect(owned.total).toBe(owned.entities.length);
      const lineage = await rel(`direction=INCOMING&urn=${enc(KAFKA)}&types=List(DownstreamOf)`);
      expect(lineage.entities).toContain('urn:li:dataset:(urn:li:dataPlatform:hdfs,SampleHdfsDataset,PROD)');
    });

    it('takes several types, and pages with start and count', async () => {
      const both = await rel(`direction=OUTGOING&urn=${enc(HIVE)}&types=List(OwnedBy,TaggedWith)`);
      expect(both.relationships).toContainEqual({ type: 'TaggedWith', entity: 'urn:li:tag:Legacy' });
      const page = await rel(`direction=OUTGOING&urn=${enc(HIVE)}&types=OwnedBy&types=TaggedWith&start=1&count=1`);
      expect(page).toMatchObject({ start: 1, count: 1, total: both.total });
      expect(page.relationships[0]).toEqual(both.relationships[1]);
    });

    it('follows an edge change at once: an emptied field removes its edges', async () => {
      const urn = 'urn:li:dataset:(urn:li:dataPlatform:hive,rel_probe,PROD)';
      await ingest(mcp(urn, 'ownership', { owners: [{ owner: JDOE, type: 'DATAOWNER' }] }));
      expect((await rel(`direction=INCOMING&urn=${enc(JDOE)}&types=OwnedBy`)).entities).toContain(urn);
      await ingest(mcp(urn, 'ownership', { owners: [] }));
      expect((await rel(`direction=INCOMING&urn=${enc(JDOE)}&types=OwnedBy`)).entities).not.toContain(urn);
    });

    it('rejects a bad direction or missing types with a 400', async () => {
      expect((await http(`${s.url}/relationships?direction=SIDEWAYS&urn=${enc(JDOE)}&types=OwnedBy`)).status).toBe(400);
      expect((await http(`${s.url}/relationships?direction=INCOMING&urn=${enc(JDOE)}`)).status).toBe(400);
    });
  });

  describe('timeseries', () => {
    const urn = 'urn:li:dataset:(urn:li:dataPlatform:hive,ts_probe,PROD)';
    const values = async (body: Record<string, unknown>) => {
      const r = await post('/aspects?action=getTimeseriesAspectValues', { urn, entity: 'dataset', aspect: 'datasetProfile', ...body });
      expect(r.status, r.text).toBe(200);
      return r.body.value;
    };
    const rows = (v: Json) => v.values.map((x: Json) => JSON.parse(x.aspect.value).rowCount);

    beforeAll(async () => {
      for (const [ts, rowCount, partition] of [
        [100, 1, 'a'],
        [200, 2, 'a'],
        [300, 3, 'b'],
        [400, 4, 'a'],
      ] as const) {
        await ingest(mcp(urn, 'datasetProfile', { timestampMillis: ts, rowCount, partitionSpec: { type: 'PARTITION', partition } }));
      }
    });

    it('answers newest first, each value the aspect as JSON text', async () => {
      const v = await values({});
      expect(rows(v)).toEqual([4, 3, 2, 1]);
      expect(v.values[0].aspect.contentType).toBe('application/json');
      expect(v).toMatchObject({ entityName: 'dataset', aspectName: 'datasetProfile', limit: 10_000 });
    });

    it('bounds are inclusive; limit and latestValue cut the list', async () => {
      expect(rows(await values({ startTimeMillis: 200, endTimeMillis: 300 }))).toEqual([3, 2]);
      expect(rows(await values({ limit: 2 }))).toEqual([4, 3]);
      expect(rows(await values({ latestValue: true }))).toEqual([4]);
    });

    it('filters on fields of the points', async () => {
      expect(rows(await values({ filter: filterOf({ field: 'partitionSpec.partition', value: 'a' }) }))).toEqual([4, 2, 1]);
    });

    it('rejects an aspect that is not a timeseries', async () => {
      expect((await post('/aspects?action=getTimeseriesAspectValues', { urn, entity: 'dataset', aspect: 'ownership' })).status).toBe(400);
    });

    it('serves the bootstrap usage statistics', async () => {
      const r = await post('/aspects?action=getTimeseriesAspectValues', { urn: HIVE, entity: 'dataset', aspect: 'datasetUsageStatistics' });
      expect(JSON.parse(r.body.value.values[0].aspect.value).uniqueUserCount).toBe(1);
    });
  });

  describe('counts and existence', () => {
    it('getCount, exists and listUrns', async () => {
      const listed = (await post('/entities?action=listUrns', { entity: 'dataset', start: 0, count: 1000 })).body.value;
      expect(listed.entities).toEqual([...listed.entities].sort());
      expect(listed.total).toBe(listed.entities.length);
      expect((await post('/aspects?action=getCount', { aspect: 'datasetKey' })).body.value).toBe(listed.total);
      expect(
        (await post('/aspects?action=getCount', { aspect: 'datasetKey', urnLike: 'urn:li:dataset:(urn:li:dataPlatform:hive,%' })).body
          .value,
      ).toBeGreaterThanOrEqual(4);
      expect((await post('/entities?action=exists', { urn: HIVE })).body.value).toBe(true);
      expect((await post('/entities?action=exists', { urn: 'urn:li:dataset:(urn:li:dataPlatform:hive,nope,PROD)' })).body.value).toBe(
        false,
      );
      const page = (await post('/entities?action=listUrns', { entity: 'dataset', start: 2, count: 2 })).body.value;
      expect(page.entities).toEqual(listed.entities.slice(2, 4));
    });
  });

  describe('restoreIndices', () => {
    it('rebuilds identical derived rows from the aspects', async () => {
      const before = await s.services.store.dumpDerived();
      expect(before.rows.length).toBeGreaterThan(50);
      expect(before.edges.length).toBeGreaterThan(50);
      await s.services.store.clearDerived();
      expect((await search({ input: '*' })).numEntities).toBe(0);
      const r = await post('/operations?action=restoreIndices', { batchSize: 7 });
      expect(r.status).toBe(200);
      expect(r.body.value).toMatch(/rowsMigrated=\d+/);
      expect(await s.services.store.dumpDerived()).toEqual(before);
    });

    it('restores one urn, or up to batchSize urns matching urnLike', async () => {
      await s.services.store.clearDerived();
      await post('/aspects?action=restoreIndices', { urn: HIVE });
      expect((await search({ input: '*' })).entities).toEqual([HIVE]);
      const r = await post('/aspects?action=restoreIndices', { urnLike: 'urn:li:dataset:%', batchSize: 3 });
      expect(r.body.value).toMatch(/rowsMigrated=3/);
      await post('/aspects?action=restoreIndices', {});
      expect((await search({ input: '*' })).numEntities).toBeGreaterThan(8);
    });

    it('restores `limit` urns from row `start`, batch after batch', async () => {
      const all = await s.services.store.listUrns({ start: 0, limit: 1000 });
      await s.services.store.clearDerived();
      const r = await post('/operations?action=restoreIndices', { start: 2, limit: 5, batchSize: 2 });
      expect(r.body.value).toMatch(/rowsMigrated=5, batches=3/);
      expect((await s.services.store.dumpDerived()).rows.map((row) => row.urn)).toEqual(all.slice(2, 7));
      await post('/operations?action=restoreIndices', {});
    });
  });

  it('a search right after a write sees it', async () => {
    const urn = 'urn:li:dataset:(urn:li:dataPlatform:hive,just_written_zebra,PROD)';
    await ingest(mcp(urn, 'datasetProperties', { description: 'a quagga of a table' }));
    expect((await search({ input: 'quagga' })).entities).toEqual([urn]);
  });

  it('an update to one aspect changes only what that aspect put in the search row', async () => {
    const urn = 'urn:li:dataset:(urn:li:dataPlatform:hive,partly_rewritten_okapi,PROD)';
    const tagged = (tag: string) =>
      search({ input: '*', filter: filterOf({ field: 'tags', value: `urn:li:tag:${tag}`, condition: 'EQUAL' }) });
    await ingest(mcp(urn, 'datasetProperties', { description: 'a narwhal of a table' }));
    await ingest(mcp(urn, 'globalTags', { tags: [{ tag: 'urn:li:tag:OkapiOld' }] }));
    await ingest(mcp(urn, 'datasetProperties', { description: 'a wombat of a table' }));
    expect((await search({ input: 'narwhal' })).entities).toEqual([]);
    expect((await search({ input: 'wombat' })).entities).toEqual([urn]);
    expect((await tagged('OkapiOld')).entities).toEqual([urn]);
    await ingest(mcp(urn, 'globalTags', { tags: [{ tag: 'urn:li:tag:OkapiNew' }] }));
    expect((await tagged('OkapiOld')).entities).toEqual([]);
    expect((await tagged('OkapiNew')).entities).toEqual([urn]);
    expect((await search({ input: 'wombat' })).entities).toEqual([urn]);
  });

  it('filters on free-text fields (column names and descriptions) that are not in the by-value index', async () => {
    const urn = 'urn:li:dataset:(urn:li:dataPlatform:hive,columns_of_a_tapir,PROD)';
    const field = (fieldPath: string, description: string) => ({
      fieldPath,
      description,
      nativeDataType: 'string',
      type: { type: { 'com.linkedin.schema.StringType': {} } },
    });
    const schema = {
      schemaName: 'tapir',
      platform: 'urn:li:dataPlatform:hive',
      version: 0,
      hash: '',
      platformSchema: { 'com.linkedin.schema.MySqlDDL': { tableSchema: '' } },
      fields: [field('tapir_snout_length', 'Length of the snout')],
    };
    expect((await ingest(mcp(urn, 'schemaMetadata', schema))).status).toBe(200);
    const filtered = (f: Json) => search({ input: '*', filter: filterOf(f) });
    expect((await filtered({ field: 'fieldPaths', value: 'tapir_snout_length', condition: 'EQUAL' })).entities).toEqual([urn]);
    expect((await filtered({ field: 'fieldDescriptions', value: 'of the snout', condition: 'CONTAIN' })).entities).toEqual([urn]);
    expect((await search({ input: 'snout' })).entities).toEqual([urn]);
  });
});
