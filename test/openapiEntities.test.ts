/**
 * DataHub's v3 entity API beyond what the SDK sends, over real HTTP: scrolling, each entity and
 * each aspect read, checked, written, patched and deleted, with DataHub's statuses, for every entity
 * type of the registry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveUrn } from '../src/registry/resolve.js';
import type { EntitySpec } from '../src/registry/types.js';
import { changeLogLength, enc, http, mcp, startTestServer, type TestServer } from './helpers.js';

type Json = Record<string, any>;

const ADMIN = 'openapi-entities-admin';
const admin = { authorization: `Bearer ${ADMIN}` };
let s: TestServer;
let clock = Date.UTC(2025, 8, 2);

beforeAll(async () => {
  s = await startTestServer({ auth: true, adminToken: ADMIN, now: () => clock });
});
afterAll(async () => s.close());

const call = (method: string, path: string, body?: unknown) =>
  http(`${s.url}${path}`, {
    method,
    ...(body !== undefined ? { rawBody: JSON.stringify(body) } : {}),
    headers: { ...admin, 'content-type': 'application/json' },
  });
const ingest = (proposals: unknown[]) => http(`${s.url}/aspects?action=ingestProposalBatch`, { body: { proposals }, headers: admin });
const entitiesV2 = async (urn: string) => (await http(`${s.url}/entitiesV2/${enc(urn)}`, { headers: admin })).body;
const changes = () => changeLogLength(s.services.store);

const TAGS = ['alpha', 'bravo', 'charlie', 'delta', 'echo'].map((n) => `urn:li:tag:${n}`);

describe('GET /openapi/v3/entity/{entityName}: scrolling', () => {
  beforeAll(async () => {
    await ingest(
      TAGS.map((urn, i) => mcp(urn, 'tagProperties', { name: `${urn.slice(11)} tag`, description: i === 2 ? 'the special one' : '' })),
    );
    await ingest([mcp(TAGS[4]!, 'status', { removed: true })]);
  });

  it('pages through every live entity in urn order, with the scroll id of each page and the total', async () => {
    const seen: string[] = [];
    let scrollId: string | undefined;
    for (let page = 0; page < 5; page++) {
      const reply = await call('GET', `/openapi/v3/entity/tag?count=2${scrollId ? `&scrollId=${enc(scrollId)}` : ''}`);
      expect(reply.status).toBe(200);
      expect(reply.body.totalCount).toBe(4);
      seen.push(...reply.body.entities.map((e: Json) => e.urn));
      scrollId = reply.body.scrollId;
      if (!scrollId) break;
    }
    expect(seen).toEqual(TAGS.slice(0, 4));
  });

  it('answers every aspect of each entity by default, and only those named with aspects', async () => {
    const all = await call('GET', '/openapi/v3/entity/tag?count=1');
    expect(Object.keys(all.body.entities[0]).sort()).toEqual(['tagKey', 'tagProperties', 'urn']);
    expect(all.body.entities[0].tagProperties).toEqual({ value: { name: 'alpha tag', description: '' } });
    const keys = await call('GET', '/openapi/v3/entity/tag?count=1&aspects=tagKey&systemMetadata=true');
    expect(Object.keys(keys.body.entities[0]).sort()).toEqual(['tagKey', 'urn']);
    expect(keys.body.entities[0].tagKey.systemMetadata.runId).toBe('no-run-id-provided');
  });

  it('takes the parameters of the SDK OpenAPIGraphClient, soft-deleted entities with includeSoftDelete, and a query', async () => {
    // scroll_urns_by_filter: `aspects` repeated, the flags spelled out, no scrollId on the first page.
    const sdk = await call(
      'GET',
      '/openapi/v3/entity/tag?systemMetadata=false&includeSoftDelete=false&skipCache=false&aspects=tagKey&count=1000&query=*',
    );
    expect(sdk.body.entities.map((e: Json) => e.urn)).toEqual(TAGS.slice(0, 4));
    expect(sdk.body.scrollId).toBeUndefined();
    const withDeleted = await call('GET', '/openapi/v3/entity/tag?includeSoftDelete=true&count=10');
    expect(withDeleted.body.entities.map((e: Json) => e.urn)).toEqual(TAGS);
    const special = await call('GET', '/openapi/v3/entity/tag?query=special');
    expect(special.body.entities.map((e: Json) => e.urn)).toEqual([TAGS[2]]);
  });

  it('sorts by the criteria given, descending too', async () => {
    const reply = await call('GET', '/openapi/v3/entity/tag?sortCriteria=urn&sortOrder=DESCENDING&count=10');
    expect(reply.body.entities.map((e: Json) => e.urn)).toEqual(TAGS.slice(0, 4).reverse());
    const bySort = await call('GET', '/openapi/v3/entity/tag?sort=urn&sortOrder=DESCENDING&count=2');
    expect(bySort.body.entities.map((e: Json) => e.urn)).toEqual([TAGS[3], TAGS[2]]);
  });

  it('refuses what it cannot honour with a 400', async () => {
    for (const [query, message] of [
      ['sortOrder=UP', /sortOrder must be ASCENDING or DESCENDING/],
      ['count=-1', /count must be an integer/],
      ['scrollId=nope', /scrollId 'nope' is not one this service gave out/],
      ['sliceId=0&sliceMax=2', /sliced scrolls/],
    ] as const) {
      const reply = await call('GET', `/openapi/v3/entity/tag?${query}`);
      expect(reply.status, query).toBe(400);
      expect(reply.body.message, query).toMatch(message);
    }
  });
});

describe('one entity: GET, HEAD, DELETE /openapi/v3/entity/{entityName}/{urn}', () => {
  const urn = 'urn:li:dataset:(urn:li:dataPlatform:s3,bucket/dir/file.csv,PROD)';

  beforeAll(async () => {
    await ingest([
      mcp(urn, 'datasetProperties', { name: 'file', customProperties: {}, tags: [] }),
      mcp(urn, 'globalTags', { tags: [{ tag: TAGS[0] }] }),
      mcp(urn, 'status', { removed: false }),
    ]);
  });

  it('reads an entity by its urn, encoded or as the Python client sends it (slashes and all)', async () => {
    for (const path of [`/openapi/v3/entity/dataset/${enc(urn)}`, `/openapi/v3/entity/dataset/${urn}`]) {
      const reply = await call('GET', `${path}?aspects=globalTags,status`);
      expect(reply.status, path).toBe(200);
      expect(reply.body).toEqual({ urn, globalTags: { value: { tags: [{ tag: TAGS[0] }] } }, status: { value: { removed: false } } });
    }
  });

  it('answers 404 with Not-Found-Reason for an entity never written', async () => {
    const reply = await call('GET', `/openapi/v3/entity/dataset/${enc('urn:li:dataset:(urn:li:dataPlatform:s3,none,PROD)')}`);
    expect(reply.status).toBe(404);
    expect(reply.headers.get('not-found-reason')).toBe('ENTITY');
    expect(reply.body.message).toMatch(/not found/);
  });

  it('HEAD: 204 for a live entity, 404 for a missing or soft-deleted one unless includeSoftDelete=true', async () => {
    expect((await call('HEAD', `/openapi/v3/entity/dataset/${enc(urn)}`)).status).toBe(204);
    expect((await call('HEAD', `/openapi/v3/entity/dataset/${enc('urn:li:dataset:(urn:li:dataPlatform:s3,none,PROD)')}`)).status).toBe(404);
    await ingest([mcp(urn, 'status', { removed: true })]);
    expect((await call('HEAD', `/openapi/v3/entity/dataset/${enc(urn)}`)).status).toBe(404);
    expect((await call('HEAD', `/openapi/v3/entity/dataset/${enc(urn)}?includeSoftDelete=true`)).status).toBe(204);
    expect((await call('HEAD', `/openapi/v3/entity/dataset/${enc(urn)}/globalTags?includeSoftDelete=true`)).status).toBe(204);
    await ingest([mcp(urn, 'status', { removed: false })]);
  });

  it('DELETE with aspects removes those aspects; with clear=true every aspect but the key; plain, the entity', async () => {
    const other = 'urn:li:dataset:(urn:li:dataPlatform:s3,to/clear,PROD)';
    await ingest([
      mcp(other, 'globalTags', { tags: [] }),
      mcp(other, 'status', { removed: false }),
      mcp(other, 'datasetProperties', { name: 'x' }),
    ]);
    expect((await call('DELETE', `/openapi/v3/entity/dataset/${enc(other)}?aspects=globalTags`)).status).toBe(200);
    expect(Object.keys((await entitiesV2(other)).aspects).sort()).toEqual([
      'browsePaths',
      'browsePathsV2',
      'datasetKey',
      'datasetProperties',
      'status',
    ]);
    expect((await call('DELETE', `/openapi/v3/entity/dataset/${enc(other)}?clear=true`)).status).toBe(200);
    expect(Object.keys((await entitiesV2(other)).aspects)).toEqual(['datasetKey']);
    expect((await call('HEAD', `/openapi/v3/entity/dataset/${enc(other)}`)).status).toBe(204);
    expect((await call('DELETE', `/openapi/v3/entity/dataset/${enc(other)}`)).status).toBe(200);
    expect((await call('HEAD', `/openapi/v3/entity/dataset/${enc(other)}`)).status).toBe(404);
  });

  it('refuses an urn of another type than the path names, and one it cannot parse, with a 400', async () => {
    const wrongType = await call('GET', `/openapi/v3/entity/chart/${enc(urn)}`);
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toMatch(/is of entity type dataset, not chart/);
    const malformed = await call('GET', `/openapi/v3/entity/dataset/${enc('urn:li:dataset:(oops')}`);
    expect(malformed.status).toBe(400);
  });
});

describe('one aspect: GET, HEAD, POST, PATCH, DELETE /openapi/v3/entity/{entityName}/{urn}/{aspectName}', () => {
  const urn = 'urn:li:chart:(looker,sales.1)';
  const path = (aspect: string, query = '') => `/openapi/v3/entity/chart/${enc(urn)}/${aspect}${query}`;
  const info = (title: string) => ({
    title,
    description: '',
    lastModified: { created: { time: 0, actor: 'urn:li:corpuser:datahub' }, lastModified: { time: 0, actor: 'urn:li:corpuser:datahub' } },
  });

  it('POST creates an aspect (createIfNotExists defaults to true) and answers it', async () => {
    clock += 1000;
    const reply = await call('POST', path('chartInfo', '?systemMetadata=true'), { value: info('Sales'), systemMetadata: { runId: 'r1' } });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('traceparent')).toMatch(/^00-[0-9a-f]{32}-/);
    expect(reply.body.urn).toBe(urn);
    expect(reply.body.chartInfo.value).toEqual(info('Sales'));
    expect(reply.body.chartInfo.systemMetadata).toMatchObject({ runId: 'r1', lastObserved: clock });
    expect(reply.body.chartInfo.auditStamp).toEqual({ time: clock, actor: 'urn:li:corpuser:datahub' });
    expect((await entitiesV2(urn)).aspects.chartInfo.value).toEqual(info('Sales'));
  });

  it('POST of an aspect that exists is a conflict unless createIfNotExists=false; async=true answers 202', async () => {
    const before = await changes();
    const again = await call('POST', path('chartInfo'), { value: info('Again') });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already exists/);
    expect(await changes()).toBe(before);
    const upsert = await call('POST', path('chartInfo', '?createIfNotExists=false&async=true'), { value: info('Upserted') });
    expect(upsert.status).toBe(202);
    expect(upsert.body).toEqual({ urn, chartInfo: { value: info('Upserted') } });
    const entityExists = await call('POST', path('status', '?createIfEntityNotExists=true'), { value: { removed: false } });
    expect(entityExists.status).toBe(409);
  });

  it('GET answers the aspect alone, a version of its history, and 404 for what is not there', async () => {
    const latest = await call('GET', path('chartInfo'));
    expect(latest.status).toBe(200);
    expect(latest.body).toEqual({ value: info('Upserted') });
    expect((await call('GET', path('chartinfo'))).body).toEqual({ value: info('Upserted') });
    expect((await call('GET', path('chartInfo', '?version=1'))).body).toEqual({ value: info('Sales') });
    const withMeta = await call('GET', path('chartInfo', '?systemMetadata=true'));
    expect(Object.keys(withMeta.body).sort()).toEqual(['auditStamp', 'systemMetadata', 'value']);
    for (const missing of [path('chartInfo', '?version=7'), path('status'), path('nope')]) {
      const reply = await call('GET', missing);
      expect(reply.status, missing).toBe(404);
      expect(reply.headers.get('not-found-reason'), missing).toBe('ENTITY');
    }
    expect((await call('GET', path('nope'))).body.message).toMatch(/Unknown aspect nope for entity chart/);
  });

  it('HEAD: 204 when the aspect exists, else 404', async () => {
    expect((await call('HEAD', path('chartInfo'))).status).toBe(204);
    expect((await call('HEAD', path('status'))).status).toBe(404);
    expect((await call('HEAD', path('nope'))).status).toBe(404);
  });

  it('PATCH applies a JSON Patch ({patch} or a bare list) and answers the aspect as it left it', async () => {
    const reply = await call('PATCH', path('chartInfo'), { patch: [{ op: 'add', path: '/title', value: 'Patched' }] });
    expect(reply.status).toBe(200);
    // DataHub's chartInfo template fills in its edge lists.
    const patched = { ...info('Patched'), inputs: [], inputEdges: [] };
    expect(reply.body).toEqual({ urn, chartInfo: { value: patched } });
    const bare = await call('PATCH', path('chartInfo'), [{ op: 'add', path: '/customProperties/k', value: 'v' }]);
    expect(bare.body.chartInfo.value).toEqual({ ...patched, customProperties: { k: 'v' } });
    expect((await entitiesV2(urn)).aspects.chartInfo.value.customProperties).toEqual({ k: 'v' });
  });

  it('refuses a malformed write with a 400 and writes nothing', async () => {
    const before = await changes();
    for (const [method, target, body, message] of [
      ['POST', path('chartInfo', '?createIfNotExists=false'), { title: 'no value wrapper' }, /Missing `value` field/],
      ['POST', path('nope'), { value: {} }, /Unknown aspect nope for entity chart/],
      ['POST', path('chartInfo', '?createIfNotExists=false'), { value: { title: 3 } }, /Failed to validate record/],
      ['PATCH', path('chartInfo'), { patch: [{ op: 'jump', path: '/title' }] }, /jump/],
      ['PATCH', path('chartInfo'), { ops: [] }, /Missing `patch` field/],
    ] as const) {
      const reply = await call(method, target, body);
      expect(reply.status, `${method} ${target}`).toBe(400);
      expect(reply.body.message, `${method} ${target}`).toMatch(message);
    }
    expect(await changes()).toBe(before);
  });

  it('DELETE removes a versioned aspect, and of a timeseries aspect the newest point', async () => {
    expect((await call('DELETE', path('chartInfo'))).status).toBe(200);
    expect((await call('GET', path('chartInfo'))).status).toBe(404);
    const points = [1000, 2000].map((t) => ({ timestampMillis: t, viewsCount: t / 1000 }));
    await ingest(points.map((p) => mcp(urn, 'chartUsageStatistics', p)));
    expect((await call('GET', path('chartUsageStatistics'))).body).toEqual({ value: points[1] });
    expect((await call('DELETE', path('chartUsageStatistics'))).status).toBe(200);
    expect((await call('GET', path('chartUsageStatistics'))).body).toEqual({ value: points[0] });
  });
});

/** A urn of each entity type: each key field filled with the first candidate the registry accepts. */
function sampleUrn(entity: EntitySpec): string {
  const candidates = [
    'k1',
    'urn:li:dataPlatform:hive',
    'urn:li:dataFlow:(airflow,flow1,prod)',
    'urn:li:dataset:(urn:li:dataPlatform:hive,t1,PROD)',
  ];
  const fields = entity.keyAspect.type.fields;
  const options = fields.map((f) => {
    const symbols = (f.type as { symbols?: string[] }).symbols;
    return symbols ? [symbols.includes('PROD') ? 'PROD' : symbols[0]!] : candidates;
  });
  const combos = options.reduce<string[][]>((acc, opts) => acc.flatMap((c) => opts.map((o) => [...c, o])), [[]]);
  for (const combo of combos) {
    try {
      return resolveUrn(
        s.services.registry,
        s.services.registry.urnFromKey(entity, Object.fromEntries(fields.map((f, i) => [f.name, combo[i]]))),
      ).urnString;
    } catch {
      // the next combination
    }
  }
  throw new Error(`no sample urn for ${entity.name}`);
}

