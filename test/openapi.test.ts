/**
 * DataHub's OpenAPI entity API over real HTTP, with authentication on: the requests DataHub's Python
 * SDK sends (`rest_emitter.py` with `openapi_ingestion`, `request_helper.py`, `DataHubGraph.get_entities`
 * and `get_entities_v2`), byte for byte, and their answers field by field; writes read back through
 * Rest.li and GraphQL and the reverse; write tracing; privileges; and the 4xx of each mistake.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeLogLength, enc, grantPolicy, http, mcp, startTestServer, type TestServer } from './helpers.js';

type Json = Record<string, any>;

const ADMIN = 'openapi-admin-secret';
const BOB = 'urn:li:corpuser:bob';
let s: TestServer;
let clock = Date.UTC(2025, 8, 1);
let bobToken: string;

beforeAll(async () => {
  s = await startTestServer({ auth: true, adminToken: ADMIN, now: () => clock });
  bobToken = (await s.services.tokens.mint({ actorUrn: BOB, duration: 'ONE_DAY', name: 'bob' })).accessToken;
});
afterAll(async () => s.close());

/** The headers of the SDK's session (`RequestsSessionConfig.build_session` and the emitter's own). */
const SDK_HEADERS = {
  'User-Agent': 'DataHub-RestClient/1.2.0.1 (SDK)',
  'X-DataHub-Client-Mode': 'SDK',
  'X-DataHub-Py-Cli-Version': '1.2.0.1',
  'X-RestLi-Protocol-Version': '2.0.0',
  'Content-Type': 'application/json',
  Authorization: `Bearer ${ADMIN}`,
};

/** The system metadata `ensure_has_system_metadata` gives every MCP the SDK emits. */
const sdkSystemMetadata = (lastObserved: number) => ({
  lastObserved,
  runId: 'no-run-id-provided',
  lastRunId: 'no-run-id-provided',
  properties: { clientId: 'acryl-datahub', clientVersion: '1.2.0.1' },
});

/** One item of the emitter's batch (`OpenApiRequest.from_mcp`), serialized as it serializes it. */
const item = (urn: string, aspectName: string, value: unknown, lastObserved = 1_756_684_800_000) =>
  JSON.stringify({ urn, [aspectName]: { value, systemMetadata: sdkSystemMetadata(lastObserved), headers: {} } });

/** `_Chunk.join`: the items of one request, as one JSON array. */
const chunk = (items: string[]) => `[${items.join(',')}]`;

/** A request as the SDK's session sends it. */
const sdk = (method: string, path: string, rawBody?: string, headers: Record<string, string> = {}) =>
  http(`${s.url}${path}`, { method, ...(rawBody !== undefined ? { rawBody } : {}), headers: { ...SDK_HEADERS, ...headers } });

const admin = { authorization: `Bearer ${ADMIN}` };
const asBob = () => ({ authorization: `Bearer ${bobToken}` });

const entitiesV2 = async (urn: string, aspects?: string[]) =>
  (await http(`${s.url}/entitiesV2/${enc(urn)}${aspects ? `?aspects=List(${aspects.join(',')})` : ''}`, { headers: admin })).body;

async function gql(query: string, variables: Json): Promise<Json> {
  const reply = await http(`${s.url}/api/graphql`, { body: { query, variables }, headers: admin });
  expect(reply.body.errors).toBeUndefined();
  return reply.body.data;
}

const TRACEPARENT = /^00-([0-9a-f]{32})-[0-9a-f]{16}-01$/;
const traceIdOf = (headers: Headers) => TRACEPARENT.exec(headers.get('traceparent') ?? '')?.[1];
const changes = () => changeLogLength(s.services.store);

