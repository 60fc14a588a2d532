/**
 * Lineage drawn in the app's lineage editor: `updateLineage` between datasets, a data job, a chart and
 * a dashboard, and between columns. Each edit is read back through the app's own lineage queries,
 * REST `entitiesV2` and search; a user without EDIT_LINEAGE on either end gets DataHub's 403, and a
 * bad edge is a 400 that writes nothing, not even the good edges sent with it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '../src/actors.js';
import { enc, grantPolicy, http, startTestServer, type TestServer } from './helpers.js';
import { webApp } from './webApp.js';

type Json = any;

const ds = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:snowflake,edits.${name},PROD)`;
const field = (dataset: string, path: string) => `urn:li:schemaField:(${dataset},${path})`;
const [RAW, CLEAN, MART, LOCKED] = [ds('raw'), ds('clean'), ds('mart'), ds('locked')];
const JOB = 'urn:li:dataJob:(urn:li:dataFlow:(airflow,edits,PROD),load)';
const CHART = 'urn:li:chart:(looker,edits.revenue)';
const DASHBOARD = 'urn:li:dashboard:(looker,edits.board)';
const EDITOR = 'urn:li:corpuser:lineage.editor';
const READER = 'urn:li:corpuser:lineage.reader';

let s: TestServer;
const { signIn, write: put, gql, run, expectError: expectDocumentError, expectOperationError, entityV2, search, headers } = webApp(() => s);

beforeAll(async () => {
  s = await startTestServer({ auth: true });
  for (const urn of [RAW, CLEAN, MART, LOCKED])
    await put(urn, 'datasetProperties', { name: urn.split('.')[1]!.split(',')[0], customProperties: {} });
  await put(JOB, 'dataJobInfo', { name: 'load', type: { string: 'COMMAND' }, customProperties: {} });
  await put(CHART, 'chartInfo', {
    title: 'Revenue',
    description: '',
    lastModified: { created: { time: 0, actor: SYSTEM_ACTOR }, lastModified: { time: 0, actor: SYSTEM_ACTOR } },
    customProperties: {},
  });
  await put(DASHBOARD, 'dashboardInfo', {
    title: 'Board',
    description: '',
    lastModified: { created: { time: 0, actor: SYSTEM_ACTOR }, lastModified: { time: 0, actor: SYSTEM_ACTOR } },
    customProperties: {},
  });
  // The editor may edit lineage everywhere but on LOCKED; the reader only reads.
  const everything = [RAW, CLEAN, MART, JOB, CHART, DASHBOARD];
  await grantPolicy(s.services, 'lineage-editors', {
    privileges: ['EDIT_LINEAGE'],
    actors: { users: [EDITOR] },
    resources: { allResources: false, filter: { criteria: [{ field: 'URN', values: everything, condition: 'EQUALS' }] } },
  } as Json);
  await grantPolicy(s.services, 'lineage-readers', { privileges: ['VIEW_ENTITY_PAGE'], actors: { users: [EDITOR, READER] } });
  // The first to sign in is whom requests go as by default.
  await signIn(EDITOR, READER);
}, 60_000);
afterAll(() => s?.close());

const edge = (upstreamUrn: string, downstreamUrn: string) => ({ upstreamUrn, downstreamUrn });
const update = (edgesToAdd: Json[], edgesToRemove: Json[] = [], user = EDITOR) =>
  run('updateLineage', { input: { edgesToAdd, edgesToRemove } }, user);

/** updateLineage adding `edgesToAdd` as `user` is refused (`code`, `message`), with nothing written. */
const expectError = (user: string, edgesToAdd: Json[], code: number, message: string | RegExp) =>
  expectOperationError(user, 'updateLineage', { input: { edgesToAdd, edgesToRemove: [] } }, code, message);

const lineageVars = {
  showColumns: true,
  separateSiblings: false,
  excludeUpstream: false,
  excludeDownstream: false,
  includeGhostEntities: false,
  startTimeMillis: null,
  endTimeMillis: null,
};
const hops = async (urn: string, direction: 'upstream' | 'downstream') =>
  ((await run('getEntityLineageV2', { urn, ...lineageVars })).entity[direction].relationships as Json[]).map((r) => r.entity.urn).sort();
