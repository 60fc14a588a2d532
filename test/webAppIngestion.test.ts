/**
 * Ingestion from the app, with authentication on, through the app's own operations: a `file` source
 * made, run in the background and polled until it succeeds, its entities landed and counted, then
 * rolled back; a source of any other type ends FAILURE saying it needs DataHub's CLI; secrets
 * referred to by a recipe are used when it runs, and their values are never listed, never in the
 * change log and never in the database file. Refusals are DataHub's 403s; bad input is a 400 that
 * writes nothing.
 */
import { copyFileSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ACTOR, SYSTEM_ACTOR } from '../src/actors.js';
import { UNAUTHORIZED_MESSAGE } from '../src/auth/authorizer.js';
import { createServices } from '../src/domains/services.js';
import { BACKEND, enc, expectEach, grantPolicy, http, openTestStore, startTestServer, tempDir, type TestServer } from './helpers.js';
import { expectErrorIn, webApp } from './webApp.js';

type Json = any;

const ADMIN_SECRET = 'ingestion-admin-secret-for-tests';
const BOB = 'urn:li:corpuser:bob';
const OPS = 'urn:li:corpuser:ops';
const KEEPER = 'urn:li:corpuser:keeper';
const ORDERS = 'urn:li:dataset:(urn:li:dataPlatform:postgres,shop.public.orders,PROD)';
const CUSTOMERS = 'urn:li:dataset:(urn:li:dataPlatform:postgres,shop.public.customers,PROD)';
const PAYMENTS = 'urn:li:dataset:(urn:li:dataPlatform:postgres,shop.public.payments,PROD)';
const CLEAR_VALUE = 'hunter2-very-secret-password-value';

let s: TestServer;
/** The folder the file source may read (INGESTION_FILE_ROOT). */
const root = tempDir('ingestion-root-');
let metadataFile: string;
/** Everything the server logged. */
const logged: string[] = [];
// Users are signed in the first time they act; the admin, with the admin token, is whom requests go as by default.
const { tokens, headers, send, run, entityV2 } = webApp(() => s, { signInOnUse: true });

/** The error an operation answers as `user`. Runs write in the background, so what was written is not counted here. */
async function refused(user: string, operation: string, variables: Json, code: number, message?: string | RegExp): Promise<void> {
  expectErrorIn(await send(operation, variables, user), code, message);
}

const recipe = (type: string, config: Json) =>
  JSON.stringify({ source: { type, config }, sink: { type: 'datahub-rest', config: { server: 'http://localhost:8080' } } });

const sourceInput = (name: string, type: string, config: Json, extra: Json = {}) => ({
  name,
  type,
  config: { recipe: recipe(type, config), executorId: 'default', version: '0.15.0', debugMode: false },
  ...extra,
});

/** Polls the app's run query until the run has ended. */
async function finished(urn: string): Promise<Json> {
  for (let i = 0; i < 200; i++) {
    const { executionRequest } = await run('getIngestionExecutionRequest', { urn }, ADMIN_ACTOR);
    const status = executionRequest.result?.status;
    if (status && status !== 'RUNNING') return executionRequest;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`run ${urn} did not end`);
}

const sourceCount = async () =>
  (await run('listIngestionSources', { input: { start: 0, count: 50 } }, ADMIN_ACTOR)).listIngestionSources.total;

