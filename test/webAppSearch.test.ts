/**
 * The web app's search page, sidebar and search bar over real HTTP on the example catalog
 * (examples/*.json), with containers, browse paths v2, sub types and a saved view added: the app's
 * own operations (../shared/fixtures/datahub/web-app-graphql), sent with the variables the app sends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEach, expectOrdered, mcp, startTestServer, type TestServer } from './helpers.js';
import { exampleProposals, loadExamples } from './sampleCatalog.js';
import { webApp } from './webApp.js';

type Json = any;

const ds = (platform: string, name: string) => `urn:li:dataset:(urn:li:dataPlatform:${platform},${name},PROD)`;
const SNOWFLAKE = 'urn:li:dataPlatform:snowflake';
const KAFKA = 'urn:li:dataPlatform:kafka';
const POSTGRES = 'urn:li:dataPlatform:postgres';
const DB = 'urn:li:container:fernbrook-db';
const MARTS = 'urn:li:container:fernbrook-marts';
const STAGING = 'urn:li:container:fernbrook-staging';
const VIEW = 'urn:li:dataHubView:fulfilment-datasets';
const REMOVED = ds('snowflake', 'fernbrook.scratch.tmp_basket_pairs');

/** The example datasets by platform, as the files hold them (the soft-deleted one left out). */
function exampleDatasets(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const urn of entitiesOf('dataset')) {
    const platform = /urn:li:dataPlatform:([^,]+)/.exec(urn)![1]!;
    out.set(platform, [...(out.get(platform) ?? []), urn]);
  }
  return out;
}

/** Urns of the example items that `holds` picks (the soft-deleted dataset left out), in order. */
function examplesWhere(holds: (item: Json) => boolean): string[] {
  const out = new Set<string>();
  for (const item of exampleProposals())
    if (item.entityUrn !== REMOVED && holds({ ...item, aspect: { json: JSON.parse(item.aspect.value) } })) out.add(item.entityUrn);
  return [...out].sort();
}

const entitiesOf = (type: string) => examplesWhere((item) => item.entityType === type);
const inDomain = (domain: string) => examplesWhere((item) => item.aspectName === 'domains' && item.aspect.json.domains.includes(domain));
const tagged = (tag: string) =>
  examplesWhere((item) => item.aspectName === 'globalTags' && item.aspect.json.tags.some((t: Json) => t.tag === tag));

