/**
 * What a GraphQL operation may cost (api/graphql/cost.ts), and how much of the GraphQL work one
 * caller may hold (api/fairShare.ts): DataHub's web app sends nothing near the bound, a document of
 * aliased searches is refused before any runs, and a burst from one caller queues behind itself.
 */
import { parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_COST, operationCosts } from '../src/api/graphql/cost.js';
import { http, mcp, startTestServer, type TestServer } from './helpers.js';
import { webAppOperation, webAppOperationNames } from './webAppOperations.js';

let s: TestServer;
/** With authentication on, where a caller is the user its token names, and one running GraphQL request each. */
let a: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  a = await startTestServer({ auth: true, limits: { graphqlPerCaller: { running: 1, waiting: 2 } } });
  const proposals = Array.from({ length: 200 }, (_, i) =>
    mcp(`urn:li:dataset:(urn:li:dataPlatform:hive,cost.t${i},PROD)`, 'datasetProperties', { name: `orders ${i}`, description: 'orders' }),
  );
  expect((await http(`${s.url}/aspects?action=ingestProposalBatch`, { body: { proposals } })).status).toBe(200);
});
afterAll(async () => Promise.all([s?.close(), a?.close()]));

const gql = (query: string, headers: Record<string, string> = {}) => http(`${s.url}/api/graphql`, { body: { query }, headers });

const search = (alias: string) => `${alias}: searchAcrossEntities(input: {query: "orders", start: 0, count: 10}) { total }`;

describe('the cost of an operation', () => {
  it("leaves DataHub's costliest web-app operation well within the bound", () => {
    const costs = webAppOperationNames().map((name) => ({ name, cost: operationCosts(parse(webAppOperation(name)))[0]! }));
    expect(costs.length).toBeGreaterThan(200);
    const costliest = costs.reduce((a, b) => (b.cost > a.cost ? b : a));
    expect(costliest.cost).toBeGreaterThan(100);
    expect(costliest.cost, costliest.name).toBeLessThanOrEqual(MAX_COST / 2);
  });

  it('refuses five hundred aliased searches in one document, running none of them', async () => {
    const query = `{ ${Array.from({ length: 500 }, (_, i) => search(`s${i}`)).join(' ')} }`;
    const r = await gql(query);
    expect(r.status).toBe(200);
    expect(r.body.data).toBeUndefined();
    expect(r.body.errors).toHaveLength(1);
    expect(r.body.errors[0].message).toMatch(new RegExp(`^maximum query cost exceeded 5000 > ${MAX_COST}`));
  });

  it('counts searches spread through fragments, and the costliest of the branches on different types', () => {
    const [cost] = operationCosts(
      parse(`query { ...a ...a }
        fragment a on Query { x: searchAcrossEntities(input: {query: "*"}) { total } entity(urn: "u") { ...onDataset ...onChart } }
        fragment onDataset on Dataset { lineage(input: {direction: UPSTREAM}) { total } }
        fragment onChart on Chart { relationships(input: {types: ["Consumes"]}) { total } }`),
    );
    expect(cost).toBe(2 * (10 + 10));
  });

  it('runs the searches of a document within the bound', async () => {
    const r = await gql(`{ ${Array.from({ length: 50 }, (_, i) => search(`s${i}`)).join(' ')} }`);
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.s49.total).toBe(200);
  });
});

describe("one caller's GraphQL work", () => {
  it('queues a burst behind its own requests, refuses what overflows with 429, and still answers others', async () => {
    const mint = async (user: string) => ({
      authorization: `Bearer ${(await a.services.tokens.mint({ actorUrn: user, duration: 'ONE_DAY', name: 't' })).accessToken}`,
    });
    const admin = await mint('urn:li:corpuser:datahub');
    const reader = await mint('urn:li:corpuser:reader');
    const call = (query: string, headers: Record<string, string>) => http(`${a.url}/api/graphql`, { body: { query }, headers });
    // A write transaction holding the lock of a tag's properties keeps the admin's first mutation of
    // them running (on either backend): the next two wait behind it.
    const tag = 'urn:li:tag:burst';
    expect((await call('mutation { createTag(input: {id: "burst", name: "burst"}) }', admin)).body.errors).toBeUndefined();
    let release!: () => void;
    let locked!: () => void;
    const lockTaken = new Promise<void>((done) => (locked = done));
    const held = a.services.store.transaction(async (tx) => {
      await tx.lockLatest([{ urn: tag, aspect: 'tagProperties' }]);
      locked();
      await new Promise<void>((done) => (release = done));
    });
    await lockTaken;
    const burst = [1, 2, 3].map((i) =>
      call(`mutation { updateDescription(input: {resourceUrn: "${tag}", description: "burst ${i}"}) }`, admin),
    );
    // Once the service has read the three (a fourth taken up before them would wait for the held transaction).
    await new Promise((done) => setTimeout(done, 300));
    const fourth = await call(`mutation { updateDescription(input: {resourceUrn: "${tag}", description: "burst 4"}) }`, admin);
    expect(fourth.status).toBe(429);
    expect(fourth.headers.get('retry-after')).toBe('1');
    expect(fourth.body.message).toMatch(/Too many GraphQL requests of yours at once: 1 running and 2 waiting/);
    // Another caller is answered meanwhile.
    const other = await call('{ me { corpUser { urn } } }', reader);
    expect(other.body.data.me.corpUser.urn).toBe('urn:li:corpuser:reader');
    release();
    await held;
    for (const r of await Promise.all(burst)) expect(r.body.errors, r.text).toBeUndefined();
    const described = await call(`{ tag(urn: "${tag}") { properties { description } } }`, admin);
    expect(described.body.data.tag.properties.description).toMatch(/^burst [123]$/);
  });
});
