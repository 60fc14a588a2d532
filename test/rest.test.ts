/**
 * End to end over HTTP: the Rest.li endpoints of the foundation, their versioning rules and their
 * errors, against a real server on a real SQLite file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enc, expectOrdered, grantPolicy, http, mcp, startTestServer, type TestServer } from './helpers.js';

const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,db.orders,PROD)';
const ingest = (s: TestServer, proposal: unknown, path = '/aspects?action=ingestProposal', headers: Record<string, string> = {}) =>
  http(s.url + path, { body: { proposal, async: 'false' }, headers });

function expectRestliError(reply: { status: number; body: any; headers: Headers }, status: number, message: RegExp | string): void {
  expect(reply.status).toBe(status);
  expect(reply.body.status).toBe(status);
  expect(reply.body.exceptionClass).toBe('com.linkedin.restli.server.RestLiServiceException');
  expect(reply.body.message).toMatch(message);
  expect(reply.body.stackTrace).toContain(`[HTTP Status:${status}]`);
  expect(reply.headers.get('x-restli-error-response')).toBe('true');
}

let s: TestServer;
let clock = 1_700_000_000_000;
beforeAll(async () => {
  s = await startTestServer({ now: () => clock });
  // Requests naming alice act as alice (authentication is off here), so she needs to be allowed to write.
  await grantPolicy(s.services, 'alice-edits', { privileges: ['EDIT_ENTITY'], actors: { users: ['urn:li:corpuser:alice'] } });
});
afterAll(async () => s.close());

describe('ingestProposal and entitiesV2', () => {
  it('writes an aspect and reads it back in its envelope, with the key aspect and default browse paths', async () => {
    const props = { description: 'orders', customProperties: { team: 'sales' } };
    const written = await ingest(
      s,
      mcp(DATASET, 'datasetProperties', props, { systemMetadata: { lastObserved: 1234, runId: 'run-1' } }),
      '/aspects?action=ingestProposal',
      {
        'X-DataHub-Actor': 'urn:li:corpuser:alice',
      },
    );
    expect(written.status).toBe(200);
    expect(written.body).toEqual({ value: DATASET });

    const read = await http(`${s.url}/entitiesV2/${enc(DATASET)}`);
    expect(read.status).toBe(200);
    expect(read.body.urn).toBe(DATASET);
    expect(read.body.entityName).toBe('dataset');
    expect(read.body.aspects.datasetProperties).toEqual({
      name: 'datasetProperties',
      type: 'VERSIONED',
      version: 0,
      value: props,
      created: { actor: 'urn:li:corpuser:alice', time: clock },
      systemMetadata: { lastObserved: 1234, runId: 'run-1', lastRunId: 'run-1' },
    });
    expect(read.body.aspects.datasetKey.value).toEqual({ platform: 'urn:li:dataPlatform:hive', name: 'db.orders', origin: 'PROD' });
    expect(read.body.aspects.datasetKey.systemMetadata.runId).toBe('run-1');
    expect(read.body.aspects.browsePaths.value).toEqual({ paths: ['/prod/hive/db/orders'] });
    expect(read.body.aspects.browsePaths.systemMetadata.runId).toBe('run-1');
  });

  it('fills systemMetadata defaults when a proposal has none', async () => {
    const urn = 'urn:li:tag:defaults';
    clock += 1;
    await ingest(s, mcp(urn, 'tagProperties', { name: 'defaults' }));
    const read = await http(`${s.url}/entitiesV2/${enc(urn)}?aspects=List(tagProperties)`);
    expect(read.body.aspects.tagProperties.systemMetadata).toEqual({
      lastObserved: clock,
      runId: 'no-run-id-provided',
      lastRunId: 'no-run-id-provided',
    });
    expect(read.body.aspects.tagProperties.created.actor).toBe('urn:li:corpuser:__datahub_system');
    expect(Object.keys(read.body.aspects).sort()).toEqual(['tagKey', 'tagProperties']);
  });

  it('answers 200 with only the synthesized key aspect for an urn never written', async () => {
    const urn = 'urn:li:corpuser:nobody';
    const read = await http(`${s.url}/entitiesV2/${enc(urn)}`);
    expect(read.status).toBe(200);
    expect(Object.keys(read.body.aspects)).toEqual(['corpUserKey']);
    expect(read.body.aspects.corpUserKey.value).toEqual({ username: 'nobody' });
    expect(read.body.aspects.corpUserKey.created.actor).toBe('urn:li:corpuser:__datahub_system');
  });

  it('reads a batch with ids=List(...) and with repeated ids', async () => {
    const other = 'urn:li:tag:defaults';
    const list = await http(`${s.url}/entitiesV2?ids=List(${enc(DATASET)},${enc(other)})&aspects=List(datasetProperties,tagProperties)`);
    expect(list.status).toBe(200);
    expect(Object.keys(list.body.results).sort()).toEqual([DATASET, other].sort());
    expect(list.body.results[DATASET].aspects.datasetProperties.value.description).toBe('orders');
    expect(list.body.results[other].aspects.tagProperties.value.name).toBe('defaults');
    expect(list.body.statuses).toEqual({});
    const repeated = await http(`${s.url}/entitiesV2?ids=${enc(DATASET)}&ids=${enc(other)}`);
    expect(Object.keys(repeated.body.results)).toHaveLength(2);
  });

  it('ignores unknown query parameters, even one named like an Object.prototype member', async () => {
    const urn = 'urn:li:corpuser:nobody';
    for (const name of ['constructor', '__proto__', 'toString']) {
      const read = await http(`${s.url}/entitiesV2/${enc(urn)}?${name}=x`);
      expect(read.status, name).toBe(200);
      expect(Object.keys(read.body.aspects), name).toEqual(['corpUserKey']);
    }
  });

  it('decodes a half-encoded urn in the path, and serves everything under /api/gms', async () => {
    const half = `urn%3Ali%3Adataset%3A(urn%3Ali%3AdataPlatform%3Ahive,db.orders,PROD)`;
    const read = await http(`${s.url}/api/gms/entitiesV2/${half}?aspects=List(datasetProperties)`);
    expect(read.status).toBe(200);
    expect(read.body.aspects.datasetProperties.value.description).toBe('orders');
  });

  it('keeps an encoded slash and plus inside an urn', async () => {
    const urn = 'urn:li:dataset:(urn:li:dataPlatform:s3,bucket/path/a+b.csv,PROD)';
    expect((await ingest(s, mcp(urn, 'status', { removed: false }))).status).toBe(200);
    const read = await http(`${s.url}/entitiesV2/${enc(urn)}`);
    expect(read.body.urn).toBe(urn);
    expect(read.body.aspects.status.value).toEqual({ removed: false });
  });

  it('accepts a trailing slash, no protocol header, and a body sent as form content', async () => {
    const urn = 'urn:li:tag:curl';
    const body = JSON.stringify({ proposal: mcp(urn, 'tagProperties', { name: 'curl' }) });
    const reply = await http(`${s.url}/aspects/?action=ingestProposal`, {
      rawBody: body,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(reply.status).toBe(200);
    expect(
      (await http(`${s.url}/aspects/${enc(urn)}?aspect=tagProperties&version=0`)).body.aspect['com.linkedin.tag.TagProperties'],
    ).toEqual({ name: 'curl' });
  });

  it('builds the urn from entityKeyAspect when entityUrn is absent', async () => {
    const proposal = {
      entityType: 'chart',
      entityKeyAspect: { value: JSON.stringify({ dashboardTool: 'looker', chartId: 'k1' }), contentType: 'application/json' },
      changeType: 'UPSERT',
      aspectName: 'status',
      aspect: { value: JSON.stringify({ removed: false }), contentType: 'application/json' },
    };
    const reply = await ingest(s, proposal);
    expect(reply.body).toEqual({ value: 'urn:li:chart:(looker,k1)' });
    const read = await http(`${s.url}/entitiesV2/${enc('urn:li:chart:(looker,k1)')}`);
    expect(read.body.aspects.chartKey.value).toEqual({ dashboardTool: 'looker', chartId: 'k1' });
    expect(read.body.aspects.browsePaths.value).toEqual({ paths: ['/looker/k1'] });
  });

  it('accepts systemMetadata sent as a JSON string, as `datahub put` does', async () => {
    const urn = 'urn:li:tag:put';
    await ingest(s, mcp(urn, 'tagProperties', { name: 'put' }, { systemMetadata: JSON.stringify({ runId: 'put-run', lastObserved: 5 }) }));
    const read = await http(`${s.url}/entitiesV2/${enc(urn)}`);
    expect(read.body.aspects.tagProperties.systemMetadata.runId).toBe('put-run');
  });

  it('keeps a lone surrogate in a value, and searches the entity by the rest of its text', async () => {
    const urn = 'urn:li:dataset:(urn:li:dataPlatform:hive,surrogates,PROD)';
    // As a client may send it: the aspect's JSON text escapes halves of surrogate pairs, which JSON.parse accepts.
    const value = '{"description": "ocelot \\ud83d and \\udc3e half pairs"}';
    const written = await ingest(s, { ...mcp(urn, 'datasetProperties', {}), aspect: { contentType: 'application/json', value } });
    expect(written.status, written.text).toBe(200);
    const read = await http(`${s.url}/entitiesV2/${enc(urn)}`);
    expect(read.body.aspects.datasetProperties.value.description).toBe(JSON.parse(value).description);
    const found = await http(`${s.url}/entities?action=search`, { body: { entity: 'dataset', input: 'ocelot', start: 0, count: 10 } });
    expect(found.body.value.metadata.urns).toEqual([urn]);
    const filtered = await http(`${s.url}/entities?action=search`, {
      body: {
        entity: 'dataset',
        input: '*',
        filter: { or: [{ and: [{ field: 'description', condition: 'CONTAIN', values: ['half pairs'] }] }] },
        start: 0,
        count: 10,
      },
    });
    expect(filtered.body.value.metadata.urns).toEqual([urn]);
    // An urn is a name: half of a surrogate pair has no form in UTF-8, so it is refused.
    const refused = await ingest(s, mcp('urn:li:tag:half\ud83d', 'tagProperties', { name: 'half' }));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('half of a surrogate pair');
  });
});

describe('reads splice stored aspects into their answers', () => {
  const urn = 'urn:li:dataset:(urn:li:dataPlatform:hive,db.spliced,PROD)';
  // As a client sends it: escapes, and in a part whose shape the schema leaves open (kept as sent),
  // digits JavaScript rounds and exponents, nested.
  const valueText = String.raw`{"description":"Zürich 日本語 🚀 \u2028 \"quoted\" \\ back\tslash \u0001 a\ud800b",
    "customProperties":{"10":"integer-like key","key \"q\"":"v"}}`;
  const openText = String.raw`{"fieldMappings":[{"big":12345678901234567890123,"huge":1e21,"tiny":-2.5E-7,"zero":-0,"list":[[],{},null,true,1.50],"deep":{"a":{"b":{"c":[{"d":"x"}]}}}}]}`;
  const systemMetadataText = '{"runId":"splice-run","lastObserved":1700000000000,"properties":{"ünïcode":"✓"}}';
  // What the service keeps is the parsed value (JSON has no -0: it is written 0).
  const expected = JSON.parse(JSON.stringify(JSON.parse(valueText)));

  /** What the service answered before it spliced: every stored value parsed, the answer serialized. */
  const reserialized = (text: string) => JSON.stringify(JSON.parse(text));

  beforeAll(async () => {
    const proposal = {
      entityType: 'dataset',
      entityUrn: urn,
      changeType: 'UPSERT',
      aspectName: 'datasetProperties',
      aspect: { value: valueText, contentType: 'application/json' },
      systemMetadata: JSON.parse(systemMetadataText),
    };
    expect((await ingest(s, proposal)).status).toBe(200);
    const open = { ...proposal, aspectName: 'datasetUpstreamLineage', aspect: { value: openText, contentType: 'application/json' } };
    const written = await ingest(s, open);
    expect(written.status, written.text).toBe(200);
  });

  it('answer the same bytes as parsing every stored value and serializing the answer', async () => {
    const reads = [
      `/entitiesV2/${enc(urn)}`,
      `/entitiesV2/${enc(urn)}?aspects=List(datasetProperties)`,
      `/entitiesV2?ids=List(${enc(urn)},${enc('urn:li:corpuser:never')})`,
      `/entities/${enc(urn)}`,
      `/aspects/${enc(urn)}?aspect=datasetProperties`,
      `/aspects/${enc(urn)}?aspect=datasetUpstreamLineage`,
      `/api/gms/aspects/${enc(urn)}?aspect=datasetKey&version=0`,
    ];
    for (const path of reads) {
      const read = await http(s.url + path);
      expect(read.status, path).toBe(200);
      expect(read.headers.get('content-type'), path).toBe('application/json; charset=utf-8');
      expect(read.text, path).toBe(reserialized(read.text));
    }
  });

  it('keep each value, system metadata and envelope as they were written', async () => {
    const v2 = (await http(`${s.url}/entitiesV2/${enc(urn)}`)).body;
    expect(v2.aspects.datasetProperties).toEqual({
      name: 'datasetProperties',
      type: 'VERSIONED',
      version: 0,
      value: expected,
      created: { actor: 'urn:li:corpuser:__datahub_system', time: clock },
      systemMetadata: { ...JSON.parse(systemMetadataText), lastRunId: 'splice-run' },
    });
    expect(Object.keys(v2.aspects.datasetProperties.value.customProperties)).toEqual(['10', 'key "q"']);
    expect(v2.aspects.datasetKey.value).toEqual({ platform: 'urn:li:dataPlatform:hive', name: 'db.spliced', origin: 'PROD' });
    expect(v2.aspects.datasetUpstreamLineage.value).toEqual(JSON.parse(JSON.stringify(JSON.parse(openText))));

    const batch = (await http(`${s.url}/entitiesV2?ids=List(${enc(urn)},${enc('urn:li:corpuser:never')})`)).body;
    expect(batch.results[urn]).toEqual(v2);
    // Never written: the key aspect the service makes, serialized the ordinary way beside stored ones.
    expect(batch.results['urn:li:corpuser:never'].aspects.corpUserKey.value).toEqual({ username: 'never' });

    const snapshot = (await http(`${s.url}/entities/${enc(urn)}`)).body.value['com.linkedin.metadata.snapshot.DatasetSnapshot'];
    expect(snapshot.aspects).toContainEqual({ 'com.linkedin.dataset.DatasetProperties': expected });

    const one = (await http(`${s.url}/aspects/${enc(urn)}?aspect=datasetProperties`)).body;
    expect(one).toEqual({ version: 0, aspect: { 'com.linkedin.dataset.DatasetProperties': expected } });
  });
});

