/**
 * The app's quality pages, edited: custom assertions and their results, incidents, data contracts and
 * reported operations. Each mutation runs as the app sends it, and its effect is read back through
 * the app's own queries, REST `entitiesV2` and search; a dataset's health follows at once. A user
 * without DataHub's privilege is refused with its 403, and bad input is a 400 that writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNAUTHORIZED_MESSAGE } from '../src/auth/authorizer.js';
import { expectEach, grantPolicy, http, startTestServer, type TestServer } from './helpers.js';
import { webApp } from './webApp.js';
import { webAppOperation } from './webAppOperations.js';

type Json = any;

const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:snowflake,shop.orders,PROD)';
const OTHER = 'urn:li:dataset:(urn:li:dataPlatform:snowflake,shop.refunds,PROD)';
const EDITOR = 'urn:li:corpuser:quality.editor';
const READER = 'urn:li:corpuser:quality.reader';
const QUALITY_PRIVILEGES = ['EDIT_ENTITY_ASSERTIONS', 'EDIT_ENTITY_INCIDENTS', 'EDIT_ENTITY_DATA_CONTRACT', 'EDIT_ENTITY_OPERATIONS'];

let s: TestServer;
const { signIn, headers, write, gql, run, execute, expectError, entityV2, search } = webApp(() => s);

beforeAll(async () => {
  s = await startTestServer({ auth: true });
  for (const [urn, name] of [
    [DATASET, 'orders'],
    [OTHER, 'refunds'],
  ] as const)
    await write(urn, 'datasetProperties', { name, customProperties: {} });
  await grantPolicy(s.services, 'quality-editors', {
    privileges: [...QUALITY_PRIVILEGES, 'VIEW_DATASET_OPERATIONS', 'VIEW_ENTITY_PAGE'],
    actors: { users: [EDITOR] },
  });
  await grantPolicy(s.services, 'quality-readers', {
    privileges: ['VIEW_DATASET_OPERATIONS', 'VIEW_ENTITY_PAGE'],
    actors: { users: [READER] },
  });
  await signIn(EDITOR, READER);
}, 60_000);
afterAll(() => s?.close());

const health = async (urn: string) => (await run('getDataset', { urn })).dataset.health as Json[];
const healthOf = (list: Json[], type: string) => list.find((h) => h.type === type);

const UPSERT_ASSERTION = `mutation($urn: String, $input: UpsertCustomAssertionInput!) {
  upsertCustomAssertion(urn: $urn, input: $input) { urn type info { type description customAssertion { type entityUrn logic field { path } } } platform { urn } }
}`;
const REPORT = 'mutation($urn: String!, $result: AssertionResultInput!) { reportAssertionResult(urn: $urn, result: $result) }';
const REPORT_OPERATION = 'mutation($input: ReportOperationInput!) { reportOperation(input: $input) }';
const assertionInput = (extra: Json = {}) => ({
  entityUrn: DATASET,
  type: 'Row checks',
  description: 'No order without a customer',
  platform: { name: 'great-expectations' },
  fieldPath: 'customer_id',
  logic: 'customer_id IS NOT NULL',
  ...extra,
});

describe('assertions', () => {
  let assertion: string;

  it('upsertCustomAssertion creates a custom assertion the assertions tab lists', async () => {
    const { upsertCustomAssertion: a } = await execute(UPSERT_ASSERTION, { input: assertionInput() });
    assertion = a.urn;
    expect(a).toMatchObject({
      type: 'ASSERTION',
      info: {
        type: 'CUSTOM',
        description: 'No order without a customer',
        customAssertion: { type: 'Row checks', entityUrn: DATASET, logic: 'customer_id IS NOT NULL', field: { path: 'customer_id' } },
      },
      platform: { urn: 'urn:li:dataPlatform:great-expectations' },
    });
    const { dataset } = await run('getDatasetAssertionsWithRunEvents', { urn: DATASET });
    expect(dataset.assertions.assertions.map((x: Json) => x.urn)).toEqual([assertion]);
    const aspects = await entityV2(assertion);
    expect(aspects.assertionInfo.value).toMatchObject({
      type: 'CUSTOM',
      source: { type: 'EXTERNAL' },
      customAssertion: { entity: DATASET, field: `urn:li:schemaField:(${DATASET},customer_id)` },
    });
    expect(aspects.dataPlatformInstance.value).toEqual({ platform: 'urn:li:dataPlatform:great-expectations' });
    expect(await search('assertion', 'entity', DATASET)).toContain(assertion);
  });

  it('upsertCustomAssertion with an urn updates that assertion', async () => {
    await execute(UPSERT_ASSERTION, { urn: assertion, input: assertionInput({ description: 'Every order has a customer' }) });
    const { dataset } = await run('getDatasetAssertionsWithRunEvents', { urn: DATASET });
    expect(dataset.assertions.total).toBe(1);
    expect(dataset.assertions.assertions[0].info.description).toBe('Every order has a customer');
  });

  it('reportAssertionResult: a failure makes the dataset FAIL at once, a later success passes it', async () => {
    expect(healthOf(await health(DATASET), 'ASSERTIONS')).toBeUndefined();
    await execute(REPORT, {
      urn: assertion,
      result: {
        type: 'FAILURE',
        timestampMillis: 1_767_225_600_000,
        properties: [{ key: 'nulls', value: '12' }],
        externalUrl: 'https://ge.example/run/1',
      },
    });
    expect(healthOf(await health(DATASET), 'ASSERTIONS')).toMatchObject({ status: 'FAIL', causes: [assertion] });

    const { dataset } = await run('getDatasetAssertionsWithRunEvents', { urn: DATASET });
    const events = dataset.assertions.assertions[0].runEvents;
    expect(events).toMatchObject({ total: 1, failed: 1, succeeded: 0 });
    expect(events.runEvents[0]).toMatchObject({
      timestampMillis: 1_767_225_600_000,
      status: 'COMPLETE',
      result: { type: 'FAILURE', externalUrl: 'https://ge.example/run/1', nativeResults: [{ key: 'nulls', value: '12' }] },
    });

    await execute(REPORT, {
      urn: assertion,
      result: { type: 'ERROR', timestampMillis: 1_767_225_700_000, error: { type: 'SOURCE_QUERY_FAILED', message: 'timeout' } },
    });
    await execute(REPORT, { urn: assertion, result: { type: 'SUCCESS', timestampMillis: 1_767_225_800_000 } });
    expect(healthOf(await health(DATASET), 'ASSERTIONS')).toMatchObject({ status: 'PASS' });
    // The tab shows the latest completed run; the history holds all three.
    const latest = (await run('getDatasetAssertionsWithRunEvents', { urn: DATASET })).dataset.assertions.assertions[0].runEvents;
    expect(latest.runEvents.map((e: Json) => e.result.type)).toEqual(['SUCCESS']);
    const runs = (await run('getAssertionRuns', { assertionUrn: assertion, limit: 10 })).assertion.runEvents;
    expect(runs).toMatchObject({ total: 3, failed: 1, succeeded: 1 });
    expect(runs.runEvents.map((e: Json) => [e.runId, e.result.type])).toEqual([
      ['1767225800000', 'SUCCESS'],
      ['1767225700000', 'ERROR'],
      ['1767225600000', 'FAILURE'],
    ]);
    const history = `query($urn: String!) { assertion(urn: $urn) { runEvents(limit: 10) { total failed succeeded errored runEvents { asserteeUrn result { type error { type properties { key value } } } } } } }`;
    const all = (await execute(history, { urn: assertion })).assertion.runEvents;
    expect(all).toMatchObject({ total: 3, failed: 1, succeeded: 1, errored: 1 });
    expectEach(all.runEvents, (e: Json) => e.asserteeUrn === DATASET);
    expect(all.runEvents.find((e: Json) => e.result.type === 'ERROR').result.error).toMatchObject({
      type: 'SOURCE_QUERY_FAILED',
      properties: [{ key: 'message', value: 'timeout' }],
    });
  });

  it('refuses a user without EDIT_ENTITY_ASSERTIONS, and bad input, writing nothing', async () => {
    await expectError(READER, UPSERT_ASSERTION, { input: assertionInput() }, 403, UNAUTHORIZED_MESSAGE);
    await expectError(READER, REPORT, { urn: assertion, result: { type: 'FAILURE' } }, 403, UNAUTHORIZED_MESSAGE);
    await expectError(READER, 'mutation($urn: String!) { deleteAssertion(urn: $urn) }', { urn: assertion }, 403, UNAUTHORIZED_MESSAGE);
    await expectError(
      EDITOR,
      UPSERT_ASSERTION,
      { input: assertionInput({ platform: {} }) },
      400,
      'Failed to upsert Custom Assertion. Platform Name or Platform Urn must be specified.',
    );
    await expectError(
      EDITOR,
      UPSERT_ASSERTION,
      { input: assertionInput({ entityUrn: 'urn:li:dataset:(urn:li:dataPlatform:x,missing,PROD)' }) },
      400,
      /does not exist/,
    );
    await expectError(EDITOR, UPSERT_ASSERTION, { input: assertionInput({ entityUrn: 'not an urn' }) }, 400);
    await expectError(
      EDITOR,
      REPORT,
      { urn: 'urn:li:assertion:nowhere', result: { type: 'SUCCESS' } },
      400,
      /does not exist or is not associated with any entity/,
    );
  });

  it('deleteAssertion removes it from the tab, from REST and from the health', async () => {
    const { upsertCustomAssertion: doomed } = await execute(UPSERT_ASSERTION, { input: assertionInput({ entityUrn: OTHER }) });
    await execute(REPORT, { urn: doomed.urn, result: { type: 'FAILURE' } });
    expect(healthOf(await health(OTHER), 'ASSERTIONS')).toMatchObject({ status: 'FAIL' });
    expect(await run('deleteAssertion', { urn: doomed.urn })).toEqual({ deleteAssertion: true });
    expect((await run('getDatasetAssertionsWithRunEvents', { urn: OTHER })).dataset.assertions.total).toBe(0);
    expect(healthOf(await health(OTHER), 'ASSERTIONS')).toBeUndefined();
    // entitiesV2 answers the key of any urn, as GMS does; nothing else is left.
    expect(Object.keys(await entityV2(doomed.urn))).toEqual(['assertionKey']);
    expect(await search('assertion', 'entity', OTHER)).not.toContain(doomed.urn);
    // Deleting what is gone succeeds, as DataHub's does.
    expect(await run('deleteAssertion', { urn: doomed.urn })).toEqual({ deleteAssertion: true });
  });
});

describe('incidents', () => {
  let incident: string;
  const incidents = async (urn: string, state?: string) =>
    (await run('getEntityIncidents', { urn, start: 0, count: 10, ...(state ? { state } : {}) })).entity.incidents;

  it('raiseIncident opens an active incident the incidents tab shows, and the dataset FAILs', async () => {
    const { raiseIncident } = await run('raiseIncident', {
      input: {
        type: 'FRESHNESS',
        title: 'Orders late',
        description: 'No load since 02:00',
        resourceUrn: DATASET,
        priority: 'HIGH',
        assigneeUrns: [READER],
        status: { state: 'ACTIVE', stage: 'TRIAGE' },
      },
    });
    incident = raiseIncident;
    expect(incident).toMatch(/^urn:li:incident:/);
    const page = await incidents(DATASET);
    expect(page.total).toBe(1);
    expect(page.incidents[0]).toMatchObject({
      urn: incident,
      incidentType: 'FRESHNESS',
      title: 'Orders late',
      description: 'No load since 02:00',
      priority: 'HIGH',
      incidentStatus: { state: 'ACTIVE', stage: 'TRIAGE', lastUpdated: { actor: EDITOR } },
      source: { type: 'MANUAL' },
      created: { actor: EDITOR },
    });
    expect(page.incidents[0].assignees.map((a: Json) => a.urn)).toEqual([READER]);
    expect(healthOf(await health(DATASET), 'INCIDENTS')).toMatchObject({
      status: 'FAIL',
      message: '1 active incident',
      causes: ['ACTIVE_INCIDENTS'],
    });
    expect((await entityV2(incident)).incidentInfo.value).toMatchObject({
      type: 'FRESHNESS',
      entities: [DATASET],
      priority: 1,
      status: { state: 'ACTIVE' },
    });
    expect(await search('incident', 'state', 'ACTIVE')).toEqual([incident]);
  });

  it('updateIncident edits its fields; priority and assignees not given are removed', async () => {
    await run('updateIncident', {
      urn: incident,
      input: { title: 'Orders late again', description: 'Loader stuck', resourceUrns: [DATASET, OTHER], priority: 'CRITICAL' },
    });
    const [shown] = (await incidents(DATASET)).incidents;
    expect(shown).toMatchObject({
      title: 'Orders late again',
      description: 'Loader stuck',
      priority: 'CRITICAL',
      incidentStatus: { state: 'ACTIVE' },
    });
    expect(shown.assignees).toBeNull();
    expect((await incidents(OTHER)).total).toBe(1);
    expect((await entityV2(incident)).incidentInfo.value.entities).toEqual([DATASET, OTHER]);
    expect(await search('incident', 'entities', OTHER)).toEqual([incident]);
  });

  it('updateIncidentStatus resolving it clears the health, and the tab filters it by state', async () => {
    await run('updateIncidentStatus', { urn: incident, input: { state: 'RESOLVED', stage: 'FIXED', message: 'Loader restarted' } });
    expect(healthOf(await health(DATASET), 'INCIDENTS')).toMatchObject({ status: 'PASS' });
    expect((await incidents(DATASET, 'ACTIVE')).total).toBe(0);
    expect((await incidents(DATASET, 'RESOLVED')).incidents[0].incidentStatus).toMatchObject({
      state: 'RESOLVED',
      stage: 'FIXED',
      message: 'Loader restarted',
    });
    expect(await search('incident', 'state', 'RESOLVED')).toEqual([incident]);
    expect(await search('incident', 'state', 'ACTIVE')).toEqual([]);
  });

  it('refuses a user without EDIT_ENTITY_INCIDENTS, and bad input, writing nothing', async () => {
    const raise = webAppOperation('raiseIncident');
    await expectError(READER, raise, { input: { type: 'OPERATIONAL', resourceUrn: DATASET } }, 403, UNAUTHORIZED_MESSAGE);
    await expectError(READER, webAppOperation('updateIncident'), { urn: incident, input: { title: 'x' } }, 403, UNAUTHORIZED_MESSAGE);
    await expectError(
      READER,
      webAppOperation('updateIncidentStatus'),
      { urn: incident, input: { state: 'ACTIVE' } },
      403,
      UNAUTHORIZED_MESSAGE,
    );
    await expectError(
      EDITOR,
      raise,
      { input: { type: 'OPERATIONAL' } },
      400,
      'At least 1 resource urn must be defined to raise an incident.',
    );
    await expectError(EDITOR, raise, { input: { type: 'CUSTOM', resourceUrn: DATASET } }, 400, /customType is required/);
    await expectError(
      EDITOR,
      raise,
      { input: { type: 'OPERATIONAL', resourceUrn: 'urn:li:dataset:(urn:li:dataPlatform:x,missing,PROD)' } },
      400,
      /does not exist/,
    );
    await expectError(
      EDITOR,
      webAppOperation('updateIncident'),
      { urn: incident, input: { resourceUrns: [] } },
      400,
      'resourceUrns cannot be empty if provided',
    );
    await expectError(
      EDITOR,
      webAppOperation('updateIncidentStatus'),
      { urn: 'urn:li:incident:nowhere', input: { state: 'ACTIVE' } },
      404,
      'Failed to update incident. Incident does not exist.',
    );
  });
});

describe('data contracts', () => {
  let assertion: string;
  let contract: string;

  it('upsertDataContract makes the contract the contract tab shows, and a second upsert replaces it', async () => {
    assertion = (await execute(UPSERT_ASSERTION, { input: assertionInput({ description: 'contracted' }) })).upsertCustomAssertion.urn;
    const { upsertDataContract } = await run('upsertDataContract', {
      input: { entityUrn: DATASET, dataQuality: [{ assertionUrn: assertion }], state: 'PENDING' },
    });
    contract = upsertDataContract.urn;
    const { dataset } = await run('getDatasetContract', { urn: DATASET });
    expect(dataset.contract).toMatchObject({
      urn: contract,
      status: { state: 'PENDING' },
      properties: { dataQuality: [{ assertion: { urn: assertion } }] },
    });

    await run('upsertDataContract', { input: { entityUrn: DATASET, freshness: [{ assertionUrn: assertion }] } });
    const after = (await run('getDatasetContract', { urn: DATASET })).dataset.contract;
    expect(after).toMatchObject({
      urn: contract,
      status: { state: 'ACTIVE' },
      properties: { freshness: [{ assertion: { urn: assertion } }] },
    });
    expect(after.properties.dataQuality).toBeNull();
    const aspects = await entityV2(contract);
    expect(aspects.dataContractProperties.value).toEqual({ entity: DATASET, freshness: [{ assertion }] });
    expect(aspects.dataContractStatus.value).toEqual({ state: 'ACTIVE' });
    expect(await search('dataContract', 'state', 'ACTIVE')).toEqual([contract]);
  });

  it('deleteAssertion takes the assertion out of the contract', async () => {
    const doomed = (await execute(UPSERT_ASSERTION, { input: assertionInput({ description: 'short-lived' }) })).upsertCustomAssertion.urn;
    await run('upsertDataContract', {
      input: { entityUrn: DATASET, freshness: [{ assertionUrn: assertion }], schema: [{ assertionUrn: doomed }] },
    });
    expect((await run('getDatasetContract', { urn: DATASET })).dataset.contract.properties.schema).toEqual([
      expect.objectContaining({ assertion: expect.objectContaining({ urn: doomed }) }),
    ]);
    await run('deleteAssertion', { urn: doomed });
    const after = (await run('getDatasetContract', { urn: DATASET })).dataset.contract;
    expect(after.properties.schema).toEqual([]);
    expect(after.properties.freshness.map((c: Json) => c.assertion.urn)).toEqual([assertion]);
  });

  it('refuses a user without EDIT_ENTITY_DATA_CONTRACT, and bad input, writing nothing', async () => {
    const upsert = webAppOperation('upsertDataContract');
    await expectError(READER, upsert, { input: { entityUrn: OTHER } }, 403, UNAUTHORIZED_MESSAGE);
    await expectError(
      EDITOR,
      upsert,
      { input: { entityUrn: OTHER, schema: [{ assertionUrn: 'urn:li:assertion:nowhere' }] } },
      400,
      'Provided assertion with urn urn:li:assertion:nowhere does not exist!',
    );
    await expectError(
      EDITOR,
      upsert,
      { input: { entityUrn: 'urn:li:dataset:(urn:li:dataPlatform:x,missing,PROD)' } },
      400,
      /Provided entity with urn .* does not exist!/,
    );
  });
});

describe('operations', () => {
  it('reportOperation records an operation the dataset page shows', async () => {
    const r = await execute(REPORT_OPERATION, {
      input: {
        urn: DATASET,
        operationType: 'INSERT',
        sourceType: 'DATA_PROCESS',
        numAffectedRows: 120,
        timestampMillis: 1_767_225_900_000,
        partition: '2026-01-01',
        customProperties: [{ key: 'job', value: 'backfill' }],
      },
    });
    expect(r.reportOperation).toBe('true');
    const { dataset } = await run('getOperations', { urn: DATASET, limit: 10 });
    expect(dataset.operations[0]).toMatchObject({
      timestampMillis: 1_767_225_900_000,
      lastUpdatedTimestamp: 1_767_225_900_000,
      operationType: 'INSERT',
      actor: EDITOR,
    });
    const points = await http(`${s.url}/aspects?action=getTimeseriesAspectValues`, {
      body: { urn: DATASET, entity: 'dataset', aspect: 'operation' },
      headers: await headers(EDITOR),
    });
    expect(points.status, points.text).toBe(200);
    expect(JSON.parse(points.body.value.values[0].aspect.value)).toMatchObject({
      numAffectedRows: 120,
      sourceType: 'DATA_PROCESS',
      partitionSpec: { partition: '2026-01-01' },
      customProperties: { job: 'backfill' },
    });
  });

  it('refuses a user without EDIT_ENTITY_OPERATIONS, and an entity that is not a dataset, writing nothing', async () => {
    await expectError(
      READER,
      REPORT_OPERATION,
      { input: { urn: DATASET, operationType: 'INSERT', sourceType: 'DATA_PROCESS' } },
      403,
      UNAUTHORIZED_MESSAGE,
    );
    await expectError(
      EDITOR,
      REPORT_OPERATION,
      { input: { urn: 'urn:li:tag:x', operationType: 'INSERT', sourceType: 'DATA_PROCESS' } },
      400,
      'Unable to report operation. Invalid entity type tag provided.',
    );
  });
});

describe('privileges on one asset', () => {
  it('EDIT_ENTITY on a dataset allows its quality edits there, and nowhere else', async () => {
    const user = 'urn:li:corpuser:orders.steward';
    await grantPolicy(s.services, 'orders-stewards', {
      privileges: ['EDIT_ENTITY'],
      actors: { users: [user] },
      resources: { type: 'dataset', resources: [DATASET] },
    });
    await signIn(user);
    const raise = webAppOperation('raiseIncident');
    expect((await gql(user, raise, { input: { type: 'OPERATIONAL', resourceUrn: DATASET } })).errors).toBeUndefined();
    await expectError(user, raise, { input: { type: 'OPERATIONAL', resourceUrns: [DATASET, OTHER] } }, 403, UNAUTHORIZED_MESSAGE);
    expect(
      (await gql(user, REPORT_OPERATION, { input: { urn: DATASET, operationType: 'UPDATE', sourceType: 'DATA_PLATFORM' } })).errors,
    ).toBeUndefined();
    await expectError(
      user,
      REPORT_OPERATION,
      { input: { urn: OTHER, operationType: 'UPDATE', sourceType: 'DATA_PLATFORM' } },
      403,
      UNAUTHORIZED_MESSAGE,
    );
  });
});
