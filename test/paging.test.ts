/**
 * No result wall: DataHub's search stops at its 10,000th result (Elasticsearch's result window, and
 * its largest page). Ours pages and scrolls past the largest page it answers, and `catalog delete
 * --platform` lists and deletes every entity beyond it. The largest page is 1,000 here (10,000 as
 * served), so a catalog of 1,500 goes past it as one of 10,500 went past 10,000, with a seventh of
 * the writes. The tests share one catalog because loading it is most of this file's time; the
 * delete runs last.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, mcp, runCatalog, searchUrns, startTestServer, type TestServer } from './helpers.js';

/** The largest page the server answers here. */
const WALL = 1_000;
const N = WALL + 500;
const urnOf = (i: number) => `urn:li:dataset:(urn:li:dataPlatform:hive,gen.table_${String(i).padStart(5, '0')},PROD)`;
const all = Array.from({ length: N }, (_, i) => urnOf(i)).sort();

let s: TestServer;
let token: string;
const post = (path: string, body: unknown) => http(`${s.url}${path}`, { body, headers: { authorization: `Bearer ${token}` } });

beforeAll(async () => {
  s = await startTestServer({ auth: true, maxSearchPage: WALL });
  token = (await s.services.tokens.mint({ actorUrn: 'urn:li:corpuser:datahub', duration: 'ONE_DAY', name: 'paging' })).accessToken;
  const batches: Record<string, unknown>[][] = [];
  for (let b = 0; b < N; b += 500) {
    batches.push(
      Array.from({ length: Math.min(500, N - b) }, (_, j) =>
        mcp(urnOf(b + j), 'datasetProperties', { description: `generated table number ${b + j}` }),
      ),
    );
  }
  // Four requests at a time: on PostgreSQL a batch spends most of its time in round trips to the
  // database, which other batches can use.
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let proposals = batches.shift(); proposals; proposals = batches.shift()) {
        const r = await post('/aspects?action=ingestProposalBatch', { proposals });
        expect(r.status, r.text).toBe(200);
      }
    }),
  );
}, 300_000);
afterAll(async () => s?.close());

describe(`search over ${N} entities, past the largest page of ${WALL}`, () => {
  const search = async (body: Record<string, unknown>) => {
    const { value } = (await post('/entities?action=search', { entity: 'dataset', ...body })).body;
    return { numEntities: value.numEntities, entities: searchUrns(value) };
  };

  it('refuses a page larger than the largest, and answers that one', async () => {
    const larger = await post('/entities?action=search', { entity: 'dataset', input: '*', start: 0, count: WALL + 1 });
    expect(larger.status).toBe(400);
    expect(larger.body.message).toContain(`count must be an integer from 0 to ${WALL}`);
    expect((await search({ input: '*', start: 0, count: WALL })).entities).toEqual(all.slice(0, WALL));
  });

  it(`answers the right page past ${WALL}`, async () => {
    const page = await search({ input: '*', start: WALL + 123, count: 100 });
    expect(page.numEntities).toBe(N);
    expect(page.entities).toEqual(all.slice(WALL + 123, WALL + 223));
    const last = await search({ input: '*', start: N - 30, count: 100 });
    expect(last.entities).toEqual(all.slice(N - 30));
    expect((await search({ input: '*', start: N + 5, count: 10 })).entities).toEqual([]);
  });

  it('scrolls through a full-text result to the last entity, each entity once', async () => {
    const seen: string[] = [];
    let scrollId: string | undefined;
    let pages = 0;
    do {
      const r = await post('/entities?action=scrollAcrossEntities', {
        entities: ['dataset'],
        input: 'generated',
        count: 300,
        keepAlive: '5m',
        ...(scrollId ? { scrollId } : {}),
      });
      expect(r.status, r.text).toBe(200);
      seen.push(...searchUrns(r.body.value));
      expect(r.body.value.numEntities).toBe(N);
      scrollId = r.body.value.scrollId;
      pages++;
    } while (scrollId && pages < 100);
    expect(pages).toBe(Math.ceil(N / 300));
    expect(seen).toHaveLength(N);
    expect(new Set(seen).size).toBe(N);
  });

  it('rejects a scroll id it did not give out', async () => {
    const r = await post('/entities?action=scrollAcrossEntities', { input: '*', count: 10, scrollId: 'garbage!' });
    expect(r.status).toBe(400);
  });
});

describe(`catalog delete --platform over ${N} entities`, () => {
  const catalog = (...args: string[]) => runCatalog([...args, '--server', s.url, '--token', token]);
  const count = async (platform: string) =>
    (
      await post('/entities?action=searchAcrossEntities', {
        input: '*',
        filter: { or: [{ and: [{ field: 'platform', values: [`urn:li:dataPlatform:${platform}`] }] }] },
        start: 0,
        count: 1,
      })
    ).body.value.numEntities;

  it(`lists with --dry-run, then deletes every entity of a platform, beyond ${WALL}, leaving other platforms alone`, async () => {
    const others = ['a', 'b', 'c'].map((name) => `urn:li:dataset:(urn:li:dataPlatform:other,${name},PROD)`);
    expect(
      (await post('/aspects?action=ingestProposalBatch', { proposals: others.map((urn) => mcp(urn, 'status', { removed: false })) }))
        .status,
    ).toBe(200);
    expect(await count('hive')).toBe(N);

    const dry = await catalog('delete', '--platform', 'hive', '--dry-run');
    expect(dry.code).toBe(0);
    expect(new Set(dry.stdout.trim().split('\n'))).toEqual(new Set(all));
    expect(await count('hive')).toBe(N);

    // Soft deletes, a batch a page: hard deletes go one request an entity, which at this size is most
    // of the suite's time, and take the same pages (cliOperations.test.ts hard-deletes a platform).
    const done = await catalog('delete', '--platform', 'hive', '--force');
    expect(done.code, done.stderr).toBe(0);
    expect(done.stderr).toContain(`soft-deleted ${N} of ${N} entities`);
    expect(await count('hive')).toBe(0);
    const last = await http(`${s.url}/entitiesV2/${encodeURIComponent(all[N - 1]!)}`, { headers: { authorization: `Bearer ${token}` } });
    expect(last.body.aspects.status.value).toEqual({ removed: true });
    expect(await count('other')).toBe(3);
  }, 600_000);
});
