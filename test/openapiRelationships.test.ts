/**
 * `GET /openapi/relationships/v1/` as `DataHubGraph.get_related_entities` calls it (metadata-ingestion's
 * graph/client.py): `urn`, `direction`, `relationshipTypes` repeated and `start`, form-encoded by
 * requests, page after page until a page counts 0. Answered as DataHub's RelationshipsController:
 * `{start, count, total, entities: [{relationshipType, urn}]}`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ACTOR } from '../src/actors.js';
import { buildProposal } from '../src/write/proposals.js';
import { grantPolicy, http, startTestServer, type TestServer } from './helpers.js';

const ORDERS = 'urn:li:dataset:(urn:li:dataPlatform:hive,sales.orders,PROD)';
const RAW = 'urn:li:dataset:(urn:li:dataPlatform:hive,sales.raw_orders,PROD)';
const CUSTOMERS = 'urn:li:dataset:(urn:li:dataPlatform:hive,sales.customers,PROD)';
const JDOE = 'urn:li:corpuser:jdoe';
const ALICE = 'urn:li:corpuser:alice';

let s: TestServer;
let admin: string;
let alice: string;

beforeAll(async () => {
  s = await startTestServer({ auth: true });
  const upstreams = [RAW, CUSTOMERS].map((dataset) => ({
    dataset,
    type: 'TRANSFORMED' as const,
    auditStamp: { time: 0, actor: ADMIN_ACTOR },
  }));
  await s.services.writePath.apply(
    [
      buildProposal(s.services.registry, ORDERS, 'upstreamLineage', 'UPSERT', { upstreams }),
      buildProposal(s.services.registry, ORDERS, 'ownership', 'UPSERT', { owners: [{ owner: JDOE, type: 'DATAOWNER' }] }),
    ],
    { actor: ADMIN_ACTOR },
  );
  admin = (await s.services.tokens.mint({ actorUrn: ADMIN_ACTOR, duration: 'ONE_DAY', name: 'admin' })).accessToken;
  alice = (await s.services.tokens.mint({ actorUrn: ALICE, duration: 'ONE_DAY', name: 'alice' })).accessToken;
});
afterAll(async () => s.close());

/** Python's urlencode(params, doseq=True), as requests writes the query: lists repeat their key. */
function formEncode(params: Record<string, string | number | string[]>): string {
  const plus = (v: string) =>
    encodeURIComponent(v)
      .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
      .replace(/%20/g, '+');
  return Object.entries(params)
    .flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x) => `${plus(k)}=${plus(String(x))}`))
    .join('&');
}

const related = (params: Record<string, string | number | string[]>, token: string | null = admin, prefix = '') =>
  http(`${s.url}${prefix}/openapi/relationships/v1/?${formEncode(params)}`, token ? { headers: { authorization: `Bearer ${token}` } } : {});

/** get_related_entities' loop: pages from start 0 until one counts 0 (or fewer than it holds). */
async function getRelatedEntities(urn: string, relationshipTypes: string[], direction: string) {
  const out: Array<{ urn: string; relationshipType: string; via?: string }> = [];
  let start = 0;
  for (let done = false, pages = 0; !done; pages++) {
    if (pages > 10) throw new Error('the paging never ends');
    const reply = await related({ urn, direction, relationshipTypes, start });
    expect(reply.status).toBe(200);
    const entities = reply.body.entities ?? [];
    for (const e of entities) out.push({ urn: e.urn, relationshipType: e.relationshipType, ...(e.via ? { via: e.via } : {}) });
    const count = reply.body.count ?? 0;
    done = count === 0 || count < entities.length;
    start += count;
  }
  return out;
}