describe('the web app searches, filters, browses and autocompletes', () => {
  let s: TestServer;
  const byPlatform = exampleDatasets();
  const DATASETS = entitiesOf('dataset').length;
  const marts = byPlatform.get('snowflake')!.filter((u) => u.includes('.marts.'));
  const staging = byPlatform.get('snowflake')!.filter((u) => u.includes('.staging.'));

  // `run`: one of the app's operations, whose answer must be free of errors; sent to /api/graphql here.
  const { run, send, ingest } = webApp(() => s, { path: '/api/graphql' });
  /** The search page's variables (SearchPage.tsx). */
  const searchPage = (input: Json) => ({
    input: {
      types: [],
      query: '*',
      start: 0,
      count: 10,
      filters: [],
      orFilters: [],
      viewUrn: null,
      sortInput: null,
      searchFlags: { getSuggestions: true, includeStructuredPropertyFacets: true },
      ...input,
    },
  });
  const search = async (input: Json) => (await run('getSearchResultsForMultiple', searchPage(input))).searchAcrossEntities;
  const urnsOf = (r: Json) => r.searchResults.map((h: Json) => h.entity.urn);
  const facet = (r: Json, field: string) => r.facets.find((f: Json) => f.field === field);
  const counts = (f: Json) => Object.fromEntries(f.aggregations.map((a: Json) => [a.value, a.count]));

  beforeAll(async () => {
    s = await startTestServer();
    await loadExamples(s.url);
    // Containers and browse paths as a Snowflake ingestion writes them: database › schema › table.
    for (const [urn, name, parent] of [
      [DB, 'FERNBROOK', undefined],
      [MARTS, 'MARTS', DB],
      [STAGING, 'STAGING', DB],
    ] as const) {
      await ingest(mcp(urn, 'containerProperties', { name, customProperties: {} }));
      await ingest(mcp(urn, 'dataPlatformInstance', { platform: SNOWFLAKE }));
      if (parent) await ingest(mcp(urn, 'container', { container: parent }));
      await ingest(mcp(urn, 'browsePathsV2', { path: parent ? [{ id: parent, urn: parent }] : [] }));
    }
    for (const [schema, tables] of [
      [MARTS, marts],
      [STAGING, staging],
    ] as const) {
      for (const urn of tables) {
        await ingest(mcp(urn, 'container', { container: schema }));
        await ingest(
          mcp(urn, 'browsePathsV2', {
            path: [
              { id: DB, urn: DB },
              { id: schema, urn: schema },
            ],
          }),
        );
        await ingest(mcp(urn, 'subTypes', { typeNames: [urn.includes('.agg_') ? 'View' : 'Table'] }));
      }
    }
    await ingest(mcp(REMOVED, 'browsePathsV2', { path: [{ id: DB, urn: DB }, { id: 'scratch' }] }));
    for (const urn of byPlatform.get('kafka')!)
      await ingest(mcp(urn, 'browsePathsV2', { path: [{ id: 'fernbrook' }, { id: urn.split('.')[1] }] }));
    await ingest(
      mcp(VIEW, 'dataHubViewInfo', {
        name: 'Fulfilment datasets',
        type: 'GLOBAL',
        definition: {
          entityTypes: ['dataset'],
          filter: {
            or: [
              {
                and: [
                  {
                    field: 'domains',
                    value: 'urn:li:domain:fulfilment',
                    values: ['urn:li:domain:fulfilment'],
                    condition: 'EQUAL',
                    negated: false,
                  },
                ],
              },
            ],
          },
        },
        created: { time: 1, actor: 'urn:li:corpuser:datahub' },
        lastModified: { time: 1, actor: 'urn:li:corpuser:datahub' },
      }),
    );
  });
  afterAll(async () => s?.close());

  describe('search across entities', () => {
    it('finds by a word, with the fields that matched and their values', async () => {
      const r = await search({ query: 'orders', count: 50 });
      const hits = urnsOf(r);
      for (const urn of [
        ds('snowflake', 'fernbrook.marts.fct_orders'),
        ds('snowflake', 'fernbrook.staging.stg_orders'),
        ds('kafka', 'fernbrook.orders.placed'),
      ])
        expect(hits).toContain(urn);
      expect(r.total).toBe(hits.length);
      const fct = r.searchResults.find((h: Json) => h.entity.urn === ds('snowflake', 'fernbrook.marts.fct_orders'));
      expect(fct.matchedFields).toContainEqual({ name: 'name', value: 'fct_orders', entity: null, __typename: 'MatchedField' });
      // DataHub gives insights from ranking features; there are none here.
      expect(fct.insights).toEqual([]);
    });

    it('counts facets over every hit: entity types with sub types, platforms with their entities', async () => {
      const r = await search({ query: '*' });
      const types = counts(facet(r, '_entityType'));
      expect(facet(r, '_entityType').displayName).toBe('Type');
      // The facet's older name is answered beside it, as DataHub does.
      expect(counts(facet(r, 'entity'))).toEqual(types);
      expect(types.DATASET).toBe(DATASETS);
      expect(types.CHART).toBe(entitiesOf('chart').length);
      expect(types.DASHBOARD).toBe(entitiesOf('dashboard').length);
      expect(types.GLOSSARY_TERM).toBe(entitiesOf('glossaryTerm').length);
      const sub = counts(facet(r, '_entityType␞typeNames'));
      expect(sub['DATASET␞Table']).toBe(marts.length + staging.length - 2);
      expect(sub['DATASET␞View']).toBe(2);
      expect(sub.CONTAINER).toBe(3);
      const platform = facet(r, 'platform');
      expect(counts(platform)[SNOWFLAKE]).toBe(byPlatform.get('snowflake')!.length + 3);
      expect(counts(platform)[KAFKA]).toBe(byPlatform.get('kafka')!.length);
      const kafka = platform.aggregations.find((a: Json) => a.value === KAFKA);
      expect(kafka.entity).toMatchObject({ urn: KAFKA, type: 'DATA_PLATFORM' });
      // Most frequent first.
      const values = platform.aggregations.map((a: Json) => a.count);
      expectOrdered(values, (a: number, b: number) => b - a, 'platform counts');
      const tags = counts(facet(r, 'tags'));
      expect(tags['urn:li:tag:Gold']).toBe(tagged('urn:li:tag:Gold').length);
    });

    it('ORs the AND groups of orFilters, as the app sends "any of" filters', async () => {
      const r = await search({
        count: 50,
        orFilters: [{ and: [{ field: 'platform', values: [KAFKA] }] }, { and: [{ field: 'tags', values: ['urn:li:tag:Gold'] }] }],
      });
      const either = [...new Set([...byPlatform.get('kafka')!, ...tagged('urn:li:tag:Gold')])].sort();
      expect(urnsOf(r).sort()).toEqual(either);
      expect(r.total).toBe(either.length);
      // Charts and dashboards are tagged Gold too: each AND group may narrow its own types.
      const datasetsOnly = await search({
        count: 50,
        orFilters: [
          { and: [{ field: 'platform', values: [KAFKA] }] },
          {
            and: [
              { field: 'tags', values: ['urn:li:tag:Gold'] },
              { field: '_entityType', values: ['DATASET'] },
            ],
          },
        ],
      });
      expect(urnsOf(datasetsOnly).sort()).toEqual(either.filter((u) => u.startsWith('urn:li:dataset:')));
    });

    it('negates a criterion, and nests entity type and sub type as the app splits them', async () => {
      const notSnowflake = await search({
        count: 50,
        orFilters: [
          {
            and: [
              { field: '_entityType', values: ['DATASET'] },
              { field: 'platform', values: [SNOWFLAKE], negated: true },
            ],
          },
        ],
      });
      expect(urnsOf(notSnowflake).sort()).toEqual([...byPlatform.get('kafka')!, ...byPlatform.get('postgres')!].sort());
      const views = await search({
        orFilters: [
          {
            and: [
              { field: '_entityType', values: ['DATASET'] },
              { field: 'typeNames', values: ['View'] },
            ],
          },
        ],
      });
      expect(urnsOf(views).sort()).toEqual(marts.filter((u) => u.includes('.agg_')).sort());
      // The filtered value is listed even where nothing else is counted.
      expect(counts(facet(views, 'typeNames')).View).toBe(2);
    });

    it('matches with every filter condition the app can send, and refuses hierarchy conditions it cannot serve', async () => {
      const names = async (and: Json[]) =>
        urnsOf(await search({ count: 50, orFilters: [{ and: [{ field: '_entityType', values: ['DATASET'] }, ...and] }] })).sort();
      expect(await names([{ field: 'name', values: ['stg_'], condition: 'START_WITH' }])).toEqual(staging);
      expect(await names([{ field: 'name', values: ['_daily'], condition: 'END_WITH' }])).toEqual([
        ds('snowflake', 'fernbrook.marts.agg_inventory_daily'),
      ]);
      expect(await names([{ field: 'name', values: ['ltv'], condition: 'CONTAIN' }])).toEqual([
        ds('snowflake', 'fernbrook.marts.customer_ltv_legacy'),
      ]);
      expect(await names([{ field: 'name', values: ['STG_ORDERS'], condition: 'IEQUAL' }])).toEqual([
        ds('snowflake', 'fernbrook.staging.stg_orders'),
      ]);
      expect(await names([{ field: 'name', values: ['couriers', 'stores'], condition: 'IN' }])).toEqual([
        ds('postgres', 'shopfront.public.couriers'),
        ds('postgres', 'shopfront.public.stores'),
      ]);
      expect(await names([{ field: 'typeNames', condition: 'EXISTS' }])).toEqual([...marts, ...staging].sort());
      expect(
        await names([
          { field: 'typeNames', condition: 'EXISTS', negated: true },
          { field: 'platform', values: [SNOWFLAKE] },
        ]),
      ).toEqual(byPlatform.get('snowflake')!.filter((u) => !marts.includes(u) && !staging.includes(u)));
      const refused = await send(
        'getSearchResultsForMultiple',
        searchPage({ orFilters: [{ and: [{ field: 'domains', values: ['urn:li:domain:commerce'], condition: 'DESCENDANTS_INCL' }] }] }),
      );
      expect(refused.errors[0].extensions).toMatchObject({ code: 400, type: 'BAD_REQUEST' });
      expect(refused.errors[0].message).toContain('DESCENDANTS_INCL');
    });

    it('searches within a saved view: its types and its filter', async () => {
      const r = await search({ viewUrn: VIEW, count: 50 });
      const fulfilment = inDomain('urn:li:domain:fulfilment').filter((u) => u.startsWith('urn:li:dataset:'));
      expect(urnsOf(r).sort()).toEqual(fulfilment);
      expect(Object.keys(counts(facet(r, '_entityType')))).toEqual(['DATASET']);
      // The view's filter joins the request's: both must hold.
      const kafka = await search({ viewUrn: VIEW, orFilters: [{ and: [{ field: 'platform', values: [KAFKA] }] }] });
      expect(urnsOf(kafka).sort()).toEqual(fulfilment.filter((u: string) => u.includes('dataPlatform:kafka')));
      // A view for other types than the request's leaves nothing.
      expect((await search({ viewUrn: VIEW, types: ['CHART'] })).total).toBe(0);
    });

    it('sorts by name either way, and by several criteria', async () => {
      const postgres = { count: 10, orFilters: [{ and: [{ field: 'platform', values: [POSTGRES] }] }] };
      const names = (r: Json) => r.searchResults.map((h: Json) => h.entity.properties.name);
      const up = await search({ ...postgres, sortInput: { sortCriteria: [{ field: '_entityName', sortOrder: 'ASCENDING' }] } });
      expect(names(up)).toEqual(['couriers', 'customers', 'products', 'stores']);
      const down = await search({ ...postgres, sortInput: { sortCriteria: [{ field: '_entityName', sortOrder: 'DESCENDING' }] } });
      expect(names(down)).toEqual(['stores', 'products', 'customers', 'couriers']);
      const byPlatformThenName = await search({
        count: 50,
        orFilters: [{ and: [{ field: '_entityType', values: ['DATASET'] }] }],
        sortInput: {
          sortCriteria: [
            { field: 'platform', sortOrder: 'DESCENDING' },
            { field: '_entityName', sortOrder: 'ASCENDING' },
          ],
        },
      });
      const platforms = byPlatformThenName.searchResults.map((h: Json) => h.entity.platform.urn);
      const order = [SNOWFLAKE, POSTGRES, KAFKA];
      expectOrdered(
        platforms.map((p: string) => order.indexOf(p)),
        (a: number, b: number) => a - b,
        'platforms',
      );
      expect(new Set(platforms).size, 'platforms').toBeGreaterThan(1);
      const kafkaNames = byPlatformThenName.searchResults
        .filter((h: Json) => h.entity.platform.urn === KAFKA)
        .map((h: Json) => h.entity.properties.name);
      expectOrdered(kafkaNames, undefined, 'kafka names');
    });

    it('honours the search flags: no facets, no highlights, soft-deleted entities', async () => {
      const skipped = await search({ query: 'orders', searchFlags: { skipAggregates: true, skipHighlighting: true } });
      expect(skipped.facets).toEqual([]);
      expectEach(skipped.searchResults, (h: Json) => h.matchedFields.length === 0);
      const datasets = { orFilters: [{ and: [{ field: '_entityType', values: ['DATASET'] }] }], count: 50 };
      expect((await search(datasets)).total).toBe(DATASETS);
      const all = await search({ ...datasets, searchFlags: { includeSoftDeleted: true } });
      expect(all.total).toBe(DATASETS + 1);
      expect(urnsOf(all)).toContain(REMOVED);
      const few = await search({ searchFlags: { maxAggValues: 1 } });
      expect(facet(few, 'platform').aggregations).toHaveLength(1);
      expect(facet(few, 'platform').aggregations[0].value).toBe(SNOWFLAKE);
    });

    it('scrolls through every hit once, and aggregates only the facets asked for', async () => {
      const seen: string[] = [];
      let scrollId: string | null = null;
      do {
        const page: Json = (await run('scrollAcrossEntities', { input: { types: ['DATASET'], query: '*', count: 8, scrollId } }))
          .scrollAcrossEntities;
        seen.push(...urnsOf(page));
        expect(page.total).toBe(DATASETS);
        scrollId = page.nextScrollId;
      } while (scrollId);
      expect(new Set(seen).size).toBe(DATASETS);
      expect(seen).toHaveLength(DATASETS);

      const agg = (
        await run('aggregateAcrossEntities', {
          input: {
            types: [],
            query: '*',
            facets: ['platform', '_entityType␞typeNames'],
            orFilters: [],
            searchFlags: { maxAggValues: 100 },
          },
        })
      ).aggregateAcrossEntities;
      expect(agg.facets.map((f: Json) => f.field).sort()).toEqual(['_entityType␞typeNames', 'platform']);
      expect(counts(facet(agg, '_entityType␞typeNames')).DATASET).toBe(DATASETS);
      expect(counts(facet(agg, 'platform'))[POSTGRES]).toBe(4);
    });
  });

  it("answers a container without a platform instance on DataHub's unknown platform, failing no result", async () => {
    // As a container written without dataPlatformInstance (DataHub's container mapper falls back so).
    const loose = 'urn:li:container:loose-warehouse-folder';
    await ingest(mcp(loose, 'containerProperties', { name: 'Zephyrine folder', customProperties: {} }));
    const r = await search({ query: 'zephyrine' });
    expect(urnsOf(r)).toEqual([loose]);
    expect(r.searchResults[0].entity.platform).toMatchObject({ urn: 'urn:li:dataPlatform:unknown', type: 'DATA_PLATFORM' });
  });

  it('a term or tag filter matches the columns too, from the schema and from edits, as a view filters', async () => {
    // As DataHub's test data: one dataset has the term on a schema field, another on an edited field.
    const TERM = 'urn:li:glossaryTerm:Quillwort.ColumnKind';
    const TAG = 'urn:li:tag:quillwort';
    const inSchema = 'urn:li:dataset:(urn:li:dataPlatform:hive,quillwort_events,PROD)';
    const edited = 'urn:li:dataset:(urn:li:dataPlatform:hdfs,quillwort_files,PROD)';
    const own = 'urn:li:dataset:(urn:li:dataPlatform:hdfs,quillwort_own,PROD)';
    const field = (fieldPath: string, extra: Json = {}) => ({
      fieldPath,
      type: { type: { 'com.linkedin.schema.StringType': {} } },
      nativeDataType: 'string',
      ...extra,
    });
    const schema = (fields: Json[]) => ({
      schemaName: 's',
      platform: 'urn:li:dataPlatform:hive',
      version: 0,
      hash: '',
      platformSchema: { 'com.linkedin.schema.OtherSchema': { rawSchema: '' } },
      fields,
    });
    await ingest(
      mcp(
        inSchema,
        'schemaMetadata',
        schema([field('kind', { glossaryTerms: { terms: [{ urn: TERM }], auditStamp: { time: 0, actor: 'urn:li:corpuser:x' } } })]),
      ),
    );
    await ingest(mcp(edited, 'schemaMetadata', schema([field('kind')])));
    await ingest(
      mcp(edited, 'editableSchemaMetadata', {
        editableSchemaFieldInfo: [
          {
            fieldPath: 'kind',
            glossaryTerms: { terms: [{ urn: TERM }], auditStamp: { time: 0, actor: 'urn:li:corpuser:x' } },
            globalTags: { tags: [{ tag: TAG }] },
          },
        ],
      }),
    );
    await ingest(mcp(own, 'glossaryTerms', { terms: [{ urn: TERM }], auditStamp: { time: 0, actor: 'urn:li:corpuser:x' } }));
    const filtered = async (field: string, value: string, negated = false) =>
      urnsOf(
        (
          await run('getSearchResultsForMultiple', {
            input: { types: [], query: 'quillwort', start: 0, count: 10, orFilters: [{ and: [{ field, values: [value], negated }] }] },
          })
        ).searchAcrossEntities,
      ).sort();
    // The app's "Column Term" filter (and a view made of it) names fieldGlossaryTerms.
    expect(await filtered('fieldGlossaryTerms', TERM)).toEqual([edited, inSchema].sort());
    expect(await filtered('glossaryTerms', TERM)).toEqual([edited, inSchema, own].sort());
    expect(await filtered('tags', TAG)).toEqual([edited]);
    expect(await filtered('fieldGlossaryTerms', TERM, true)).toEqual([own]);
    // Out of the counts the other cases check.
    for (const urn of [inSchema, edited, own]) await ingest(mcp(urn, 'status', { removed: true }));
  });

  it("answers the app's other search operations: counts, the trimmed page, the download scroll", async () => {
    const input = {
      types: [],
      query: '*',
      start: 0,
      count: 5,
      orFilters: [{ and: [{ field: '_entityType', values: ['DATASET'] }] }],
      viewUrn: null,
    };
    expect((await run('getSearchCount', { input })).searchAcrossEntities.total).toBe(DATASETS);
    const trimmed = (await run('getSearchResultsForMultipleTrimmed', { input })).searchAcrossEntities;
    expect(trimmed.searchResults).toHaveLength(5);
    const download = (
      await run('getDownloadScrollResults', {
        input: { types: [], query: '*', count: 100, orFilters: input.orFilters, scrollId: null, viewUrn: null },
      })
    ).scrollAcrossEntities;
    expect(download.total).toBe(DATASETS);
    expect(download.searchResults).toHaveLength(DATASETS);
    expect(download.nextScrollId).toBeNull();
  });

  it('quick filters: the top platforms by name, then the first entity types present', async () => {
    const { getQuickFilters } = await run('getQuickFilters', { input: { viewUrn: null } });
    const platforms = getQuickFilters.quickFilters.filter((q: Json) => q.field === 'platform');
    expect(platforms.map((q: Json) => q.value)).toEqual([...platforms.map((q: Json) => q.value)].sort());
    expect(platforms.map((q: Json) => q.value)).toEqual(expect.arrayContaining([KAFKA, POSTGRES, SNOWFLAKE]));
    expect(platforms.find((q: Json) => q.value === KAFKA).entity).toMatchObject({ urn: KAFKA, type: 'DATA_PLATFORM' });
    const types = getQuickFilters.quickFilters.filter((q: Json) => q.field === '_entityType').map((q: Json) => q.value);
    expect(types).toEqual(['DATASET', 'DASHBOARD', 'DATA_FLOW', 'DOMAIN', 'GLOSSARY_TERM']);
    const inView = (await run('getQuickFilters', { input: { viewUrn: VIEW } })).getQuickFilters.quickFilters;
    expect(inView.filter((q: Json) => q.field === '_entityType').map((q: Json) => q.value)).toEqual(['DATASET']);
  });

  it('autocompletes with the entities the suggestions came from', async () => {
    const { autoCompleteForMultiple } = await run('getAutoCompleteMultipleResults', { input: { types: [], query: 'stg_ord', limit: 10 } });
    const datasets = autoCompleteForMultiple.suggestions.find((x: Json) => x.type === 'DATASET');
    expect(datasets.suggestions).toContain('stg_orders');
    expect(datasets.entities.map((e: Json) => e.urn)).toContain(ds('snowflake', 'fernbrook.staging.stg_orders'));
    expect(datasets.entities[0]).toMatchObject({ type: 'DATASET', properties: { name: 'stg_orders' } });
    const one = (await run('getAutoCompleteResults', { input: { type: 'DATASET', query: 'couri', limit: 5 } })).autoComplete;
    expect(one.suggestions).toContain('couriers');
    expect(one.entities.map((e: Json) => e.urn)).toEqual(expect.arrayContaining([ds('postgres', 'shopfront.public.couriers')]));
    const inView = (await run('getAutoCompleteMultipleResults', { input: { types: [], query: 'stg_ord', limit: 10, viewUrn: VIEW } }))
      .autoCompleteForMultiple;
    // stg_orders is a commerce dataset: outside the fulfilment view.
    expect(inView.suggestions.flatMap((x: Json) => x.entities.map((e: Json) => e.urn))).not.toContain(
      ds('snowflake', 'fernbrook.staging.stg_orders'),
    );
  });

  it('autocompletes a word after a dot of a dotted name, as a glossary term named only by its key', async () => {
    // As DataHub's Cypress data writes a term: its key's name is Node.Term, with no info aspect.
    const term = 'urn:li:glossaryTerm:QuarkNode.QuarkTermination';
    await ingest(mcp(term, 'status', { removed: false }));
    const { autoCompleteForMultiple } = await run('getAutoCompleteMultipleResults', {
      input: { types: ['GLOSSARY_TERM'], query: 'QuarkTerm', limit: 10 },
    });
    const terms = autoCompleteForMultiple.suggestions.find((x: Json) => x.type === 'GLOSSARY_TERM');
    expect(terms?.entities.map((e: Json) => e.urn)).toEqual([term]);
    expect(terms.suggestions).toContain('QuarkNode.QuarkTermination');
    // Out of the other tests' counts again.
    await ingest(mcp(term, 'status', { removed: true }));
  });

  it('browses by browse path v2: groups with counts, sub groups and their entities', async () => {
    const browse = async (input: Json) =>
      (
        await run('getBrowseResultsV2', {
          input: { type: 'DATASET', path: [], start: 0, count: 10, orFilters: [], viewUrn: null, query: '*', ...input },
        })
      ).browseV2;
    const top = await browse({});
    expect(top.metadata).toEqual({ path: [], totalNumEntities: DATASETS, __typename: 'BrowseResultMetadata' });
    // Datasets given no path were filed by their names, as DataHub files them: `shopfront.public.customers` under shopfront › public.
    const filed = new Map<string, number>([
      [DB, marts.length + staging.length],
      ['fernbrook', byPlatform.get('kafka')!.length],
    ]);
    for (const urn of entitiesOf('dataset').filter(
      (u) => !marts.includes(u) && !staging.includes(u) && !byPlatform.get('kafka')!.includes(u),
    )) {
      const folder = /,([^,.]+)\.[^,]*,PROD\)$/.exec(urn)?.[1] ?? 'Default';
      filed.set(folder, (filed.get(folder) ?? 0) + 1);
    }
    expect(top.groups.map((g: Json) => [g.name, g.count])).toEqual([...filed].sort(([a, m], [b, n]) => n - m || (a < b ? -1 : 1)));
    expectEach(top.groups, (g: Json) => g.hasSubGroups);
    expect(top.groups.find((g: Json) => g.name === DB).entity).toMatchObject({ urn: DB, type: 'CONTAINER' });
    expect(top.total).toBe(filed.size);
    const db = await browse({ path: [DB] });
    expect(db.groups.map((g: Json) => [g.name, g.count, g.hasSubGroups])).toEqual(
      [
        [MARTS, marts.length, false],
        [STAGING, staging.length, false],
      ].sort((a: Json, b: Json) => b[1] - a[1]),
    );
    expect(db.metadata.totalNumEntities).toBe(marts.length + staging.length);
    // Soft-deleted entities are browsed only when asked for.
    const withRemoved = await browse({ path: [DB], searchFlags: { includeSoftDeleted: true } });
    expect(withRemoved.groups.map((g: Json) => [g.name, g.count])).toContainEqual(['scratch', 1]);
    expect(withRemoved.metadata.totalNumEntities).toBe(marts.length + staging.length + 1);
    // Filters and the query narrow the groups.
    const gold = await browse({ orFilters: [{ and: [{ field: 'tags', values: ['urn:li:tag:Gold'] }] }] });
    expect(gold.groups.map((g: Json) => [g.name, g.count])).toEqual([[DB, 5]]);
    const orders = await browse({ path: [DB], query: 'orders' });
    for (const schema of [MARTS, STAGING]) {
      const found = await search({ query: 'orders', orFilters: [{ and: [{ field: 'browsePathV2', values: [`␟${DB}␟${schema}`] }] }] });
      expect(found.total).toBeGreaterThan(0);
      expect(orders.groups.find((g: Json) => g.name === schema).count).toBe(found.total);
    }
    // A search filtered on a browse path finds the entities below it, as the app lists a folder.
    const inMarts = await search({ count: 50, orFilters: [{ and: [{ field: 'browsePathV2', values: [`␟${DB}␟${MARTS}`] }] }] });
    expect(urnsOf(inMarts).sort()).toEqual(marts);
    const inDb = await search({
      count: 50,
      orFilters: [
        {
          and: [
            { field: 'browsePathV2', values: [`␟${DB}`] },
            { field: '_entityType', values: ['DATASET'] },
          ],
        },
      ],
    });
    expect(urnsOf(inDb).sort()).toEqual([...marts, ...staging].sort());
  });

  it('counts entities by type, within a view', async () => {
    const { getEntityCounts } = await run('getEntityCounts', { input: { types: ['DATASET', 'CHART', 'DASHBOARD', 'GLOSSARY_TERM'] } });
    expect(getEntityCounts.counts.map((c: Json) => [c.entityType, c.count])).toEqual([
      ['DATASET', DATASETS],
      ['CHART', entitiesOf('chart').length],
      ['DASHBOARD', entitiesOf('dashboard').length],
      ['GLOSSARY_TERM', entitiesOf('glossaryTerm').length],
    ]);
    const inView = (await run('getEntityCounts', { input: { types: ['DATASET', 'CHART'], viewUrn: VIEW } })).getEntityCounts;
    expect(inView.counts.find((c: Json) => c.entityType === 'CHART').count).toBe(0);
    expect(inView.counts.find((c: Json) => c.entityType === 'DATASET').count).toBeGreaterThan(0);
  });
});