const across = async (urn: string, direction: string, searchFlags?: Json) =>
  (
    await run('searchAcrossLineage', {
      input: { urn, direction, query: '*', start: 0, count: 100, types: [], orFilters: [], ...(searchFlags ? { searchFlags } : {}) },
    })
  ).searchAcrossLineage.searchResults.map((x: Json) => [x.entity.urn, x.degree]);
/** The lineage graph's flags: columns answered as columns, not grouped into their datasets. */
const COLUMNS = { groupingSpec: { groupingCriteria: [] } };

describe('updateLineage', () => {
  it('adds table edges through a data job, read back by the lineage page, lineage search, REST and search', async () => {
    await update([edge(RAW, JOB), edge(JOB, CLEAN), edge(CLEAN, MART), edge(MART, CHART), edge(CHART, DASHBOARD), edge(MART, DASHBOARD)]);
    expect(await hops(MART, 'upstream')).toEqual([CLEAN]);
    expect(await hops(MART, 'downstream')).toEqual([CHART, DASHBOARD].sort());
    expect(await hops(JOB, 'upstream')).toEqual([RAW]);
    expect(await hops(JOB, 'downstream')).toEqual([CLEAN]);
    expect(await hops(DASHBOARD, 'upstream')).toEqual([CHART, MART].sort());
    expect(Object.fromEntries(await across(DASHBOARD, 'UPSTREAM'))).toMatchObject({
      [CHART]: 1,
      [MART]: 1,
      [CLEAN]: 2,
      [JOB]: 3,
      [RAW]: 4,
    });

    const mart = (await entityV2(MART)).upstreamLineage.value;
    expect(mart.upstreams).toEqual([
      expect.objectContaining({
        dataset: CLEAN,
        type: 'TRANSFORMED',
        properties: { source: 'UI' },
        auditStamp: expect.objectContaining({ actor: EDITOR }),
      }),
    ]);
    const io = (await entityV2(JOB)).dataJobInputOutput.value;
    expect(io.inputDatasetEdges.map((e: Json) => e.destinationUrn)).toEqual([RAW]);
    expect(io.outputDatasetEdges.map((e: Json) => e.destinationUrn)).toEqual([CLEAN]);
    expect((await entityV2(CHART)).chartInfo.value.inputEdges).toEqual([
      expect.objectContaining({ destinationUrn: MART, sourceUrn: CHART, properties: { source: 'UI' } }),
    ]);
    const board = (await entityV2(DASHBOARD)).dashboardInfo.value;
    expect([board.chartEdges.map((e: Json) => e.destinationUrn), board.datasetEdges.map((e: Json) => e.destinationUrn)]).toEqual([
      [CHART],
      [MART],
    ]);
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
    await update([
      edge(field(CLEAN, 'id'), field(MART, 'id')),
      edge(field(CLEAN, 'amount'), field(MART, 'id')),
      edge(field(RAW, 'id'), field(CLEAN, 'id')),
    ]);
    const fgl = (await entityV2(MART)).upstreamLineage.value;
    expect(fgl.upstreams.map((u: Json) => u.dataset)).toEqual([CLEAN]);
    expect(fgl.fineGrainedLineages).toEqual([
      expect.objectContaining({
        upstreamType: 'FIELD_SET',
        upstreams: [field(CLEAN, 'id'), field(CLEAN, 'amount')],
        downstreamType: 'FIELD',
        downstreams: [field(MART, 'id')],
      }),
    ]);
    expect(await hops(field(MART, 'id'), 'upstream')).toEqual([field(CLEAN, 'amount'), field(CLEAN, 'id')]);
    expect(Object.fromEntries(await across(field(MART, 'id'), 'UPSTREAM', COLUMNS))).toEqual({
      [field(CLEAN, 'id')]: 1,
      [field(CLEAN, 'amount')]: 1,
      [field(RAW, 'id')]: 2,
    });
    // Impact analysis (no grouping spec): the columns' datasets, as DataHub groups them by default.
    expect(await across(field(MART, 'id'), 'UPSTREAM')).toEqual([
      [CLEAN, 1],
      [RAW, 2],
    ]);
    const page = await run('getEntityLineage', { urn: MART, showColumns: true, separateSiblings: false });
    expect(page.entity.fineGrainedLineages).toEqual([
      expect.objectContaining({
        upstreams: [
          { urn: CLEAN, path: 'id', __typename: 'SchemaFieldRef' },
          { urn: CLEAN, path: 'amount', __typename: 'SchemaFieldRef' },
        ],
        downstreams: [expect.objectContaining({ urn: MART, path: 'id' })],
      }),
    ]);
    await update([], [edge(field(CLEAN, 'amount'), field(MART, 'id')), edge(field(CLEAN, 'id'), field(MART, 'id'))]);
    expect((await entityV2(MART)).upstreamLineage.value.fineGrainedLineages).toEqual([]);
    expect(await hops(field(MART, 'id'), 'upstream')).toEqual([]);
  });

  it('refuses a user without EDIT_LINEAGE on either end, with DataHub’s message, writing nothing', async () => {
    await expectError(READER, [edge(RAW, CLEAN)], 403, `Unauthorized to edit ${RAW} lineage for dataset`);
    // The editor may edit RAW but not LOCKED: the one end refused refuses the edit.
    await expectError(EDITOR, [edge(RAW, CLEAN), edge(RAW, LOCKED)], 403, `Unauthorized to edit ${LOCKED} lineage for dataset`);
    await expectError(
      EDITOR,
      [edge(field(LOCKED, 'id'), field(CLEAN, 'id'))],
      403,
      `Unauthorized to edit ${field(LOCKED, 'id')} lineage for schemaField`,
    );
  });

  it('answers 400 for edges it cannot draw, writing none of the batch', async () => {
    const ghost = ds('ghost');
    await expectError(
      EDITOR,
      [edge(RAW, CLEAN), edge(CHART, MART)],
      400,
      `Tried to add lineage edge with non-dataset node when we expect a dataset. Upstream urn: ${CHART}`,
    );
    await expectError(
      EDITOR,
      [edge(JOB, CHART)],
      400,
      `Tried to add an upstream to a chart that isn't a chart or dataset. Upstream urn: ${JOB}`,
    );
    await expectError(EDITOR, [edge('not-an-urn', CLEAN)], 400, /Invalid urn/);
    await expectError(EDITOR, [edge(field(RAW, 'id'), CLEAN)], 400, /Upstream urn/);
    await grantPolicy(s.services, 'lineage-anywhere', { privileges: ['EDIT_LINEAGE'], actors: { users: [EDITOR] } });
    await expectError(EDITOR, [edge(ghost, CLEAN)], 400, `Cannot upsert lineage as downstream urn ${ghost} doesn't exist`);
    expect(await hops(CLEAN, 'upstream')).toEqual([JOB]);
  });
});

