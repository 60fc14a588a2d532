/**
 * GET /metrics: every family served, requests labelled by route pattern, nothing a request carried
 * (urn, token, secret) in the output, the gauges following what they watch, and who may read it.
 */
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromLoopback } from '../src/api/metrics.js';
import { BACKEND, enc, grantPolicy, http, mcp, startTestServer, type TestServer } from './helpers.js';

const ADMIN_SECRET = 'metrics-admin-secret-0123456789';
const CLIENT = { id: 'frontend', secret: 'metrics-client-secret' };
const READER = 'urn:li:corpuser:metrics-reader';
const NOBODY = 'urn:li:corpuser:metrics-nobody';
const LEAVER = 'urn:li:corpuser:metrics-leaver';
const PASSWORD = 'reader-Pa55word';
const dataset = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:hive,metrics.${name},PROD)`;

const admin = { authorization: `Bearer ${ADMIN_SECRET}` };

let s: TestServer;
let readerToken: string;
let nobodyToken: string;

beforeAll(async () => {
  s = await startTestServer({ auth: true, adminToken: ADMIN_SECRET, systemClient: CLIENT });
  readerToken = (await s.services.tokens.mint({ actorUrn: READER, duration: 'ONE_DAY', name: 'scraper' })).accessToken;
  nobodyToken = (await s.services.tokens.mint({ actorUrn: NOBODY, duration: 'ONE_DAY', name: 'nobody' })).accessToken;
  await grantPolicy(s.services, 'reads-metrics', {
    type: 'PLATFORM',
    privileges: ['MANAGE_SYSTEM_OPERATIONS'],
    actors: { users: [READER] },
  });
  await s.services.nativeUsers.setPassword(READER, PASSWORD);
});
afterAll(async () => s?.close());

async function scrape(server: TestServer = s, headers: Record<string, string> = {}): Promise<string> {
  const r = await http(`${server.url}/metrics`, { headers });
  expect(r.status, r.text).toBe(200);
  expect(r.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return r.text;
}

/** The value of one sample (name and labels exactly as printed), or undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** The sum of every sample of a metric whose labels include each of `labels`. */
function total(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  return text
    .split('\n')
    .filter((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `))
    .filter((l) => wanted.every((w) => l.includes(w)))
    .reduce((sum, l) => sum + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);
}

async function ingest(urns: string[]): Promise<void> {
  const proposals = urns.map((urn) => mcp(urn, 'datasetProperties', { name: urn.split(',')[1], description: 'watched' }));
  const r = await http(`${s.url}/aspects?action=ingestProposalBatch`, { body: { proposals }, headers: admin });
  expect(r.status, r.text).toBe(200);
}

