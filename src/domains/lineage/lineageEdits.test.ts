/**
 * Lineage drawn by hand, through the service alone: each kind of edge lands on the aspect and list
 * the registry says keeps it (the legacy urn lists read and cleared alongside), column lineage on
 * the downstream column's dataset, and a caller without EDIT_LINEAGE on an end is refused, writing
 * nothing.
 */
import { describe, expect, it } from 'vitest';
import { serviceCatalogForFile } from '../../../test/serviceCatalog.js';
import { SYSTEM_ACTOR } from '../../actors.js';

type Json = any;

const ds = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:snowflake,unit.${name},PROD)`;
const field = (dataset: string, path: string) => `urn:li:schemaField:(${dataset},${path})`;
const [RAW, CLEAN, MART, LOCKED] = [ds('raw'), ds('clean'), ds('mart'), ds('locked')];
const JOB = 'urn:li:dataJob:(urn:li:dataFlow:(airflow,unit,PROD),load)';
const UPSTREAM_JOB = 'urn:li:dataJob:(urn:li:dataFlow:(airflow,unit,PROD),extract)';
const CHART = 'urn:li:chart:(looker,unit.revenue)';
const DASHBOARD = 'urn:li:dashboard:(looker,unit.board)';
const EDITOR = 'urn:li:corpuser:unit.editor';
const READER = 'urn:li:corpuser:unit.reader';
const LEGACY_DATASET = ds('legacy');

let time = 1_000;
const stamps = { created: { time: 0, actor: SYSTEM_ACTOR }, lastModified: { time: 0, actor: SYSTEM_ACTOR } };

const c = serviceCatalogForFile(
  async ({ grant, put }) => {
    for (const urn of [RAW, CLEAN, MART, LOCKED, LEGACY_DATASET]) await put(urn, 'datasetProperties', { name: urn, customProperties: {} });
    for (const job of [JOB, UPSTREAM_JOB]) await put(job, 'dataJobInfo', { name: job, type: { string: 'COMMAND' }, customProperties: {} });
    await put(CHART, 'chartInfo', { title: 'Revenue', description: '', lastModified: stamps, customProperties: {} });
    await put(DASHBOARD, 'dashboardInfo', { title: 'Board', description: '', lastModified: stamps, customProperties: {} });
    await grant('lineage-editors', {
      privileges: ['EDIT_LINEAGE'],
      actors: { users: [EDITOR] },
      resources: {
        allResources: false,
        filter: {
          criteria: [
            { field: 'URN', values: [RAW, CLEAN, MART, LEGACY_DATASET, JOB, UPSTREAM_JOB, CHART, DASHBOARD], condition: 'EQUALS' },
          ],
        },
      },
    } as Json);
  },
  { now: () => time },
);

const edge = (upstreamUrn: string, downstreamUrn: string) => ({ upstreamUrn, downstreamUrn });
const update = (edgesToAdd: Json[], edgesToRemove: Json[] = [], actor = EDITOR) =>
  c.services.lineageEdits.update({ edgesToAdd, edgesToRemove }, actor);

describe('LineageEditService', () => {
  it('takes as upstreams the types DataHub’s editor takes, from the registry’s edited relationships', () => {
    const takes = (type: string) => c.services.lineageEdits.upstreamTypesOf(type).sort();
    expect(takes('dataset')).toEqual(['dataJob', 'dataset']);
    expect(takes('chart')).toEqual(['chart', 'dataset']);
    expect(takes('dashboard')).toEqual(['chart', 'dataset']);
    expect(takes('dataJob')).toEqual(['dataJob', 'dataset']);
    expect(takes('schemaField')).toEqual(['schemaField']);
    expect(takes('mlModel')).toEqual([]);
  });

  it('keeps each edge on the aspect and list of the end that holds it, stamped by the editor', async () => {
    time = 5_000;
    const written = await update([
      edge(RAW, JOB),
      edge(UPSTREAM_JOB, JOB),
      edge(JOB, CLEAN),
      edge(CLEAN, MART),
      edge(MART, CHART),
      edge(CHART, DASHBOARD),
      edge(MART, DASHBOARD),
    ]);
    expect([...written].sort()).toEqual([JOB, MART, CHART, DASHBOARD].sort());
    const ui = { source: 'UI' };
    const stamp = { time: 5_000, actor: EDITOR };
    expect((await c.value(MART, 'upstreamLineage')).upstreams).toEqual([
      { dataset: CLEAN, type: 'TRANSFORMED', created: stamp, auditStamp: stamp, properties: ui },
    ]);
    const io = await c.value(JOB, 'dataJobInputOutput');
    const edgeTo = (urn: string) => ({ destinationUrn: urn, sourceUrn: JOB, created: stamp, lastModified: stamp, properties: ui });
    expect(io).toMatchObject({
      inputDatasetEdges: [edgeTo(RAW)],
      inputDatajobEdges: [edgeTo(UPSTREAM_JOB)],
      outputDatasetEdges: [edgeTo(CLEAN)],
      // Required by the schema, so written even empty.
      inputDatasets: [],
      outputDatasets: [],
    });
    expect(io.inputDatajobs).toBeUndefined();
    // The dataset the job writes is not drawn on the dataset: the job keeps the edge.
    expect(await c.value(CLEAN, 'upstreamLineage')).toBeUndefined();
    const chart = await c.value(CHART, 'chartInfo');
    expect(chart.inputEdges).toEqual([expect.objectContaining({ destinationUrn: MART, sourceUrn: CHART })]);
    expect(chart.inputs).toBeUndefined();
    const board = await c.value(DASHBOARD, 'dashboardInfo');
    expect(board).toMatchObject({
      title: 'Board',
      chartEdges: [expect.objectContaining({ destinationUrn: CHART, sourceUrn: DASHBOARD })],
      datasetEdges: [expect.objectContaining({ destinationUrn: MART, sourceUrn: DASHBOARD })],
      charts: [],
      datasets: [],
    });
  });

  it('counts a legacy urn as an edge already, and takes a removed one out of both lists', async () => {
    await c.put(CHART, 'chartInfo', {
      title: 'Revenue',
      description: '',
      lastModified: stamps,
      customProperties: {},
      inputs: [{ string: LEGACY_DATASET }, { string: MART }],
    });
    await update([edge(LEGACY_DATASET, CHART)]);
    let chart = await c.value(CHART, 'chartInfo');
    expect(chart.inputEdges).toEqual([]);
    expect(chart.inputs).toEqual([{ string: LEGACY_DATASET }, { string: MART }]);
    await update([edge(CLEAN, CHART)], [edge(MART, CHART)]);
    chart = await c.value(CHART, 'chartInfo');
    expect(chart.inputEdges.map((e: Json) => e.destinationUrn)).toEqual([CLEAN]);
    expect(chart.inputs).toEqual([{ string: LEGACY_DATASET }]);
  });

  it('draws column lineage on the downstream column’s dataset, and removes it again', async () => {
    await update([edge(field(CLEAN, 'id'), field(MART, 'id')), edge(field(CLEAN, 'amount'), field(MART, 'id'))]);
    const lineage = await c.value(MART, 'upstreamLineage');
    expect(lineage.upstreams.map((u: Json) => u.dataset)).toEqual([CLEAN]);
    expect(lineage.fineGrainedLineages).toEqual([
      {
        upstreamType: 'FIELD_SET',
        upstreams: [field(CLEAN, 'id'), field(CLEAN, 'amount')],
        downstreamType: 'FIELD',
        downstreams: [field(MART, 'id')],
        confidenceScore: 1,
      },
    ]);
    await update([], [edge(field(CLEAN, 'id'), field(MART, 'id')), edge(field(CLEAN, 'amount'), field(MART, 'id'))]);
    expect((await c.value(MART, 'upstreamLineage')).fineGrainedLineages).toEqual([]);
  });

  it('refuses a caller without EDIT_LINEAGE on either end, and edges it cannot draw, writing nothing', async () => {
    const before = await c.changes();
    await expect(update([edge(RAW, CLEAN)], [], READER)).rejects.toMatchObject({
      kind: 'forbidden',
      message: `Unauthorized to edit ${RAW} lineage for dataset`,
    });
    await expect(update([edge(RAW, CLEAN), edge(RAW, LOCKED)])).rejects.toMatchObject({
      kind: 'forbidden',
      message: `Unauthorized to edit ${LOCKED} lineage for dataset`,
    });
    await expect(update([edge(RAW, CLEAN), edge(CHART, MART)])).rejects.toMatchObject({
      kind: 'bad_request',
      message: `Tried to add lineage edge with non-dataset node when we expect a dataset. Upstream urn: ${CHART}`,
    });
    await expect(update([edge(JOB, CHART)])).rejects.toMatchObject({
      kind: 'bad_request',
      message: `Tried to add an upstream to a chart that isn't a chart or dataset. Upstream urn: ${JOB}`,
    });
    await expect(update([edge(ds('ghost'), CLEAN)], [], SYSTEM_ACTOR)).rejects.toMatchObject({
      kind: 'bad_request',
      message: `Cannot upsert lineage as downstream urn ${ds('ghost')} doesn't exist`,
    });
    expect(await c.changes()).toBe(before);
    expect(await c.value(CLEAN, 'upstreamLineage')).toBeUndefined();
  });
});
