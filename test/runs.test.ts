/** Ingestion runs: listed, described, rolled back (previous values restored, search and edges following). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enc, http, mcp, searchUrns, startTestServer, type TestServer } from './helpers.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s.close());

type Json = Record<string, any>;
const post = (path: string, body: unknown) => http(`${s.url}${path}`, { body });
const OWNER = 'urn:li:corpuser:run-owner';
const ds = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:hive,runs.${name},PROD)`;
const inRun = (runId: string, proposals: Json[]) => proposals.map((p) => ({ ...p, systemMetadata: { runId, lastObserved: 1 } }));
const ingest = async (runId: string, proposals: Json[]) => {
  const reply = await post('/aspects?action=ingestProposalBatch', { proposals: inRun(runId, proposals) });
  expect(reply.status).toBe(200);
};

/** What a user of the catalog sees of some entities: aspect values, search hits and edges. */
async function visible(urns: string[], words: string[]): Promise<Json> {
  const entities: Json = {};
  for (const urn of urns) {
    const aspects = (await http(`${s.url}/entitiesV2/${enc(urn)}`)).body.aspects as Json;
    entities[urn] = Object.fromEntries(Object.entries(aspects).map(([name, a]) => [name, a.value]));
  }
  const search: Json = {};
  for (const w of words)
    search[w] = searchUrns((await post('/entities?action=search', { entity: 'dataset', input: w, start: 0, count: 50 })).body.value);
  const owned = (await http(`${s.url}/relationships?urn=${enc(OWNER)}&types=List(OwnedBy)&direction=INCOMING&count=100`)).body.entities;
  return { entities, search, owned: [...owned].sort() };
}

const firstRun = (prefix: string) => [
  mcp(ds(`${prefix}.a`), 'datasetProperties', { description: `${prefix} quokka first` }),
  mcp(ds(`${prefix}.a`), 'ownership', { owners: [{ owner: OWNER, type: 'DATAOWNER' }] }),
  mcp(ds(`${prefix}.b`), 'datasetProperties', { description: `${prefix} wombat` }),
  mcp(ds(`${prefix}.b`), 'datasetProfile', { timestampMillis: 5000, rowCount: 10 }),
];