describe('versioning', () => {
  const urn = 'urn:li:corpuser:versions';
  const info = (title: string) => ({ active: true, title });
  const version = (v: number) => http(`${s.url}/aspects/${enc(urn)}?aspect=corpUserInfo&version=${v}`);

  it('keeps v0 latest and history 1..N oldest first; negative versions count back', async () => {
    for (const [i, title] of ['first', 'second', 'third'].entries()) {
      clock += 1000;
      await ingest(s, mcp(urn, 'corpUserInfo', info(title), { systemMetadata: { runId: `run-${i}`, lastObserved: clock } }));
    }
    const titles = async (v: number) => (await version(v)).body?.aspect['com.linkedin.identity.CorpUserInfo'].title;
    expect(await titles(0)).toBe('third');
    expect(await titles(1)).toBe('first');
    expect(await titles(2)).toBe('second');
    expect(await titles(-1)).toBe('second');
    expect(await titles(-2)).toBe('first');
    expect((await version(0)).body.version).toBe(0);
    expect((await version(2)).body.version).toBe(2);
    expectRestliError(await version(3), 404, /No version 3/);
    expectRestliError(await version(-3), 404, /No version -3/);
  });

  it('an identical UPSERT writes no version, refreshes lastObserved and lastRunId and keeps runId', async () => {
    const before = await http(`${s.url}/entitiesV2/${enc(urn)}?aspects=List(corpUserInfo)`);
    const created = before.body.aspects.corpUserInfo.created;
    clock += 1000;
    await ingest(
      s,
      mcp(urn, 'corpUserInfo', { title: 'third', active: true }, { systemMetadata: { runId: 'run-again', lastObserved: 999 } }),
    );
    const after = await http(`${s.url}/entitiesV2/${enc(urn)}?aspects=List(corpUserInfo)`);
    expect(after.body.aspects.corpUserInfo.systemMetadata).toEqual({ runId: 'run-2', lastRunId: 'run-again', lastObserved: 999 });
    expect(after.body.aspects.corpUserInfo.created).toEqual(created);
    expectRestliError(await version(3), 404, /No version 3/);
  });

  it('a changed value moves the old latest into history with its own created stamp', async () => {
    const before = (await http(`${s.url}/entitiesV2/${enc(urn)}?aspects=List(corpUserInfo)`)).body.aspects.corpUserInfo;
    clock += 1000;
    await ingest(s, mcp(urn, 'corpUserInfo', info('fourth')));
    const moved = await version(3);
    expect(moved.body.aspect['com.linkedin.identity.CorpUserInfo'].title).toBe('third');
    const row = await s.services.store.getAspect(urn, 'corpUserInfo', 3);
    expect(row?.createdOn).toBe(before.created.time);
    expect(row?.systemMetadata?.lastRunId).toBe('run-again');
  });

  it('appends one change log event per applied change, in order', async () => {
    const events = await s.services.store.readChangeLog(0, 10_000);
    const mine = events.filter((e) => e.entityUrn === urn && e.aspectName === 'corpUserInfo');
    expect(mine.map((e) => (e.aspect as { title: string }).title)).toEqual(['first', 'second', 'third', 'fourth']);
    expect(mine[3]?.previousAspectValue).toEqual(info('third'));
    const offsets = events.map((e) => e.offset);
    expectOrdered(offsets, (a, b) => a - b, 'offsets');
    expect(new Set(offsets).size).toBe(offsets.length);
  });
});

