/**
 * Lineage and history as DataHub's web app reads them, with the app's own operations over HTTP: a
 * chain of seven datasets and a data job (six hops) with column-level lineage, ingested through REST
 * as the Python SDK writes it; then lineage hops, multi-hop lineage search with degrees, paths, time
 * windows and per-hop limits, column lineage, and the schema's timeline, blame and versions.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEach, mcp, startTestServer, type TestServer } from './helpers.js';
import { webApp } from './webApp.js';

type Json = any;
const ds = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:snowflake,chain.${name},PROD)`;
const field = (dataset: string, path: string) => `urn:li:schemaField:(${dataset},${path})`;
const [D0, D1, D2, D3, D4, D5, X] = [ds('d0'), ds('d1'), ds('d2'), ds('d3'), ds('d4'), ds('d5'), ds('side')];
const GHOST = ds('never_ingested');
const JOB = 'urn:li:dataJob:(urn:li:dataFlow:(airflow,chain_nightly,PROD),build_d3)';
const ANA = 'urn:li:corpuser:ana';
const BEN = 'urn:li:corpuser:ben';
const JAN_2025 = Date.UTC(2025, 0, 1);
const JAN_2026 = Date.UTC(2026, 0, 5);
const WINDOW = { startTimeMillis: Date.UTC(2026, 0, 1), endTimeMillis: Date.UTC(2026, 0, 31) };

const stamp = (time: number, actor = ANA) => ({ time, actor });
const upstream = (dataset: string, time = JAN_2026, extra: Json = {}) => ({
  dataset,
  type: 'TRANSFORMED',
  created: stamp(time),
  auditStamp: stamp(time, BEN),
  ...extra,
});
const fgl = (from: string[], to: string[]) => ({
  upstreamType: 'FIELD_SET',
  upstreams: from,
  downstreamType: 'FIELD',
  downstreams: to,
  confidenceScore: 1.0,
  transformOperation: 'COPY',
});
const fieldOf = (fieldPath: string, nativeDataType: string, description?: string) => ({
  fieldPath,
  nullable: false,
  type: { type: { 'com.linkedin.schema.StringType': {} } },
  nativeDataType,
  recursive: false,
  ...(description ? { description } : {}),
});
const schema = (fields: Json[]) => ({
  schemaName: 'chain',
  platform: 'urn:li:dataPlatform:snowflake',
  version: 0,
  created: stamp(0),
  lastModified: stamp(0),
  hash: '',
  platformSchema: { 'com.linkedin.schema.MySqlDDL': { tableSchema: '' } },
  fields,
});

describe('lineage and history through the web app operations', () => {
  let s: TestServer;
  let clock = Date.UTC(2026, 0, 10);

  // `run`: the app's operation, its whole answer; `data`: the app's operation answered whole, no field of it failing.
  const app = webApp(() => s);
  const { send: run, run: data } = app;
  const graphql = (query: string, variables: Json = {}) => app.gql(undefined, query, variables);
  /** Writes an aspect, a second after the one before. */
  const ingest = async (urn: string, aspect: string, value: unknown) => {
    clock += 1000;
    await app.ingest(mcp(urn, aspect, value));
  };

  beforeAll(async () => {
    s = await startTestServer({ now: () => clock });
    for (const [urn, name] of [
      [D0, 'd0'],
      [D1, 'd1'],
      [D2, 'd2'],
      [D3, 'd3'],
      [D4, 'd4'],
      [D5, 'd5'],
      [X, 'side'],
    ] as const) {
      await ingest(urn, 'datasetProperties', { name, description: `chain table ${name}`, customProperties: {} });
      await ingest(urn, 'schemaMetadata', schema([fieldOf('id', 'NUMBER'), fieldOf('name', 'VARCHAR')]));
    }
    // d0, side → d1 → d2 → job → d3 → d4 → d5 (→ a ghost upstream of d5). d3 → d4 is from 2025.
    await ingest(D1, 'upstreamLineage', {
      upstreams: [upstream(D0), upstream(X, JAN_2025, { properties: { source: 'UI' } })],
      fineGrainedLineages: [fgl([field(D0, 'id')], [field(D1, 'id')])],
    });
    await ingest(D2, 'upstreamLineage', { upstreams: [upstream(D1)], fineGrainedLineages: [fgl([field(D1, 'id')], [field(D2, 'id')])] });
    await ingest(JOB, 'dataJobInfo', { name: 'build_d3', type: { string: 'SQL' }, customProperties: {} });
    await ingest(JOB, 'dataJobInputOutput', {
      inputDatasets: [],
      outputDatasets: [],
      inputDatasetEdges: [{ destinationUrn: D2, created: stamp(JAN_2026), lastModified: stamp(JAN_2026, BEN) }],
      outputDatasetEdges: [{ destinationUrn: D3, created: stamp(JAN_2026), lastModified: stamp(JAN_2026, BEN) }],
      fineGrainedLineages: [fgl([field(D2, 'id')], [field(D3, 'id')])],
    });
    await ingest(D4, 'upstreamLineage', {
      upstreams: [upstream(D3, JAN_2025)],
      fineGrainedLineages: [fgl([field(D3, 'id')], [field(D4, 'id')])],
    });
    await ingest(D5, 'upstreamLineage', {
      upstreams: [upstream(D4), upstream(GHOST)],
      fineGrainedLineages: [fgl([field(D4, 'id'), field(D4, 'name')], [field(D5, 'id')])],
    });
  });
  afterAll(async () => s?.close());

  const lineageVars = {
    showColumns: true,
    separateSiblings: false,
    excludeUpstream: false,
    excludeDownstream: false,
    includeGhostEntities: false,
    startTimeMillis: null,
    endTimeMillis: null,
  };

  describe("an entity's lineage", () => {
    it('getEntityLineageV2 answers one hop each way, with the edges’ times, actors and paths', async () => {
      const d = await data('getEntityLineageV2', { urn: D2, ...lineageVars });
      const up = d.entity.upstream;
      expect(up.total).toBe(1);
      expect(up.filtered).toBe(0);
      expect(up.relationships).toHaveLength(1);
      const r = up.relationships[0];
      expect(r).toMatchObject({
        type: 'DownstreamOf',
        createdOn: JAN_2026,
        updatedOn: JAN_2026,
        isManual: false,
        entity: { urn: D1, type: 'DATASET' },
      });
      expect(r.createdActor).toMatchObject({ urn: ANA, type: 'CORP_USER' });
      expect(r.updatedActor).toMatchObject({ urn: BEN });
      expect(r.paths).toEqual([
        expect.objectContaining({ path: [expect.objectContaining({ urn: D2 }), expect.objectContaining({ urn: D1 })] }),
      ]);
      const down = d.entity.downstream;
      expect(down.total).toBe(1);
      expect(down.relationships[0]).toMatchObject({ type: 'Consumes', entity: { urn: JOB, type: 'DATA_JOB' }, createdOn: JAN_2026 });
    });

    it('a data job has the datasets it reads upstream and those it writes downstream', async () => {
      const d = await data('getLineageCounts', { urn: JOB, separateSiblings: false });
      expect(d.entity.upstream).toMatchObject({ total: 1, filtered: 0 });
      expect(d.entity.downstream).toMatchObject({ total: 1, filtered: 0 });
      const q = await graphql(
        `{ dataJob(urn: "${JOB}") { downstream: lineage(input: {direction: DOWNSTREAM}) { relationships { type entity { urn } } } } }`,
      );
      expect(q.data.dataJob.downstream.relationships).toEqual([{ type: 'Produces', entity: { urn: D3 } }]);
    });

    it('leaves entities that do not exist out of the page as filtered, unless ghosts are asked for', async () => {
      const without = await data('getLineageCounts', { urn: D5, separateSiblings: false, excludeDownstream: true });
      expect(without.entity.upstream).toEqual({ filtered: 1, total: 2, __typename: 'EntityLineageResult' });
      const full = await data('getEntityLineageV2', { urn: D5, ...lineageVars, includeGhostEntities: true });
      expect(full.entity.upstream.relationships.map((r: Json) => r.entity.urn)).toEqual([D4, GHOST]);
      const plain = await data('getEntityLineageV2', { urn: D5, ...lineageVars });
      expect(plain.entity.upstream.relationships.map((r: Json) => r.entity.urn)).toEqual([D4]);
    });

    it('keeps only edges created or updated within a time window, and those drawn by hand', async () => {
      const d = await data('getEntityLineage', { urn: D1, showColumns: false, separateSiblings: false, ...WINDOW });
      // side → d1 dates from 2025 but was drawn in the app (source: UI).
      expect(d.entity.upstream.relationships.map((r: Json) => [r.entity.urn, r.isManual])).toEqual([
        [D0, false],
        [X, true],
      ]);
      const old = await data('getLineageCounts', { urn: D4, separateSiblings: false, ...WINDOW });
      expect(old.entity.upstream.total).toBe(0);
      const all = await data('getLineageCounts', { urn: D4, separateSiblings: false });
      expect(all.entity.upstream.total).toBe(1);
    });

    it('dates an edge without times of its own by when its aspect was written, as DataHub does', async () => {
      // A chart's plain `inputs` carry no time: the edge takes its aspect's last write (lastObserved), and its writer.
      const chart = 'urn:li:chart:(looker,window_check)';
      const source = ds('window_source');
      await ingest(source, 'datasetProperties', { name: 'window_source', customProperties: {} });
      const unstamped = { time: 0, actor: 'urn:li:corpuser:unknown' };
      // Written by the admin: the edge's actors, for want of its own.
      const writer = 'urn:li:corpuser:datahub';
      clock += 1000;
      const written = clock;
      await app.ingest(
        mcp(chart, 'chartInfo', {
          title: 'Window check',
          description: '',
          lastModified: { created: unstamped, lastModified: unstamped },
          inputs: [{ string: source }],
          customProperties: {},
        }),
        writer,
      );
      const in2021 = { startTimeMillis: Date.UTC(2021, 0, 1), endTimeMillis: Date.UTC(2021, 11, 31) };
      const hits = async (window: Json) =>
        (
          await data('searchAcrossLineage', {
            input: input(source, 'DOWNSTREAM', {
              orFilters: [{ and: [{ field: 'degree', condition: 'EQUAL', values: ['1'] }] }],
              ...window,
            }),
          })
        ).searchAcrossLineage.searchResults.map((x: Json) => x.entity.urn);
      expect(await hits(WINDOW)).toEqual([chart]);
      expect(await hits(in2021)).toEqual([]);
      const up = (await data('getEntityLineageV2', { urn: chart, ...lineageVars })).entity.upstream.relationships;
      expect(up).toHaveLength(1);
      expect(up[0]).toMatchObject({
        entity: { urn: source },
        createdOn: written,
        updatedOn: written,
        createdActor: { urn: writer },
        updatedActor: { urn: writer },
      });
    });

    it("merges a sibling's lineage unless siblings are kept apart", async () => {
      const [P, Q, R] = [ds('p'), ds('p_dbt'), ds('r')];
      for (const urn of [P, Q, R]) await ingest(urn, 'datasetProperties', { name: urn, customProperties: {} });
      await ingest(P, 'siblings', { siblings: [Q], primary: true });
      await ingest(Q, 'upstreamLineage', { upstreams: [upstream(R)] });
      const merged = await data('getEntityLineageV2', { urn: P, ...lineageVars });
      expect(merged.entity.upstream.relationships.map((r: Json) => [r.entity.urn, r.paths[0].path.map((e: Json) => e.urn)])).toEqual([
        [R, [Q, R]],
      ]);
      const apart = await data('getLineageCounts', { urn: P, separateSiblings: true });
      expect(apart.entity.upstream.total).toBe(0);
    });

    it('pages with start and count', async () => {
      const q = await graphql(
        `{ dataset(urn: "${D1}") { lineage(input: {direction: UPSTREAM, start: 1, count: 1}) { start count total relationships { entity { urn } } } } }`,
      );
      expect(q.data.dataset.lineage).toEqual({ start: 1, count: 1, total: 2, relationships: [{ entity: { urn: X } }] });
    });
  });

  /** The lineage graph's search flags: columns answered as columns. */
  const GRAPH_FLAGS = { searchFlags: { groupingSpec: { groupingCriteria: [] } } };
  const input = (urn: string, direction: string, extra: Json = {}) => ({
    urn,
    direction,
    query: '*',
    start: 0,
    count: 100,
    types: [],
    orFilters: [],
    ...extra,
  });

  describe('search across lineage', () => {
    const degreeFacet = (facets: Json[]) =>
      Object.fromEntries(facets.find((f: Json) => f.field === 'degree').aggregations.map((a: Json) => [a.value, a.count]));

    it('walks every hop upstream, with degrees, paths and the degree facet', async () => {
      const d = await data('searchAcrossLineage', { input: input(D5, 'UPSTREAM') });
      const r = d.searchAcrossLineage;
      const degrees = Object.fromEntries(r.searchResults.map((x: Json) => [x.entity.urn, x.degree]));
      expect(degrees).toEqual({ [D4]: 1, [D3]: 2, [JOB]: 3, [D2]: 4, [D1]: 5, [D0]: 6, [X]: 6 });
      expect(r.total).toBe(7);
      expect(degreeFacet(r.facets)).toEqual({ '1': 1, '2': 1, '3+': 5 });
      const d0 = r.searchResults.find((x: Json) => x.entity.urn === D0);
      expect(d0.paths.map((p: Json) => p.path.map((e: Json) => e.urn))).toEqual([[D5, D4, D3, JOB, D2, D1, D0]]);
    });

    it('gives every shortest path to an entity reached more than one way', async () => {
      const [A, B, C, E] = [ds('diamond_a'), ds('diamond_b'), ds('diamond_c'), ds('diamond_e')];
      for (const urn of [A, B, C, E]) await ingest(urn, 'datasetProperties', { name: urn, customProperties: {} });
      await ingest(B, 'upstreamLineage', { upstreams: [upstream(A)] });
      await ingest(C, 'upstreamLineage', { upstreams: [upstream(A)] });
      await ingest(E, 'upstreamLineage', { upstreams: [upstream(B), upstream(C)] });
      const d = await data('searchAcrossLineageStructure', { input: input(A, 'DOWNSTREAM') });
      const e = d.searchAcrossLineage.searchResults.find((x: Json) => x.entity.urn === E);
      expect(e.paths.map((p: Json) => p.path.map((x: Json) => x.urn))).toEqual([
        [A, B, E],
        [A, C, E],
      ]);
      expect(e.explored).toBe(true);
    });

    it('applies the degree filter as the app sends it, and counts each degree', async () => {
      const one = await data('searchAcrossLineage', {
        input: input(D5, 'UPSTREAM', { orFilters: [{ and: [{ field: 'degree', condition: 'EQUAL', values: ['1'] }] }] }),
      });
      expect(one.searchAcrossLineage.searchResults.map((x: Json) => x.entity.urn)).toEqual([D4]);
      const far = await data('searchAcrossLineageStructure', {
        input: input(D5, 'UPSTREAM', { orFilters: [{ and: [{ field: 'degree', condition: 'EQUAL', values: ['2', '3+'] }] }] }),
      });
      expect(far.searchAcrossLineage.total).toBe(6);
      const counts = await data('getSearchAcrossLineageCounts', { urn: D0 });
      expect(counts.downstreams.total).toBe(1);
      // The app's count asks for the first degree only: the walk stops there, and the other degrees count 0,
      // but stay values of the facet, as DataHub always lists all three (the app offers its filters from them).
      expect(degreeFacet(counts.downstreams.facets)).toEqual({ '1': 1, '2': 0, '3+': 0 });
      expect(counts.upstreams.total).toBe(0);
    });

    it('applies the query, entity types and other filters to the lineage hits', async () => {
      const jobs = await data('searchAcrossLineageStructure', { input: input(D0, 'DOWNSTREAM', { types: ['DATA_JOB'] }) });
      expect(jobs.searchAcrossLineage.searchResults.map((x: Json) => x.entity.urn)).toEqual([JOB]);
      const named = await data('searchAcrossLineageNames', { input: input(D0, 'DOWNSTREAM', { query: 'd4' }) });
      expect(named.searchAcrossLineage.searchResults.map((x: Json) => x.entity.urn)).toEqual([D4]);
      const agg = await data('aggregateAcrossLineage', {
        input: input(D0, 'DOWNSTREAM', { orFilters: [{ and: [{ field: 'platform', values: ['urn:li:dataPlatform:snowflake'] }] }] }),
      });
      expect(agg.searchAcrossLineage.total).toBe(5);
      const all = await data('aggregateAcrossLineage', { input: input(D0, 'DOWNSTREAM') });
      const types = all.searchAcrossLineage.facets.find((f: Json) => f.field === '_entityType');
      expect(Object.fromEntries(types.aggregations.map((a: Json) => [a.value, a.count]))).toEqual({ DATASET: 5, DATA_JOB: 1 });
      expect(all.searchAcrossLineage.facets[0].field).toBe('degree');
      const nested = all.searchAcrossLineage.facets.find((f: Json) => f.field.startsWith('_entityType\u241e'));
      expect(nested.aggregations.length).toBeGreaterThan(0);
      expectEach(nested.aggregations, (a: Json) => /^(DATASET|DATA_JOB)(\u241e|$)/.test(a.value));
    });

    it('searches within a saved view', async () => {
      const view = 'urn:li:dataHubView:jobs-only';
      await ingest(view, 'dataHubViewInfo', {
        name: 'Jobs',
        type: 'GLOBAL',
        definition: { entityTypes: ['dataJob'], filter: { or: [] } },
        created: stamp(JAN_2026),
        lastModified: stamp(JAN_2026),
      });
      const d = await data('searchAcrossLineageStructure', { input: { ...input(D0, 'DOWNSTREAM'), viewUrn: view } });
      expect(d.searchAcrossLineage.searchResults.map((x: Json) => x.entity.urn)).toEqual([JOB]);
    });

    it('stops at edges outside the time window', async () => {
      const d = await data('searchAcrossLineageStructure', { input: input(D0, 'DOWNSTREAM', { lineageFlags: WINDOW }) });
      expect(d.searchAcrossLineage.searchResults.map((x: Json) => x.entity.urn)).toEqual([D1, D2, JOB, D3]);
      const old = await data('searchAcrossLineageStructure', { input: input(D0, 'DOWNSTREAM') });
      expect(old.searchAcrossLineage.total).toBe(6);
    });

    it('marks what a per-hop limit left unexplored, and can pass through data jobs without counting them', async () => {
      const limited = await graphql(
        `query($input: SearchAcrossLineageInput!) { searchAcrossLineage(input: $input) { total searchResults { entity { urn } degree explored truncatedChildren } } }`,
        {
          input: input(D1, 'UPSTREAM', { lineageFlags: { entitiesExploredPerHopLimit: 1 } }),
        },
      );
      expect(limited.data.searchAcrossLineage.searchResults.map((x: Json) => x.entity.urn)).toEqual([D0]);
      const skipJobs = await graphql(
        `query($input: SearchAcrossLineageInput!) { searchAcrossLineage(input: $input) { searchResults { entity { urn } degree ignoredAsHop } } }`,
        {
          input: input(D5, 'UPSTREAM', { lineageFlags: { ignoreAsHops: [{ entityType: 'DATA_JOB' }] } }),
        },
      );
      const byUrn = Object.fromEntries(
        skipJobs.data.searchAcrossLineage.searchResults.map((x: Json) => [x.entity.urn, [x.degree, x.ignoredAsHop]]),
      );
      expect(byUrn[JOB]).toEqual([3, true]);
      expect(byUrn[D2]).toEqual([3, false]);
      expect(byUrn[D0]).toEqual([5, false]);
    });

    it('scrolls through the hits with the app’s download query', async () => {
      const seen: string[] = [];
      let scrollId: string | null = null;
      do {
        const d: Json = await data('getDownloadScrollAcrossLineageResults', {
          input: { urn: D5, direction: 'UPSTREAM', query: '*', count: 3, types: [], orFilters: [], ...(scrollId ? { scrollId } : {}) },
        });
        const r = d.scrollAcrossLineage;
        expect(r.total).toBe(7);
        seen.push(...r.searchResults.map((x: Json) => x.entity.urn));
        scrollId = r.nextScrollId;
      } while (scrollId);
      expect(seen).toEqual([D4, D3, JOB, D2, D1, D0, X]);
    });

    it('refuses a degree value DataHub does not know, and pages out of range', async () => {
      const r = await graphql(`query($input: SearchAcrossLineageInput!) { searchAcrossLineage(input: $input) { total } }`, {
        input: input(D5, 'UPSTREAM', { orFilters: [{ and: [{ field: 'degree', values: ['7'] }] }] }),
      });
      expect(r.errors?.[0].message).toMatch('7 is not a valid filter value for degree filters');
      expect(r.errors?.[0].extensions).toMatchObject({ code: 400, type: 'BAD_REQUEST' });
      const negative = await graphql(`{ dataset(urn: "${D1}") { lineage(input: {direction: UPSTREAM, count: -1}) { total } } }`);
      expect(negative.errors?.[0]).toMatchObject({ message: 'count must be an integer from 0 to 10000', extensions: { code: 400 } });
    });
  });

  describe('column-level lineage', () => {
    it('shows fine-grained lineages of datasets and of data jobs as schema field references', async () => {
      const d = await data('getEntityLineageV2', { urn: D5, ...lineageVars });
      expect(d.entity.fineGrainedLineages).toEqual([
        {
          upstreams: [
            { urn: D4, path: 'id', __typename: 'SchemaFieldRef' },
            { urn: D4, path: 'name', __typename: 'SchemaFieldRef' },
          ],
          downstreams: [{ urn: D5, path: 'id', __typename: 'SchemaFieldRef' }],
          query: null,
          transformOperation: 'COPY',
          __typename: 'FineGrainedLineage',
        },
      ]);
      const q = await graphql(
        `{ dataJob(urn: "${JOB}") { inputOutput { fineGrainedLineages { upstreams { urn path } downstreams { urn path } } } } }`,
      );
      expect(q.data.dataJob.inputOutput.fineGrainedLineages).toEqual([
        { upstreams: [{ urn: D2, path: 'id' }], downstreams: [{ urn: D3, path: 'id' }] },
      ]);
    });

    it("walks a column's lineage through datasets and jobs", async () => {
      // The lineage graph asks for columns as they are (no grouping into datasets).
      const up = await data('searchAcrossLineageStructure', { input: input(field(D5, 'id'), 'UPSTREAM', GRAPH_FLAGS) });
      const byUrn = Object.fromEntries(up.searchAcrossLineage.searchResults.map((x: Json) => [x.entity.urn, x.paths[0].path.length - 1]));
      expect(byUrn).toEqual({
        [field(D4, 'id')]: 1,
        [field(D4, 'name')]: 1,
        [field(D3, 'id')]: 2,
        [field(D2, 'id')]: 3,
        [field(D1, 'id')]: 4,
        [field(D0, 'id')]: 5,
      });
      const down = await data('getEntityLineageV2', { urn: field(D0, 'id'), ...lineageVars });
      expect(down.entity).toMatchObject({ fieldPath: 'id', parent: { urn: D0 } });
      expect(down.entity.downstream).toMatchObject({
        total: 1,
        relationships: [{ type: 'DownstreamOf', entity: { urn: field(D1, 'id') } }],
      });
      expect(down.entity.upstream.total).toBe(0);
      // The same column named by its v2 field path, as the app names a column of a v2 schema.
      const v2 = await data('searchAcrossLineageStructure', {
        input: input(field(D5, '[version=2.0].[type=long].id'), 'UPSTREAM', GRAPH_FLAGS),
      });
      expect(v2.searchAcrossLineage.searchResults.map((x: Json) => x.entity.urn)).toEqual(
        up.searchAcrossLineage.searchResults.map((x: Json) => x.entity.urn),
      );
      const viaJob = await data('searchAcrossLineageStructure', { input: input(field(D2, 'id'), 'DOWNSTREAM', GRAPH_FLAGS) });
      expect(viaJob.searchAcrossLineage.searchResults.map((x: Json) => x.entity.urn)).toEqual([
        field(D3, 'id'),
        field(D4, 'id'),
        field(D5, 'id'),
      ]);
    });

    it("answers the datasets of a column's lineage to impact analysis, with the columns on their paths", async () => {
      // Impact analysis sends no grouping spec: DataHub groups columns into their datasets by default.
      const r = await data('searchAcrossLineage', {
        input: input(field(D5, 'id'), 'UPSTREAM', { searchFlags: { skipCache: true, fulltext: true } }),
      });
      const results = r.searchAcrossLineage.searchResults;
      expect(results.map((x: Json) => [x.entity.urn, x.degree])).toEqual([
        [D4, 1],
        [D3, 2],
        [D2, 3],
        [D1, 4],
        [D0, 5],
      ]);
      // D4 is reached by two of its columns; the app lists the columns of a result from its paths.
      const columnsOnPaths = results[0].paths.flatMap((p: Json) =>
        p.path.filter((e: Json) => e?.parent?.urn === D4).map((e: Json) => e.fieldPath),
      );
      expect(columnsOnPaths.sort()).toEqual(['id', 'name']);
    });
  });

  describe("the sample catalog's lineage chain (examples/lineage-chain.json)", () => {
    const fb = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:snowflake,fernbrook.${name},PROD)`;
    const TOPIC = 'urn:li:dataset:(urn:li:dataPlatform:kafka,fernbrook.loyalty.points_earned,PROD)';
    const EXPORT = fb('exports.crm_loyalty_tiers');

    beforeAll(async () => {
      for (const p of JSON.parse(readFileSync(new URL('../examples/lineage-chain.json', import.meta.url), 'utf8')) as Json[])
        await ingest(p.entityUrn, p.aspectName, p.aspect.json);
    });

    it('reaches the kafka topic five hops up from the CRM export, through the nightly job', async () => {
      const d = await data('searchAcrossLineageStructure', { input: input(EXPORT, 'UPSTREAM') });
      const urns = d.searchAcrossLineage.searchResults.map((x: Json) => x.entity.urn);
      expect(urns).toEqual([
        fb('marts.dim_loyalty_tiers'),
        fb('marts.fct_loyalty_balances'),
        'urn:li:dataJob:(urn:li:dataFlow:(airflow,fernbrook_marts_nightly,prod),build_fct_loyalty_balances)',
        fb('staging.stg_loyalty_points'),
        TOPIC,
      ]);
    });

    it('follows a column back to the event field it came from', async () => {
      const d = await data('searchAcrossLineageStructure', { input: input(field(EXPORT, 'tier'), 'UPSTREAM', GRAPH_FLAGS) });
      const urns = d.searchAcrossLineage.searchResults.map((x: Json) => x.entity.urn);
      expect(urns).toEqual([
        field(fb('marts.dim_loyalty_tiers'), 'tier'),
        field(fb('marts.fct_loyalty_balances'), 'points_balance'),
        field(fb('staging.stg_loyalty_points'), 'points'),
        field(TOPIC, 'points'),
      ]);
    });
  });

  describe('schema history', () => {
    beforeAll(async () => {
      // d5: version 2 adds `amount`; version 3 drops `name` and changes the type of `id`.
      await ingest(
        D5,
        'schemaMetadata',
        schema([fieldOf('id', 'NUMBER'), fieldOf('name', 'VARCHAR'), fieldOf('amount', 'DECIMAL', 'order amount')]),
      );
      await ingest(D5, 'schemaMetadata', schema([fieldOf('id', 'BIGINT'), fieldOf('amount', 'DECIMAL', 'order amount')]));
      await ingest(D5, 'globalTags', { tags: [{ tag: 'urn:li:tag:Gold' }] });
      await ingest(D5, 'editableSchemaMetadata', {
        created: stamp(JAN_2026),
        lastModified: stamp(JAN_2026),
        editableSchemaFieldInfo: [{ fieldPath: 'amount', description: 'Gross amount', globalTags: { tags: [{ tag: 'urn:li:tag:PII' }] } }],
      });
    });

    it('getSchemaVersionList lists the computed semantic versions, newest first', async () => {
      const d = await data('getSchemaVersionList', { input: { datasetUrn: D5 } });
      const list = d.getSchemaVersionList.semanticVersionList.map((v: Json) => v.semanticVersion);
      expect(list).toEqual(['1.0.0', '0.1.0', '0.0.0']);
      expect(d.getSchemaVersionList.latestVersion.semanticVersion).toBe('1.0.0');
      expect(d.getSchemaVersionList.latestVersion.versionStamp).toMatch(/(^|;)schemaMetadata:0(;|$)/);
      const times = d.getSchemaVersionList.semanticVersionList.map((v: Json) => v.semanticVersionTimestamp);
      expect([...times].sort((a, b) => b - a)).toEqual(times);
    });

    it('getVersionedDataset shows the schema as it was at a version of the list, and the latest without one', async () => {
      const list = (await data('getSchemaVersionList', { input: { datasetUrn: D5 } })).getSchemaVersionList.semanticVersionList;
      const at = async (versionStamp: string | null) => (await data('getVersionedDataset', { urn: D5, versionStamp })).versionedDataset;
      const first = await at(list.find((v: Json) => v.semanticVersion === '0.0.0').versionStamp);
      expect(first.schema.fields.map((f: Json) => f.fieldPath)).toEqual(['id', 'name']);
      // The column's tag was added after that version: it is not shown there (the stamp does not name it).
      expect(first.editableSchemaMetadata).toBeNull();
      const latest = await at(null);
      expect(latest.schema.fields.map((f: Json) => [f.fieldPath, f.nativeDataType])).toEqual([
        ['id', 'BIGINT'],
        ['amount', 'DECIMAL'],
      ]);
      expect(latest.editableSchemaMetadata.editableSchemaFieldInfo[0]).toMatchObject({ fieldPath: 'amount', description: 'Gross amount' });
      const bad = await run('getVersionedDataset', { urn: D5, versionStamp: 'schemaMetadata:latest' });
      expect(bad.errors[0].extensions.code).toBe(400);
    });

    it('getSchemaBlame names the version that last changed each field, at the latest or an older version', async () => {
      const latest = await data('getSchemaBlame', { input: { datasetUrn: D5 } });
      const blame = Object.fromEntries(
        latest.getSchemaBlame.schemaFieldBlameList.map((b: Json) => [b.fieldPath, b.schemaFieldChange.lastSchemaFieldChange]),
      );
      expect(blame).toEqual({ id: 'Modified in v1.0.0', amount: 'Added in v0.1.0' });
      expect(latest.getSchemaBlame.version.semanticVersion).toBe('1.0.0');
      const older = await data('getSchemaBlame', { input: { datasetUrn: D5, version: '0.1.0' } });
      const then = Object.fromEntries(
        older.getSchemaBlame.schemaFieldBlameList.map((b: Json) => [b.fieldPath, b.schemaFieldChange.lastSchemaFieldChange]),
      );
      expect(then).toEqual({ id: 'Added in v0.0.0', name: 'Added in v0.0.0', amount: 'Added in v0.1.0' });
    });

    it('getTimeline tells each change in DataHub’s words, by category', async () => {
      const d = await data('getTimeline', { input: { urn: D5, changeCategories: ['TECHNICAL_SCHEMA'] } });
      const txs = d.getTimeline.changeTransactions;
      expect(txs.map((t: Json) => t.lastSemanticVersion)).toEqual(['0.0.0-computed', '0.1.0-computed', '1.0.0-computed']);
      const last = txs[2].changes.map((c: Json) => [c.operation, c.description]);
      expect(last).toEqual(
        expect.arrayContaining([
          ['REMOVE', "A backwards incompatible change due to removal of field: 'name'."],
          ['MODIFY', "A backwards incompatible change due to native datatype of the field 'id' changed from 'NUMBER' to 'BIGINT'."],
        ]),
      );
      expect(txs[1].changes).toEqual([
        expect.objectContaining({
          category: 'TECHNICAL_SCHEMA',
          operation: 'ADD',
          modifier: field(D5, 'amount'),
          description: "A forwards & backwards compatible change due to the newly added field 'amount'.",
        }),
      ]);
      const all = await data('getTimeline', { input: { urn: D5 } });
      const tagged = all.getTimeline.changeTransactions.flatMap((t: Json) => t.changes).filter((c: Json) => c.category === 'TAG');
      expect(tagged).toEqual([
        expect.objectContaining({
          operation: 'ADD',
          modifier: 'urn:li:tag:Gold',
          description: `Tag 'urn:li:tag:Gold' added to entity '${D5}'.`,
        }),
        expect.objectContaining({
          operation: 'ADD',
          modifier: 'urn:li:tag:PII',
          description: `Tag 'urn:li:tag:PII' added to entity '${field(D5, 'amount')}'.`,
        }),
      ]);
      const docs = all.getTimeline.changeTransactions.flatMap((t: Json) => t.changes).filter((c: Json) => c.category === 'DOCUMENTATION');
      expect(docs.map((c: Json) => c.description)).toEqual(
        expect.arrayContaining([
          "The description 'order amount' for the field 'amount' has been added.",
          `Documentation for the field 'amount' of '${field(D5, 'amount')}' has been added: 'Gross amount'`,
        ]),
      );
      // Each write is one transaction, in order, with the writer and time of that version.
      const times = all.getTimeline.changeTransactions.map((t: Json) => t.timestampMillis);
      expect([...times].sort((a, b) => a - b)).toEqual(times);
      expect(all.getTimeline.changeTransactions.at(-1).lastSemanticVersion).toBe('1.2.0-computed');
    });

    it('takes a field gone and a new one of the same type and description for a rename, a minor change', async () => {
      await ingest(D4, 'schemaMetadata', schema([fieldOf('id', 'NUMBER'), fieldOf('full_name', 'VARCHAR')]));
      const d = await data('getTimeline', { input: { urn: D4, changeCategories: ['TECHNICAL_SCHEMA'] } });
      const last = d.getTimeline.changeTransactions.at(-1);
      expect(last.lastSemanticVersion).toBe('0.1.0-computed');
      expect(last.changes).toEqual([
        expect.objectContaining({
          operation: 'MODIFY',
          modifier: field(D4, 'name'),
          description: "A forwards & backwards compatible change due to renaming of the field 'name to full_name'.",
        }),
      ]);
    });

    it('answers null for entity types DataHub keeps no timeline for', async () => {
      const d = await data('getTimeline', { input: { urn: JOB } });
      expect(d.getTimeline).toBeNull();
      expect((await data('getSchemaBlame', { input: { datasetUrn: JOB } })).getSchemaBlame).toBeNull();
      const unchanged = await data('getSchemaBlame', { input: { datasetUrn: GHOST } });
      expect(unchanged.getSchemaBlame).toEqual({ version: null, schemaFieldBlameList: null, __typename: 'GetSchemaBlameResult' });
    });
  });
});
