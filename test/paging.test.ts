/** No 10,000-result ceiling: paging and scrolling over a generated catalog of 20,000 entities. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, mcp, startTestServer, type TestServer } from './helpers.js';

const N = 20_000;
const urnOf = (i: number) => `urn:li:dataset:(urn:li:dataPlatform:hive,gen.table_${String(i).padStart(5, '0')},PROD)`;
const all = Array.from({ length: N }, (_, i) => urnOf(i)).sort();

describe('paging over 20,000 entities', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
    for (let b = 0; b < N; b += 1000) {
      const proposals = Array.from({ length: 1000 }, (_, j) => mcp(urnOf(b + j), 'datasetProperties', { description: `generated table number ${b + j}` }));
      const r = await http(`${s.url}/aspects?action=ingestProposalBatch`, { body: { proposals } });
      expect(r.status, r.text).toBe(200);
    }
  }, 300_000);
  afterAll(async () => s?.close());

  const search = async (body: Record<string, unknown>) => (await http(`${s.url}/entities?action=search`, { body: { entity: 'dataset', ...body } })).body.value;

  it('answers the right page past 10,000', async () => {
    const page = await search({ input: '*', start: 12_345, count: 100 });
    expect(page.numEntities).toBe(N);
    expect(page.entities).toEqual(all.slice(12_345, 12_445));
    const last = await search({ input: '*', start: N - 30, count: 100 });
    expect(last.entities).toEqual(all.slice(N - 30));
    expect((await search({ input: '*', start: N + 5, count: 10 })).entities).toEqual([]);
  });

  it('scrolls through a full-text result to the last entity, each entity once', async () => {
    const seen: string[] = [];
    let scrollId: string | undefined;
    let pages = 0;
    do {
      const r = await http(`${s.url}/entities?action=scrollAcrossEntities`, {
        body: { entities: ['dataset'], input: 'generated', count: 1500, keepAlive: '5m', ...(scrollId ? { scrollId } : {}) },
      });
      expect(r.status, r.text).toBe(200);
      seen.push(...r.body.value.entities);
      expect(r.body.value.numEntities).toBe(N);
      scrollId = r.body.value.scrollId;
      pages++;
    } while (scrollId && pages < 100);
    expect(pages).toBe(Math.ceil(N / 1500));
    expect(seen).toHaveLength(N);
    expect(new Set(seen).size).toBe(N);
  });

  it('rejects a scroll id it did not give out', async () => {
    const r = await http(`${s.url}/entities?action=scrollAcrossEntities`, { body: { input: '*', count: 10, scrollId: 'garbage!' } });
    expect(r.status).toBe(400);
  });
});