describe('batches', () => {
  it('writes a whole batch in one request', async () => {
    const proposals = ['a', 'b', 'c'].map((n) => mcp(`urn:li:tag:batch-${n}`, 'tagProperties', { name: n }));
    const reply = await http(`${s.url}/aspects?action=ingestProposalBatch`, { body: { proposals, async: 'false' } });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ value: 'urn:li:tag:batch-a' });
    for (const n of ['a', 'b', 'c'])
      expect((await http(`${s.url}/aspects/${enc(`urn:li:tag:batch-${n}`)}?aspect=tagProperties&version=0`)).status).toBe(200);
  });

  it('writes nothing when one item is bad, and names the item', async () => {
    const proposals = [
      mcp('urn:li:tag:atomic-1', 'tagProperties', { name: 'ok' }),
      mcp('urn:li:tag:atomic-2', 'noSuchAspect', { name: 'bad' }),
      mcp('urn:li:tag:atomic-3', 'tagProperties', { name: 'ok' }),
    ];
    const reply = await http(`${s.url}/aspects?action=ingestProposalBatch`, { body: { proposals } });
    expectRestliError(reply, 400, /^proposals\[1\]: Unknown aspect noSuchAspect for entity tag/);
    const read = await http(`${s.url}/aspects/${enc('urn:li:tag:atomic-1')}?aspect=tagKey&version=0`);
    expect(read.status).toBe(404);
  });

  it('rolls back the whole batch when a write fails inside the transaction', async () => {
    const urn = 'urn:li:tag:create-twice';
    await ingest(s, mcp(urn, 'tagProperties', { name: 'x' }));
    const proposals = [
      mcp('urn:li:tag:rolled-back', 'tagProperties', { name: 'y' }),
      { ...mcp(urn, 'tagProperties', { name: 'z' }), changeType: 'CREATE' },
    ];
    const reply = await http(`${s.url}/aspects?action=ingestProposalBatch`, { body: { proposals } });
    expectRestliError(reply, 409, /already exists/);
    expect((await http(`${s.url}/aspects/${enc('urn:li:tag:rolled-back')}?aspect=tagKey&version=0`)).status).toBe(404);
  });
});