describe('every entity type of the registry', () => {
  it('is written, read, checked, scrolled, batch-read and deleted through OpenAPI', async () => {
    const registry = s.services.registry;
    const types = [...registry.entities.values()];
    expect(types.length).toBeGreaterThan(40);
    for (const entity of types) {
      const urn = sampleUrn(entity);
      const key = registry.keyFromUrn(entity, resolveUrn(registry, urn).urn);
      const name = entity.name;
      const written = await call('POST', `/openapi/v3/entity/${name}?async=false`, [{ urn, [entity.keyAspect.name]: { value: key } }]);
      expect(written.status, `POST ${name}`).toBe(200);
      const read = await call('GET', `/openapi/v3/entity/${name}/${enc(urn)}?aspects=${entity.keyAspect.name}`);
      expect(read.body, `GET ${name}`).toEqual({ urn, [entity.keyAspect.name]: { value: key } });
      expect((await call('HEAD', `/openapi/v3/entity/${name}/${enc(urn)}`)).status, `HEAD ${name}`).toBe(204);
      const scrolled = await call('GET', `/openapi/v3/entity/${name}?count=1000&aspects=${entity.keyAspect.name}`);
      expect(scrolled.status, `scroll ${name}`).toBe(200);
      expect(
        scrolled.body.entities.map((e: Json) => e.urn),
        `scroll ${name}`,
      ).toContain(urn);
      const batch = await call('POST', `/openapi/v3/entity/${name}/batchGet`, [{ urn, [entity.keyAspect.name]: {} }]);
      expect(
        batch.body.map((e: Json) => e.urn),
        `batchGet ${name}`,
      ).toEqual([urn]);
      expect((await call('DELETE', `/openapi/v3/entity/${name}/${enc(urn)}`)).status, `DELETE ${name}`).toBe(200);
      expect((await call('GET', `/openapi/v3/entity/${name}/${enc(urn)}`)).status, `GET after DELETE ${name}`).toBe(404);
    }
  });
});