const dataset = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:mysql,${name},PROD)`;

describe('POST /openapi/v3/entity/{entityName}: the emitter in openapi_ingestion mode', () => {
  const urn = dataset('User.UserAccount');
  const profile = {
    rowCount: 2000,
    columnCount: 15,
    timestampMillis: 1626995099686,
    partitionSpec: { partition: 'FULL_TABLE_SNAPSHOT', type: 'FULL_TABLE' },
  };
  const properties = { name: 'UserAccount', description: 'accounts', customProperties: { team: 'identity' }, tags: [] };

  it('writes a batch (emit_mcps, SYNC_PRIMARY: async=false) and answers 200 with each aspect written', async () => {
    clock += 1000;
    const reply = await sdk(
      'POST',
      '/openapi/v3/entity/dataset?async=false',
      chunk([item(urn, 'datasetProperties', properties), item(urn, 'datasetProfile', profile)]),
    );
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual([{ urn, datasetProperties: { value: properties }, datasetProfile: { value: profile } }]);
    expect(traceIdOf(reply.headers)).toBeDefined();
  });

  it('reads back through Rest.li: the value, the SDK system metadata, and the trace id among its properties', async () => {
    const reply = await sdk('POST', '/openapi/v3/entity/dataset?async=false', chunk([item(urn, 'status', { removed: false })]));
    const traceId = traceIdOf(reply.headers);
    const read = await entitiesV2(urn, ['datasetProperties', 'status']);
    expect(read.aspects.datasetProperties.value).toEqual(properties);
    expect(read.aspects.datasetProperties.created.actor).toBe('urn:li:corpuser:datahub');
    expect(read.aspects.status.systemMetadata).toEqual({
      ...sdkSystemMetadata(1_756_684_800_000),
      properties: { clientId: 'acryl-datahub', clientVersion: '1.2.0.1', telemetryTraceId: traceId },
    });
    const points = await http(`${s.url}/aspects?action=getTimeseriesAspectValues`, {
      body: { urn, entity: 'dataset', aspect: 'datasetProfile' },
      headers: admin,
    });
    expect(points.body.value.values.map((v: Json) => JSON.parse(v.aspect.value))).toEqual([profile]);
  });

  it('reads back through GraphQL', async () => {
    const data = await gql(
      'query($urn: String!) { dataset(urn: $urn) { urn properties { name description customProperties { key value } } } }',
      {
        urn,
      },
    );
    expect(data.dataset).toEqual({
      urn,
      properties: { name: 'UserAccount', description: 'accounts', customProperties: [{ key: 'team', value: 'identity' }] },
    });
  });

  it('answers 202 for async=true (ASYNC, ASYNC_WAIT and the controller default), the write done all the same', async () => {
    const other = dataset('async.table');
    for (const path of ['/openapi/v3/entity/dataset?async=true', '/openapi/v3/entity/dataset']) {
      const reply = await sdk('POST', path, chunk([item(other, 'status', { removed: false })]));
      expect(reply.status).toBe(202);
      expect(reply.body).toEqual([{ urn: other, status: { value: { removed: false } } }]);
    }
    expect((await entitiesV2(other, ['status'])).aspects.status.value).toEqual({ removed: false });
  });

  it('answers the system metadata and stamp of each aspect with systemMetadata=true', async () => {
    clock += 1000;
    const other = dataset('echo.table');
    const reply = await sdk(
      'POST',
      '/openapi/v3/entity/dataset?async=false&systemMetadata=true',
      chunk([item(other, 'status', { removed: true })]),
    );
    const traceId = traceIdOf(reply.headers);
    expect(reply.body).toEqual([
      {
        urn: other,
        status: {
          value: { removed: true },
          systemMetadata: {
            ...sdkSystemMetadata(1_756_684_800_000),
            properties: { clientId: 'acryl-datahub', clientVersion: '1.2.0.1', telemetryTraceId: traceId },
          },
          auditStamp: { time: clock, actor: 'urn:li:corpuser:datahub' },
        },
      },
    ]);
  });

  it('takes a patch as the emitter sends it (method PATCH, value {patch: [...]}) and answers the patch', async () => {
    const patch = [{ op: 'add', path: '/qualifiedName', value: 'PatchMe0' }];
    const reply = await sdk('PATCH', '/openapi/v3/entity/dataset?async=false', chunk([item(urn, 'datasetProperties', { patch })]));
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual([{ urn, datasetProperties: { value: { patch } } }]);
    expect((await entitiesV2(urn, ['datasetProperties'])).aspects.datasetProperties.value).toEqual({
      ...properties,
      qualifiedName: 'PatchMe0',
    });
  });

  it('takes the generic patch form, and answers an async patch 202 with no body', async () => {
    const generic = {
      patch: [{ op: 'add', path: '/customProperties/owner', value: 'ana' }],
      arrayPrimaryKeys: {},
      forceGenericPatch: true,
    };
    const reply = await sdk('PATCH', '/openapi/v3/entity/dataset?async=true', chunk([item(urn, 'datasetProperties', generic)]));
    expect(reply.status).toBe(202);
    expect(reply.text).toBe('');
    expect(traceIdOf(reply.headers)).toBeDefined();
    expect((await entitiesV2(urn, ['datasetProperties'])).aspects.datasetProperties.value.customProperties).toEqual({
      team: 'identity',
      owner: 'ana',
    });
  });

  it('removes the entity for a DELETE proposal (DELETE /{entityName}/{urn}, urn unencoded, body [])', async () => {
    const gone = dataset('to.delete');
    await sdk('POST', '/openapi/v3/entity/dataset?async=false', chunk([item(gone, 'status', { removed: false })]));
    const reply = await sdk('DELETE', `/openapi/v3/entity/dataset/${gone}`, '[]');
    expect(reply.status).toBe(200);
    expect(reply.text).toBe('');
    expect(Object.keys((await entitiesV2(gone)).aspects)).toEqual(['datasetKey']);
    expect((await http(`${s.url}/openapi/v3/entity/dataset/${enc(gone)}`, { headers: admin })).status).toBe(404);
  });

  it('is served under /api/gms too, as DataHub frontend proxies it', async () => {
    const other = dataset('proxied.table');
    const reply = await sdk('POST', '/api/gms/openapi/v3/entity/dataset?async=false', chunk([item(other, 'status', { removed: false })]));
    expect(reply.status).toBe(200);
    expect((await entitiesV2(other, ['status'])).aspects.status.value).toEqual({ removed: false });
  });
});

describe('write tracing: what the emitter reads in ASYNC_WAIT mode', () => {
  const urn = dataset('traced.table');
  const trace = (traceparent: string, body: unknown, query = '?onlyIncludeErrors=false&detailed=true') =>
    sdk('POST', `/openapi/v1/trace/write/${traceparent}${query}`, JSON.stringify(body));

  it('reports an aspect the traced write holds as ACTIVE_STATE in both stores, and a timeseries point as not traced', async () => {
    clock += 1000;
    const reply = await sdk(
      'POST',
      '/openapi/v3/entity/dataset?async=true',
      chunk([item(urn, 'datasetProperties', { name: 'traced' }), item(urn, 'datasetProfile', { timestampMillis: 1, rowCount: 1 })]),
    );
    const traceparent = reply.headers.get('traceparent')!;
    // The emitter sends the trace id (TraceData.extract_trace_id); DataHub takes a whole traceparent too.
    for (const id of [traceIdOf(reply.headers)!, traceparent]) {
      const status = await trace(id, { [urn]: ['datasetProperties', 'datasetProfile'] });
      expect(status.status).toBe(200);
      expect(status.body).toEqual({
        [urn]: {
          datasetProperties: {
            success: true,
            primaryStorage: { writeStatus: 'ACTIVE_STATE' },
            searchStorage: { writeStatus: 'ACTIVE_STATE' },
          },
          datasetProfile: {
            success: true,
            primaryStorage: { writeStatus: 'NO_OP' },
            searchStorage: { writeStatus: 'TRACE_NOT_IMPLEMENTED' },
          },
        },
      });
    }
    // onlyIncludeErrors defaults to true: a write here never fails after its answer.
    expect((await trace(traceparent, { [urn]: ['datasetProperties'] }, '')).body).toEqual({});
  });

  it('reports HISTORIC_STATE once a later write replaced it, and NO_OP for a write that changed nothing', async () => {
    clock += 1000;
    const first = traceIdOf(
      (await sdk('POST', '/openapi/v3/entity/dataset?async=true', chunk([item(urn, 'status', { removed: false })]))).headers,
    )!;
    clock += 1000;
    const same = traceIdOf(
      (await sdk('POST', '/openapi/v3/entity/dataset?async=true', chunk([item(urn, 'status', { removed: false })]))).headers,
    )!;
    expect((await trace(same, { [urn]: ['status'] })).body[urn].status.primaryStorage.writeStatus).toBe('NO_OP');
    expect((await trace(first, { [urn]: ['status'] })).body[urn].status.primaryStorage.writeStatus).toBe('ACTIVE_STATE');
    clock += 1000;
    await sdk('POST', '/openapi/v3/entity/dataset?async=true', chunk([item(urn, 'status', { removed: true })]));
    const replaced = (await trace(first, { [urn]: ['status'] })).body[urn].status;
    expect(replaced).toEqual({
      success: true,
      primaryStorage: { writeStatus: 'HISTORIC_STATE' },
      searchStorage: { writeStatus: 'HISTORIC_STATE' },
    });
  });

  it('refuses what is not a trace id, an urn it cannot parse, and a reader of a type it may not read', async () => {
    expect((await trace('not-a-trace', { [urn]: [] })).status).toBe(400);
    const badUrn = await trace('0'.repeat(32), { 'urn:li:dataset:nope': ['status'] });
    expect(badUrn.status).toBe(400);
    const policy = await http(`${s.url}/openapi/v1/trace/write/${'0'.repeat(32)}`, {
      body: { 'urn:li:dataHubPolicy:any': ['dataHubPolicyInfo'] },
      headers: asBob(),
    });
    expect(policy.status).toBe(403);
  });
});

describe('Rest.li and OpenAPI read each other', () => {
  it('reads a Rest.li write through OpenAPI, with system metadata and stamp', async () => {
    clock += 1000;
    const urn = dataset('restli.written');
    const tags = { tags: [{ tag: 'urn:li:tag:pii' }] };
    await http(`${s.url}/aspects?action=ingestProposal`, {
      body: { proposal: mcp(urn, 'globalTags', tags, { systemMetadata: { runId: 'run-7', lastObserved: 5 } }) },
      headers: admin,
    });
    const reply = await http(`${s.url}/openapi/v3/entity/dataset/${enc(urn)}?aspects=globalTags&systemMetadata=true`, { headers: admin });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      urn,
      globalTags: {
        value: tags,
        systemMetadata: { runId: 'run-7', lastObserved: 5, lastRunId: 'run-7' },
        auditStamp: { time: clock, actor: 'urn:li:corpuser:datahub' },
      },
    });
  });
});

describe('batch reads: what DataHubGraph.get_entities and get_entities_v2 send', () => {
  const first = dataset('read.one');
  const second = dataset('read.two');
  const never = dataset('read.never');
  const props = (n: number) => ({ name: `t${n}`, customProperties: {}, tags: [] });
  const readHeaders = { Accept: 'application/json', 'Content-Type': 'application/json' };

  beforeAll(async () => {
    clock += 1000;
    await sdk(
      'POST',
      '/openapi/v3/entity/dataset?async=false',
      chunk([
        item(first, 'datasetProperties', props(1)),
        item(first, 'status', { removed: false }),
        item(second, 'datasetProperties', props(2)),
        item(first, 'datasetProfile', { timestampMillis: 10, rowCount: 3 }),
        item(first, 'datasetProfile', { timestampMillis: 20, rowCount: 4 }),
      ]),
    );
    clock += 1000;
    // A second version of the first dataset's properties: version 1 is now the first.
    await sdk('POST', '/openapi/v3/entity/dataset?async=false', chunk([item(first, 'datasetProperties', props(11))]));
  });

  it('get_entities: the aspects asked for, with system metadata, of the entities that exist, in order', async () => {
    // The body as get_entities builds it: one {urn, <aspect>: {}} per urn.
    const body = JSON.stringify([second, never, first].map((urn) => ({ urn, datasetProperties: {}, status: {} })));
    const reply = await sdk('POST', '/openapi/v3/entity/dataset/batchGet?systemMetadata=true', body, readHeaders);
    expect(reply.status).toBe(200);
    expect(reply.body.map((e: Json) => e.urn)).toEqual([second, first]);
    const [two, one] = reply.body;
    expect(Object.keys(two).sort()).toEqual(['datasetProperties', 'urn']);
    expect(two.datasetProperties.value).toEqual(props(2));
    expect(two.datasetProperties.systemMetadata.runId).toBe('no-run-id-provided');
    expect(two.datasetProperties.systemMetadata.properties.clientId).toBe('acryl-datahub');
    expect(two.datasetProperties.auditStamp).toEqual({ time: clock - 1000, actor: 'urn:li:corpuser:datahub' });
    expect(one.datasetProperties.value).toEqual(props(11));
    expect(one.status.value).toEqual({ removed: false });
  });

  it('get_entities without aspects: every aspect it has, its key and the newest point of each timeseries aspect', async () => {
    const reply = await sdk('POST', '/openapi/v3/entity/dataset/batchGet', JSON.stringify([{ urn: first }]), readHeaders);
    const [one] = reply.body;
    expect(Object.keys(one).sort()).toEqual([
      'browsePaths',
      'browsePathsV2',
      'datasetKey',
      'datasetProfile',
      'datasetProperties',
      'status',
      'urn',
    ]);
    expect(one.datasetKey).toEqual({ value: { platform: 'urn:li:dataPlatform:mysql', name: 'read.one', origin: 'PROD' } });
    expect(one.datasetProfile.value).toEqual({ timestampMillis: 20, rowCount: 4 });
    // Without systemMetadata=true, only values.
    expect(one.status).toEqual({ value: { removed: false } });
  });

  it('reads an older version named by If-Version-Match, and leaves out one that does not exist', async () => {
    const body = [{ urn: first, datasetProperties: { headers: { 'If-Version-Match': '1' } } }];
    expect((await sdk('POST', '/openapi/v3/entity/dataset/batchGet', JSON.stringify(body), readHeaders)).body).toEqual([
      { urn: first, datasetProperties: { value: props(1) } },
    ]);
    const missing = [{ urn: first, datasetProperties: { headers: { 'If-Version-Match': '9' } } }];
    expect((await sdk('POST', '/openapi/v3/entity/dataset/batchGet', JSON.stringify(missing), readHeaders)).body).toEqual([]);
  });

  it('get_entities_v2: every urn asked for, its key aspect always among its aspects', async () => {
    const body = JSON.stringify({ urns: [first, never], aspectNames: ['datasetProperties'], withSystemMetadata: false });
    const reply = await sdk('POST', '/openapi/v2/entity/batch/dataset', body, readHeaders);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      entities: [
        {
          urn: first,
          aspects: {
            datasetKey: { value: { platform: 'urn:li:dataPlatform:mysql', name: 'read.one', origin: 'PROD' } },
            datasetProperties: { value: props(11) },
          },
        },
        { urn: never, aspects: { datasetKey: { value: { platform: 'urn:li:dataPlatform:mysql', name: 'read.never', origin: 'PROD' } } } },
      ],
    });
  });

  it('get_entities_v2 with system metadata, and with no aspect names (every aspect)', async () => {
    const body = JSON.stringify({ urns: [second], aspectNames: [], withSystemMetadata: true });
    const [two] = (await sdk('POST', '/openapi/v2/entity/batch/dataset', body, readHeaders)).body.entities;
    expect(Object.keys(two.aspects).sort()).toEqual(['browsePaths', 'browsePathsV2', 'datasetKey', 'datasetProperties']);
    expect(two.aspects.datasetProperties.value).toEqual(props(2));
    expect(two.aspects.datasetProperties.systemMetadata.properties.clientVersion).toBe('1.2.0.1');
  });

  it('refuses a malformed batch with a 400 naming the problem', async () => {
    const bad: Array<[string, string, RegExp]> = [
      ['/openapi/v3/entity/dataset/batchGet', '{"urn": "x"}', /must be a JSON array/],
      ['/openapi/v3/entity/dataset/batchGet', '[{"status": {}}]', /entities\[0\]: Missing `urn` field/],
      ['/openapi/v3/entity/dataset/batchGet', JSON.stringify([{ urn: first, nope: {} }]), /Unknown aspect nope for entity dataset/],
      ['/openapi/v3/entity/dataset/batchGet', '[{"urn": "urn:li:dataset:(oops"}]', /urn/],
      ['/openapi/v3/entity/nope/batchGet', '[]', /Failed to find entity with name nope/],
      ['/openapi/v2/entity/batch/dataset', '{"aspectNames": []}', /urns must be a list of urns/],
      ['/openapi/v2/entity/batch/dataset', JSON.stringify({ urns: [first], aspectNames: ['nope'] }), /Unknown aspect nope/],
    ];
    for (const [path, body, message] of bad) {
      const reply = await sdk('POST', path, body, readHeaders);
      expect(reply.status, path).toBe(400);
      expect(reply.body.message, path).toMatch(message);
    }
  });
});

describe('privileges', () => {
  const urn = dataset('guarded.table');

  it('refuses every write of a user no policy lets write with 403, and writes nothing', async () => {
    const before = await changes();
    const body = chunk([item(urn, 'status', { removed: true })]);
    const writes = [
      ['POST', '/openapi/v3/entity/dataset?async=false', body],
      ['PATCH', '/openapi/v3/entity/dataset?async=false', chunk([item(urn, 'datasetProperties', { patch: [] })])],
      ['POST', `/openapi/v3/entity/dataset/${enc(urn)}/status?createIfNotExists=false`, JSON.stringify({ value: { removed: true } })],
      ['PATCH', `/openapi/v3/entity/dataset/${enc(urn)}/datasetProperties`, JSON.stringify({ patch: [] })],
      ['DELETE', `/openapi/v3/entity/dataset/${enc(urn)}`, undefined],
      ['DELETE', `/openapi/v3/entity/dataset/${enc(urn)}/status`, undefined],
    ] as const;
    for (const [method, path, rawBody] of writes) {
      const reply = await http(`${s.url}${path}`, {
        method,
        ...(rawBody !== undefined ? { rawBody } : {}),
        headers: { ...asBob(), 'content-type': 'application/json' },
      });
      expect(reply.status, `${method} ${path}`).toBe(403);
      expect(reply.body.message, `${method} ${path}`).toMatch(/unauthorized/i);
    }
    expect(await changes()).toBe(before);
    expect(Object.keys((await entitiesV2(urn)).aspects)).toEqual(['datasetKey']);
  });

  it('lets the same user write once a policy grants EDIT_ENTITY', async () => {
    await grantPolicy(s.services, 'bob-edits', { privileges: ['EDIT_ENTITY'], actors: { users: [BOB] } });
    const reply = await http(`${s.url}/openapi/v3/entity/dataset?async=false`, {
      method: 'POST',
      rawBody: chunk([item(urn, 'status', { removed: false })]),
      headers: { ...asBob(), 'content-type': 'application/json' },
    });
    expect(reply.status).toBe(200);
    expect((await entitiesV2(urn, ['status'])).aspects.status.created.actor).toBe(BOB);
  });

  it('refuses a read of a type the reader may not read with 403', async () => {
    const policies = await http(`${s.url}/openapi/v3/entity/dataHubPolicy/batchGet`, {
      body: [{ urn: 'urn:li:dataHubPolicy:admin' }],
      headers: asBob(),
    });
    expect(policies.status).toBe(403);
    expect(policies.body.message).toMatch(/Unauthorized to perform this action/);
  });

  it('leaves out the aspects a reader may not read', async () => {
    const user = 'urn:li:corpuser:credentialed';
    await http(`${s.url}/aspects?action=ingestProposalBatch`, {
      body: {
        proposals: [
          mcp(user, 'corpUserInfo', { active: true, displayName: 'C' }),
          mcp(user, 'corpUserCredentials', { salt: 's', hashedPassword: 'h' }),
        ],
      },
      headers: admin,
    });
    const asAdmin = await http(`${s.url}/openapi/v3/entity/corpuser/${enc(user)}`, { headers: admin });
    expect(Object.keys(asAdmin.body).sort()).toEqual(['corpUserCredentials', 'corpUserInfo', 'corpUserKey', 'urn']);
    const asReader = await http(`${s.url}/openapi/v3/entity/corpuser/${enc(user)}`, { headers: asBob() });
    expect(asReader.status).toBe(200);
    expect(Object.keys(asReader.body).sort()).toEqual(['corpUserInfo', 'corpUserKey', 'urn']);
    expect((await http(`${s.url}/openapi/v3/entity/corpuser/${enc(user)}/corpUserCredentials`, { headers: asBob() })).status).toBe(404);
    // Nor does a trace say anything of them.
    const trace = (body: unknown) =>
      http(`${s.url}/openapi/v1/trace/write/${'0'.repeat(32)}?onlyIncludeErrors=false`, { body, headers: asBob() });
    const every = Object.keys((await trace({ [user]: [] })).body[user]);
    expect(every).toContain('corpUserInfo');
    expect(every).not.toContain('corpUserCredentials');
    expect((await trace({ [user]: ['corpUserCredentials'] })).status).toBe(403);
  });

  it('answers 401 without a token', async () => {
    expect((await http(`${s.url}/openapi/v3/entity/dataset?async=false`, { body: [] })).status).toBe(401);
  });
});

describe('mistakes get a clear 4xx and write nothing', () => {
  const urn = dataset('mistakes');
  const cases: Array<[string, string, string, string | undefined, number, RegExp]> = [
    [
      'unknown entity type',
      'POST',
      '/openapi/v3/entity/nope?async=false',
      '[]',
      400,
      /Failed to find entity with name nope in EntityRegistry/,
    ],
    ['body not JSON', 'POST', '/openapi/v3/entity/dataset', '[{"urn": ', 400, /not valid JSON/],
    ['body not a list', 'POST', '/openapi/v3/entity/dataset', '{"urn": "x"}', 400, /must be a JSON array/],
    [
      'no urn',
      'POST',
      '/openapi/v3/entity/dataset',
      '[{"status": {"value": {"removed": true}}}]',
      400,
      /entities\[0\]: Missing `urn` field/,
    ],
    ['malformed urn', 'POST', '/openapi/v3/entity/dataset', '[{"urn": "urn:li:dataset:(x"}]', 400, /entities\[0\]:/],
    [
      'urn of another type',
      'POST',
      '/openapi/v3/entity/dataset',
      '[{"urn": "urn:li:tag:x", "tagProperties": {"value": {"name": "x"}}}]',
      400,
      /is of entity type tag, not dataset/,
    ],
    [
      'unknown aspect',
      'POST',
      '/openapi/v3/entity/dataset',
      JSON.stringify([{ urn, nope: { value: {} } }]),
      400,
      /entities\[0\]\.nope: Unknown aspect nope for entity dataset/,
    ],
    ['no value', 'POST', '/openapi/v3/entity/dataset', JSON.stringify([{ urn, status: {} }]), 400, /Missing `value` field/],
    [
      'value against the schema',
      'POST',
      '/openapi/v3/entity/dataset',
      JSON.stringify([{ urn, status: { value: { removed: 'yes' } } }]),
      400,
      /entities\[0\]\.status: Failed to validate record with class com\.linkedin\.common\.Status/,
    ],
    [
      'a patch without patch',
      'PATCH',
      '/openapi/v3/entity/dataset',
      JSON.stringify([{ urn, datasetProperties: { value: [{ op: 'add', path: '/name', value: 'x' }] } }]),
      400,
      /Missing `patch` field/,
    ],
    [
      'a conditional write',
      'POST',
      '/openapi/v3/entity/dataset',
      JSON.stringify([{ urn, status: { value: { removed: true }, headers: { 'If-Version-Match': '3' } } }]),
      400,
      /conditional writes \(If-Version-Match\) are not supported/,
    ],
    ['async not a boolean', 'POST', '/openapi/v3/entity/dataset?async=maybe', '[]', 400, /async must be true or false/],
    ['unknown route', 'GET', '/openapi/v3/nothing', undefined, 404, /No endpoint GET \/openapi\/v3\/nothing/],
  ];

  for (const [name, method, path, rawBody, status, message] of cases) {
    it(name, async () => {
      const before = await changes();
      const reply = await http(`${s.url}${path}`, {
        method,
        ...(rawBody !== undefined ? { rawBody } : {}),
        headers: { ...admin, 'content-type': 'application/json' },
      });
      expect(reply.status).toBe(status);
      expect(reply.body.status).toBe(status);
      expect(reply.body.message).toMatch(message);
      expect(reply.body.error).toBeDefined();
      expect(await changes()).toBe(before);
    });
  }

  it('answers a value against the schema with DataHub\'s "Validation Error"', async () => {
    const reply = await sdk('POST', '/openapi/v3/entity/dataset', JSON.stringify([{ urn, status: { value: { removed: 'yes' } } }]));
    expect(reply.body.error).toBe('Validation Error');
  });

  it('writes nothing of a batch one of whose aspects is refused', async () => {
    const before = await changes();
    const reply = await sdk(
      'POST',
      '/openapi/v3/entity/dataset?async=false',
      chunk([item(urn, 'status', { removed: false }), item(urn, 'datasetProperties', { name: 7 })]),
    );
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(/^entities\[1\]\.datasetProperties:/);
    expect(await changes()).toBe(before);
  });
});

describe('body limits: an ingest-sized body for callers who may write, a small one for reads', () => {
  const KiB = 1024;
  let limited: TestServer;
  let writer: Record<string, string>;
  let reader: Record<string, string>;
  beforeAll(async () => {
    limited = await startTestServer({
      auth: true,
      adminToken: ADMIN,
      limits: { bodyLimits: { small: 16 * KiB, document: 32 * KiB, ingest: 256 * KiB, largeInFlight: 4, largeInFlightPerCaller: 2 } },
    });
    const mint = async (user: string) => ({
      authorization: `Bearer ${(await limited.services.tokens.mint({ actorUrn: user, duration: 'ONE_DAY', name: 'test' })).accessToken}`,
    });
    writer = await mint('urn:li:corpuser:writer');
    reader = await mint('urn:li:corpuser:reader');
    await grantPolicy(limited.services, 'writer-edits', { privileges: ['EDIT_ENTITY'], actors: { users: ['urn:li:corpuser:writer'] } });
  });
  afterAll(async () => limited.close());

  /** 100 datasets, some 110 KiB of JSON. */
  const entities = (value: (i: number) => unknown) =>
    Array.from({ length: 100 }, (_, i) => ({ urn: dataset(`limits.t${i}`), datasetProperties: { value: value(i) } }));
  const description = 'x'.repeat(1000);

  it('takes a write over the small limit from a writer, and refuses it (413) from a caller no policy lets write', async () => {
    const writes = [
      ['POST', entities(() => ({ description }))],
      ['PATCH', entities(() => ({ patch: [{ op: 'add', path: '/description', value: description }] }))],
    ] as const;
    for (const [method, body] of writes) {
      const allowed = await http(`${limited.url}/openapi/v3/entity/dataset?async=false`, { method, body, headers: writer });
      expect(allowed.status, method).toBe(200);
      const refused = await http(`${limited.url}/openapi/v3/entity/dataset?async=false`, { method, body, headers: reader });
      expect(refused.status, method).toBe(413);
      expect(refused.body.message).toMatch(/at most 16 KiB is accepted for a caller no policy lets write/);
    }
  });

  it('holds a batch read to the small limit', async () => {
    const read = await http(`${limited.url}/openapi/v3/entity/dataset/batchGet`, {
      body: entities(() => ({ description })),
      headers: writer,
    });
    expect(read.status).toBe(413);
    expect(read.body.message).toMatch(/at most 16 KiB is accepted for this endpoint/);
  });
});