describe('ER model relationships', () => {
  const properties = {
    name: 'orders_to_clean',
    source: RAW,
    destination: CLEAN,
    relationshipFieldmappings: [{ sourceField: 'id', destinationField: 'raw_id' }],
    erModelRelationshipCardinality: 'ONE_N',
  };
  let urn: string;

  it('creates one between two datasets, under DataHub’s urn, read back by the app, REST and search', async () => {
    await expectOperationError(
      READER,
      'createERModelRelationship',
      { input: { properties } },
      403,
      'Unauthorized to create erModelRelationship. Please contact your DataHub administrator.',
    );
    await grantPolicy(s.services, 'er-creators', { privileges: ['CREATE_ENTITY_ER_MODEL_RELATIONSHIP'], actors: { users: [EDITOR] } });
    await expectOperationError(
      EDITOR,
      'createERModelRelationship',
      { input: { properties: { ...properties, destination: ds('ghost') } } },
      400,
      `Dataset ${ds('ghost')} does not exist`,
    );
    const created = (
      await run('createERModelRelationship', {
        input: { properties, editableProperties: { description: 'each raw order feeds clean rows' } },
      })
    ).createERModelRelationship;
    // md5 of {"Destination":<lower urn>,"ERModelRelationName":…,"Source":<higher urn>}
    expect(created.urn).toBe(
      'urn:li:erModelRelationship:' +
        (await import('node:crypto'))
          .createHash('md5')
          .update(`{"Destination":"${CLEAN}","ERModelRelationName":"orders_to_clean","Source":"${RAW}"}`)
          .digest('hex'),
    );
    urn = created.urn;
    const r = (await run('getERModelRelationship', { urn })).erModelRelationship;
    expect(r.properties).toMatchObject({
      name: 'orders_to_clean',
      source: { urn: RAW },
      destination: { urn: CLEAN },
      cardinality: 'ONE_N',
      relationshipFieldMappings: [{ sourceField: 'id', destinationField: 'raw_id' }],
      createdActor: { urn: EDITOR },
    });
    expect(r.editableProperties).toMatchObject({ description: 'each raw order feeds clean rows' });
    expect((await entityV2(urn)).erModelRelationshipProperties.value).toMatchObject({
      source: RAW,
      destination: CLEAN,
      cardinality: 'ONE_N',
    });
    expect(await search('erModelRelationship', 'name', 'orders_to_clean')).toEqual([urn]);
  });

  it('updates and deletes it, refusing those without the privilege', async () => {
    await expectOperationError(
      READER,
      'updateERModelRelationship',
      { urn, input: { editableProperties: { description: 'x' } } },
      403,
      UNAUTHORIZED,
    );
    await run('updateERModelRelationship', {
      urn,
      input: {
        properties: { ...properties, erModelRelationshipCardinality: 'N_N' },
        editableProperties: { name: 'Orders', description: 'renamed' },
      },
    });
    const r = (await run('getERModelRelationship', { urn })).erModelRelationship;
    expect([r.properties.cardinality, r.editableProperties.description]).toEqual(['N_N', 'renamed']);
    await expectOperationError(
      EDITOR,
      'updateERModelRelationship',
      { urn: 'urn:li:erModelRelationship:nope', input: { editableProperties: { description: 'x' } } },
      400,
      /does not exist/,
    );
    const DELETE = 'mutation($urn: String!) { deleteERModelRelationship(urn: $urn) }';
    await expectDocumentError(READER, DELETE, { urn }, 403, UNAUTHORIZED);
    expect((await gql(EDITOR, DELETE, { urn })).data.deleteERModelRelationship).toBe(true);
    expect(await search('erModelRelationship', 'name', 'orders_to_clean')).toEqual([]);
  });
});

