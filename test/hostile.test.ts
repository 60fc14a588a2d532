/**
 * The corpus of malformed and hostile requests (test/hostile/): every one gets a client error that
 * says what is wrong (briefly: never the whole of a huge request), none a server error, and afterwards
 * the catalog holds exactly what it held.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AspectRow, TimeseriesRow } from '../src/store/types.js';
import { HOSTILE_GRAPHQL } from './hostile/graphql.js';
import { HOSTILE_REST } from './hostile/rest.js';
import { http, mcp, startTestServer, type TestServer } from './helpers.js';

const ADMIN_TOKEN = 'hostile-corpus-admin-token-0123456789';
/** The longest refusal worth reading: a message names the problem and quotes a little of the request. */
const MAX_ANSWER = 10_000;
const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,hostile.target,PROD)';

let s: TestServer;
const as = { authorization: `Bearer ${ADMIN_TOKEN}` };

/** Everything stored: every aspect version, every timeseries point, the change log's length, the derived rows. */
async function everything(): Promise<unknown> {
  const aspects: AspectRow[] = [];
  for (
    let page = await s.services.store.scanAspects(undefined, 1000);
    page.length > 0;
    page = await s.services.store.scanAspects(page[page.length - 1], 1000)
  )
    aspects.push(...page);
  const points: TimeseriesRow[] = [];
  for (
    let page = await s.services.store.scanTimeseries(undefined, 1000);
    page.length > 0;
    page = await s.services.store.scanTimeseries(page[page.length - 1], 1000)
  )
    points.push(...page);
  const events = await s.services.store.readChangeLog(0, 100_000);
  return { aspects, points, events: events.length, derived: await s.services.store.dumpDerived() };
}

beforeAll(async () => {
  s = await startTestServer({ auth: true, adminToken: ADMIN_TOKEN });
  const proposals = [
    mcp(DATASET, 'datasetProperties', { description: 'the target of every hostile request' }),
    mcp(DATASET, 'globalTags', { tags: [{ tag: 'urn:li:tag:kept' }] }),
    mcp(DATASET, 'ownership', { owners: [{ owner: 'urn:li:corpuser:keeper', type: 'DATAOWNER' }] }),
    mcp(DATASET, 'status', { removed: false }),
    mcp(DATASET, 'datasetProfile', { timestampMillis: 1_700_000_000_000, rowCount: 3 }),
    mcp('urn:li:tag:kept', 'tagProperties', { name: 'kept' }),
  ];
  const r = await http(`${s.url}/aspects?action=ingestProposalBatch`, { body: { proposals }, headers: as });
  expect(r.status, r.text).toBe(200);
});
afterAll(async () => s?.close());

describe('the hostile corpus', () => {
  it('has at least 100 requests', () => {
    expect(HOSTILE_REST.length + HOSTILE_GRAPHQL.length).toBeGreaterThanOrEqual(100);
  });

  it('gets no server error, each refusal says why, and nothing stored changes', async () => {
    const before = await everything();
    const wrong: string[] = [];
    for (const h of HOSTILE_REST) {
      const r = await http(`${s.url}${h.path}`, {
        method: h.method ?? 'POST',
        headers: { ...as, ...(h.rawBody !== undefined ? { 'content-type': 'application/json' } : {}), ...h.headers },
        ...(h.rawBody !== undefined ? { rawBody: h.rawBody } : h.body !== undefined ? { body: h.body } : {}),
      });
      const expected = h.status ?? 'a 4xx';
      const statusOk = h.status !== undefined ? r.status === h.status : r.status >= 400 && r.status < 500;
      const messageOk = !h.refusal || h.refusal.test(r.body?.message ?? '');
      if (!statusOk || !messageOk)
        wrong.push(
          `REST ${h.name}: expected ${expected}${h.refusal ? ` saying ${h.refusal}` : ''}, got ${r.status} ${r.text.slice(0, 300)}`,
        );
      // A refusal may quote the request, but not the whole of a huge one.
      if (r.text.length > MAX_ANSWER) wrong.push(`REST ${h.name}: an answer of ${r.text.length} characters`);
    }
    for (const h of HOSTILE_GRAPHQL) {
      const r = await http(`${s.url}/api/graphql`, { body: h.body, headers: as });
      const errors: Array<{ message: string; extensions?: { code?: number } }> = r.body?.errors ?? [];
      const refused = r.status === 400 || (r.status === 200 && errors.length > 0);
      const serverError = r.status >= 500 || errors.some((e) => (e.extensions?.code ?? 0) >= 500);
      const messageOk = !h.refusal || errors.some((e) => h.refusal!.test(e.message));
      if (!refused || serverError || !messageOk) wrong.push(`GraphQL ${h.name}: got ${r.status} ${r.text.slice(0, 300)}`);
      if (r.text.length > MAX_ANSWER) wrong.push(`GraphQL ${h.name}: an answer of ${r.text.length} characters`);
    }
    expect.soft(wrong).toEqual([]);
    expect(await everything()).toEqual(before);
  });
});
