/**
 * The web app's home page discovery, end to end: usage events posted to the tracking endpoint as the
 * app posts them, then the app's own recommendation, highlights and analytics operations on a loaded
 * catalog (DataHub's bootstrap file and the examples).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ACTOR } from '../src/actors.js';
import { expectEach, expectOrdered, grantPolicy, http, openTestStore, startTestServer, tempDir, type TestServer } from './helpers.js';
import { bootstrapItems, exampleProposals, loadBootstrap, loadExamples } from './sampleCatalog.js';
import { webApp } from './webApp.js';

type Json = any;

const JDOE = 'urn:li:corpuser:jdoe';
const ALICE = 'urn:li:corpuser:alice';
const HIVE = 'urn:li:dataset:(urn:li:dataPlatform:hive,SampleHiveDataset,PROD)';
const KAFKA = 'urn:li:dataset:(urn:li:dataPlatform:kafka,SampleKafkaDataset,PROD)';
const HDFS = 'urn:li:dataset:(urn:li:dataPlatform:hdfs,SampleHdfsDataset,PROD)';
const S3 = 'urn:li:dataset:(urn:li:dataPlatform:s3,project/root/events/logging_events_bckp,PROD)';
const FLOW = 'urn:li:dataFlow:(airflow,dag_abc,PROD)';

/** Datasets per platform urn, as the loaded files define them, leaving out soft-deleted ones. */
function datasetsPerPlatform(proposals: Json[]): Map<string, number> {
  const datasets = new Set<string>();
  const removed = new Set<string>();
  for (const item of bootstrapItems()) {
    const urn =
      item.proposedSnapshot?.['com.linkedin.pegasus2avro.metadata.snapshot.DatasetSnapshot']?.urn ??
      (item.entityType === 'dataset' ? item.entityUrn : undefined);
    if (urn) datasets.add(urn);
  }
  for (const p of proposals) {
    if (p.entityType !== 'dataset') continue;
    datasets.add(p.entityUrn);
    if (p.aspectName === 'status' && JSON.parse(p.aspect.value).removed === true) removed.add(p.entityUrn);
  }
  const out = new Map<string, number>();
  for (const urn of datasets) {
    if (removed.has(urn)) continue;
    const platform = /^urn:li:dataset:\((urn:li:dataPlatform:[^,]+),/.exec(urn)![1]!;
    out.set(platform, (out.get(platform) ?? 0) + 1);
  }
  return out;
}

describe('the web app home page: recommendations, tracking and analytics', () => {
  let s: TestServer;
  let proposals: Json[];

  const track = (actor: string, event: Json) =>
    http(`${s.url}/openapi/v1/tracking/track`, { body: event, headers: { 'x-datahub-actor': actor } });
  // Authentication is off: each user is named by X-DataHub-Actor.
  const { run, ingest } = webApp(() => s);
  const modules = async (actor: string, scenario: string, limit = 10) =>
    (await run('listRecommendations', { input: { userUrn: actor, requestContext: { scenario }, limit } }, actor)).listRecommendations
      .modules as Json[];
  const moduleOf = (list: Json[], id: string) => list.find((m) => m.moduleId === id);
  const edit = (actor: string, urn: string, description: string, runId?: string) =>
    http(`${s.url}/aspects?action=ingestProposal`, {
      headers: { 'x-datahub-actor': actor },
      body: {
        proposal: {
          entityType: urn.split(':')[2],
          entityUrn: urn,
          changeType: 'UPSERT',
          aspectName: urn.startsWith('urn:li:dataset:') ? 'editableDatasetProperties' : 'editableDataFlowProperties',
          aspect: { value: JSON.stringify({ description }), contentType: 'application/json' },
          ...(runId ? { systemMetadata: { runId, lastObserved: Date.now() } } : {}),
        },
      },
    });

  beforeAll(async () => {
    s = await startTestServer();
    await loadBootstrap(s.url);
    await loadExamples(s.url);
    proposals = exampleProposals();
    await grantPolicy(s.services, 'editors', {
      privileges: ['EDIT_ENTITY'],
      actors: { users: [JDOE, ALICE] },
      resources: { allResources: true },
    });
    // jdoe opens three entity pages (Hive twice), searches, and edits; alice views another dataset.
    for (const [actor, urn] of [
      [JDOE, HIVE],
      [JDOE, KAFKA],
      [ALICE, HDFS],
      [JDOE, FLOW],
      [JDOE, HIVE],
    ] as const) {
      const r = await track(actor, {
        type: 'EntityViewEvent',
        entityType: 'DATASET',
        entityUrn: urn,
        actorUrn: actor,
        timestamp: Date.now(),
        browserId: 'b-1',
      });
      expect(r.status, r.text).toBe(200);
      expect(r.text).toBe('');
    }
    for (const [query, total] of [
      ['sample', 3],
      ['logging', 2],
      ['nothing here', 0],
      ['*', 40],
      ['sample', 3],
    ] as const) {
      expect((await track(JDOE, { type: 'SearchEvent', query, pageNumber: 1, originPath: '/search' })).status).toBe(200);
      expect(
        (await track(JDOE, { type: 'SearchResultsViewEvent', query, total, entityTypes: [], filterFields: [], filterCount: 0 })).status,
      ).toBe(200);
    }
    expect((await track(ALICE, { type: 'SearchResultsViewEvent', query: 'alice only', total: 5 })).status).toBe(200);
    expect((await track(JDOE, { type: 'EntitySectionViewEvent', entityType: 'DATASET', entityUrn: HIVE, section: 'Schema' })).status).toBe(
      200,
    );
    expect(
      (await track(JDOE, { type: 'EntityActionEvent', entityType: 'DATASET', entityUrn: HIVE, actionType: 'UpdateDescription' })).status,
    ).toBe(200);
    expect((await edit(JDOE, S3, 'edited by jdoe')).status).toBe(200);
    expect((await edit(JDOE, FLOW, 'the flow, edited by jdoe')).status).toBe(200);
    expect((await edit(JDOE, HDFS, 'written by an ingestion run as jdoe', 'ingestion-run-1')).status).toBe(200);
    expect((await edit(ALICE, KAFKA, 'edited by alice')).status).toBe(200);
  }, 120_000);
  afterAll(async () => s?.close());

  describe('tracking', () => {
    it('refuses malformed events with a 400 that names the problem, and stores none of them', async () => {
      const other = 'urn:li:dataset:(urn:li:dataPlatform:hive,fct_users_created,PROD)';
      const bad: Array<[Json, RegExp]> = [
        [{ entityUrn: other }, /has no type/],
        [{ type: 'NotAnEvent', entityUrn: other }, /'NotAnEvent' is not a DataHub usage event type/],
        [{ type: 7, entityUrn: other }, /type must be a string/],
        [{ type: 'EntityViewEvent' }, /EntityViewEvent needs an entityUrn/],
        [{ type: 'EntityViewEvent', entityUrn: 'not-an-urn' }, /entityUrn 'not-an-urn' is not an urn/],
        [{ type: 'EntityViewEvent', entityUrn: ['x'] }, /entityUrn must be a string/],
        [{ type: 'SearchResultsViewEvent', total: 2 }, /needs a query/],
        [{ type: 'SearchResultsViewEvent', query: 'never stored', total: -1 }, /total must be a non-negative integer/],
        [{ type: 'EntityViewEvent', entityUrn: other, padding: 'x'.repeat(20_000) }, /at most 8192/],
        [[{ type: 'EntityViewEvent', entityUrn: other }], /must be a JSON object/],
      ];
      for (const [body, message] of bad) {
        const r = await track(JDOE, body);
        expect(r.status, JSON.stringify(body).slice(0, 100)).toBe(400);
        expect(r.body.message).toMatch(message);
      }
      const empty = await http(`${s.url}/openapi/v1/tracking/track`, { method: 'POST', headers: { 'x-datahub-actor': JDOE } });
      expect(empty.status).toBe(400);
      expect(empty.body.message).toMatch(/must be a JSON object/);

      const viewed = moduleOf(await modules(JDOE, 'HOME'), 'RecentlyViewedEntities');
      expect(viewed.content.map((c: Json) => c.value)).not.toContain(other);
      const searched = moduleOf(await modules(JDOE, 'SEARCH_BAR'), 'RecentSearches');
      expect(searched.content.map((c: Json) => c.value)).not.toContain('never stored');
    });

    it('serves the endpoint under /api/gms too, as the frontend proxies it', async () => {
      const r = await http(`${s.url}/api/gms/openapi/v1/tracking/track`, {
        body: { type: 'PageViewEvent' },
        headers: { 'x-datahub-actor': ALICE },
      });
      expect(r.status).toBe(200);
    });
  });

  describe('listRecommendations', () => {
    it("fills the home page with DataHub's modules, in its order", async () => {
      const home = await modules(JDOE, 'HOME');
      expect(home.map((m) => [m.moduleId, m.title, m.renderType])).toEqual([
        ['Platforms', 'Platforms', 'PLATFORM_SEARCH_LIST'],
        ['Domains', 'Domains', 'DOMAIN_SEARCH_LIST'],
        ['RecentlyViewedEntities', 'Recently Viewed', 'ENTITY_NAME_LIST'],
        ['RecentlyEditedEntities', 'Recently Edited', 'ENTITY_NAME_LIST'],
        ['HighUsageEntities', 'Most Popular', 'ENTITY_NAME_LIST'],
        ['TopTags', 'Top Tags', 'TAG_SEARCH_LIST'],
        ['TopTerms', 'Top Glossary Terms', 'GLOSSARY_TERM_SEARCH_LIST'],
      ]);
      expect((await modules(JDOE, 'HOME', 3)).map((m) => m.moduleId)).toEqual(['Platforms', 'Domains', 'RecentlyViewedEntities']);
    });

    it('counts the top platforms over the catalog, each a search for its entities', async () => {
      const platforms = moduleOf(await modules(JDOE, 'HOME'), 'Platforms').content as Json[];
      const count = (urn: string) => platforms.find((c) => c.value === urn)?.params.contentParams.count;
      const perPlatform = datasetsPerPlatform(proposals);
      // Kafka and Postgres hold datasets only.
      expect(count('urn:li:dataPlatform:kafka')).toBe(perPlatform.get('urn:li:dataPlatform:kafka'));
      expect(count('urn:li:dataPlatform:postgres')).toBe(perPlatform.get('urn:li:dataPlatform:postgres'));
      // The soft-deleted snowflake table is not counted.
      expect(count('urn:li:dataPlatform:snowflake')).toBe(perPlatform.get('urn:li:dataPlatform:snowflake'));
      // Platforms nothing is on are not shown.
      expect(count('urn:li:dataPlatform:mysql')).toBeUndefined();
      const counts = platforms.map((c) => c.params.contentParams.count);
      expectOrdered(counts, (a: number, b: number) => b - a, 'platform counts');
      const kafka = platforms.find((c) => c.value === 'urn:li:dataPlatform:kafka');
      expect(kafka.entity).toMatchObject({ urn: 'urn:li:dataPlatform:kafka', type: 'DATA_PLATFORM' });
      expect(kafka.params.searchParams).toMatchObject({
        query: '',
        filters: [{ field: 'platform', values: ['urn:li:dataPlatform:kafka'] }],
      });
    });

    it('counts within a view when the app names one', async () => {
      const view = 'urn:li:dataHubView:kafka-datasets';
      const stamp = { time: Date.now(), actor: JDOE };
      const info = {
        name: 'Kafka datasets',
        type: 'GLOBAL',
        definition: {
          entityTypes: ['dataset'],
          filter: {
            or: [
              {
                and: [
                  {
                    field: 'platform',
                    value: 'urn:li:dataPlatform:kafka',
                    values: ['urn:li:dataPlatform:kafka'],
                    condition: 'EQUAL',
                    negated: false,
                  },
                ],
              },
            ],
          },
        },
        created: stamp,
        lastModified: stamp,
      };
      await ingest({
        entityType: 'dataHubView',
        entityUrn: view,
        changeType: 'UPSERT',
        aspectName: 'dataHubViewInfo',
        aspect: { value: JSON.stringify(info), contentType: 'application/json' },
      });
      const home = (
        await run('listRecommendations', { input: { userUrn: JDOE, requestContext: { scenario: 'HOME' }, limit: 10, viewUrn: view } }, JDOE)
      ).listRecommendations.modules as Json[];
      const platforms = moduleOf(home, 'Platforms').content as Json[];
      expect(platforms.map((c) => [c.value, c.params.contentParams.count])).toEqual([
        ['urn:li:dataPlatform:kafka', datasetsPerPlatform(proposals).get('urn:li:dataPlatform:kafka')],
      ]);
      // Personal lists do not depend on the view.
      expect(moduleOf(home, 'RecentlyViewedEntities').content.map((c: Json) => c.value)).toEqual([HIVE, FLOW, KAFKA]);
    });

    it('lists the domains, tags and terms that hold the most entities', async () => {
      const home = await modules(JDOE, 'HOME');
      const domains = moduleOf(home, 'Domains').content as Json[];
      expect(domains.map((c) => c.value).sort()).toEqual(['urn:li:domain:commerce', 'urn:li:domain:fulfilment']);
      for (const d of domains) expect(d.entity.urn).toBe(d.value);
      const removed = new Set(
        proposals.filter((p) => p.aspectName === 'status' && JSON.parse(p.aspect.value).removed).map((p) => p.entityUrn),
      );
      const inCommerce = new Set(
        proposals
          .filter(
            (p) =>
              p.aspectName === 'domains' &&
              JSON.parse(p.aspect.value).domains.includes('urn:li:domain:commerce') &&
              !removed.has(p.entityUrn),
          )
          .map((p) => p.entityUrn),
      );
      expect(domains.find((d) => d.value === 'urn:li:domain:commerce').params.contentParams.count).toBe(inCommerce.size);
      const tags = moduleOf(home, 'TopTags').content as Json[];
      expectEach(
        tags,
        (t: Json) => t.value.startsWith('urn:li:tag:') && t.entity.urn === t.value && t.params.searchParams.filters[0].field === 'tags',
        'top tags',
      );
      const terms = moduleOf(home, 'TopTerms').content as Json[];
      expectEach(
        terms,
        (t: Json) => t.value.startsWith('urn:li:glossaryTerm:') && t.params.searchParams.filters[0].field === 'glossaryTerms',
        'top terms',
      );
      // The search page shows tags and terms only.
      expect((await modules(JDOE, 'SEARCH_RESULTS')).map((m) => m.moduleId)).toEqual(['TopTags', 'TopTerms']);
    });

    it('shows what the user viewed, most recent first, and only theirs', async () => {
      const viewed = moduleOf(await modules(JDOE, 'HOME'), 'RecentlyViewedEntities').content as Json[];
      expect(viewed.map((c) => c.value)).toEqual([HIVE, FLOW, KAFKA]);
      expect(viewed[0].entity).toMatchObject({ urn: HIVE, type: 'DATASET', name: 'SampleHiveDataset' });
      expect(viewed[0].params.entityProfileParams).toEqual({ urn: HIVE, __typename: 'EntityProfileParams' });
      const alices = moduleOf(await modules(ALICE, 'HOME'), 'RecentlyViewedEntities').content as Json[];
      expect(alices.map((c) => c.value)).toEqual([HDFS]);
    });

    it('shows what the user edited outside ingestion runs, most recent first', async () => {
      const edited = moduleOf(await modules(JDOE, 'HOME'), 'RecentlyEditedEntities').content as Json[];
      expect(edited.map((c) => c.value)).toEqual([FLOW, S3]);
      expect(moduleOf(await modules(ALICE, 'HOME'), 'RecentlyEditedEntities').content.map((c: Json) => c.value)).toEqual([KAFKA]);
    });

    it('ranks the most viewed entities over all users', async () => {
      const popular = moduleOf(await modules(ALICE, 'HOME'), 'HighUsageEntities').content as Json[];
      expect(popular[0].value).toBe(HIVE);
      expect(popular.map((c) => c.value).sort()).toEqual([FLOW, HDFS, HIVE, KAFKA].sort());
    });

    it("offers the user's recent searches that found something in the search bar", async () => {
      const bar = await modules(JDOE, 'SEARCH_BAR');
      expect(bar.map((m) => m.moduleId)).toEqual(['RecentSearches']);
      expect(bar[0]).toMatchObject({ title: 'Recent searches', renderType: 'SEARCH_QUERY_LIST' });
      expect(bar[0].content.map((c: Json) => c.value)).toEqual(['sample', 'logging']);
      expect(bar[0].content[0].params.searchParams).toMatchObject({ query: 'sample', filters: null });
      expect((await modules(ALICE, 'SEARCH_BAR'))[0].content.map((c: Json) => c.value)).toEqual(['alice only']);
    });
  });

  describe('analytics', () => {
    it('is enabled', async () => {
      expect(await run('isAnalyticsEnabled', {}, JDOE)).toEqual({ isAnalyticsEnabled: true });
    });

    it("highlights active users and how complete each entity type's metadata is", async () => {
      const highlights = (await run('getHighlights', {}, JDOE)).getHighlights as Json[];
      const byTitle = new Map(highlights.map((h) => [h.title, h]));
      expect(highlights.map((h) => h.title)).toEqual([
        'Weekly Active Users',
        'Monthly Active Users',
        'Datasets',
        'Dashboards',
        'Charts',
        'Pipelines',
        'Tasks',
        'Domains',
      ]);
      // jdoe and alice reported events this week; nobody the week before, so there is no change to tell.
      expect(byTitle.get('Weekly Active Users')).toMatchObject({ value: 2, body: '' });
      expect(byTitle.get('Monthly Active Users')).toMatchObject({ value: 2, body: '' });
      const datasets = [...datasetsPerPlatform(proposals).values()].reduce((a, b) => a + b, 0);
      expect(byTitle.get('Datasets').value).toBe(datasets);
      expect(byTitle.get('Datasets').body).toMatch(
        /^\d+\.\d\d% have owners, \d+\.\d\d% have tags, \d+\.\d\d% have glossary terms, \d+\.\d\d% have description, \d+\.\d\d% have domain assigned!$/,
      );
      expect(byTitle.get('Domains')).toMatchObject({ value: 2, body: expect.stringMatching(/have description!$/) });
      expect(byTitle.get('Domains').body).not.toMatch(/domain assigned/);
    });

    it('charts usage from the recorded events and the landscape from the catalog', async () => {
      const groups = (await run('getAnalyticsCharts', {}, JDOE)).getAnalyticsCharts as Json[];
      expect(groups.map((g) => [g.groupId, g.title])).toEqual([
        ['DataHubUsageAnalytics', 'Usage Analytics'],
        ['GlobalMetadataAnalytics', 'Data Landscape Summary'],
      ]);
      const chart = (title: string) => groups.flatMap((g) => g.charts).find((c: Json) => c.title === title);
      const wau = chart('Weekly Active Users');
      expect(wau).toMatchObject({ __typename: 'TimeSeriesChart', interval: 'WEEK' });
      expect(wau.lines[0].data).toHaveLength(10);
      expect(wau.lines[0].data.at(-1).y).toBe(2);
      expectEach(wau.lines[0].data.slice(0, -1), (p: Json) => p.y === 0);
      expect(new Date(wau.lines[0].data.at(-1).x).getUTCDay()).toBe(1);
      const searches = chart('Number of Searches');
      expect(searches.lines[0].data).toHaveLength(7);
      expect(searches.lines[0].data.at(-1).y).toBe(5);
      const topSearches = chart('Top Searches (Past Week)');
      expect(topSearches.columns).toEqual(['Query', 'Count']);
      expect(topSearches.rows[0].values).toEqual(['sample', '2']);
      expect(topSearches.rows[0].cells[0].linkParams.searchParams.query).toBe('sample');
      const topDatasets = chart('Top Viewed Datasets (Past Week)');
      expect(topDatasets.rows.map((r: Json) => r.values)).toEqual([
        [HIVE, '2'],
        [HDFS, '1'],
        [KAFKA, '1'],
      ]);
      expect(topDatasets.rows[0].cells[0]).toMatchObject({
        value: 'SampleHiveDataset',
        linkParams: { entityProfileParams: { urn: HIVE, type: 'DATASET' } },
      });
      const topUsers = chart('Top Users (Last 30 Days)');
      expect(topUsers.rows.map((r: Json) => r.values[0])).toEqual([JDOE, ALICE]);
      expect(topUsers.columns).toEqual(['Name', 'Title', 'Email']);
      // jdoe's name, title and email come from the user's info (DataHub's bootstrap file); alice has none stored.
      expect(topUsers.rows[0].cells.map((c: Json) => c.value)).toEqual(['John Doe', 'Software Engineer', 'jdoe@linkedin.com']);
      expect(topUsers.rows[0].cells[0].linkParams.entityProfileParams).toMatchObject({ urn: JDOE, type: 'CORP_USER' });
      expect(topUsers.rows[1].cells.map((c: Json) => c.value)).toEqual([ALICE, 'None', 'None']);
      expect(chart('Tab Views By Entity Type (Past Week)').bars).toEqual([
        { name: 'DATASET', segments: [{ label: 'Schema', value: 1, __typename: 'BarSegment' }], __typename: 'NamedBar' },
      ]);
      expect(chart('Actions By Entity Type (Past Week)').bars[0].segments[0]).toMatchObject({ label: 'UpdateDescription', value: 1 });
      const byPlatform = chart('Assets By Platform');
      expect(byPlatform.__typename).toBe('BarChart');
      const kafka = byPlatform.bars.find((b: Json) => /kafka/i.test(b.name));
      expect(kafka.segments).toEqual([
        { label: 'Count', value: datasetsPerPlatform(proposals).get('urn:li:dataPlatform:kafka'), __typename: 'BarSegment' },
      ]);
      const byDomain = chart('Entities By Domain');
      expect(byDomain.bars.map((b: Json) => b.name).sort()).toEqual(['Commerce', 'Fulfilment']);
    });

    it('charts the data assets a filtered query finds', async () => {
      const [group] = (await run('getMetadataAnalyticsCharts', { input: { entityType: 'DATASET', query: '*' } }, JDOE))
        .getMetadataAnalyticsCharts as Json[];
      expect(group).toMatchObject({ groupId: 'FilteredMetadataAnalytics', title: '' });
      const titles = group.charts.map((c: Json) => c.title);
      expect(titles).toContain('Data Assets by Domain');
      expect(titles).toContain('Data Assets by Platform');
      const platforms = group.charts.find((c: Json) => c.title === 'Data Assets by Platform').bars as Json[];
      const expected = datasetsPerPlatform(proposals);
      expect(platforms.map((b) => b.segments[0].value).reduce((a, b) => a + b, 0)).toBe([...expected.values()].reduce((a, b) => a + b, 0));
      expect(platforms.find((b) => /kafka/i.test(b.name)).segments[0].value).toBe(expected.get('urn:li:dataPlatform:kafka'));

      const [inDomain] = (await run('getMetadataAnalyticsCharts', { input: { domain: 'urn:li:domain:commerce', query: '' } }, JDOE))
        .getMetadataAnalyticsCharts as Json[];
      expect(inDomain.charts.map((c: Json) => c.title)).not.toContain('Data Assets by Domain');
      const total = inDomain.charts
        .find((c: Json) => c.title === 'Data Assets by Platform')
        .bars.reduce((n: number, b: Json) => n + b.segments[0].value, 0);
      expect(total).toBeLessThan([...expected.values()].reduce((a, b) => a + b, 0));
    });
  });
});

describe('usage events over time and with authentication', () => {
  it('keeps only the newest events past the bound', async () => {
    const dir = tempDir();
    const { store, drop } = await openTestStore(dir);
    try {
      for (let i = 1; i <= 5; i++)
        await store.appendUsageEvent(
          { actor: JDOE, type: 'SearchEvent', timestampMillis: i, query: `q${i}`, event: { type: 'SearchEvent' } },
          3,
        );
      const kept = await store.groupUsage({ by: ['query'], present: true, order: 'latest', limit: 10 });
      expect(kept.map((g) => g.values[0])).toEqual(['q5', 'q4', 'q3']);
      expect(await store.countUsage({}, [[0, 100]], false)).toEqual([3]);
    } finally {
      await store.close();
      await drop();
    }
  });

  it("compares this week's active users with last week's, by the time events were received", async () => {
    let clock = Date.UTC(2026, 2, 11, 12); // a Wednesday
    const s = await startTestServer({ now: () => clock });
    const { run } = webApp(() => s);
    try {
      const view = (actor: string) =>
        http(`${s.url}/openapi/v1/tracking/track`, {
          body: { type: 'PageViewEvent', timestamp: 0 },
          headers: { 'x-datahub-actor': actor },
        });
      for (const actor of [JDOE, ALICE, 'urn:li:corpuser:bob', 'urn:li:corpuser:carol']) expect((await view(actor)).status).toBe(200);
      clock += 7 * 86_400_000 + 3_600_000;
      for (const actor of [JDOE, JDOE, ALICE]) expect((await view(actor)).status).toBe(200);
      // A week (and a month) back from a minute later holds the second round only.
      clock += 60_000;
      const [weekly, monthly] = (await run('getHighlights')).getHighlights;
      expect(weekly).toMatchObject({ title: 'Weekly Active Users', value: 2, body: '-50.00% decrease from last week' });
      expect(monthly).toMatchObject({ title: 'Monthly Active Users', value: 4, body: '' });
      const wau = (await run('getAnalyticsCharts')).getAnalyticsCharts[0].charts.find((c: Json) => c.title === 'Weekly Active Users');
      expect(wau.lines[0].data.slice(-2)).toEqual([
        { x: '2026-03-09T00:00:00.000Z', y: 4, __typename: 'NumericDataPoint' },
        { x: '2026-03-16T00:00:00.000Z', y: 2, __typename: 'NumericDataPoint' },
      ]);
      expect(wau.dateRange).toMatchObject({ start: String(Date.UTC(2026, 0, 12)), end: String(Date.UTC(2026, 2, 23) - 1) });
    } finally {
      await s.close();
    }
  });

  it("records events for the token's user, whatever the body says, and refuses them without a token", async () => {
    const s = await startTestServer({ auth: true, adminToken: 'secret-admin-token' });
    const { tokens, run } = webApp(() => s);
    tokens.set(ADMIN_ACTOR, 'secret-admin-token');
    try {
      const url = `${s.url}/openapi/v1/tracking/track`;
      const event = { type: 'EntityViewEvent', entityUrn: HIVE, actorUrn: JDOE };
      expect((await http(url, { body: event })).status).toBe(401);
      await http(`${s.url}/entities?action=ingest`, {
        headers: { authorization: 'Bearer secret-admin-token' },
        body: {
          entity: {
            value: {
              'com.linkedin.metadata.snapshot.DatasetSnapshot': {
                urn: HIVE,
                aspects: [{ 'com.linkedin.common.Status': { removed: false } }],
              },
            },
          },
        },
      });
      expect((await http(url, { body: event, headers: { authorization: 'Bearer secret-admin-token' } })).status).toBe(200);
      const recommend = async () =>
        (await run('listRecommendations', { input: { userUrn: JDOE, requestContext: { scenario: 'HOME' }, limit: 10 } }))
          .listRecommendations.modules as Json[];
      // Recorded for the admin (the token), not for jdoe (the body), and read back for the admin.
      const viewed = (await recommend()).find((m) => m.moduleId === 'RecentlyViewedEntities');
      expect(viewed.content.map((c: Json) => c.value)).toEqual([HIVE]);
      const topUsers = await run('getAnalyticsCharts');
      // DataHub leaves its built-in users out of the top users.
      expect(topUsers.getAnalyticsCharts[0].charts.find((c: Json) => c.title === 'Top Users (Last 30 Days)').rows).toEqual([]);
    } finally {
      await s.close();
    }
  });
});