describe('asset versions', () => {
  const SET = 'urn:li:versionSet:(orders-history,dataset)';
  const versions = (data: Json) =>
    data.searchResults.map((x: Json) => [x.entity.urn, x.entity.versionProperties.version.versionTag, x.entity.versionProperties.isLatest]);

  it('links assets as versions, the newest latest, read back by the app, REST and search', async () => {
    await expectOperationError(
      READER,
      'linkAssetVersion',
      { input: { versionSet: SET, linkedEntity: RAW, version: 'v1' } },
      403,
      `${READER} is unauthorized to UPDATE entities ${SET} and ${RAW}`,
    );
    await grantPolicy(s.services, 'version-editors', { privileges: ['EDIT_ENTITY'], actors: { users: [EDITOR] } });
    await expectOperationError(
      EDITOR,
      'linkAssetVersion',
      { input: { versionSet: SET, linkedEntity: CHART, version: 'v1' } },
      400,
      "Entity type must match Version Set's specified type: dataset invalid type: chart",
    );
    await expectOperationError(
      EDITOR,
      'linkAssetVersion',
      { input: { versionSet: RAW, linkedEntity: RAW, version: 'v1' } },
      400,
      `Version Set urn ${RAW} must be of type Version Set.`,
    );
    await run('linkAssetVersion', { input: { versionSet: SET, linkedEntity: RAW, version: 'v1', comment: 'first cut' } });
    const linked = (await run('linkAssetVersion', { input: { versionSet: SET, linkedEntity: CLEAN, version: 'v2' } })).linkAssetVersion;
    expect(versions(linked.versionsSearch)).toEqual([
      [CLEAN, 'v2', true],
      [RAW, 'v1', false],
    ]);
    expect((await entityV2(RAW)).versionProperties.value).toMatchObject({
      versionSet: SET,
      sortId: 'AAAAAAAA',
      comment: 'first cut',
      isLatest: false,
    });
    expect((await entityV2(CLEAN)).versionProperties.value).toMatchObject({ sortId: 'AAAAAAAB', isLatest: true });
    expect((await entityV2(SET)).versionSetProperties.value).toMatchObject({
      latest: CLEAN,
      versioningScheme: 'ALPHANUMERIC_GENERATED_BY_DATAHUB',
    });
    expect((await search('dataset', 'versionSet', SET)).sort()).toEqual([CLEAN, RAW].sort());
  });

  it('unlinking the latest makes the one before it latest; unlinking the last removes the set', async () => {
    const unlinked = (await run('unlinkAssetVersion', { input: { versionSet: SET, unlinkedEntity: CLEAN } })).unlinkAssetVersion;
    expect(versions(unlinked.versionsSearch)).toEqual([[RAW, 'v1', true]]);
    expect((await entityV2(SET)).versionSetProperties.value.latest).toBe(RAW);
    expect((await entityV2(CLEAN)).versionProperties).toBeUndefined();
    await run('unlinkAssetVersion', { input: { versionSet: SET, unlinkedEntity: RAW } });
    expect(await search('dataset', 'versionSet', SET)).toEqual([]);
    const r = await http(`${s.url}/entitiesV2/${enc(SET)}`, { headers: await headers(EDITOR) });
    expect(r.body?.aspects?.versionSetProperties).toBeUndefined();
  });
});