beforeAll(async () => {
  s = await startTestServer({ auth: true, adminToken: ADMIN_SECRET, ingestionFileRoot: root, log: (line) => void logged.push(line) });
  tokens.set(ADMIN_ACTOR, ADMIN_SECRET);
  metadataFile = join(root, 'shop-metadata.json');
  copyFileSync(join(import.meta.dirname, 'fixtures/ingestion/small_metadata.json'), metadataFile);
  await grantPolicy(s.services, 'ops-ingest', { type: 'PLATFORM', privileges: ['MANAGE_INGESTION'], actors: { users: [OPS] } });
  // A run writes with the privileges of whoever started it, as `catalog ingest` does with its token.
  await grantPolicy(s.services, 'ops-edit', {
    type: 'METADATA',
    privileges: ['EDIT_ENTITY'],
    actors: { users: [OPS] },
    resources: { allResources: true },
  });
  await grantPolicy(s.services, 'keeper-secrets', {
    type: 'PLATFORM',
    privileges: ['MANAGE_SECRETS', 'GET_METADATA_CHANGE_LOG_EVENTS'],
    actors: { users: [KEEPER] },
  });
});
afterAll(async () => {
  await s?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('a file source run from the app', () => {
  it('lands its entities in the background, reports counts, and is undone by rollbackIngestion', async () => {
    const { createIngestionSource: sourceUrn } = await run(
      'createIngestionSource',
      {
        input: sourceInput(
          'Shop metadata',
          'file',
          { path: metadataFile },
          { schedule: { interval: '0 5 * * *', timezone: 'Europe/Paris' } },
        ),
      },
      OPS,
    );
    expect(sourceUrn).toMatch(/^urn:li:dataHubIngestionSource:[0-9a-f-]{36}$/);

    const { ingestionSource } = await run('getIngestionSource', { urn: sourceUrn, runStart: 0, runCount: 5 }, OPS);
    expect(ingestionSource).toMatchObject({
      urn: sourceUrn,
      name: 'Shop metadata',
      type: 'file',
      schedule: { interval: '0 5 * * *', timezone: 'Europe/Paris' },
    });
    expect(JSON.parse(ingestionSource.config.recipe).source.config.path).toBe(metadataFile);
    expect(ingestionSource.config).toMatchObject({ executorId: 'default', version: '0.15.0', debugMode: false });
    expect(ingestionSource.ownership.owners.map((o: Json) => o.owner.urn)).toEqual([OPS]);
    expect(ingestionSource.executions.total).toBe(0);

    const { createIngestionExecutionRequest: requestUrn } = await run(
      'createIngestionExecutionRequest',
      {
        input: { ingestionSourceUrn: sourceUrn },
      },
      OPS,
    );
    const runId = requestUrn.slice('urn:li:dataHubExecutionRequest:'.length);
    const request = await finished(requestUrn);
    expect(request.result.status, request.result.report).toBe('SUCCESS');
    expect(request.id).toBe(runId);
    expect(request.input).toMatchObject({
      task: 'RUN_INGEST',
      source: { type: 'MANUAL_INGESTION_SOURCE' },
      executorId: 'default',
      actor: { urn: OPS },
    });
    expect(JSON.parse(request.input.arguments.find((a: Json) => a.key === 'recipe').value).run_id).toBe(runId);
    expect(request.result.report).toContain('events produced: 4');
    expect(request.result.report).toContain('records written: 4');
    expect(request.result.durationMs).toBeGreaterThanOrEqual(0);
    const structured = JSON.parse(request.result.structuredReport.serializedValue);
    expect(structured.source.report.events_produced).toBe(4);
    expect(structured.source.report.aspects.dataset).toEqual({ datasetProperties: 3, status: 1 });
    expect(structured.sink.report.total_records_written).toBe(4);

    for (const urn of [ORDERS, CUSTOMERS, PAYMENTS]) expect((await entityV2(urn)).datasetProperties.systemMetadata.runId).toBe(runId);
    expect((await entityV2(PAYMENTS)).datasetProperties.value.description).toBe('Payments received');

    // The source's page lists the run, newest first, and its latest success.
    const page = (await run('getIngestionSource', { urn: sourceUrn, runStart: 0, runCount: 5 }, OPS)).ingestionSource;
    expect(page.executions.total).toBe(1);
    expect(page.executions.executionRequests[0]).toMatchObject({ urn: requestUrn, result: { status: 'SUCCESS' } });
    const listed = (await run('listIngestionExecutionRequests', { input: { start: 0, count: 10 } }, OPS)).listExecutionRequests;
    const mine = listed.executionRequests.find((r: Json) => r.urn === requestUrn);
    expect(mine.source).toMatchObject({ urn: sourceUrn, latestSuccessfulExecution: { urn: requestUrn } });
    const sources = (await run('listIngestionSources', { input: { start: 0, count: 10, query: 'Shop' } }, OPS)).listIngestionSources;
    expect(sources.ingestionSources.map((x: Json) => x.urn)).toEqual([sourceUrn]);
    expect(sources.ingestionSources[0].executions.executionRequests[0].urn).toBe(requestUrn);
    // The app hides DataHub's own system sources with a negated filter.
    const visible = (
      await run(
        'listIngestionSources',
        {
          input: { start: 0, count: 10, query: '*', filters: [{ field: 'sourceType', values: ['SYSTEM'], negated: true }] },
        },
        OPS,
      )
    ).listIngestionSources;
    expect(visible.ingestionSources.map((x: Json) => x.urn)).toContain(sourceUrn);

    // Rolling the run back removes what it created and marks the run.
    expect((await run('rollbackIngestion', { input: { runId } }, OPS)).rollbackIngestion).toBe('true');
    // (entitiesV2 answers an entity that is not stored with its key alone.)
    for (const urn of [ORDERS, CUSTOMERS, PAYMENTS]) expect(Object.keys(await entityV2(urn))).toEqual(['datasetKey']);
    expect((await run('getIngestionExecutionRequest', { urn: requestUrn }, OPS)).executionRequest.result.status).toBe('ROLLED_BACK');

    // Updating and deleting the source.
    await run(
      'updateIngestionSource',
      {
        urn: sourceUrn,
        input: sourceInput('Shop metadata (daily)', 'file', { path: metadataFile }),
      },
      OPS,
    );
    const updated = (await run('getIngestionSource', { urn: sourceUrn }, OPS)).ingestionSource;
    expect([updated.name, updated.schedule]).toEqual(['Shop metadata (daily)', null]);
    expect((await run('deleteIngestionSource', { urn: sourceUrn }, OPS)).deleteIngestionSource).toBe(sourceUrn);
    expect((await run('getIngestionSource', { urn: sourceUrn }, OPS)).ingestionSource).toBeNull();
  });

  it('ends FAILURE for a source this service cannot run, saying it needs the ingestion CLI', async () => {
    const { createIngestionSource: sourceUrn } = await run(
      'createIngestionSource',
      {
        input: sourceInput('Warehouse', 'snowflake', { account_id: 'abc' }),
      },
      OPS,
    );
    const { createIngestionExecutionRequest: requestUrn } = await run(
      'createIngestionExecutionRequest',
      {
        input: { ingestionSourceUrn: sourceUrn },
      },
      OPS,
    );
    const request = await finished(requestUrn);
    expect(request.result.status).toBe('FAILURE');
    expect(request.result.report).toMatch(/Source type 'snowflake' cannot run inside this service.*datahub ingest/s);
  });

  it('tests a connection: a readable file succeeds, a missing one fails with the reason', async () => {
    const ok = await finished(
      (await run('createTestConnectionRequest', { input: { recipe: recipe('file', { path: metadataFile }) } }, OPS))
        .createTestConnectionRequest,
    );
    expect(ok.result.status).toBe('SUCCESS');
    expect(JSON.parse(ok.result.structuredReport.serializedValue)).toEqual({ basic_connectivity: { capable: true } });
    expect(ok.input).toMatchObject({ task: 'TEST_CONNECTION', source: { type: 'MANUAL_TEST_CONNECTION' } });
    const missing = await finished(
      (await run('createTestConnectionRequest', { input: { recipe: recipe('file', { path: join(root, 'nope.json') }) } }, OPS))
        .createTestConnectionRequest,
    );
    expect(missing.result.status).toBe('FAILURE');
    expect(JSON.parse(missing.result.structuredReport.serializedValue).basic_connectivity).toMatchObject({
      capable: false,
      failure_reason: expect.stringContaining('nope.json'),
    });
  });

  it("records a cancel as DataHub's KILL signal on the run", async () => {
    const { createIngestionSource: sourceUrn } = await run(
      'createIngestionSource',
      {
        input: sourceInput('Cancelled', 'file', { path: metadataFile }),
      },
      OPS,
    );
    const { createIngestionExecutionRequest: requestUrn } = await run(
      'createIngestionExecutionRequest',
      {
        input: { ingestionSourceUrn: sourceUrn },
      },
      OPS,
    );
    const input = { ingestionSourceUrn: sourceUrn, executionRequestUrn: requestUrn };
    await refused(BOB, 'cancelIngestionExecutionRequest', { input }, 403, UNAUTHORIZED_MESSAGE);
    await refused(
      OPS,
      'cancelIngestionExecutionRequest',
      { input: { ...input, executionRequestUrn: 'urn:li:dataHubExecutionRequest:nope' } },
      400,
      'Failed to find execution request with urn urn:li:dataHubExecutionRequest:nope',
    );
    expect((await run('cancelIngestionExecutionRequest', { input }, OPS)).cancelIngestionExecutionRequest).toBe(requestUrn);
    const signal = (await entityV2(requestUrn)).dataHubExecutionRequestSignal.value;
    expect(signal).toMatchObject({ signal: 'KILL', executorId: 'default', createdAt: { actor: OPS } });
    expect(['SUCCESS', 'CANCELLED']).toContain((await finished(requestUrn)).result.status);
    await run('rollbackIngestion', { input: { runId: requestUrn.slice('urn:li:dataHubExecutionRequest:'.length) } }, OPS);
  });

  it("refuses without MANAGE_INGESTION, with DataHub's messages", async () => {
    await refused(BOB, 'createIngestionSource', { input: sourceInput('x', 'file', { path: metadataFile }) }, 403, UNAUTHORIZED_MESSAGE);
    await refused(
      BOB,
      'listIngestionSources',
      { input: { start: 0, count: 10 } },
      403,
      'You are not authorized to list ingestion sources. Please contact your DataHub administrator.',
    );
    await refused(BOB, 'listIngestionExecutionRequests', { input: { start: 0, count: 10 } }, 403, UNAUTHORIZED_MESSAGE);
    await refused(BOB, 'rollbackIngestion', { input: { runId: 'anything' } }, 403, UNAUTHORIZED_MESSAGE);
    await refused(
      KEEPER,
      'createTestConnectionRequest',
      { input: { recipe: recipe('file', { path: metadataFile }) } },
      403,
      UNAUTHORIZED_MESSAGE,
    );
    const { createIngestionSource: sourceUrn } = await run(
      'createIngestionSource',
      {
        input: sourceInput('Guarded', 'file', { path: metadataFile }),
      },
      OPS,
    );
    await refused(BOB, 'getIngestionSource', { urn: sourceUrn }, 403);
    await refused(BOB, 'createIngestionExecutionRequest', { input: { ingestionSourceUrn: sourceUrn } }, 403, UNAUTHORIZED_MESSAGE);
    await refused(BOB, 'deleteIngestionSource', { urn: sourceUrn }, 403, UNAUTHORIZED_MESSAGE);
    expect((await run('getIngestionSource', { urn: sourceUrn }, OPS)).ingestionSource.name).toBe('Guarded');
  });

  it('answers bad input with a 400 that writes nothing', async () => {
    const before = await sourceCount();
    await refused(
      OPS,
      'createIngestionSource',
      { input: { ...sourceInput('Bad', 'file', {}), config: { recipe: 'source: {type: file', executorId: 'default' } } },
      400,
      'Failed to create execution request: Invalid recipe json provided.',
    );
    await refused(
      OPS,
      'createIngestionSource',
      { input: sourceInput('Bad', 'file', {}, { schedule: { interval: 'every day', timezone: 'UTC' } }) },
      400,
      /^Invalid cron schedule `every day`/,
    );
    await refused(
      OPS,
      'createIngestionSource',
      { input: sourceInput('Bad', 'file', {}, { schedule: { interval: '0 5 * * *', timezone: 'Mars/Olympus' } }) },
      400,
      /^Invalid timezone `Mars\/Olympus`/,
    );
    await refused(OPS, 'createIngestionSource', { input: sourceInput('  ', 'file', {}) }, 400);
    await refused(
      OPS,
      'updateIngestionSource',
      { urn: 'urn:li:dataHubIngestionSource:nope', input: sourceInput('Bad', 'file', {}) },
      400,
      'Failed to find ingestion source with urn urn:li:dataHubIngestionSource:nope',
    );
    await refused(
      OPS,
      'createIngestionExecutionRequest',
      { input: { ingestionSourceUrn: 'urn:li:dataHubIngestionSource:nope' } },
      400,
      'Failed to find ingestion source with urn urn:li:dataHubIngestionSource:nope',
    );
    await refused(OPS, 'createTestConnectionRequest', { input: { recipe: '{not json' } }, 400);
    expect(await sourceCount()).toBe(before);
    expectEach(
      (await run('listIngestionExecutionRequests', { input: { start: 0, count: 100 } }, OPS)).listExecutionRequests.executionRequests,
      (r: Json) => r.input.task,
    );
  });
});

describe('secrets', () => {
  it('are listed by name only, read back with getSecretValues, and used by a recipe that refers to them', async () => {
    const { createSecret: urn } = await run(
      'createSecret',
      {
        input: { name: 'SHOP_FILE', value: metadataFile, description: 'where the shop metadata is' },
      },
      KEEPER,
    );
    expect(urn).toBe('urn:li:dataHubSecret:SHOP_FILE');
    await run('createSecret', { input: { name: 'DB_PASSWORD', value: CLEAR_VALUE } }, KEEPER);
    const { listSecrets } = await run('listSecrets', { input: { start: 0, count: 10 } }, KEEPER);
    expect(listSecrets.total).toBe(2);
    expect(listSecrets.secrets.map((x: Json) => [x.urn, x.name, x.description])).toEqual([
      ['urn:li:dataHubSecret:DB_PASSWORD', 'DB_PASSWORD', null],
      [urn, 'SHOP_FILE', 'where the shop metadata is'],
    ]);
    expect(JSON.stringify(listSecrets)).not.toContain(CLEAR_VALUE);
    const body = await send('listSecrets', { input: { start: 0, count: 10, query: 'DB_PASS' } }, KEEPER);
    expect(body.data.listSecrets.secrets.map((x: Json) => x.name)).toEqual(['DB_PASSWORD']);

    const values = await http(`${s.url}/api/v2/graphql`, {
      body: {
        query: 'query v($input: GetSecretValuesInput!) { getSecretValues(input: $input) { name value } }',
        variables: { input: { secrets: ['DB_PASSWORD', 'SHOP_FILE', 'MISSING'] } },
      },
      headers: await headers(KEEPER),
    });
    expect(values.body.data.getSecretValues).toEqual(
      expect.arrayContaining([
        { name: 'DB_PASSWORD', value: CLEAR_VALUE },
        { name: 'SHOP_FILE', value: metadataFile },
      ]),
    );
    expect(values.body.data.getSecretValues).toHaveLength(2);

    await run(
      'updateSecret',
      {
        input: { urn: 'urn:li:dataHubSecret:DB_PASSWORD', name: 'DB_PASSWORD', value: `${CLEAR_VALUE}-rotated`, description: 'rotated' },
      },
      KEEPER,
    );

    // A recipe refers to the secret; the stored recipe keeps the reference, the run reads the file.
    const { createIngestionSource: sourceUrn } = await run(
      'createIngestionSource',
      {
        input: sourceInput('Shop via secret', 'file', { path: `\${SHOP_FILE}` }),
      },
      OPS,
    );
    const { createIngestionExecutionRequest: requestUrn } = await run(
      'createIngestionExecutionRequest',
      {
        input: { ingestionSourceUrn: sourceUrn },
      },
      OPS,
    );
    const request = await finished(requestUrn);
    expect(request.result.status, request.result.report).toBe('SUCCESS');
    // The value the run used is masked in what it reports.
    expect(JSON.stringify(request)).not.toContain(metadataFile);
    expect(request.result.report).toContain('read 1 file(s) from ********');
    expect((await entityV2(ORDERS)).datasetProperties.value.name).toBe('orders');
    await run('rollbackIngestion', { input: { runId: request.id } }, OPS);

    const { createIngestionSource: brokenUrn } = await run(
      'createIngestionSource',
      {
        input: sourceInput('Missing secret', 'file', { path: `\${NOT_A_SECRET}` }),
      },
      OPS,
    );
    const broken = await finished(
      (await run('createIngestionExecutionRequest', { input: { ingestionSourceUrn: brokenUrn } }, OPS)).createIngestionExecutionRequest,
    );
    expect(broken.result.status).toBe('FAILURE');
    expect(broken.result.report).toContain('NOT_A_SECRET');
  });

  it('never show a value in the change log, the logs or the database file', async () => {
    // Every request was logged (access lines), none with a value.
    expect(logged.filter((l) => l.includes('/api/v2/graphql')).length).toBeGreaterThan(20);
    expect(logged.join('\n')).not.toContain(CLEAR_VALUE);
    const feed = await http(`${s.url}/events?limit=10000`, { headers: await headers(KEEPER) });
    expect(feed.status).toBe(200);
    expect(feed.text).toContain('dataHubSecretValue');
    expect(feed.text).not.toContain(CLEAR_VALUE);
    const v2 = await entityV2('urn:li:dataHubSecret:DB_PASSWORD');
    expect(v2.dataHubSecretValue.value.name).toBe('DB_PASSWORD');
    expect(JSON.stringify(v2)).not.toContain(CLEAR_VALUE);
    if (BACKEND === 'sqlite') {
      const files = readdirSync(s.dir).filter((f) => f.startsWith('catalog.db'));
      expect(files).toContain('catalog.db');
      for (const f of files) expect(readFileSync(join(s.dir, f)).includes(Buffer.from(CLEAR_VALUE)), f).toBe(false);
    } else {
      const pg = await import('pg');
      const c = new pg.default.Client({ connectionString: s.databaseUrl });
      await c.connect();
      try {
        const tables = (await c.query("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'")).rows.map(
          (r) => r.table_name as string,
        );
        for (const t of tables) {
          const hit = await c.query(`SELECT count(*)::int AS n FROM "${t}" x WHERE x::text LIKE $1`, [`%${CLEAR_VALUE}%`]);
          expect(hit.rows[0].n, t).toBe(0);
        }
      } finally {
        await c.end();
      }
    }
  });

  it('refuse without MANAGE_SECRETS, and answer bad input with a 400 that writes nothing', async () => {
    await refused(OPS, 'listSecrets', { input: { start: 0, count: 10 } }, 403, UNAUTHORIZED_MESSAGE);
    await refused(OPS, 'createSecret', { input: { name: 'X', value: 'y' } }, 403, UNAUTHORIZED_MESSAGE);
    await refused(BOB, 'deleteSecret', { urn: 'urn:li:dataHubSecret:DB_PASSWORD' }, 403, UNAUTHORIZED_MESSAGE);
    const denied = await http(`${s.url}/entitiesV2/${enc('urn:li:dataHubSecret:DB_PASSWORD')}`, {
      headers: await headers(OPS),
    });
    expect(denied.status).toBe(403);

    await refused(KEEPER, 'createSecret', { input: { name: 'DB_PASSWORD', value: 'again' } }, 400, 'This Secret already exists!');
    await refused(KEEPER, 'createSecret', { input: { name: 'has space', value: 'v' } }, 400);
    await refused(KEEPER, 'createSecret', { input: { name: 'EMPTY', value: '' } }, 400);
    await refused(KEEPER, 'updateSecret', { input: { urn: 'urn:li:dataHubSecret:NOPE', name: 'NOPE', value: 'v' } }, 400);
    expect((await run('listSecrets', { input: { start: 0, count: 10 } }, KEEPER)).listSecrets.total).toBe(2);

    expect((await run('deleteSecret', { urn: 'urn:li:dataHubSecret:SHOP_FILE' }, KEEPER)).deleteSecret).toBe(
      'urn:li:dataHubSecret:SHOP_FILE',
    );
    expect((await run('listSecrets', { input: { start: 0, count: 10 } }, KEEPER)).listSecrets.secrets.map((x: Json) => x.name)).toEqual([
      'DB_PASSWORD',
    ]);
  });
});

describe('the key secrets are sealed with', () => {
  it('is SECRET_SERVICE_ENCRYPTION_KEY when set, else one kept in the store: values sealed under one key are not read under another', async () => {
    const dir = tempDir();
    const { store, drop } = await openTestStore(dir);
    try {
      const configured = createServices(store, { secretEncryptionKey: 'k'.repeat(32) });
      await configured.secrets.create(SYSTEM_ACTOR, { name: 'CONFIGURED', value: 'sealed-under-k' });
      expect(await configured.secrets.values(SYSTEM_ACTOR, ['CONFIGURED'])).toEqual([{ name: 'CONFIGURED', value: 'sealed-under-k' }]);
      expect(await createServices(store, { secretEncryptionKey: 'j'.repeat(32) }).secrets.values(SYSTEM_ACTOR, ['CONFIGURED'])).toEqual([]);

      const stored = createServices(store);
      expect(await stored.secrets.values(SYSTEM_ACTOR, ['CONFIGURED'])).toEqual([]);
      await stored.secrets.create(SYSTEM_ACTOR, { name: 'STORED', value: 'sealed-under-stored-key' });
      // Another start on the same database finds the same key.
      expect(await createServices(store).secrets.values(SYSTEM_ACTOR, ['STORED'])).toEqual([
        { name: 'STORED', value: 'sealed-under-stored-key' },
      ]);
    } finally {
      await store.close();
      await drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
