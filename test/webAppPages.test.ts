/**
 * The web app's page query of each classic entity type, as the app sends it, on DataHub's bootstrap
 * catalog and the sample catalog: no errors, and the page shows what was ingested. (Newer entity types
 * have pages of their own in webAppEntitiesA/B; lineage and search are in webAppLineage/Search.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEach, mcp, startTestServer, type TestServer } from './helpers.js';
import { loadBootstrap, loadExamples } from './sampleCatalog.js';
import { webApp } from './webApp.js';

type Json = any;

const FCT_ORDERS = 'urn:li:dataset:(urn:li:dataPlatform:snowflake,fernbrook.marts.fct_orders,PROD)';
const FLOW = 'urn:li:dataFlow:(airflow,fernbrook_marts_nightly,prod)';
const JOB = `urn:li:dataJob:(${FLOW},build_fct_orders)`;

let s: TestServer;
/** A page's operation, which must answer without errors. */
const { run: page, ingest } = webApp(() => s);

const urns = (list: Json[] | undefined) => (list ?? []).map((x) => x.urn).sort();

beforeAll(async () => {
  s = await startTestServer();
  await loadBootstrap(s.url);
  await loadExamples(s.url);
});
afterAll(async () => s?.close());

describe("the web app's entity pages", () => {
  it('shows a dataset: properties, schema with edited docs, owners, tags, terms, domain', async () => {
    const { dataset } = await page('getDataset', { urn: FCT_ORDERS });
    expect(dataset.exists).toBe(true);
    expect(dataset.properties.name).toBe('fct_orders');
    expect(dataset.properties.description).toMatch(/^Order fact table/);
    expect(dataset.platform.name).toBe('snowflake');
    expect(dataset.ownership.owners.map((o: Json) => [o.owner.urn, o.type]).sort()).toEqual([
      ['urn:li:corpGroup:analytics', 'TECHNICAL_OWNER'],
      ['urn:li:corpuser:amara.okafor', 'BUSINESS_OWNER'],
      ['urn:li:corpuser:priya.raman', 'TECHNICAL_OWNER'],
    ]);
    expect(dataset.globalTags.tags.map((t: Json) => t.tag.urn)).toEqual(['urn:li:tag:Gold']);
    expect(dataset.glossaryTerms.terms.map((t: Json) => t.term.urn).sort()).toEqual([
      'urn:li:glossaryTerm:Commerce.GrossMerchandiseValue',
      'urn:li:glossaryTerm:Commerce.NetRevenue',
    ]);
    expect(dataset.domain.domain.urn).toBe('urn:li:domain:commerce');
    const schema = (await page('getDatasetSchema', { urn: FCT_ORDERS })).dataset;
    expect(schema.schemaMetadata.fields.map((f: Json) => f.fieldPath)).toContain('net_revenue_gbp');
    // Each column as its entity, named as DataHub names it: the app links column lineage and docs to it.
    const column = schema.schemaMetadata.fields.find((f: Json) => f.fieldPath === 'net_revenue_gbp');
    expect(column.schemaFieldEntity).toMatchObject({ urn: `urn:li:schemaField:(${FCT_ORDERS},net_revenue_gbp)`, type: 'SCHEMA_FIELD' });
    expect(schema.editableSchemaMetadata.editableSchemaFieldInfo.map((f: Json) => [f.fieldPath, f.globalTags.tags[0].tag.urn])).toEqual([
      ['net_revenue_gbp', 'urn:li:tag:Finance'],
    ]);
  });

  it("shows a dataset's links with the person who added each", async () => {
    const { dataset } = await page('getDataset', { urn: 'urn:li:dataset:(urn:li:dataPlatform:hive,SampleHiveDataset,PROD)' });
    const [link] = dataset.institutionalMemory.elements;
    expect(link).toMatchObject({ url: 'https://www.linkedin.com', description: 'Sample doc', actor: { urn: 'urn:li:corpuser:jdoe' } });
  });

  it('shows a chart and a dashboard with their owners', async () => {
    const { chart } = await page('getChart', { urn: 'urn:li:chart:(looker,baz1)' });
    expect(chart.properties.name).toBe('Baz Chart 1');
    expect(chart.platform.urn).toBe('urn:li:dataPlatform:looker');
    expect(chart.globalTags.tags.map((t: Json) => t.tag.urn)).toContain('urn:li:tag:Legacy');
    const { dashboard } = await page('getDashboard', { urn: 'urn:li:dashboard:(looker,baz)' });
    expect(dashboard.properties.name).toBe('Baz Dashboard');
    // A group owner's deprecated `info.groups` are the urns of its groups, as strings.
    const group = dashboard.ownership.owners.find((o: Json) => o.owner.urn === 'urn:li:corpGroup:bfoo');
    expect(group.owner.info.groups).toEqual(['urn:li:corpGroup:jdoe']);
  });

  it('shows a pipeline and its task, with the task inputs and outputs', async () => {
    const { dataFlow } = await page('getDataFlow', { urn: FLOW });
    expect(dataFlow.properties.name).toBe('fernbrook_marts_nightly');
    expect(dataFlow.orchestrator).toBe('airflow');
    const { dataJob } = await page('getDataJob', { urn: JOB });
    expect(dataJob.dataFlow.urn).toBe(FLOW);
    expect(dataJob.properties.name).toBe('build_fct_orders');
  });

  it('shows a domain, a glossary term and node, and a tag', async () => {
    const { domain } = await page('getDomain', { urn: 'urn:li:domain:commerce' });
    expect(domain.properties.name).toBe('Commerce');
    const { glossaryTerm } = await page('getGlossaryTerm', { urn: 'urn:li:glossaryTerm:Commerce.NetRevenue' });
    expect(glossaryTerm.properties.name).toBe('Net Revenue');
    expect(glossaryTerm.parentNodes.nodes.map((n: Json) => n.urn)).toEqual(['urn:li:glossaryNode:Commerce']);
    const { glossaryNode } = await page('getGlossaryNode', { urn: 'urn:li:glossaryNode:Commerce' });
    expect(glossaryNode.properties.name).toBe('Commerce');
    const { tag } = await page('getTag', { urn: 'urn:li:tag:Legacy' });
    expect(tag.properties.name).toBe('Legacy');
  });

  it("lists the glossary's top and the domains, as the glossary and domains pages start", async () => {
    const { getRootGlossaryNodes } = await page('getRootGlossaryNodes', {});
    expect(urns(getRootGlossaryNodes.nodes)).toEqual([
      'urn:li:glossaryNode:ClientsAndAccounts',
      'urn:li:glossaryNode:Commerce',
      'urn:li:glossaryNode:Customer',
      'urn:li:glossaryNode:Fulfilment',
    ]);
    expect(getRootGlossaryNodes.total).toBe(4);
    // Four layers down, as the app asks: Commerce's terms.
    const commerce = getRootGlossaryNodes.nodes.find((n: Json) => n.urn === 'urn:li:glossaryNode:Commerce');
    expect(commerce.childrenCount).toMatchObject({ termsCount: 4, nodesCount: 0 });
    expect(commerce.glossaryChildrenSearch.total).toBe(0);
    // Every sample term sits in a group: one at the top is added, so the list has something to show.
    const loose = 'urn:li:glossaryTerm:Loose';
    await ingest(mcp(loose, 'glossaryTermInfo', { name: 'Loose', definition: 'a term in no group', termSource: 'INTERNAL' }));
    const { getRootGlossaryTerms } = await page('getRootGlossaryTerms', {});
    expect(urns(getRootGlossaryTerms.terms)).toContain(loose);
    expectEach(getRootGlossaryTerms.terms, (t: Json) => !t.parentNodes?.nodes?.length);
    const { listDomains } = await page('listDomains', { input: { start: 0, count: 100 } });
    expect(urns(listDomains.domains)).toEqual(['urn:li:domain:commerce', 'urn:li:domain:fulfilment']);
    const { listDomains: under } = await page('listDomains', { input: { start: 0, count: 100, parentDomain: 'urn:li:domain:commerce' } });
    expect(under.total).toBe(0);
  });

  it('shows a person and a group', async () => {
    const { corpUser } = await page('getUser', { urn: 'urn:li:corpuser:priya.raman', groupsCount: 20 });
    expect(corpUser.info).toMatchObject({ active: true, displayName: 'Priya Raman', title: 'Analytics Engineer' });
    const { corpGroup } = await page('getGroup', { urn: 'urn:li:corpGroup:bfoo', membersCount: 20 });
    expect(corpGroup.info).toMatchObject({ email: 'bfoo@linkedin.com', description: 'This group is full of bfoos!' });
  });

  it('shows machine-learning models and feature tables with their features as entities', async () => {
    const { mlModel } = await page('getMLModel', { urn: 'urn:li:mlModel:(urn:li:dataPlatform:science,scienceModel,PROD)' });
    expect(mlModel.name).toBe('scienceModel');
    expect(mlModel.ownership.owners.length).toBeGreaterThan(0);
    const { mlFeatureTable } = await page('getMLFeatureTable', {
      urn: 'urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,test_feature_table_all_feature_dtypes)',
    });
    expect(mlFeatureTable.properties.mlFeatures.length).toBe(14);
    expect(urns(mlFeatureTable.properties.mlFeatures)[0]).toMatch(/^urn:li:mlFeature:/);
    // A table's features and keys are what it holds (Contains, KeyedBy), not its lineage, as in DataHub.
    for (const direction of ['UPSTREAM', 'DOWNSTREAM']) {
      const { searchAcrossLineage } = await page('searchAcrossLineage', {
        input: { urn: mlFeatureTable.urn, direction, query: '*', start: 0, count: 100, types: [], orFilters: [] },
      });
      expect(searchAcrossLineage.searchResults.map((r: Json) => r.entity.type)).not.toContain('MLFEATURE');
      expect(searchAcrossLineage.searchResults.map((r: Json) => r.entity.type)).not.toContain('MLPRIMARY_KEY');
    }
  });

  it('shows a container, with its platform instance built from the aspect', async () => {
    const { container } = await page('getContainer', { urn: 'urn:li:container:DATABASE' });
    expect(container.exists).toBe(true);
    // Its browse path v2, as stored (every entity gets one at its first write): entries named by id.
    expect(container.browsePathV2).toEqual(expect.objectContaining({ path: expect.any(Array) }));
    const { dataset } = await page('getDataset', { urn: FCT_ORDERS });
    expect(dataset.browsePathV2.path.map((e: Json) => e.name)).not.toHaveLength(0);
    const { dataPlatform } = await page('getDataPlatform', { urn: 'urn:li:dataPlatform:snowflake' });
    expect(dataPlatform.name).toBe('snowflake');
  });
});