describe('logical parents', () => {
  const SET_PARENT = 'mutation($input: SetLogicalParentInput!) { setLogicalParent(input: $input) }';
  const parentOf = async (urn: string) =>
    (await gql(EDITOR, `query($urn: String!) { dataset(urn: $urn) { logicalParent { urn type } } }`, { urn })).data.dataset.logicalParent;

  it('points a dataset at its logical model and removes the pointer, seen in GraphQL, REST and search', async () => {
    await expectDocumentError(READER, SET_PARENT, { input: { resourceUrn: MART, parentUrn: LOCKED } }, 403, UNAUTHORIZED);
    await expectDocumentError(
      EDITOR,
      SET_PARENT,
      { input: { resourceUrn: MART, parentUrn: CHART } },
      400,
      /a logical parent is a dataset or a column/,
    );
    await expectDocumentError(EDITOR, SET_PARENT, { input: { resourceUrn: ds('ghost'), parentUrn: LOCKED } }, 400, /does not exist/);
    expect((await gql(EDITOR, SET_PARENT, { input: { resourceUrn: MART, parentUrn: LOCKED } })).data.setLogicalParent).toBe(true);
    expect(await parentOf(MART)).toEqual({ urn: LOCKED, type: 'DATASET' });
    expect((await entityV2(MART)).logicalParent.value.parent).toMatchObject({ destinationUrn: LOCKED, created: { actor: EDITOR } });
    expect(await search('dataset', 'logicalParent', LOCKED)).toEqual([MART]);
    await gql(EDITOR, SET_PARENT, { input: { resourceUrn: MART, parentUrn: null } });
    expect(await parentOf(MART)).toBeNull();
    expect(await search('dataset', 'logicalParent', LOCKED)).toEqual([]);
  });
});

const UNAUTHORIZED = 'Unauthorized to perform this action. Please contact your DataHub administrator.';