describe('GET /metrics', () => {
  it('serves every family: requests, refusals, failed authentications, the process, the feed, the index, the pool', async () => {
    await http(`${s.url}/health`);
    const text = await scrape();
    for (const family of [
      'http_requests_total',
      'http_request_duration_seconds',
      'catalog_refusals_total',
      'catalog_authentication_failures_total',
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'catalog_change_log_followers',
      'catalog_search_index_documents',
      'catalog_search_index_ready',
      'catalog_search_index_building',
    ])
      expect(text, family).toContain(`# TYPE ${family} `);
    for (const limit of ['body', 'cost', 'rate', 'lockout', 'concurrency'])
      expect(sample(text, `catalog_refusals_total{limit="${limit}"}`)).toBe(0);
    expect(sample(text, 'catalog_search_index_ready')).toBe(1);
    if (BACKEND === 'postgres') {
      expect(sample(text, 'catalog_database_pool_max_connections')).toBe(4);
      expect(sample(text, 'catalog_database_pool_connections')).toBeGreaterThan(0);
      expect(text).toContain('# TYPE catalog_database_pool_waiting gauge');
      expect(text).toContain('# TYPE catalog_database_pool_idle_connections gauge');
    } else expect(text).not.toContain('catalog_database_pool');
  });

  it('counts requests by route pattern, and shows nothing a request carried', async () => {
    const urn = dataset('counted');
    await ingest([urn]);
    const labels = { method: 'GET', route: '/entitiesV2/*', status_code: '200' };
    const before = await scrape();
    for (let i = 0; i < 3; i++) expect((await http(`${s.url}/entitiesV2/${enc(urn)}`, { headers: admin })).status).toBe(200);
    await http(`${s.url}/api/gms/entitiesV2/${enc(urn)}`, { headers: { authorization: `Bearer ${readerToken}` } });
    await http(`${s.url}/no/such/${enc(urn)}`, { headers: admin });
    await http(`${s.url}/auth/verifyNativeUserCredentials`, {
      body: { userUrn: READER, password: PASSWORD },
      headers: { authorization: `Basic ${CLIENT.id}:${CLIENT.secret}` },
    });
    const after = await scrape();
    expect(total(after, 'http_requests_total', labels) - total(before, 'http_requests_total', labels)).toBe(3);
    expect(total(after, 'http_request_duration_seconds_count', labels) - total(before, 'http_request_duration_seconds_count', labels)).toBe(
      3,
    );
    expect(total(after, 'http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(
      total(after, 'http_requests_total', labels),
    );
    expect(total(after, 'http_requests_total', { route: '/api/gms/entitiesV2/*' })).toBeGreaterThan(0);
    expect(total(after, 'http_requests_total', { route: 'unmatched', status_code: '404' })).toBeGreaterThan(0);
    for (const carried of ['urn:li:', 'metrics.counted', ADMIN_SECRET, readerToken, CLIENT.secret, PASSWORD, 'no/such'])
      expect(after).not.toContain(carried);
  });

  it('counts failed authentications by reason', async () => {
    const REASONS = ['token', 'missing', 'malformed', 'inactive', 'password', 'system_client'];
    const counts = async () => {
      const text = await scrape();
      return Object.fromEntries(REASONS.map((r) => [r, sample(text, `catalog_authentication_failures_total{reason="${r}"}`)!]));
    };
    const refused = async (authorization?: string) =>
      expect((await http(`${s.url}/entitiesV2/${enc(dataset('x'))}`, authorization ? { headers: { authorization } } : {})).status).toBe(
        401,
      );
    await s.services.nativeUsers.setPassword(LEAVER, PASSWORD);
    const leaver = await s.services.tokens.mintSession('metrics-leaver');
    const removed = await http(`${s.url}/aspects?action=ingestProposal`, {
      body: { proposal: mcp(LEAVER, 'status', { removed: true }) },
      headers: admin,
    });
    expect(removed.status, removed.text).toBe(200);
    const before = await counts();

    await refused('Bearer not-a-token');
    await refused(`Bearer ${nobodyToken}x`);
    await refused();
    await refused('Token abc');
    await refused(`Bearer ${leaver}`);
    await refused(`Basic ${CLIENT.id}:wrong`);
    expect((await http(`${s.url}/logIn`, { body: { username: 'metrics-reader', password: 'wrong' } })).status).toBe(401);
    const check = await http(`${s.url}/auth/verifyNativeUserCredentials`, {
      body: { userUrn: READER, password: 'wrong' },
      headers: { authorization: `Basic ${CLIENT.id}:${CLIENT.secret}` },
    });
    expect(check.body).toEqual({ doesPasswordMatch: false });

    const after = await counts();
    expect(Object.fromEntries(REASONS.map((r) => [r, after[r]! - before[r]!]))).toEqual({
      token: 2,
      missing: 1,
      malformed: 1,
      inactive: 1,
      password: 2,
      system_client: 1,
    });
    expect(await scrape()).not.toContain('not-a-token');
  });

  it('counts the refusals of the body limits', async () => {
    const refusals = async () => sample(await scrape(), 'catalog_refusals_total{limit="body"}');
    const before = await refusals();
    const tooBig = await http(`${s.url}/entities?action=search`, { rawBody: 'x'.repeat(1024 * 1024 + 1), headers: admin });
    expect(tooBig.status).toBe(413);
    expect(await refusals()).toBe(before! + 1);
  });

  it('counts the refusals of GraphQL cost, of sign-in lockouts and of rates, each under its limit', async () => {
    const refusals = async (limit: string) => sample(await scrape(), `catalog_refusals_total{limit="${limit}"}`)!;
    const before = { cost: await refusals('cost'), lockout: await refusals('lockout'), rate: await refusals('rate') };
    const aliases = Array.from({ length: 200 }, (_, i) => `s${i}: searchAcrossEntities(input: {query: "*"}) { total }`).join(' ');
    const costly = await http(`${s.url}/api/graphql`, { body: { query: `{ ${aliases} }` }, headers: admin });
    expect(costly.body.errors[0].message).toMatch(/maximum query cost exceeded/);
    await s.services.nativeUsers.setPassword('urn:li:corpuser:metrics-guessed', 'guessed-Pa55word');
    let status = 0;
    for (let i = 0; i < 8 && status !== 429; i++)
      status = (await http(`${s.url}/logIn`, { body: { username: 'metrics-guessed', password: 'no' } })).status;
    expect(status).toBe(429);
    for (let i = 0; i < 121; i++)
      await http(`${s.url}/openapi/v1/tracking/track`, { body: { type: 'SearchEvent', query: 'q', total: 1 }, headers: admin });
    expect(await refusals('cost')).toBe(before.cost + 1);
    expect(await refusals('lockout')).toBe(before.lockout + 1);
    expect(await refusals('rate')).toBe(before.rate + 1);
  });

  it('counts the open change log streams', async () => {
    const followers = async () => sample(await scrape(), 'catalog_change_log_followers');
    const before = await followers();
    const abort = new AbortController();
    // From past the end: a backlog the test never reads would only fill the socket's buffers.
    const open = await fetch(`${s.url}/events/stream?after=999999999`, { headers: admin, signal: abort.signal });
    expect(open.status).toBe(200);
    const reader = open.body!.getReader();
    await reader.read();
    expect(await followers()).toBe(before! + 1);
    abort.abort();
    await reader.closed.catch(() => undefined);
    await expect.poll(followers).toBe(before);
  });

  it('shows the documents the search index holds', async () => {
    const documents = async () => sample(await scrape(), 'catalog_search_index_documents');
    const before = await documents();
    await ingest([dataset('indexed.a'), dataset('indexed.b'), dataset('indexed.c')]);
    expect(await documents()).toBe(before! + 3);
    expect(before).toBe(s.services.store.stats().searchIndex.documents - 3);
  });
});

describe('who may read it', () => {
  /** As a reverse proxy on this host forwards it: from the loopback address, but on behalf of someone else. */
  const proxied = { 'x-forwarded-for': '203.0.113.9' };
  const status = async (server: TestServer, headers: Record<string, string> = {}) =>
    (await http(`${server.url}/metrics`, { headers })).status;

  it('loopback (the default): a caller on this host without a token, or a token with MANAGE_SYSTEM_OPERATIONS', async () => {
    expect(await status(s)).toBe(200);
    expect(await status(s, proxied)).toBe(401);
    expect(await status(s, { ...proxied, authorization: `Bearer ${readerToken}` })).toBe(200);
    expect(await status(s, { ...proxied, ...admin })).toBe(200);
    expect(await status(s, { ...proxied, authorization: `Bearer ${nobodyToken}` })).toBe(403);
    // A token sent is a token checked, from wherever.
    expect(await status(s, { authorization: `Bearer ${nobodyToken}` })).toBe(403);
    expect(await status(s, { authorization: 'Bearer not-a-token' })).toBe(401);
  });

  it('tells a loopback caller from any other by its address', () => {
    const request = (remoteAddress: string, headers: Record<string, string> = {}) =>
      ({ socket: { remoteAddress }, headers }) as unknown as FastifyRequest;
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '127.8.0.1']) expect(fromLoopback(request(address)), address).toBe(true);
    for (const address of ['10.0.0.5', '::ffff:10.0.0.5', '192.168.1.127', 'fe80::1', '1127.0.0.1'])
      expect(fromLoopback(request(address)), address).toBe(false);
    expect(fromLoopback(request('127.0.0.1', { forwarded: 'for=203.0.113.9' }))).toBe(false);
    expect(fromLoopback(request('127.0.0.1', { 'x-real-ip': '203.0.113.9' }))).toBe(false);
  });

  it('authenticated: a token with MANAGE_SYSTEM_OPERATIONS, even on this host; public: anyone', async () => {
    const guarded = await startTestServer({ auth: true, adminToken: ADMIN_SECRET, metricsAccess: 'authenticated' });
    const open = await startTestServer({ auth: true, metricsAccess: 'public' });
    try {
      expect(await status(guarded)).toBe(401);
      expect(await status(guarded, admin)).toBe(200);
      const token = (await guarded.services.tokens.mint({ actorUrn: NOBODY, duration: 'ONE_DAY', name: 'nobody' })).accessToken;
      expect(await status(guarded, { authorization: `Bearer ${token}` })).toBe(403);
      expect(await status(open)).toBe(200);
      expect(await status(open, proxied)).toBe(200);
    } finally {
      await guarded.close();
      await open.close();
    }
  });

  it('with authentication off, whom the caller names, as for every route', async () => {
    const unguarded = await startTestServer({ metricsAccess: 'authenticated' });
    try {
      expect(await status(unguarded, proxied)).toBe(200);
      expect(await status(unguarded, { ...proxied, 'x-datahub-actor': NOBODY })).toBe(403);
    } finally {
      await unguarded.close();
    }
  });
});
