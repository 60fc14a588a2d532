/** Hard delete: everything of an entity goes (versions, timeseries, search, edges), and the urn can start over. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enc, http, mcp, searchUrns, startTestServer, type TestServer } from './helpers.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s.close());

const post = (path: string, body: unknown) => http(`${s.url}${path}`, { body });
const ingest = (proposals: unknown[]) => post('/aspects?action=ingestProposalBatch', { proposals });
const USER = 'urn:li:corpuser:deleter-owner';

/** A dataset with every kind of data: two versions, tags and owner edges, timeseries points. */
async function fullDataset(name: string): Promise<string> {
  const urn = `urn:li:dataset:(urn:li:dataPlatform:hive,${name},PROD)`;
  const profile = (t: number) => mcp(urn, 'datasetProfile', { timestampMillis: t, rowCount: t, columnCount: 3 });
  const reply = await ingest([
    mcp(USER, 'corpUserInfo', { active: true, displayName: 'Owner' }),
    mcp(urn, 'datasetProperties', { description: `${name} first` }),
    mcp(urn, 'ownership', { owners: [{ owner: USER, type: 'DATAOWNER' }] }),
    mcp(urn, 'globalTags', { tags: [{ tag: 'urn:li:tag:gone' }] }),
    profile(1000),
    profile(2000),
    profile(3000),
  ]);
  expect(reply.status).toBe(200);
  expect((await ingest([mcp(urn, 'datasetProperties', { description: `${name} zyzzyva` })])).status).toBe(200);
  return urn;
}

const searchFor = async (word: string) =>
  searchUrns((await post('/entities?action=search', { entity: 'dataset', input: word, start: 0, count: 10 })).body.value);
const ownedBy = async () => (await http(`${s.url}/relationships?urn=${enc(USER)}&types=List(OwnedBy)&direction=INCOMING`)).body.entities;
const profiles = async (urn: string) =>
  (await post('/aspects?action=getTimeseriesAspectValues', { urn, entity: 'dataset', aspect: 'datasetProfile' })).body.value.values.map(
    (v: any) => JSON.parse(v.aspect.value).timestampMillis,
  );

