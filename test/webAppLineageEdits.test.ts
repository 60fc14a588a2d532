/**
 * Lineage drawn in the app's lineage editor: `updateLineage` between datasets, a data job, a chart and
 * a dashboard, and between columns. Each edit is read back through the app's own lineage queries,
 * REST `entitiesV2` and search; a user without EDIT_LINEAGE on either end gets DataHub's 403, and a
 * bad edge is a 400 that writes nothing, not even the good edges sent with it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '../src/actors.js';
import { buildProposal } from '../src/service/proposals.js';
import { enc, grantPolicy, http, startTestServer, type TestServer } from './helpers.js';
import { webAppOperation } from './webAppOperations.js';

type Json = any;

const ds = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:snowflake,edits.${name},PROD)`;
const field = (dataset: string, path: string) => `urn:li:schemaField:(${dataset},${path})`;
const [RAW, CLEAN, MART, LOCKED] = ['raw', 'clean', 'mart', 'locked'].map(ds);
const JOB = 'urn:li:dataJob:(urn:li:dataFlow:(airflow,edits,PROD),load)';
const CHART = 'urn:li:chart:(looker,edits.revenue)';
const DASHBOARD = 'urn:li:dashboard:(looker,edits.board)';
const EDITOR = 'urn:li:corpuser:lineage.editor';
const READER = 'urn:li:corpuser:lineage.reader';

let s: TestServer;
const tokens = new Map<string, string>();

beforeAll(async () => {
  s = await startTestServer({ auth: true });
  const put = (urn: string, aspect: string, value: Json) => s.services.writePath.apply([buildProposal(s.services.registry, urn, aspect, 'UPSERT', value)], { actor: SYSTEM_ACTOR });
  for (const urn of [RAW, CLEAN, MART, LOCKED]) await put(urn, 'datasetProperties', { name: urn.split('.')[1].split(',')[0], customProperties: {} });
  await put(JOB, 'dataJobInfo', { name: 'load', type: { string: 'COMMAND' }, customProperties: {} });
  await put(CHART, 'chartInfo', { title: 'Revenue', description: '', lastModified: { created: { time: 0, actor: SYSTEM_ACTOR }, lastModified: { time: 0, actor: SYSTEM_ACTOR } }, customProperties: {} });
  await put(DASHBOARD, 'dashboardInfo', { title: 'Board', description: '', lastModified: { created: { time: 0, actor: SYSTEM_ACTOR }, lastModified: { time: 0, actor: SYSTEM_ACTOR } }, customProperties: {} });
  // The editor may edit lineage everywhere but on LOCKED; the reader only reads.
  const everything = [RAW, CLEAN, MART, JOB, CHART, DASHBOARD];
  await grantPolicy(s.services, 'lineage-editors', {
    privileges: ['EDIT_LINEAGE'],
    actors: { users: [EDITOR] },
    resources: { allResources: false, filter: { criteria: [{ field: 'URN', values: everything, condition: 'EQUALS' }] } },
  } as Json);
  await grantPolicy(s.services, 'lineage-readers', { privileges: ['VIEW_ENTITY_PAGE'], actors: { users: [EDITOR, READER] } });
  for (const user of [EDITOR, READER]) tokens.set(user, (await s.services.tokens.mint({ actorUrn: user, duration: 'ONE_DAY', name: 'test' })).accessToken);
}, 60_000);
afterAll(() => s?.close());

async function gql(user: string, query: string, variables: Json = {}): Promise<Json> {
  const r = await http(`${s.url}/api/v2/graphql`, { body: { query, variables }, headers: { authorization: `Bearer ${tokens.get(user)}` } });
  expect(r.status, r.text).toBe(200);
  return r.body;
}

async function run(operation: string, variables: Json = {}, user = EDITOR): Promise<Json> {
  const body = await gql(user, webAppOperation(operation), variables);
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data;
}

const edge = (upstreamUrn: string, downstreamUrn: string) => ({ upstreamUrn, downstreamUrn });
const update = (edgesToAdd: Json[], edgesToRemove: Json[] = [], user = EDITOR) => run('updateLineage', { input: { edgesToAdd, edgesToRemove } }, user);

const changes = async () => (await s.services.store.readChangeLog(0, 1_000_000)).length;

async function expectError(user: string, edgesToAdd: Json[], code: number, message: string | RegExp) {
  const before = await changes();
  const body = await gql(user, webAppOperation('updateLineage'), { input: { edgesToAdd, edgesToRemove: [] } });
  expect(body.errors?.[0]?.extensions?.code, JSON.stringify(body.errors)).toBe(code);
  if (typeof message === 'string') expect(body.errors[0].message).toBe(message);
  else expect(body.errors[0].message).toMatch(message);
  expect(await changes()).toBe(before);
}

const lineageVars = { showColumns: true, separateSiblings: false, excludeUpstream: false, excludeDownstream: false, includeGhostEntities: false, startTimeMillis: null, endTimeMillis: null };
const hops = async (urn: string, direction: 'upstream' | 'downstream') =>
  ((await run('getEntityLineageV2', { urn, ...lineageVars })).entity[direction].relationships as Json[]).map((r) => r.entity.urn).sort();
const across = async (urn: string, direction: string) =>
  (await run('searchAcrossLineage', { input: { urn, direction, query: '*', start: 0, count: 100, types: [], orFilters: [] } })).searchAcrossLineage.searchResults.map((x: Json) => [x.entity.urn, x.degree]);

const entityV2 = async (urn: string) => {
  const r = await http(`${s.url}/entitiesV2/${enc(urn)}`, { headers: { authorization: `Bearer ${tokens.get(EDITOR)}` } });
  expect(r.status, r.text).toBe(200);
  return r.body.aspects;
};

const search = async (entity: string, field: string, value: string) => {
  const r = await http(`${s.url}/entities?action=search`, {
    body: { entity, input: '*', filter: { or: [{ and: [{ field, value, condition: 'EQUAL' }] }] }, start: 0, count: 50 },
    headers: { authorization: `Bearer ${tokens.get(EDITOR)}` },
  });
  expect(r.status, r.text).toBe(200);
  return r.body.value.entities as string[];
};

describe('updateLineage', () => {
  it('adds table edges through a data job, read back by the lineage page, lineage search, REST and search', async () => {
    await update([edge(RAW, JOB), edge(JOB, CLEAN), edge(CLEAN, MART), edge(MART, CHART), edge(CHART, DASHBOARD), edge(MART, DASHBOARD)]);
    expect(await hops(MART, 'upstream')).toEqual([CLEAN]);
    expect(await hops(MART, 'downstream')).toEqual([CHART, DASHBOARD].sort());
    expect(await hops(JOB, 'upstream')).toEqual([RAW]);
    expect(await hops(JOB, 'downstream')).toEqual([CLEAN]);
    expect(await hops(DASHBOARD, 'upstream')).toEqual([CHART, MART].sort());
    expect(Object.fromEntries(await across(DASHBOARD, 'UPSTREAM'))).toMatchObject({ [CHART]: 1, [MART]: 1, [CLEAN]: 2, [JOB]: 3, [RAW]: 4 });

    const mart = (await entityV2(MART)).upstreamLineage.value;
    expect(mart.upstreams).toEqual([expect.objectContaining({ dataset: CLEAN, type: 'TRANSFORMED', properties: { source: 'UI' }, auditStamp: expect.objectContaining({ actor: EDITOR }) })]);
    const io = (await entityV2(JOB)).dataJobInputOutput.value;
    expect(io.inputDatasetEdges.map((e: Json) => e.destinationUrn)).toEqual([RAW]);
    expect(io.outputDatasetEdges.map((e: Json) => e.destinationUrn)).toEqual([CLEAN]);
    expect((await entityV2(CHART)).chartInfo.value.inputEdges).toEqual([expect.objectContaining({ destinationUrn: MART, sourceUrn: CHART, properties: { source: 'UI' } })]);
    const board = (await entityV2(DASHBOARD)).dashboardInfo.value;
    expect([board.chartEdges.map((e: Json) => e.destinationUrn), board.datasetEdges.map((e: Json) => e.destinationUrn)]).toEqual([[CHART], [MART]]);
    expect(await search('dataset', 'upstreams', CLEAN)).toEqual([MART]);
  });

  it('adding an edge twice keeps one; removing takes it out everywhere', async () => {
    await update([edge(CLEAN, MART)]);
    expect((await entityV2(MART)).upstreamLineage.value.upstreams).toHaveLength(1);
    await update([], [edge(CLEAN, MART), edge(MART, CHART)]);
    expect(await hops(MART, 'upstream')).toEqual([]);
    expect(await hops(MART, 'downstream')).toEqual([DASHBOARD]);
    expect((await entityV2(CHART)).chartInfo.value.inputEdges).toEqual([]);
    expect(await search('dataset', 'upstreams', CLEAN)).toEqual([]);
    await update([edge(CLEAN, MART)]);
  });

  it('draws column lineage on the downstream dataset, walked by the column lineage query', async () => {
    await update([edge(field(CLEAN, 'id'), field(MART, 'id')), edge(field(CLEAN, 'amount'), field(MART, 'id')), edge(field(RAW, 'id'), field(CLEAN, 'id'))]);
    const fgl = (await entityV2(MART)).upstreamLineage.value;
    expect(fgl.upstreams.map((u: Json) => u.dataset)).toEqual([CLEAN]);
    expect(fgl.fineGrainedLineages).toEqual([
      expect.objectContaining({ upstreamType: 'FIELD_SET', upstreams: [field(CLEAN, 'id'), field(CLEAN, 'amount')], downstreamType: 'FIELD', downstreams: [field(MART, 'id')] }),
    ]);
    expect(await hops(field(MART, 'id'), 'upstream')).toEqual([field(CLEAN, 'amount'), field(CLEAN, 'id')]);
    expect(Object.fromEntries(await across(field(MART, 'id'), 'UPSTREAM'))).toEqual({ [field(CLEAN, 'id')]: 1, [field(CLEAN, 'amount')]: 1, [field(RAW, 'id')]: 2 });
    const page = await run('getEntityLineage', { urn: MART, showColumns: true, separateSiblings: false });
    expect(page.entity.fineGrainedLineages).toEqual([
      expect.objectContaining({ upstreams: [{ urn: CLEAN, path: 'id', __typename: 'SchemaFieldRef' }, { urn: CLEAN, path: 'amount', __typename: 'SchemaFieldRef' }], downstreams: [expect.objectContaining({ urn: MART, path: 'id' })] }),
    ]);
    await update([], [edge(field(CLEAN, 'amount'), field(MART, 'id')), edge(field(CLEAN, 'id'), field(MART, 'id'))]);
    expect((await entityV2(MART)).upstreamLineage.value.fineGrainedLineages).toEqual([]);
    expect(await hops(field(MART, 'id'), 'upstream')).toEqual([]);
  });

  it('refuses a user without EDIT_LINEAGE on either end, with DataHub’s message, writing nothing', async () => {
    await expectError(READER, [edge(RAW, CLEAN)], 403, `Unauthorized to edit ${RAW} lineage for dataset`);
    // The editor may edit RAW but not LOCKED: the one end refused refuses the edit.
    await expectError(EDITOR, [edge(RAW, CLEAN), edge(RAW, LOCKED)], 403, `Unauthorized to edit ${LOCKED} lineage for dataset`);
    await expectError(EDITOR, [edge(field(LOCKED, 'id'), field(CLEAN, 'id'))], 403, `Unauthorized to edit ${field(LOCKED, 'id')} lineage for schemaField`);
  });

  it('answers 400 for edges it cannot draw, writing none of the batch', async () => {
    const ghost = ds('ghost');
    await expectError(EDITOR, [edge(RAW, CLEAN), edge(CHART, MART)], 400, `Tried to add lineage edge with non-dataset node when we expect a dataset. Upstream urn: ${CHART}`);
    await expectError(EDITOR, [edge(JOB, CHART)], 400, `Tried to add an upstream to a chart that isn't a chart or dataset. Upstream urn: ${JOB}`);
    await expectError(EDITOR, [edge('not-an-urn', CLEAN)], 400, /Invalid urn/);
    await expectError(EDITOR, [edge(field(RAW, 'id'), CLEAN)], 400, /Upstream urn/);
    await grantPolicy(s.services, 'lineage-anywhere', { privileges: ['EDIT_LINEAGE'], actors: { users: [EDITOR] } });
    await expectError(EDITOR, [edge(ghost, CLEAN)], 400, `Cannot upsert lineage as downstream urn ${ghost} doesn't exist`);
    expect(await hops(CLEAN, 'upstream')).toEqual([JOB]);
  });
});