describe('relationships as get_related_entities reads them', () => {
  it('answers a page field by field', async () => {
    const reply = await related({ urn: ORDERS, direction: 'OUTGOING', relationshipTypes: ['DownstreamOf', 'OwnedBy'], start: 0 });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/application\/json/);
    expect(Object.keys(reply.body).sort()).toEqual(['count', 'entities', 'start', 'total']);
    expect([reply.body.start, reply.body.count, reply.body.total]).toEqual([0, 3, 3]);
    expect([...reply.body.entities].sort((a, b) => a.urn.localeCompare(b.urn))).toEqual([
      { relationshipType: 'OwnedBy', urn: JDOE },
      { relationshipType: 'DownstreamOf', urn: CUSTOMERS },
      { relationshipType: 'DownstreamOf', urn: RAW },
    ]);
  });

  it('pages as the SDK pages, to the end and no further', async () => {
    const outgoing = await getRelatedEntities(ORDERS, ['DownstreamOf'], 'OUTGOING');
    expect(outgoing.map((e) => e.urn).sort()).toEqual([CUSTOMERS, RAW]);
    expect(outgoing.map((e) => e.relationshipType)).toEqual(['DownstreamOf', 'DownstreamOf']);
    expect(await getRelatedEntities(RAW, ['DownstreamOf'], 'INCOMING')).toEqual([{ urn: ORDERS, relationshipType: 'DownstreamOf' }]);
    expect(await getRelatedEntities(JDOE, ['OwnedBy'], 'INCOMING')).toEqual([{ urn: ORDERS, relationshipType: 'OwnedBy' }]);

    const first = await related({ urn: ORDERS, direction: 'OUTGOING', relationshipTypes: ['DownstreamOf'], start: 0, count: 1 });
    const second = await related({ urn: ORDERS, direction: 'OUTGOING', relationshipTypes: ['DownstreamOf'], start: 1, count: 1 });
    const past = await related({ urn: ORDERS, direction: 'OUTGOING', relationshipTypes: ['DownstreamOf'], start: 2, count: 1 });
    expect([first.body.start, first.body.count, first.body.total]).toEqual([0, 1, 2]);
    expect([second.body.start, second.body.count, second.body.total]).toEqual([1, 1, 2]);
    expect([first.body.entities[0].urn, second.body.entities[0].urn].sort()).toEqual([CUSTOMERS, RAW]);
    expect([past.body.count, past.body.entities]).toEqual([0, []]);
  });

  it('reads a urn encoded twice, and serves the same at /api/gms', async () => {
    const twice = await related({ urn: encodeURIComponent(RAW), direction: 'INCOMING', relationshipTypes: ['DownstreamOf'] });
    expect(twice.body.entities).toEqual([{ relationshipType: 'DownstreamOf', urn: ORDERS }]);
    const gms = await related({ urn: RAW, direction: 'INCOMING', relationshipTypes: ['DownstreamOf'] }, admin, '/api/gms');
    expect(gms.body.entities).toEqual([{ relationshipType: 'DownstreamOf', urn: ORDERS }]);
  });
});

describe('relationships refuse', () => {
  it.each([
    ['no urn', { direction: 'OUTGOING', relationshipTypes: ['OwnedBy'] }, /Parameter 'urn' is required/],
    ['no direction', { urn: ORDERS, relationshipTypes: ['OwnedBy'] }, /Parameter 'direction' is required: INCOMING or OUTGOING/],
    [
      'a direction DataHub does not take',
      { urn: ORDERS, direction: 'UNDIRECTED', relationshipTypes: ['OwnedBy'] },
      /must be INCOMING or OUTGOING, not 'UNDIRECTED'/,
    ],
    ['no relationship types', { urn: ORDERS, direction: 'OUTGOING' }, /Parameter 'relationshipTypes' is required/],
    [
      'a start that is no number',
      { urn: ORDERS, direction: 'OUTGOING', relationshipTypes: ['OwnedBy'], start: 'first' },
      /Parameter 'start' must be a whole number/,
    ],
    [
      'a malformed urn',
      { urn: 'urn:li:dataset:(broken', direction: 'OUTGOING', relationshipTypes: ['OwnedBy'] },
      /Invalid urn 'urn:li:dataset:\(broken'/,
    ],
    [
      'an unknown entity type',
      { urn: 'urn:li:spaceship:enterprise', direction: 'OUTGOING', relationshipTypes: ['OwnedBy'] },
      /Failed to find entity with name spaceship/,
    ],
  ])('%s with a 400 naming it', async (_what, params, message) => {
    const reply = await related(params);
    expect(reply.status).toBe(400);
    expect(reply.body.error).toMatch(message);
  });

  it('a caller without a token (401), and one who may not read the entity (403); a reader gets them', async () => {
    expect((await related({ urn: ORDERS, direction: 'OUTGOING', relationshipTypes: ['OwnedBy'] }, null)).status).toBe(401);
    const policy = await grantPolicy(s.services, 'relationships-test', {
      privileges: ['VIEW_ENTITY_PAGE'],
      actors: { users: [ADMIN_ACTOR] },
    });
    const refused = await related({ urn: policy, direction: 'OUTGOING', relationshipTypes: ['OwnedBy'] }, alice);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toContain(`User is unauthorized to get entity ${policy}`);
    const read = await related({ urn: ORDERS, direction: 'OUTGOING', relationshipTypes: ['OwnedBy'] }, alice);
    expect([read.status, read.body.entities]).toEqual([200, [{ relationshipType: 'OwnedBy', urn: JDOE }]]);
  });
});