describe('PATCH proposals', () => {
  it('apply to the latest value: tags added and removed by key, versions kept as for any write', async () => {
    const urn = 'urn:li:dataset:(urn:li:dataPlatform:hive,db.patched,PROD)';
    const patch = (ops: unknown[]) =>
      ingest(s, {
        entityType: 'dataset',
        entityUrn: urn,
        changeType: 'PATCH',
        aspectName: 'globalTags',
        aspect: { value: JSON.stringify(ops), contentType: 'application/json' },
      });
    expect(
      (
        await patch([
          { op: 'add', path: '/tags/urn:li:tag:a', value: { tag: 'urn:li:tag:a' } },
          { op: 'add', path: '/tags/urn:li:tag:b', value: { tag: 'urn:li:tag:b' } },
        ])
      ).status,
    ).toBe(200);
    expect(
      (
        await patch([
          { op: 'remove', path: '/tags/urn:li:tag:a' },
          { op: 'add', path: '/tags/urn:li:tag:c', value: { tag: 'urn:li:tag:c' } },
        ])
      ).status,
    ).toBe(200);
    const read = await http(`${s.url}/aspects/${enc(urn)}?aspect=globalTags&version=0`);
    expect(read.body.aspect['com.linkedin.common.GlobalTags']).toEqual({ tags: [{ tag: 'urn:li:tag:b' }, { tag: 'urn:li:tag:c' }] });
    const first = await http(`${s.url}/aspects/${enc(urn)}?aspect=globalTags&version=1`);
    expect(first.body.aspect['com.linkedin.common.GlobalTags'].tags).toHaveLength(2);
    expect((await http(`${s.url}/aspects/${enc(urn)}?aspect=datasetKey&version=0`)).status).toBe(200);
  });

  it("accept DataHub's Python SDK proposals: application/json-patch+json, quoted paths, removes without a value", async () => {
    const urn = 'urn:li:dataset:(urn:li:dataPlatform:hive,db.sdk_patched,PROD)';
    // As MetadataPatchProposal.build() sends them (mcp_patch_builder.py): None values are dropped by pre_json_transform.
    const ops = [
      { op: 'add', path: '/tags/urn:li:tag:pii', value: { tag: 'urn:li:tag:pii' } },
      { op: 'add', path: '/tags/urn:li:tag:a~1b', value: { tag: 'urn:li:tag:a/b' } },
      { op: 'remove', path: '/tags/urn:li:tag:never-there' },
    ];
    const proposal = {
      entityType: 'dataset',
      entityUrn: urn,
      changeType: 'PATCH',
      aspectName: 'globalTags',
      aspect: { value: JSON.stringify(ops), contentType: 'application/json-patch+json' },
    };
    const reply = await ingest(s, proposal);
    expect(reply.status, reply.text).toBe(200);
    const read = await http(`${s.url}/aspects/${enc(urn)}?aspect=globalTags&version=0`);
    expect(read.body.aspect['com.linkedin.common.GlobalTags']).toEqual({ tags: [{ tag: 'urn:li:tag:pii' }, { tag: 'urn:li:tag:a/b' }] });
  });

  it("add a job's input and output columns as DataHub's SDK does: the field urn in the path, {} as the value", async () => {
    const job = 'urn:li:dataJob:(urn:li:dataFlow:(airflow,etl,PROD),load)';
    const column = (table: string, field: string) =>
      `urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:hive,${table},PROD),${field})`;
    // DataJobPatchBuilder.add_input_dataset_field / add_output_dataset_field, as MetadataPatchProposal.build() sends them.
    const ops = [
      { op: 'add', path: `/inputDatasetFields/${column('raw.orders', 'id')}`, value: {} },
      { op: 'add', path: `/outputDatasetFields/${column('mart.orders', 'order_id')}`, value: {} },
    ];
    const reply = await ingest(s, {
      entityType: 'dataJob',
      entityUrn: job,
      changeType: 'PATCH',
      aspectName: 'dataJobInputOutput',
      aspect: { value: JSON.stringify(ops), contentType: 'application/json-patch+json' },
    });
    expect(reply.status, reply.text).toBe(200);
    const read = await http(`${s.url}/aspects/${enc(job)}?aspect=dataJobInputOutput&version=0`);
    expect(read.body.aspect['com.linkedin.datajob.DataJobInputOutput']).toMatchObject({
      inputDatasetFields: [column('raw.orders', 'id')],
      outputDatasetFields: [column('mart.orders', 'order_id')],
    });
  });
});

