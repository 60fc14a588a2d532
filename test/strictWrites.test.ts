/**
 * Strict writes: a value holding a field its aspect's schema does not declare is refused, as DataHub
 * refuses it (`ERROR :: /descripton :: unrecognized field found but not allowed`), through every route
 * that writes, and nothing is written. Before, an UPSERT of `{"descripton": "typo"}` answered 200 and
 * the description was gone from the latest version.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeLogLength, enc, http, mcp, startTestServer, type TestServer } from './helpers.js';

const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,db.strict,PROD)';
const CLASS = 'com.linkedin.dataset.DatasetProperties';
const TYPO = { descripton: 'typo' };
const REFUSED = new RegExp(
  `Failed to validate record with class ${CLASS}: ERROR :: /descripton :: unrecognized field found but not allowed`,
);

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  const written = await http(`${s.url}/aspects?action=ingestProposal`, {
    body: { proposal: mcp(DATASET, 'datasetProperties', { description: 'the orders, one row each' }) },
  });
  expect(written.status, written.text).toBe(200);
});
afterAll(async () => s?.close());

const snapshot = (value: unknown) => ({
  value: { 'com.linkedin.metadata.snapshot.DatasetSnapshot': { urn: DATASET, aspects: [{ [CLASS]: value }] } },
});

const routes: Array<[string, string, unknown]> = [
  ['an UPSERT proposal', '/aspects?action=ingestProposal', { proposal: mcp(DATASET, 'datasetProperties', TYPO) }],
  [
    'a batch of proposals, the typo in the second',
    '/aspects?action=ingestProposalBatch',
    { proposals: [mcp(DATASET, 'status', { removed: false }), mcp(DATASET, 'datasetProperties', TYPO)] },
  ],
  ['a snapshot', '/entities?action=ingest', { entity: snapshot(TYPO) }],
  ['a batch of snapshots', '/entities?action=batchIngest', { entities: [snapshot(TYPO)] }],
  [
    'a nested misspelling',
    '/aspects?action=ingestProposal',
    { proposal: mcp(DATASET, 'datasetProperties', { description: 'x', created: { time: 1, actr: 'urn:li:corpuser:x' } }) },
  ],
];

/** Through OpenAPI: one entity's aspects, as DataHub's SDK emits them, and one aspect by its path. */
const openApiRoutes: Array<[string, string, unknown]> = [
  [
    'an OpenAPI entity write, beside a valid aspect',
    '/openapi/v3/entity/dataset?async=false',
    [{ urn: DATASET, status: { value: { removed: false } }, datasetProperties: { value: TYPO } }],
  ],
  [
    'an OpenAPI aspect write',
    `/openapi/v3/entity/dataset/${enc(DATASET)}/datasetProperties?async=false&createIfNotExists=false`,
    { value: TYPO },
  ],
];

describe('a field the aspect does not declare', () => {
  const nothingWritten = async (before: number) => {
    const read = await http(`${s.url}/aspects/${enc(DATASET)}?aspect=datasetProperties&version=0`);
    expect(read.body.aspect[CLASS]).toEqual({ description: 'the orders, one row each' });
    expect(await changeLogLength(s.services.store)).toBe(before);
    expect((await http(`${s.url}/aspects/${enc(DATASET)}?aspect=status&version=0`)).status).toBe(404);
  };

  it.each(routes)('is refused in %s with 422 naming it, and nothing is written', async (what, path, body) => {
    const before = await changeLogLength(s.services.store);
    const r = await http(`${s.url}${path}`, { body });
    expect(r.status, r.text).toBe(422);
    expect(r.body.message).toMatch(
      what === 'a nested misspelling' ? /ERROR :: \/created\/actr :: unrecognized field found but not allowed/ : REFUSED,
    );
    await nothingWritten(before);
  });

  // DataHub's OpenAPI answers a value that fails its schema with 400 "Validation Error".
  it.each(openApiRoutes)('is refused in %s with 400 naming it, and nothing is written', async (_what, path, body) => {
    const before = await changeLogLength(s.services.store);
    const r = await http(`${s.url}${path}`, { body });
    expect(r.status, r.text).toBe(400);
    expect(r.body.message).toMatch(REFUSED);
    await nothingWritten(before);
  });

  it('is refused in a PATCH that would add it, with 400', async () => {
    const r = await http(`${s.url}/aspects?action=ingestProposal`, {
      body: {
        proposal: {
          entityType: 'dataset',
          entityUrn: DATASET,
          changeType: 'PATCH',
          aspectName: 'datasetProperties',
          aspect: {
            value: JSON.stringify([{ op: 'add', path: '/descripton', value: 'typo' }]),
            contentType: 'application/json-patch+json',
          },
        },
      },
    });
    expect(r.status, r.text).toBe(400);
    expect(r.body.message).toMatch(REFUSED);
  });
});

describe('a field DataHub declares', () => {
  it("is accepted and kept: partitionsSummary's minPartition and maxPartition, as DataHub's S3 source sends them", async () => {
    const value = {
      minPartition: { partition: 'year=2019/month=feb', createdTime: 1586847680000, lastModifiedTime: 1586847690000 },
      maxPartition: { partition: 'year=2021/month=march', createdTime: 1586847780000 },
    };
    const r = await http(`${s.url}/aspects?action=ingestProposal`, { body: { proposal: mcp(DATASET, 'partitionsSummary', value) } });
    expect(r.status, r.text).toBe(200);
    const read = await http(`${s.url}/aspects/${enc(DATASET)}?aspect=partitionsSummary&version=0`);
    expect(read.body.aspect['com.linkedin.dataset.PartitionsSummary']).toEqual(value);
  });
});

describe('an undeclared field the registry names as one DataHub drops', () => {
  it("is accepted and dropped: formInfo's verification, which DataHub's structured-properties example sends", async () => {
    const form = 'urn:li:form:my_form';
    const value = { name: 'My form', type: 'VERIFICATION', verification: { type: 'urn:li:verificationType:x' } };
    const r = await http(`${s.url}/aspects?action=ingestProposal`, { body: { proposal: mcp(form, 'formInfo', value) } });
    expect(r.status, r.text).toBe(200);
    const read = await http(`${s.url}/aspects/${enc(form)}?aspect=formInfo&version=0`);
    expect(read.body.aspect['com.linkedin.form.FormInfo']).not.toHaveProperty('verification');
    expect(read.body.aspect['com.linkedin.form.FormInfo']).toMatchObject({ name: 'My form', type: 'VERIFICATION' });
    // Any other undeclared field of the same aspect is still refused.
    const typo = await http(`${s.url}/aspects?action=ingestProposal`, {
      body: { proposal: mcp(form, 'formInfo', { name: 'x', nmae: 'y' }) },
    });
    expect(typo.status).toBe(422);
    expect(typo.body.message).toMatch(/\/nmae :: unrecognized field found but not allowed/);
  });
});