describe('runs', () => {
  it('are listed newest first and described row by row', async () => {
    await ingest('list-1', [mcp(ds('l.x'), 'datasetProperties', { description: 'x' })]);
    await ingest('list-2', [mcp(ds('l.x'), 'datasetProperties', { description: 'y' }), mcp(ds('l.y'), 'status', { removed: false })]);
    const runs = (await post('/runs?action=list', {})).body.value as Json[];
    const mine = runs.filter((r) => r.runId.startsWith('list-'));
    expect(mine.map((r) => r.runId)).toEqual(['list-2', 'list-1']);
    // list-1: key, both browse paths, properties (now history v1); list-2: properties v0, and l.y's key, both browse paths, status.
    expect(mine.map((r) => r.rows)).toEqual([5, 4]);
    const rows = (await post('/runs?action=describe', { runId: 'list-1', start: 0, count: 10, includeAspect: true })).body.value as Json[];
    expect(rows.map((r) => [r.aspectName, r.version, r.keyAspect])).toEqual([
      ['browsePaths', 0, false],
      ['browsePathsV2', 0, false],
      ['datasetKey', 0, true],
      ['datasetProperties', 1, false],
    ]);
    expect(JSON.parse(rows[3]!.metadata)).toEqual({ description: 'x' });
    expect(rows[3]?.aspect).toEqual({ description: 'x' });
  });

  it('roll back a run that updated existing entities: previous values come back, search and edges follow', async () => {
    await ingest('base', firstRun('upd'));
    const before = await visible([ds('upd.a'), ds('upd.b')], ['quokka', 'numbat']);
    await ingest('update', [
      mcp(ds('upd.a'), 'datasetProperties', { description: 'upd numbat second' }),
      mcp(ds('upd.b'), 'ownership', { owners: [{ owner: OWNER, type: 'DATAOWNER' }] }),
      mcp(ds('upd.b'), 'datasetProfile', { timestampMillis: 6000, rowCount: 11 }),
    ]);
    const changed = await visible([ds('upd.a'), ds('upd.b')], ['quokka', 'numbat']);
    expect(changed.search.numbat).toEqual([ds('upd.a')]);
    expect(changed.owned).toContain(ds('upd.b'));

    const dry = await post('/runs?action=rollback', { runId: 'update', dryRun: true, safe: false });
    expect(dry.body.value).toMatchObject({
      entitiesAffected: 2,
      aspectsAffected: 2,
      entitiesDeleted: 0,
      aspectsReverted: 2,
      unsafeEntitiesCount: 0,
    });
    expect(await visible([ds('upd.a'), ds('upd.b')], ['quokka', 'numbat'])).toEqual(changed);

    const done = await post('/runs?action=rollback', { runId: 'update', dryRun: false, safe: false });
    expect(done.status).toBe(200);
    expect(done.body.value.aspectRowSummaries.map((r: Json) => r.aspectName).sort()).toEqual(['datasetProperties', 'ownership']);
    expect(await visible([ds('upd.a'), ds('upd.b')], ['quokka', 'numbat'])).toEqual(before);
    // The run's timeseries point went; the base run's stayed.
    const points = await post('/aspects?action=getTimeseriesAspectValues', {
      urn: ds('upd.b'),
      entity: 'dataset',
      aspect: 'datasetProfile',
    });
    expect(points.body.value.values.map((v: Json) => JSON.parse(v.aspect.value).timestampMillis)).toEqual([5000]);
    expect((await post('/runs?action=describe', { runId: 'update' })).body.value).toEqual([]);
  });

  it('roll back a run that created entities (hard delete); ingesting it again gives the same catalog', async () => {
    await ingest('create', firstRun('new'));
    const first = await visible([ds('new.a'), ds('new.b')], ['quokka', 'wombat']);
    expect(first.search.wombat).toContain(ds('new.b'));

    const done = await post('/runs?action=rollback', { runId: 'create', safe: false });
    expect(done.body.value).toMatchObject({ entitiesAffected: 2, entitiesDeleted: 2, unsafeEntitiesCount: 0 });
    const gone = await visible([ds('new.a'), ds('new.b')], ['quokka', 'wombat']);
    expect(gone.search.wombat).not.toContain(ds('new.b'));
    expect(gone.owned).not.toContain(ds('new.a'));
    expect((await post('/entities?action=exists', { urn: ds('new.a') })).body.value).toBe(false);

    await ingest('create', firstRun('new'));
    expect(await visible([ds('new.a'), ds('new.b')], ['quokka', 'wombat'])).toEqual(first);
  });

  it('roll back safely: entities the run created are soft-deleted, and entities others wrote to are named unsafe', async () => {
    await ingest('safe-1', firstRun('safe'));
    await ingest('safe-2', [mcp(ds('safe.a'), 'globalTags', { tags: [{ tag: 'urn:li:tag:kept' }] })]);
    expect(
      searchUrns((await post('/entities?action=search', { entity: 'dataset', input: 'wombat', start: 0, count: 50 })).body.value),
    ).toContain(ds('safe.b'));
    const dry = await post('/runs?action=rollback', { runId: 'safe-1', dryRun: true, safe: true });
    expect(dry.body.value.unsafeEntities).toEqual([{ urn: ds('safe.a') }]);

    await post('/runs?action=rollback', { runId: 'safe-1', safe: true });
    const after = await http(`${s.url}/entitiesV2/${enc(ds('safe.a'))}`);
    expect(after.body.aspects.status.value).toEqual({ removed: true });
    expect(after.body.aspects.globalTags.value).toEqual({ tags: [{ tag: 'urn:li:tag:kept' }] });
    expect(after.body.aspects.datasetProperties).toBeUndefined();
    expect(
      searchUrns((await post('/entities?action=search', { entity: 'dataset', input: 'wombat', start: 0, count: 50 })).body.value),
    ).not.toContain(ds('safe.b'));
  });

  it('take the deprecated hardDelete flag as the opposite of safe, and default to safe', async () => {
    await ingest('flag-hard', [mcp(ds('flag.hard'), 'datasetProperties', { description: 'h' })]);
    await ingest('flag-default', [mcp(ds('flag.default'), 'datasetProperties', { description: 'd' })]);
    await post('/runs?action=rollback', { runId: 'flag-hard', hardDelete: true });
    await post('/runs?action=rollback', { runId: 'flag-default' });
    expect((await post('/entities?action=exists', { urn: ds('flag.hard') })).body.value).toBe(false);
    expect((await http(`${s.url}/entitiesV2/${enc(ds('flag.default'))}`)).body.aspects.status.value).toEqual({ removed: true });
  });

  it('refuses a rollback without a runId', async () => {
    expect((await post('/runs?action=rollback', {})).status).toBe(400);
    expect((await post('/runs?action=rollback', { runId: ' ' })).status).toBe(400);
  });
});