describe('urn length', () => {
  it('is at most 512 bytes URL-encoded for a write, but for schema fields, which nest a dataset urn whole', async () => {
    const dataset = `urn:li:dataset:(urn:li:dataPlatform:hive,${'n'.repeat(430)},PROD)`;
    expect((await ingest(s, mcp(dataset, 'status', { removed: false }))).status).toBe(200);
    const field = `urn:li:schemaField:(${dataset},customer_id)`;
    const written = await ingest(s, mcp(field, 'status', { removed: false }));
    expect(written.status, written.text).toBe(200);
    expectRestliError(
      await ingest(s, mcp(`urn:li:dataset:(urn:li:dataPlatform:hive,${'n'.repeat(500)},PROD)`, 'status', { removed: false })),
      400,
      /longer than 512 bytes/,
    );
  });
});

describe('deeply nested values', () => {
  it('are parsed up to the nesting limit and checked against the schema, which names an undeclared field', async () => {
    const urn = 'urn:li:tag:deep';
    const depth = 990;
    const text = `{"name": "deep", "extra": ${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;
    const reply = await ingest(s, {
      entityType: 'tag',
      entityUrn: urn,
      changeType: 'UPSERT',
      aspectName: 'tagProperties',
      aspect: { value: text, contentType: 'application/json' },
    });
    expectRestliError(reply, 422, /ERROR :: \/extra :: unrecognized field found but not allowed/);
    expect((await http(`${s.url}/aspects/${enc(urn)}?aspect=tagProperties&version=0`)).status).toBe(404);
  });
});

describe('DELETE proposals', () => {
  it('removes an aspect with its history, and the key aspect removes the entity', async () => {
    const urn = 'urn:li:tag:deleted';
    await ingest(s, mcp(urn, 'tagProperties', { name: 'one' }));
    await ingest(s, mcp(urn, 'tagProperties', { name: 'two' }));
    const del = (aspectName: string) => ingest(s, { entityType: 'tag', entityUrn: urn, changeType: 'DELETE', aspectName });
    expect((await del('tagProperties')).status).toBe(200);
    expect((await http(`${s.url}/aspects/${enc(urn)}?aspect=tagProperties&version=0`)).status).toBe(404);
    expect((await http(`${s.url}/aspects/${enc(urn)}?aspect=tagProperties&version=1`)).status).toBe(404);
    expect((await http(`${s.url}/aspects/${enc(urn)}?aspect=tagKey&version=0`)).status).toBe(200);
    await del('tagKey');
    expect((await http(`${s.url}/aspects/${enc(urn)}?aspect=tagKey&version=0`)).status).toBe(404);
  });
});

describe('timeseries aspects', () => {
  it('go to the timeseries table, not to the versioned store; the same identity overwrites', async () => {
    const urn = 'urn:li:dataset:(urn:li:dataPlatform:hive,db.profiled,PROD)';
    const point = (rowCount: number, partition?: string) =>
      mcp(urn, 'datasetProfile', {
        timestampMillis: 1000,
        rowCount,
        ...(partition ? { partitionSpec: { type: 'PARTITION', partition } } : {}),
      });
    for (const p of [point(1), point(2), point(3, 'p1')]) expect((await ingest(s, p)).status).toBe(200);
    const points = await s.services.store.getTimeseries(urn, 'datasetProfile', { limit: 100 });
    expect(points.map((p) => p.value.rowCount).sort()).toEqual([2, 3]);
    const read = await http(`${s.url}/entitiesV2/${enc(urn)}`);
    expect(read.body.aspects.datasetProfile).toBeUndefined();
    expect(read.body.aspects.datasetKey).toBeDefined();
    expect((await http(`${s.url}/aspects/${enc(urn)}?aspect=datasetProfile&version=0`)).status).toBe(404);
  });

  it('need a timestampMillis', async () => {
    const reply = await ingest(s, mcp('urn:li:dataset:(urn:li:dataPlatform:hive,db.t,PROD)', 'datasetProfile', { rowCount: 1 }));
    expectRestliError(reply, 422, /timestampMillis/);
  });
});

describe('legacy snapshots', () => {
  const snapshot = {
    'com.linkedin.pegasus2avro.metadata.snapshot.CorpUserSnapshot': {
      urn: 'urn:li:corpuser:legacy',
      aspects: [
        {
          'com.linkedin.pegasus2avro.identity.CorpUserInfo': {
            active: true,
            displayName: { string: 'Legacy User' },
            email: 'l@x.io',
            managerUrn: null,
          },
        },
        { 'com.linkedin.pegasus2avro.common.Status': { removed: false } },
      ],
    },
  };

  it('ingests Avro-style snapshots (200, empty body) and reads them back as Pegasus JSON', async () => {
    const reply = await http(`${s.url}/entities?action=ingest`, {
      body: { entity: { value: snapshot }, systemMetadata: { runId: 'mce' } },
    });
    expect(reply.status).toBe(200);
    expect(reply.text).toBe('');
    const read = await http(`${s.url}/entities/${enc('urn:li:corpuser:legacy')}`);
    expect(read.status).toBe(200);
    const snap = read.body.value['com.linkedin.metadata.snapshot.CorpUserSnapshot'];
    expect(snap.urn).toBe('urn:li:corpuser:legacy');
    expect(snap.aspects).toContainEqual({
      'com.linkedin.identity.CorpUserInfo': { active: true, displayName: 'Legacy User', email: 'l@x.io' },
    });
    expect(snap.aspects).toContainEqual({ 'com.linkedin.metadata.key.CorpUserKey': { username: 'legacy' } });
    const v2 = await http(`${s.url}/entitiesV2/${enc('urn:li:corpuser:legacy')}`);
    expect(v2.body.aspects.corpUserInfo.systemMetadata.runId).toBe('mce');
  });

  it('batchIngest writes several snapshots, and 412s when systemMetadata does not match', async () => {
    const tag = (name: string) => ({
      value: {
        'com.linkedin.metadata.snapshot.TagSnapshot': {
          urn: `urn:li:tag:${name}`,
          aspects: [{ 'com.linkedin.tag.TagProperties': { name } }],
        },
      },
    });
    const ok = await http(`${s.url}/entities?action=batchIngest`, { body: { entities: [tag('b1'), tag('b2')] } });
    expect(ok.status).toBe(200);
    expect((await http(`${s.url}/aspects/${enc('urn:li:tag:b2')}?aspect=tagProperties&version=0`)).status).toBe(200);
    const mismatch = await http(`${s.url}/entities?action=batchIngest`, { body: { entities: [tag('b3')], systemMetadata: [{}, {}] } });
    expectRestliError(mismatch, 412, /same length/);
  });

  it('rejects an unknown snapshot type or an aspect the entity does not have', async () => {
    const unknown = await http(`${s.url}/entities?action=ingest`, {
      body: { entity: { value: { 'com.linkedin.metadata.snapshot.NopeSnapshot': { urn: 'urn:li:tag:x', aspects: [] } } } },
    });
    expectRestliError(unknown, 400, /Unknown snapshot type/);
    const wrongAspect = await http(`${s.url}/entities?action=ingest`, {
      body: {
        entity: {
          value: {
            'com.linkedin.metadata.snapshot.TagSnapshot': {
              urn: 'urn:li:tag:x',
              aspects: [{ 'com.linkedin.identity.CorpUserInfo': { active: true } }],
            },
          },
        },
      },
    });
    expectRestliError(wrongAspect, 400, /aspects\[0\]: Unknown aspect type com.linkedin.identity.CorpUserInfo for entity tag/);
  });
});

describe('errors are 4xx with the Rest.li body, and change nothing', () => {
  const ok = (over: Record<string, unknown>) => ({ ...mcp('urn:li:tag:err', 'tagProperties', { name: 'e' }), ...over });

  it.each([
    ['a malformed urn', ok({ entityUrn: 'urn:li:tag:(a,,b)' }), 400, /Invalid urn 'urn:li:tag:\(a,,b\)': a key part is empty/],
    ['an urn of another type', ok({ entityUrn: 'urn:li:corpuser:x' }), 400, /is of entity type corpuser, not tag/],
    [
      'an urn with the wrong number of key parts',
      ok({ entityType: 'dataset', entityUrn: 'urn:li:dataset:(a,b)', aspectName: 'status', aspect: { value: '{}' } }),
      400,
      /has 3 key part/,
    ],
    [
      'a bad key field',
      ok({
        entityType: 'dataset',
        entityUrn: 'urn:li:dataset:(urn:li:dataPlatform:hive,t,NOWHERE)',
        aspectName: 'status',
        aspect: { value: '{}' },
      }),
      400,
      /origin must be one of/,
    ],
    ['an unknown entity type', ok({ entityType: 'spaceship' }), 400, /Failed to find entity with name spaceship in EntityRegistry/],
    ['an unknown aspect', ok({ aspectName: 'nope' }), 400, /Unknown aspect nope for entity tag/],
    [
      'aspect JSON that does not parse',
      ok({ aspect: { value: '{"name": ', contentType: 'application/json' } }),
      400,
      /aspect.value of tagProperties is not valid JSON/,
    ],
    ['a missing aspect', ok({ aspect: undefined }), 400, /aspect is required/],
    ['another content type', ok({ aspect: { value: '{}', contentType: 'text/plain' } }), 400, /unsupported aspect contentType/],
    [
      'a schema violation (missing field)',
      ok({ aspect: { value: '{"description": "no name"}' } }),
      422,
      /Failed to validate record with class com.linkedin.tag.TagProperties: ERROR :: \/ :: required field 'name' is missing/,
    ],
    ['a schema violation (wrong type)', ok({ aspect: { value: '{"name": 5}' } }), 422, /ERROR :: \/name :: must be string/],
    ['an unsupported changeType', ok({ changeType: 'RESTATE' }), 400, /ChangeType RESTATE is not supported/],
    [
      'a PATCH of an aspect without a patch template',
      ok({ changeType: 'PATCH', aspect: { value: '[]' } }),
      400,
      /Aspect: tagProperties does not currently support patch operations/,
    ],
    [
      'a PATCH that is not a list of operations',
      ok({ changeType: 'PATCH', aspectName: 'ownership', aspect: { value: '{"op": "add"}' } }),
      400,
      /must be a JSON Patch list/,
    ],
    [
      'a PATCH with an unknown operation',
      ok({ changeType: 'PATCH', aspectName: 'ownership', aspect: { value: '[{"op": "frob", "path": "/owners/x"}]' } }),
      400,
      /Unsupported PATCH operation/,
    ],
    [
      'a PATCH whose result breaks the schema',
      ok({
        changeType: 'PATCH',
        aspectName: 'ownership',
        aspect: {
          value: '[{"op": "add", "path": "/owners/urn:li:corpuser:x/BOSS", "value": {"owner": "urn:li:corpuser:x", "type": "BOSS"}}]',
        },
      }),
      400,
      /ERROR :: \/owners\/0\/type :: must be one of/,
    ],
    [
      'a PATCH that leaves a field the schema does not have',
      ok({ changeType: 'PATCH', aspectName: 'ownership', aspect: { value: '[{"op": "remove", "path": "/nothing/here"}]' } }),
      400,
      /ERROR :: \/nothing :: unrecognized field found but not allowed/,
    ],
    [
      'a PATCH that removes a required field',
      ok({
        changeType: 'PATCH',
        aspectName: 'ownership',
        aspect: { value: '{"patch": [{"op": "remove", "path": "/owners"}], "forceGenericPatch": true}' },
      }),
      400,
      /required field 'owners' is missing/,
    ],
    [
      'an UPSERT declared as a JSON Patch',
      ok({ aspect: { value: '{"name": "t"}', contentType: 'application/json-patch+json' } }),
      400,
      /contentType 'application\/json-patch\+json' for a UPSERT proposal/,
    ],
    [
      'an aspect nested deeper than JSON may be',
      ok({ aspect: { value: '['.repeat(10_000) + ']'.repeat(10_000) } }),
      400,
      /nests 10000 levels deep; at most 1000/,
    ],
    ['a missing changeType', ok({ changeType: undefined }), 400, /changeType is required/],
  ])('%s', async (_what, proposal, status, message) => {
    const reply = await ingest(s, proposal);
    expectRestliError(reply, status, message);
    expect((await http(`${s.url}/aspects/${enc('urn:li:tag:err')}?aspect=tagKey&version=0`)).status).toBe(404);
  });

  it('an urn with a bad nested urn in its key', async () => {
    const reply = await ingest(s, mcp('urn:li:dataset:(notanurn,t,PROD)', 'status', { removed: false }));
    expectRestliError(reply, 400, /platform must be a valid urn/);
  });

  it('an unknown action, a missing action and a missing parameter', async () => {
    expectRestliError(await http(`${s.url}/aspects?action=frobnicate`, { body: {} }), 400, /Unknown action frobnicate on resource aspects/);
    expectRestliError(await http(`${s.url}/aspects`, { body: {} }), 400, /needs \?action=/);
    expectRestliError(await http(`${s.url}/aspects?action=ingestProposal`, { body: {} }), 400, /Parameter 'proposal' is required/);
    expectRestliError(await http(`${s.url}/aspects?action=ingestProposalBatch`, { body: { proposals: {} } }), 400, /must be of type array/);
  });

  it('a page larger than the declared bound, named with its bounds', async () => {
    const search = { entity: 'dataset', input: '*', start: 0 };
    expectRestliError(
      await http(`${s.url}/entities?action=search`, { body: { ...search, count: 10_001 } }),
      400,
      /^Parameter 'count' of action search must be a whole number from 0 to 10000, not 10001$/,
    );
    expect((await http(`${s.url}/entities?action=search`, { body: { ...search, count: 10_000 } })).status).toBe(200);
    expectRestliError(
      await http(`${s.url}/entities?action=autocomplete`, { body: { entity: 'dataset', query: 'a', limit: 10_001 } }),
      400,
      /^Parameter 'limit' of action autocomplete must be a whole number from 0 to 10000, not 10001$/,
    );
  });

  it('a body that is not JSON', async () => {
    expectRestliError(
      await http(`${s.url}/aspects?action=ingestProposal`, { rawBody: '{nope', headers: { 'content-type': 'application/json' } }),
      400,
      /not valid JSON/,
    );
  });

  it('bad urns and parameters on reads', async () => {
    expectRestliError(await http(`${s.url}/entitiesV2/${enc('urn:li:dataset:(a,b')}`), 400, /mismatched parentheses/);
    expectRestliError(await http(`${s.url}/entitiesV2/${enc('urn:li:starship:x')}`), 400, /Failed to find entity with name starship/);
    expectRestliError(await http(`${s.url}/entitiesV2/${enc(DATASET)}?aspects=List(nope)`), 400, /Unknown aspect nope/);
    expectRestliError(await http(`${s.url}/entitiesV2/%E0%A4%A`), 400, /not a valid url/);
    expectRestliError(await http(`${s.url}/aspects/${enc(DATASET)}`), 400, /'aspect' is required/);
    expectRestliError(
      await http(`${s.url}/aspects/${enc(DATASET)}?aspect=datasetProperties&version=x`),
      400,
      /Parameter 'version' must be a whole number/,
    );
    // As DataHub answers graph.get_aspect of an aspect the type lacks (GET …?aspect=…&version=0): the SDK reads 404 as None.
    expectRestliError(
      await http(`${s.url}/aspects/${enc(DATASET)}?aspect=chartInfo&version=0`, { headers: { 'X-RestLi-Protocol-Version': '2.0.0' } }),
      404,
      /Unknown aspect chartInfo for entity dataset/,
    );
    expectRestliError(
      await http(`${s.url}/aspects/${enc('urn:li:tag:never')}?aspect=tagProperties&version=0`),
      404,
      /No version 0 of aspect tagProperties/,
    );
    expectRestliError(await http(`${s.url}/nothing-here`), 404, /No resource/);
  });
});

describe('system endpoints', () => {
  it('GET /config answers what DataHub clients check', async () => {
    for (const path of ['/config', '/api/gms/config']) {
      const reply = await http(s.url + path);
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-type')).toMatch(/application\/json/);
      expect(reply.body.noCode).toBe('true');
      expect(reply.body.statefulIngestionCapable).toBe(true);
      const version = (reply.body.versions['acryldata/datahub'].version as string).replace(/^v/, '').split('.').map(Number);
      expect(version).toHaveLength(3);
      // DataHub's SDK writes through OpenAPI, with write tracing, from core 1.0.1 on (server_config_util.py).
      const [major, minor, patch] = version as [number, number, number];
      expect(major * 1e6 + minor * 1e3 + patch).toBeGreaterThanOrEqual(1_000_001);
    }
  });

  it('GET /health answers 200', async () => {
    expect((await http(`${s.url}/health`)).status).toBe(200);
    expect((await http(`${s.url}/api/gms/health`)).status).toBe(200);
  });

  it('GET /resource/docs is an HTML page listing every endpoint with its parameters', async () => {
    const reply = await http(`${s.url}/resource/docs`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/text\/html/);
    for (const endpoint of [
      '/aspects?action=ingestProposal',
      '/aspects?action=ingestProposalBatch',
      '/entities?action=ingest',
      '/entities?action=batchIngest',
      '/entitiesV2/&lt;urn&gt;',
      '/entities/&lt;urn&gt;',
      '/aspects/&lt;urn&gt;',
      '/entities?action=search',
      '/entities?action=browse',
      '/entities?action=autocomplete',
      '/relationships',
      '/aspects?action=getTimeseriesAspectValues',
      '/operations?action=restoreIndices',
    ]) {
      expect(reply.text).toContain(endpoint);
    }
    expect(reply.text).toContain('<code>proposals</code>');
  });
});