describe('POST /entities?action=delete', () => {
  it('removes every version of every aspect, the timeseries points, the search row and the edges; the urn can then start over', async () => {
    const urn = await fullDataset('deleted.orders');
    expect(await searchFor('zyzzyva')).toEqual([urn]);
    expect(await ownedBy()).toContain(urn);
    expect(await profiles(urn)).toEqual([3000, 2000, 1000]);

    const reply = await post('/entities?action=delete', { urn });
    expect(reply.status).toBe(200);
    // key, browsePaths and browsePathsV2, datasetProperties v0 and v1, ownership, globalTags
    expect(reply.body).toEqual({ value: { urn, rows: 7, timeseriesRows: 3 } });

    // entitiesV2 answers the key of any urn, as GMS does; nothing else is left.
    expect(Object.keys((await http(`${s.url}/entitiesV2/${enc(urn)}`)).body.aspects)).toEqual(['datasetKey']);
    expect((await http(`${s.url}/aspects/${enc(urn)}?aspect=datasetProperties&version=1`)).status).toBe(404);
    expect(await searchFor('zyzzyva')).toEqual([]);
    expect(await ownedBy()).not.toContain(urn);
    expect(await profiles(urn)).toEqual([]);
    const exists = await post('/entities?action=exists', { urn });
    expect(exists.body.value).toBe(false);

    // Ingested again, it is a new entity: version 0 only, with a fresh key and browse paths.
    expect((await ingest([mcp(urn, 'datasetProperties', { description: 'again' })])).status).toBe(200);
    const again = await http(`${s.url}/entitiesV2/${enc(urn)}`);
    expect(Object.keys(again.body.aspects).sort()).toEqual(['browsePaths', 'browsePathsV2', 'datasetKey', 'datasetProperties']);
    expect((await http(`${s.url}/aspects/${enc(urn)}?aspect=datasetProperties&version=1`)).status).toBe(404);
  });

  it('writes a DELETE event per removed aspect to the change log', async () => {
    const urn = await fullDataset('deleted.logged');
    const before = (await http(`${s.url}/events?after=0&limit=10000`)).body.lastOffset;
    await post('/entities?action=delete', { urn });
    const events = (await http(`${s.url}/events?after=${before}&limit=100`)).body.events;
    expect(events.map((e: any) => [e.changeType, e.aspectName]).sort()).toEqual(
      [
        ['DELETE', 'browsePaths'],
        ['DELETE', 'browsePathsV2'],
        ['DELETE', 'datasetKey'],
        ['DELETE', 'datasetProperties'],
        ['DELETE', 'globalTags'],
        ['DELETE', 'ownership'],
      ].sort(),
    );
    expect(events.find((e: any) => e.aspectName === 'datasetProperties').previousAspectValue.value).toContain('zyzzyva');
  });

  it('answers rows 0 for an unknown urn', async () => {
    const urn = 'urn:li:dataset:(urn:li:dataPlatform:hive,never.was,PROD)';
    expect((await post('/entities?action=delete', { urn })).body).toEqual({ value: { urn, rows: 0, timeseriesRows: 0 } });
  });

  it('removes one aspect, or the points of a timeseries aspect within a window', async () => {
    const urn = await fullDataset('deleted.partly');
    const tags = await post('/entities?action=delete', { urn, aspectName: 'globalTags' });
    expect(tags.body.value).toEqual({ urn, rows: 1, timeseriesRows: 0 });
    expect((await http(`${s.url}/entitiesV2/${enc(urn)}`)).body.aspects.globalTags).toBeUndefined();
    const taggedGone = await post('/entities?action=search', {
      entity: 'dataset',
      input: '*',
      filter: { or: [{ and: [{ field: 'tags', value: 'urn:li:tag:gone', condition: 'EQUAL' }] }] },
      start: 0,
      count: 10,
    });
    expect(searchUrns(taggedGone.body.value)).not.toContain(urn);

    const window = await post('/entities?action=delete', { urn, aspectName: 'datasetProfile', startTimeMillis: 1500, endTimeMillis: 2500 });
    expect(window.body.value).toEqual({ urn, timeseriesRows: 1 });
    expect(await profiles(urn)).toEqual([3000, 1000]);
    expect((await http(`${s.url}/entitiesV2/${enc(urn)}`)).body.aspects.datasetProperties.value.description).toBe('deleted.partly zyzzyva');
  });

  it('refuses a window on a versioned aspect, an inverted window, an unknown aspect and a malformed urn', async () => {
    const urn = 'urn:li:dataset:(urn:li:dataPlatform:hive,deleted.bad,PROD)';
    for (const body of [
      { urn, aspectName: 'datasetProperties', startTimeMillis: 1 },
      { urn, startTimeMillis: 1 },
      { urn, aspectName: 'datasetProfile', startTimeMillis: 5, endTimeMillis: 1 },
      { urn, aspectName: 'noSuchAspect' },
      { urn: 'not-an-urn' },
    ]) {
      const reply = await post('/entities?action=delete', body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('POST /entities?action=deleteReferences', () => {
  it('lists (dry run) then removes the urn from the aspects of the entities that refer to it, through the write path', async () => {
    const tag = 'urn:li:tag:doomed';
    const a = 'urn:li:dataset:(urn:li:dataPlatform:hive,refs.a,PROD)';
    const b = 'urn:li:dataset:(urn:li:dataPlatform:hive,refs.b,PROD)';
    expect(
      (
        await ingest([
          mcp(tag, 'tagProperties', { name: 'doomed' }),
          mcp(a, 'globalTags', { tags: [{ tag }, { tag: 'urn:li:tag:kept' }] }),
          mcp(a, 'ownership', { owners: [{ owner: USER, type: 'DATAOWNER' }], lastModified: { time: 1, actor: USER } }),
          mcp(b, 'editableSchemaMetadata', { editableSchemaFieldInfo: [{ fieldPath: 'id', globalTags: { tags: [{ tag }] } }] }),
          mcp(b, 'upstreamLineage', { upstreams: [{ dataset: a, type: 'TRANSFORMED', auditStamp: { time: 0, actor: USER } }] }),
        ])
      ).status,
    ).toBe(200);

    const dry = await post('/entities?action=deleteReferences', { urn: tag, dryRun: true });
    expect(dry.body.value.total).toBe(2);
    expect(dry.body.value.relatedAspects.map((r: any) => [r.entity, r.aspect]).sort()).toEqual([
      [a, 'globalTags'],
      [b, 'editableSchemaMetadata'],
    ]);
    expect((await http(`${s.url}/entitiesV2/${enc(a)}`)).body.aspects.globalTags.value.tags).toHaveLength(2);

    const done = await post('/entities?action=deleteReferences', { urn: tag });
    expect(done.body.value.total).toBe(2);
    const aspectsA = (await http(`${s.url}/entitiesV2/${enc(a)}`)).body.aspects;
    expect(aspectsA.globalTags.value).toEqual({ tags: [{ tag: 'urn:li:tag:kept' }] });
    expect(
      (await http(`${s.url}/entitiesV2/${enc(b)}`)).body.aspects.editableSchemaMetadata.value.editableSchemaFieldInfo[0].globalTags.tags,
    ).toEqual([]);
    expect((await http(`${s.url}/relationships?urn=${enc(tag)}&types=List(TaggedWith)&direction=INCOMING`)).body.total).toBe(0);
    // The previous values are history, as after any write.
    expect((await http(`${s.url}/aspects/${enc(a)}?aspect=globalTags&version=1`)).status).toBe(200);

    // Removing an owner keeps the rest of the ownership aspect, audit stamps included.
    await post('/entities?action=deleteReferences', { urn: USER });
    expect((await http(`${s.url}/entitiesV2/${enc(a)}`)).body.aspects.ownership.value).toEqual({
      owners: [],
      lastModified: { time: 1, actor: USER },
    });
    // Lineage to a deleted dataset goes with it.
    await post('/entities?action=deleteReferences', { urn: a });
    expect((await http(`${s.url}/entitiesV2/${enc(b)}`)).body.aspects.upstreamLineage.value.upstreams).toEqual([]);
  });
});
