/**
 * Data quality, runs, forms, tests, siblings and usage as DataHub's web app reads them, with the app's
 * own page operations over HTTP. The sample catalog (examples/, quality.json among it) is ingested as
 * the CLI sends it; siblings and usage, which depend on the day, are written here relative to now.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantPolicy, mcp, startTestServer, type TestServer } from './helpers.js';
import { loadExamples } from './sampleCatalog.js';
import { webApp } from './webApp.js';

type Json = any;
const FCT = 'urn:li:dataset:(urn:li:dataPlatform:snowflake,fernbrook.marts.fct_orders,PROD)';
const DIM = 'urn:li:dataset:(urn:li:dataPlatform:snowflake,fernbrook.marts.dim_customers,PROD)';
const DBT = 'urn:li:dataset:(urn:li:dataPlatform:dbt,fernbrook.marts.fct_orders,PROD)';
const JOB = 'urn:li:dataJob:(urn:li:dataFlow:(airflow,fernbrook_marts_nightly,prod),build_fct_orders)';
const RUN_31 = 'urn:li:dataProcessInstance:fernbrook_marts_nightly.build_fct_orders.2025-12-31';
const RUN_30 = 'urn:li:dataProcessInstance:fernbrook_marts_nightly.build_fct_orders.2025-12-30';
const NOT_NULL = 'urn:li:assertion:fct-orders-order-id-not-null';
const ROW_COUNT = 'urn:li:assertion:fct-orders-row-count';
const FRESHNESS = 'urn:li:assertion:fct-orders-freshness';
const FORM = 'urn:li:form:mart-table-documentation';
const TEST = 'urn:li:test:marts-have-technical-owner';
const AMARA = 'urn:li:corpuser:amara.okafor';
const TOMAS = 'urn:li:corpuser:tomas.lindqvist';
const STG = 'urn:li:dataset:(urn:li:dataPlatform:snowflake,fernbrook.staging.stg_orders,PROD)';
const CHART = 'urn:li:chart:(looker,fernbrook.daily_revenue_trend)';
const DASHBOARD = 'urn:li:dashboard:(looker,fernbrook.exec_weekly)';
const TRAINING = 'urn:li:dataProcessInstance:churn-model-training-42';
const DAY = 86_400_000;

describe('quality, runs, forms and usage through the web app operations', () => {
  let s: TestServer;
  const { ingest, run, execute } = webApp(() => s);

  beforeAll(async () => {
    s = await startTestServer();
    await loadExamples(s.url);
    const now = Date.now();
    const usage = (daysAgo: number, users: Array<[string, number]>, queries: number) =>
      mcp(FCT, 'datasetUsageStatistics', {
        timestampMillis: now - daysAgo * DAY,
        eventGranularity: { unit: 'DAY', multiple: 1 },
        uniqueUserCount: users.length,
        totalSqlQueries: queries,
        topSqlQueries: ['select * from fct_orders'],
        userCounts: users.map(([user, count]) => ({ user, count })),
        fieldCounts: [{ fieldPath: 'order_id', count: queries }],
      });
    await ingest([
      usage(
        2,
        [
          [AMARA, 30],
          [TOMAS, 5],
        ],
        35,
      ),
      usage(10, [[AMARA, 4]], 4),
      // Past the last month: counted by a year's range, not by the summary.
      usage(45, [['urn:li:corpuser:priya.raman', 100]], 100),
      mcp(FCT, 'datasetProfile', {
        timestampMillis: now - DAY,
        rowCount: 48211,
        columnCount: 10,
        partitionSpec: { partition: 'order_date=2025-12-31' },
        fieldProfiles: [{ fieldPath: 'order_id', nullCount: 0, uniqueProportion: 1, quantiles: [{ quantile: '0.5', value: '24105' }] }],
      }),
      mcp(FCT, 'operation', {
        timestampMillis: now - DAY,
        lastUpdatedTimestamp: now - DAY,
        operationType: 'INSERT',
        actor: TOMAS,
        numAffectedRows: 48211,
        customProperties: { dag: 'fernbrook_marts_nightly' },
      }),
      // A dashboard's absolute figure (no granularity) and its daily buckets; a chart's the same way.
      mcp(DASHBOARD, 'dashboardUsageStatistics', { timestampMillis: now - DAY, viewsCount: 812, favoritesCount: 9 }),
      mcp(DASHBOARD, 'dashboardUsageStatistics', {
        timestampMillis: now - 3 * DAY,
        eventGranularity: { unit: 'DAY', multiple: 1 },
        viewsCount: 40,
        uniqueUserCount: 2,
        userCounts: [
          { user: TOMAS, viewsCount: 10 },
          { user: AMARA, viewsCount: 30 },
        ],
      }),
      mcp(CHART, 'chartUsageStatistics', { timestampMillis: now - DAY, viewsCount: 120 }),
      mcp(CHART, 'chartUsageStatistics', {
        timestampMillis: now - 2 * DAY,
        eventGranularity: { unit: 'DAY', multiple: 1 },
        viewsCount: 12,
        userCounts: [{ user: AMARA, viewsCount: 12 }],
      }),
      mcp(TRAINING, 'dataProcessInstanceProperties', { name: 'churn-model training 42', created: { time: now - DAY, actor: AMARA } }),
      mcp(TRAINING, 'mlTrainingRunProperties', {
        id: 'run-42',
        outputUrls: ['s3://fernbrook-ml/churn/42'],
        hyperParams: [{ name: 'learning_rate', value: '0.05' }],
        trainingMetrics: [{ name: 'auc', value: '0.91' }],
      }),
      mcp(DBT, 'datasetProperties', { name: 'fct_orders', description: 'dbt model of the orders fact table' }),
      mcp(DBT, 'siblings', { siblings: [FCT], primary: true }),
      mcp(FCT, 'siblings', { siblings: [DBT], primary: false }),
    ]);
  });
  afterAll(async () => s?.close());

  it('a dataset page shows its health from failing assertions and active incidents', async () => {
    const { dataset } = await run('getDataset', { urn: FCT });
    expect(dataset.health).toEqual([
      { __typename: 'Health', type: 'INCIDENTS', status: 'FAIL', message: '1 active incident', causes: ['ACTIVE_INCIDENTS'] },
      // The freshness assertion failed before but passed on its latest run; only the row count fails now.
      { __typename: 'Health', type: 'ASSERTIONS', status: 'FAIL', message: '1 of 3 assertions are failing', causes: [ROW_COUNT] },
    ]);
    const { dataset: dim } = await run('getDataset', { urn: DIM });
    expect(dim.health).toEqual([
      { __typename: 'Health', type: 'INCIDENTS', status: 'PASS', message: null, causes: null },
      { __typename: 'Health', type: 'ASSERTIONS', status: 'PASS', message: 'All assertions are passing', causes: null },
    ]);
  });

  it('a dataset page shows form completion computed from the prompts answered, and test results', async () => {
    const { dataset } = await run('getDataset', { urn: FCT });
    expect(dataset.forms.completedForms).toEqual([]);
    const [assigned] = dataset.forms.incompleteForms;
    expect(assigned.form.urn).toBe(FORM);
    expect(assigned.associatedUrn).toBe(FCT);
    expect(assigned.completedPrompts.map((p: Json) => p.id)).toEqual(['retention']);
    expect(assigned.completedPrompts[0].lastModified.actor.urn).toBe(AMARA);
    expect(assigned.form.info.name).toBe('Mart table documentation');
    expect(assigned.form.info.prompts.map((p: Json) => [p.id, p.required, p.formUrn])).toEqual([
      ['retention', true, FORM],
      ['pii-review', true, FORM],
      ['sla-notes', false, FORM],
    ]);
    expect(assigned.form.ownership.owners[0].owner.urn).toBe('urn:li:corpGroup:privacy-office');
    // dim_customers answered both required prompts: complete, though stored among the incomplete forms.
    const { dataset: dim } = await run('getDataset', { urn: DIM });
    expect(dim.forms.incompleteForms).toEqual([]);
    expect(dim.forms.completedForms.map((f: Json) => f.form.urn)).toEqual([FORM]);
    expect(dataset.testResults).toEqual({
      __typename: 'TestResults',
      passing: [
        expect.objectContaining({
          type: 'SUCCESS',
          test: expect.objectContaining({ urn: TEST, name: 'Marts have a technical owner', category: 'Ownership' }),
        }),
      ],
      failing: [],
    });
  });

  it('a dataset page shows its siblings and searches among them', async () => {
    const { dataset } = await run('getDataset', { urn: FCT });
    expect(dataset.siblings.isPrimary).toBe(false);
    expect(dataset.siblings.siblings.map((x: Json) => x.urn)).toEqual([DBT]);
    expect(dataset.siblingsSearch.total).toBe(1);
    expect(dataset.siblingsSearch.searchResults.map((r: Json) => r.entity.urn)).toEqual([DBT]);
  });

  it('usage and the stats summary roll up the usage timeseries', async () => {
    const { dataset } = await run('getDataset', { urn: FCT });
    expect(dataset.statsSummary.queryCountLast30Days).toBe(39);
    expect(dataset.statsSummary.uniqueUserCountLast30Days).toBe(2);
    expect(dataset.statsSummary.topUsersLast30Days.map((u: Json) => u.urn)).toEqual([AMARA, TOMAS]);
    const month = (await run('getLastMonthUsageAggregations', { urn: FCT })).dataset.usageStats;
    expect(month.aggregations.totalSqlQueries).toBe(39);
    expect(month.aggregations.users.map((u: Json) => [u.user.urn, u.count])).toEqual([
      [AMARA, 34],
      [TOMAS, 5],
    ]);
    expect(month.aggregations.fields).toEqual([{ __typename: 'FieldUsageCounts', fieldName: 'order_id', count: 39 }]);
    const year = (await run('getTimeRangeUsageAggregations', { urn: FCT, timeRange: 'YEAR' })).dataset.usageStats;
    expect(year.aggregations.totalSqlQueries).toBe(139);
    expect(year.aggregations.uniqueUserCount).toBe(3);
  });

  it("dashboards' and charts' views roll up from their usage timeseries", async () => {
    const { chart } = await run('getChart', { urn: CHART });
    expect(chart.statsSummary).toMatchObject({ viewCount: 120, uniqueUserCountLast30Days: 1, topUsersLast30Days: [{ urn: AMARA }] });
    const { statsSummary, usageStats } = (
      await execute(
        `{ dashboard(urn: "${DASHBOARD}") { statsSummary { viewCount viewCountLast30Days uniqueUserCountLast30Days topUsersLast30Days { urn } } usageStats { metrics { viewsCount favoritesCount } buckets { duration metrics { viewsCount } } aggregations { viewsCount uniqueUserCount users { user { urn } viewsCount } } } } }`,
      )
    ).dashboard;
    expect(statsSummary).toEqual({
      viewCount: 812,
      viewCountLast30Days: 40,
      uniqueUserCountLast30Days: 2,
      topUsersLast30Days: [{ urn: AMARA }, { urn: TOMAS }],
    });
    expect(usageStats.metrics).toEqual([{ viewsCount: 812, favoritesCount: 9 }]);
    expect(usageStats.buckets).toEqual([{ duration: 'DAY', metrics: { viewsCount: 40 } }]);
    expect(usageStats.aggregations.users).toEqual([
      { user: { urn: AMARA }, viewsCount: 30 },
      { user: { urn: TOMAS }, viewsCount: 10 },
    ]);
  });

  it("a dataset's assertions tab and the runs that read it; a test and the list of tests", async () => {
    const { assertions } = (await run('getDatasetAssertionsWithRunEvents', { urn: FCT })).dataset;
    expect(assertions.total).toBe(3);
    expect(assertions.assertions.map((a: Json) => a.urn).sort()).toEqual([FRESHNESS, NOT_NULL, ROW_COUNT]);
    const read = (await run('getDatasetRuns', { urn: STG, start: 0, count: 10, direction: 'INCOMING' })).dataset.runs;
    expect(read.runs.map((r: Json) => r.urn)).toEqual([RUN_31, RUN_30]);
    expect((await run('getDatasetRuns', { urn: STG, start: 0, count: 10, direction: 'OUTGOING' })).dataset.runs.total).toBe(0);
    const { test } = await run('getTest', { urn: TEST });
    expect(test).toMatchObject({ name: 'Marts have a technical owner', category: 'Ownership' });
    expect(JSON.parse(test.definition.json).on.types).toEqual(['dataset']);
    const list = (await run('listTests', { input: { start: 0, count: 10, query: 'owner' } })).listTests;
    expect([list.total, list.tests.map((t: Json) => t.urn)]).toEqual([1, [TEST]]);
    // A job without assertions or incidents reports passing incidents and no assertion health.
    const { dataJob } = await run('getDataJob', { urn: JOB });
    expect(dataJob.health).toEqual([{ __typename: 'Health', type: 'INCIDENTS', status: 'PASS', message: null, causes: null }]);
  });

  it('profiles and operations, as the stats tab reads them', async () => {
    const [profile] = (await run('getDataProfiles', { urn: FCT, limit: 1 })).dataset.datasetProfiles;
    expect(profile).toMatchObject({
      rowCount: 48211,
      columnCount: 10,
      partitionSpec: { type: 'PARTITION', partition: 'order_date=2025-12-31', timePartition: null },
    });
    expect(profile.fieldProfiles[0]).toMatchObject({
      fieldPath: 'order_id',
      nullCount: 0,
      uniqueProportion: 1,
      quantiles: [{ quantile: '0.5', value: '24105' }],
    });
    const [operation] = (await run('getOperations', { urn: FCT, limit: 1 })).dataset.operations;
    expect(operation).toMatchObject({ operationType: 'INSERT', actor: TOMAS });
  });

  it('an assertion with its run events: the latest completed run and its counts', async () => {
    const { assertion } = await run('getAssertionWithRunEvents', { assertionUrn: ROW_COUNT });
    expect(assertion.info.type).toBe('VOLUME');
    expect(assertion.info.volumeAssertion.entityUrn).toBe(FCT);
    expect(assertion.info.volumeAssertion.rowCountTotal.parameters.minValue.value).toBe('1000');
    expect(assertion.platform.name).toBe('snowflake');
    expect(assertion.runEvents.total).toBe(1);
    expect(assertion.runEvents.failed).toBe(1);
    expect(assertion.runEvents.runEvents[0].result).toMatchObject({
      type: 'FAILURE',
      actualAggValue: 312,
      nativeResults: [{ key: 'observed_row_count', value: '312' }],
    });
    const runs = (await run('getAssertionRuns', { assertionUrn: FRESHNESS, limit: 10 })).assertion.runEvents;
    expect([runs.total, runs.failed, runs.succeeded]).toEqual([2, 1, 1]);
    expect(runs.runEvents.map((e: Json) => e.result.type)).toEqual(['SUCCESS', 'FAILURE']);
    const { assertion: notNull } = await run('getAssertionWithRunEvents', { assertionUrn: NOT_NULL });
    expect(notNull.info.datasetAssertion).toMatchObject({
      datasetUrn: FCT,
      scope: 'DATASET_COLUMN',
      operator: 'NOT_NULL',
      fields: [{ urn: `urn:li:schemaField:(${FCT},order_id)`, path: 'order_id' }],
    });
  });

  it("a dataset's incidents by state, with their source, priority and assignee", async () => {
    const active = (await run('getEntityIncidents', { urn: FCT, start: 0, count: 10, state: 'ACTIVE' })).entity.incidents;
    expect(active.total).toBe(1);
    const [incident] = active.incidents;
    expect(incident).toMatchObject({
      urn: 'urn:li:incident:fct-orders-low-volume',
      incidentType: 'VOLUME',
      priority: 'HIGH',
      incidentStatus: { state: 'ACTIVE', stage: 'INVESTIGATION' },
      source: { type: 'ASSERTION_FAILURE', source: { urn: ROW_COUNT } },
      assignees: [{ urn: TOMAS }],
      entity: { urn: FCT },
    });
    expect(incident.linkedAssets.relationships.map((r: Json) => r.entity.urn)).toEqual([FCT]);
    const resolved = (await run('getEntityIncidents', { urn: FCT, start: 0, count: 10, state: 'RESOLVED' })).entity.incidents;
    expect(resolved.incidents.map((i: Json) => [i.urn, i.status.stage])).toEqual([['urn:li:incident:fct-orders-late-load', 'FIXED']]);
    expect((await run('getEntityIncidents', { urn: FCT, start: 0, count: 10, state: null })).entity.incidents.total).toBe(2);
    // The filters the incidents tab offers besides state: stage, priority and assignee.
    const filtered = async (args: string) =>
      (await execute(`{ dataset(urn: "${FCT}") { incidents(${args}) { total incidents { urn } } } }`)).dataset.incidents;
    expect((await filtered('stage: FIXED')).incidents).toEqual([{ urn: 'urn:li:incident:fct-orders-late-load' }]);
    expect((await filtered('priority: HIGH')).incidents).toEqual([{ urn: 'urn:li:incident:fct-orders-low-volume' }]);
    expect((await filtered(`assigneeUrns: ["${TOMAS}"]`)).total).toBe(1);
    expect((await filtered('priority: LOW')).total).toBe(0);
  });

  it("a dataset's contract and the assertions it includes", async () => {
    const { contract } = (await run('getDatasetContract', { urn: FCT })).dataset;
    expect(contract.urn).toBe('urn:li:dataContract:fct-orders');
    expect(contract.status.state).toBe('ACTIVE');
    expect(contract.properties.freshness.map((c: Json) => c.assertion.urn)).toEqual([FRESHNESS]);
    expect(contract.properties.dataQuality.map((c: Json) => c.assertion.urn)).toEqual([NOT_NULL, ROW_COUNT]);
    expect(contract.properties.dataQuality[1].assertion.runEvents.failed).toBe(1);
  });

  it("a data job's runs, newest first, and a run's page", async () => {
    const runs = (await run('getDataJobRuns', { urn: JOB, start: 0, count: 20 })).dataJob.runs;
    expect(runs.total).toBe(2);
    expect(runs.runs.map((r: Json) => r.urn)).toEqual([RUN_31, RUN_30]);
    const { dataProcessInstance: p } = await run('getDataProcessInstance', { urn: RUN_31 });
    expect(p.properties.name).toBe('scheduled__2025-12-31T02:30:00+00:00');
    expect(p.state).toEqual([
      expect.objectContaining({
        status: 'COMPLETE',
        attempt: 1,
        durationMillis: 420000,
        result: expect.objectContaining({ resultType: 'FAILURE', nativeResultType: 'airflow' }),
      }),
    ]);
    expect(p.parentTemplate.urn).toBe(JOB);
    expect(p.optionalPlatform.name).toBe('airflow');
    const training = (await run('getDataProcessInstance', { urn: TRAINING })).dataProcessInstance;
    expect(training.mlTrainingRunProperties).toMatchObject({
      id: 'run-42',
      outputUrls: ['s3://fernbrook-ml/churn/42'],
      hyperParams: [{ name: 'learning_rate', value: '0.05' }],
      trainingMetrics: [{ name: 'auc', value: '0.91' }],
    });
    expect(training.state).toEqual([]);
    const written = (await run('getDatasetRuns', { urn: FCT, start: 0, count: 10, direction: 'OUTGOING' })).dataset.runs;
    expect(written.runs.map((r: Json) => r.urn)).toEqual([RUN_31, RUN_30]);
  });
});

describe("an entity's privileges as the app reads them", () => {
  let s: TestServer;
  const ROOT = 'urn:li:glossaryNode:Commerce';
  const CHILD = 'urn:li:glossaryNode:Commerce.Revenue';
  const TERM = 'urn:li:glossaryTerm:Commerce.Revenue.NetRevenue';
  const STEWARD = 'urn:li:corpuser:steward';
  const TRIAGER = 'urn:li:corpuser:triager';
  // Users are signed in the first time they act; the admin first, whom requests go as by default.
  const { signIn, send, execute, ingest } = webApp(() => s, { signInOnUse: true });
  const read = async (user: string, query: string, urn: string) => (await execute(query, { urn }, user)).entity.privileges;
  const write = (urn: string, aspect: string, value: Json) => ingest(mcp(urn, aspect, value));
  const Q =
    'query p($urn: String!) { entity(urn: $urn) { ... on GlossaryNode { privileges { canManageEntity canManageChildren } } ... on GlossaryTerm { privileges { canManageEntity canManageChildren } } ... on Dataset { privileges { canEditIncidents canEditTags canEditEmbed canViewDatasetOperations canManageAssetSummary } } } }';

  beforeAll(async () => {
    s = await startTestServer({ auth: true });
    await signIn('urn:li:corpuser:datahub');
    await write(ROOT, 'glossaryNodeInfo', { name: 'Commerce', definition: '' });
    await write(CHILD, 'glossaryNodeInfo', { name: 'Revenue', definition: '', parentNode: ROOT });
    await write(TERM, 'glossaryTermInfo', { name: 'Net revenue', definition: '', termSource: 'INTERNAL', parentNode: CHILD });
    await write(FCT, 'datasetProperties', { name: 'fct_orders' });
    await write(FCT, 'datasetProfile', { timestampMillis: Date.now(), rowCount: 7 });
    await write(FCT, 'operation', { timestampMillis: Date.now(), lastUpdatedTimestamp: Date.now(), operationType: 'UPDATE' });
    for (const user of [STEWARD, TRIAGER]) await write(user, 'corpUserInfo', { active: true, displayName: user });
    const viewAll = { resources: { allResources: true } };
    // Everyone may see pages, but (unlike the boot policy) not usage and profiles.
    await grantPolicy(s.services, 'view-entity-page-all', { privileges: ['VIEW_ENTITY_PAGE'], actors: { allUsers: true }, ...viewAll });
    await grantPolicy(s.services, 'steward-commerce', {
      privileges: ['MANAGE_ALL_GLOSSARY_CHILDREN'],
      actors: { users: [STEWARD] },
      resources: { filter: { criteria: [{ field: 'RESOURCE_URN', values: [ROOT], condition: 'EQUALS' }] } },
    });
    await grantPolicy(s.services, 'triage', {
      privileges: ['EDIT_ENTITY_INCIDENTS', 'VIEW_DATASET_OPERATIONS'],
      actors: { users: [TRIAGER] },
      ...viewAll,
    });
  });
  afterAll(async () => s?.close());

  it('a glossary steward manages everything below the node the policy names, and not the node itself', async () => {
    expect(await read(STEWARD, Q, TERM)).toEqual({ canManageEntity: true, canManageChildren: null });
    expect(await read(STEWARD, Q, CHILD)).toEqual({ canManageEntity: true, canManageChildren: true });
    expect(await read(STEWARD, Q, ROOT)).toEqual({ canManageEntity: false, canManageChildren: true });
    expect(await read(TRIAGER, Q, TERM)).toEqual({ canManageEntity: false, canManageChildren: null });
    expect(await read('urn:li:corpuser:datahub', Q, ROOT)).toEqual({ canManageEntity: true, canManageChildren: true });
  });

  it('profiles and usage need their view privileges: without them the app is shown none', async () => {
    const Stats =
      'query s($urn: String!) { entity(urn: $urn) { ... on Dataset { datasetProfiles(limit: 5) { rowCount } operations(limit: 5) { operationType } statsSummary { queryCountLast30Days } } } }';
    const stats = async (user: string) => (await execute(Stats, { urn: FCT }, user)).entity;
    expect(await stats(STEWARD)).toEqual({ datasetProfiles: [], operations: [], statsSummary: null });
    expect(await stats(TRIAGER)).toEqual({ datasetProfiles: [], operations: [{ operationType: 'UPDATE' }], statsSummary: null });
    expect(await stats('urn:li:corpuser:datahub')).toEqual({
      datasetProfiles: [{ rowCount: 7 }],
      operations: [{ operationType: 'UPDATE' }],
      statsSummary: { queryCountLast30Days: 0 },
    });
  });

  it('a form is assigned to me when it names me or a group I am in', async () => {
    const form = 'urn:li:form:stewards-review';
    await write(STEWARD, 'groupMembership', { groups: ['urn:li:corpGroup:stewards'] });
    await write(form, 'formInfo', {
      name: 'Stewards review',
      prompts: [],
      actors: { owners: false, groups: ['urn:li:corpGroup:stewards'], users: [TRIAGER] },
    });
    const actors = async (user: string) =>
      (await execute(`{ form(urn: "${form}") { info { type actors { owners isAssignedToMe users { urn } groups { urn } } } } }`, {}, user))
        .form.info;
    expect(await actors(STEWARD)).toEqual({
      type: 'COMPLETION',
      actors: { owners: false, isAssignedToMe: true, users: [{ urn: TRIAGER }], groups: [{ urn: 'urn:li:corpGroup:stewards' }] },
    });
    expect((await actors(TRIAGER)).actors.isAssignedToMe).toBe(true);
    expect((await actors('urn:li:corpuser:datahub')).actors.isAssignedToMe).toBe(false);
  });

  it('lists tests only to those who may view or manage them', async () => {
    const list = (user: string) => send('listTests', { input: { start: 0, count: 5 } }, user);
    const refused = await list(STEWARD);
    expect(refused.data.listTests).toBeNull();
    expect(refused.errors[0].message).toMatch(/^Unauthorized to perform this action/);
    expect((await list('urn:li:corpuser:datahub')).data.listTests.total).toBe(0);
  });

  it('incident, embed, operations and summary privileges follow the policies held', async () => {
    expect(await read(TRIAGER, Q, FCT)).toEqual({
      canEditIncidents: true,
      canEditTags: false,
      canEditEmbed: false,
      canViewDatasetOperations: true,
      canManageAssetSummary: false,
    });
    expect(await read(STEWARD, Q, FCT)).toEqual({
      canEditIncidents: false,
      canEditTags: false,
      canEditEmbed: false,
      canViewDatasetOperations: false,
      canManageAssetSummary: false,
    });
    expect(await read('urn:li:corpuser:datahub', Q, FCT)).toMatchObject({
      canEditIncidents: true,
      canEditEmbed: true,
      canManageAssetSummary: true,
    });
  });
});
