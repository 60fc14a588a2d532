/**
 * The web app's pages for data products, applications, structured properties, business attributes,
 * posts, queries, ownership types and ER models, end to end: the examples loaded over HTTP, then the
 * app's own operations run with the variables its pages send, checked against what the files hold.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEach, mcp, startTestServer, type TestServer } from './helpers.js';
import { exampleProposals } from './sampleCatalog.js';
import { webApp } from './webApp.js';

type Json = any;

const ds = (platform: string, name: string) => `urn:li:dataset:(urn:li:dataPlatform:${platform},${name},PROD)`;
const FCT_ORDERS = ds('snowflake', 'fernbrook.marts.fct_orders');
const DIM_CUSTOMERS = ds('snowflake', 'fernbrook.marts.dim_customers');
const LTV_LEGACY = ds('snowflake', 'fernbrook.marts.customer_ltv_legacy');
const CUSTOMERS = ds('postgres', 'shopfront.public.customers');
const REVENUE_PRODUCT = 'urn:li:dataProduct:orders-and-revenue';
const DELIVERY_PRODUCT = 'urn:li:dataProduct:delivery-performance';
const SHOPFRONT = 'urn:li:application:shopfront';
const CLASSIFICATION = 'urn:li:structuredProperty:io.fernbrook.dataClassification';
const STEWARD = 'urn:li:structuredProperty:io.fernbrook.steward';
const EMAIL_ATTRIBUTE = 'urn:li:businessAttribute:customer-email';
const QUERY = 'urn:li:query:weekly-net-revenue';

describe('the web app: data products, structured properties and governance entities', () => {
  let s: TestServer;
  const { run, execute, ingest } = webApp(() => s);
  const entry = (props: Json, urn: string) => props.properties.find((p: Json) => p.structuredProperty.urn === urn);

  beforeAll(async () => {
    s = await startTestServer();
    const proposals = exampleProposals();
    for (let i = 0; i < proposals.length; i += 50) await ingest(proposals.slice(i, i + 50));
  }, 120_000);
  afterAll(() => s?.close());

  it('getDataProduct: properties, owners and tags with their attribution, assets, values and notes', async () => {
    const { dataProduct: p } = await run('getDataProduct', { urn: REVENUE_PRODUCT });
    expect(p.type).toBe('DATA_PRODUCT');
    expect(p.properties).toMatchObject({
      name: 'Orders and revenue',
      externalUrl: 'https://wiki.fernbrook.example/data-products/orders-and-revenue',
    });
    expect(p.properties.description).toMatch(/finance closes the month on/);
    expect(p.properties.createdOn.time).toBeGreaterThan(0);
    expect(p.properties.customProperties).toEqual(
      expect.arrayContaining([expect.objectContaining({ key: 'sla', value: 'ready by 06:00 UTC' })]),
    );
    // Three assets, each an entity the examples define.
    expect(p.entities.total).toBe(3);

    const owners = p.ownership.owners;
    expect(owners.map((o: Json) => o.owner.urn).sort()).toEqual([
      'urn:li:corpGroup:finance',
      'urn:li:corpuser:amara.okafor',
      'urn:li:corpuser:mei.tanaka',
    ]);
    const reviewer = owners.find((o: Json) => o.owner.urn === 'urn:li:corpuser:amara.okafor');
    expect(reviewer.ownershipType).toMatchObject({ urn: 'urn:li:ownershipType:privacy-reviewer', info: { name: 'Privacy reviewer' } });
    expect(reviewer.attribution).toMatchObject({ time: 1767225600000, actor: { urn: 'urn:li:corpuser:amara.okafor' } });
    // An owner of a standard type is of DataHub's system ownership type of that name.
    expect(owners.find((o: Json) => o.owner.urn === 'urn:li:corpuser:mei.tanaka').ownershipType).toMatchObject({
      urn: 'urn:li:ownershipType:__system__technical_owner',
      info: { name: 'Technical Owner' },
    });

    const gold = p.tags.tags.find((t: Json) => t.tag.urn === 'urn:li:tag:Gold');
    expect(gold.attribution.actor.urn).toBe('urn:li:corpuser:mei.tanaka');
    expect(gold.attribution.sourceDetail).toEqual([
      { key: 'reason', value: 'certified at the 2025-12 data council', __typename: 'StringMapEntry' },
    ]);
    const netRevenue = p.glossaryTerms.terms.find((t: Json) => t.term.urn === 'urn:li:glossaryTerm:Commerce.NetRevenue');
    expect(netRevenue.attribution.actor.urn).toBe('urn:li:corpuser:jonah.whitfield');

    expect(p.domain.domain.urn).toBe('urn:li:domain:commerce');
    expect(p.domain.domain.displayProperties).toMatchObject({
      colorHex: '#2E7D32',
      icon: { iconLibrary: 'MATERIAL', name: 'ShoppingCart', style: 'Outlined' },
    });

    const classification = entry(p.structuredProperties, CLASSIFICATION);
    expect(classification.values).toEqual([{ __typename: 'StringValue', stringValue: 'Confidential' }]);
    expect(classification.structuredProperty.definition).toMatchObject({
      displayName: 'Data classification',
      cardinality: 'SINGLE',
      valueType: { info: { type: 'STRING', displayName: 'String' } },
    });
    const steward = entry(p.structuredProperties, STEWARD);
    expect(steward.valueEntities.map((e: Json) => e.urn)).toEqual(['urn:li:corpuser:priya.raman']);

    // None of DataHub's aspects is rendered generically; asked by name, an aspect comes raw.
    expect(p.autoRenderAspects).toEqual([]);
    expect(p.notes.total).toBe(1);
    expect(p.notes.relationships[0].entity).toMatchObject({
      postType: 'ENTITY_ANNOUNCEMENT',
      content: { title: 'Month-end freeze', contentType: 'TEXT' },
    });
  });

  it('aspects(input): an entity’s stored aspects, raw, by name', async () => {
    const { dataProduct } = await execute(
      `{ dataProduct(urn: "${REVENUE_PRODUCT}") { aspects(input: { aspectNames: ["dataProductProperties", "domains"] }) { aspectName payload } } }`,
    );
    const aspects = dataProduct.aspects;
    expect(aspects.map((a: Json) => a.aspectName).sort()).toEqual(['dataProductProperties', 'domains']);
    expect(JSON.parse(aspects.find((a: Json) => a.aspectName === 'domains').payload)).toEqual({ domains: ['urn:li:domain:commerce'] });
  });

  it('listDataProductAssets and the data products list: the assets, searched, and their counts', async () => {
    const { listDataProductAssets: assets } = await run('listDataProductAssets', {
      urn: DELIVERY_PRODUCT,
      input: { query: '*', start: 0, count: 10 },
    });
    expect(assets.total).toBe(4);
    expect(assets.searchResults.map((r: Json) => r.entity.urn).sort()).toEqual(
      [
        ds('kafka', 'fernbrook.deliveries.courier_pings'),
        ds('snowflake', 'fernbrook.marts.fct_deliveries'),
        ds('snowflake', 'fernbrook.staging.stg_deliveries'),
        'urn:li:dashboard:(looker,fernbrook.store_operations)',
      ].sort(),
    );
    const { searchAcrossEntities: list } = await run('getDataProductsList', {
      input: { types: ['DATA_PRODUCT'], query: '*', start: 0, count: 10 },
    });
    const byUrn = new Map(list.searchResults.map((r: Json) => [r.entity.urn, r.entity]));
    expect((byUrn.get(REVENUE_PRODUCT) as Json).properties.numAssets).toBe(3);
    expect((byUrn.get(DELIVERY_PRODUCT) as Json).properties.numAssets).toBe(4);
    expect((byUrn.get(DELIVERY_PRODUCT) as Json).domain.domain.urn).toBe('urn:li:domain:fulfilment');
  });

  it('getApplication: properties, owners and the assets assigned to it', async () => {
    const { application: a } = await run('getApplication', { urn: SHOPFRONT });
    expect(a).toMatchObject({
      type: 'APPLICATION',
      properties: { name: 'Shopfront', externalUrl: 'https://wiki.fernbrook.example/apps/shopfront' },
    });
    expect(a.properties.customProperties).toEqual(
      expect.arrayContaining([expect.objectContaining({ key: 'on-call', value: '#shopfront-oncall' })]),
    );
    expect(a.ownership.owners[0].owner.urn).toBe('urn:li:corpuser:sofia.marchetti');
    expect(a.children.total).toBe(4);
    const { searchAcrossEntities: list } = await run('getApplicationsList', {
      input: { types: ['APPLICATION'], query: '*', start: 0, count: 10 },
    });
    expect(list.searchResults[0].entity.properties).toMatchObject({ name: 'Shopfront', numAssets: 4 });
    const { listApplicationAssets: assets } = await execute(
      `{ listApplicationAssets(urn: "${SHOPFRONT}", input: { query: "*", start: 0, count: 10 }) { total searchResults { entity { urn ... on Dataset { application { application { urn } } } } } } }`,
    );
    expect(assets.total).toBe(4);
    expect(assets.searchResults.map((x: Json) => x.entity.urn).sort()).toEqual(
      ['couriers', 'customers', 'products', 'stores'].map((t) => ds('postgres', `shopfront.public.${t}`)),
    );
    expectEach(assets.searchResults, (x: Json) => x.entity.application.application.urn === SHOPFRONT);
  });

  it('getStructuredProperty and searchStructuredProperties: definitions with types and allowed values', async () => {
    const { entity } = await run('getStructuredProperty', { urn: CLASSIFICATION });
    expect(entity.definition).toMatchObject({
      qualifiedName: 'io.fernbrook.dataClassification',
      displayName: 'Data classification',
      cardinality: 'SINGLE',
    });
    expect(entity.definition.valueType).toMatchObject({
      urn: 'urn:li:dataType:datahub.string',
      type: 'DATA_TYPE',
      info: { type: 'STRING', qualifiedName: 'datahub.string' },
    });
    expect(entity.definition.entityTypes.map((t: Json) => t.info.type)).toEqual(['DATASET', 'DATA_PRODUCT']);
    expect(entity.definition.allowedValues.map((v: Json) => v.value.stringValue)).toEqual([
      'Public',
      'Internal',
      'Confidential',
      'Restricted',
    ]);
    expect(entity.definition.allowedValues[3].description).toMatch(/privacy office/);

    const { searchAcrossEntities: found } = await run('searchStructuredProperties', { query: '*', start: 0, count: 10 });
    expect(found.total).toBe(3);
    const steward = found.searchResults.find((r: Json) => r.entity.urn === STEWARD).entity;
    expect(steward.definition.cardinality).toBe('MULTIPLE');
    expect(steward.definition.typeQualifier.allowedTypes.map((t: Json) => t.info.type)).toEqual(['CORP_USER', 'CORP_GROUP']);
  });

  it('a dataset page: its structured property values with their definitions, and a deprecation replacement', async () => {
    const { dataset } = await run('getDataset', { urn: FCT_ORDERS });
    const values = Object.fromEntries(
      dataset.structuredProperties.properties.map((p: Json) => [p.structuredProperty.definition.qualifiedName, p.values]),
    );
    expect(values['io.fernbrook.retentionDays']).toEqual([{ __typename: 'NumberValue', numberValue: 730 }]);
    expect(values['io.fernbrook.dataClassification']).toEqual([{ __typename: 'StringValue', stringValue: 'Confidential' }]);
    expect(entry(dataset.structuredProperties, CLASSIFICATION).attribution.actor.urn).toBe('urn:li:corpuser:amara.okafor');

    const { dataset: legacy } = await run('getDataset', { urn: LTV_LEGACY });
    expect(legacy.deprecation).toMatchObject({
      deprecated: true,
      actorEntity: { urn: 'urn:li:corpuser:priya.raman' },
      replacement: { urn: DIM_CUSTOMERS, name: 'fernbrook.marts.dim_customers' },
    });
  });

  it('getBusinessAttribute, listBusinessAttributes and the attribute of a schema field', async () => {
    const { businessAttribute: b } = await run('getBusinessAttribute', { urn: EMAIL_ATTRIBUTE });
    expect(b.properties).toMatchObject({ name: 'Customer email', businessAttributeDataType: 'STRING', created: { time: 1767225600000 } });
    expect(b.properties.tags.tags.map((t: Json) => t.tag.urn)).toEqual(['urn:li:tag:PII']);
    expect(b.properties.glossaryTerms.terms.map((t: Json) => t.term.urn)).toEqual(['urn:li:glossaryTerm:Customer.ContactDetails']);
    expect(b.ownership.owners[0].owner.urn).toBe('urn:li:corpGroup:privacy-office');
    const { listBusinessAttributes: list } = await run('listBusinessAttributes', { start: 0, count: 10, query: '*' });
    expect(list).toMatchObject({ total: 1, businessAttributes: [{ urn: EMAIL_ATTRIBUTE }] });

    const { entity: field } = await run('getSchemaField', { urn: `urn:li:schemaField:(${CUSTOMERS},email)` });
    expect(field).toMatchObject({ fieldPath: 'email', parent: { urn: CUSTOMERS } });
    expect(field.businessAttributes.businessAttribute).toMatchObject({
      associatedUrn: `urn:li:schemaField:(${CUSTOMERS},email)`,
      businessAttribute: { urn: EMAIL_ATTRIBUTE, properties: { name: 'Customer email' } },
    });
  });

  it('listPosts: announcements newest first, with their content', async () => {
    const { listPosts } = await run('listPosts', { input: { start: 0, count: 10 } });
    expect(listPosts.total).toBe(3);
    expect(listPosts.posts.map((p: Json) => p.content.title)).toEqual([
      'Nightly marts now finish by 06:00 UTC',
      'Month-end freeze',
      'Data products are live',
    ]);
    expect(listPosts.posts[2]).toMatchObject({
      postType: 'HOME_PAGE_ANNOUNCEMENT',
      content: { contentType: 'LINK', link: 'https://wiki.fernbrook.example/data-products' },
    });
    // The home page's unseen announcements, as the app asks: of a type, not among those seen (none yet), changed since.
    const homePage = { field: 'type', condition: 'EQUAL', values: ['HOME_PAGE_ANNOUNCEMENT'] };
    const unseen = (seen: string[]) => ({
      input: {
        start: 0,
        count: 30,
        orFilters: [
          {
            and: [
              homePage,
              { field: 'urn', condition: 'EQUAL', values: seen, negated: true },
              { field: 'lastModified', condition: 'GREATER_THAN', values: ['0'] },
            ],
          },
        ],
      },
    });
    const firstVisit = (await run('listPosts', unseen([]))).listPosts;
    expect(firstVisit.total).toBe(listPosts.posts.filter((p: Json) => p.postType === 'HOME_PAGE_ANNOUNCEMENT').length);
    expect((await run('listPosts', unseen([firstVisit.posts[0].urn]))).listPosts.total).toBe(firstVisit.total - 1);
    const { listPosts: onProduct } = await run('listPosts', { input: { start: 0, count: 10, resourceUrn: REVENUE_PRODUCT } });
    expect(onProduct.posts.map((p: Json) => p.urn)).toEqual(['urn:li:post:orders-and-revenue-freeze']);
  });

  it('getQuery and listQueries: the statement, its subjects, platform and authors', async () => {
    const { entity: q } = await run('getQuery', { urn: QUERY });
    expect(q.properties).toMatchObject({
      name: 'Weekly net revenue by store',
      source: 'MANUAL',
      statement: { language: 'SQL' },
      created: { actor: 'urn:li:corpuser:jonah.whitfield' },
    });
    expect(q.properties.statement.value).toMatch(/SUM\(net_revenue_gbp\)/);
    expect(q.properties.createdOn.actor.urn).toBe('urn:li:corpuser:jonah.whitfield');
    expect(q.platform.urn).toBe('urn:li:dataPlatform:snowflake');
    expect(q.subjects).toEqual([
      expect.objectContaining({ dataset: expect.objectContaining({ urn: FCT_ORDERS }), schemaField: null }),
      expect.objectContaining({
        dataset: expect.objectContaining({ urn: FCT_ORDERS }),
        schemaField: expect.objectContaining({ fieldPath: 'net_revenue_gbp' }),
      }),
    ]);
    const { listQueries } = await run('listQueries', { input: { start: 0, count: 10, datasetUrn: FCT_ORDERS, source: 'MANUAL' } });
    expect(listQueries).toMatchObject({ total: 1, queries: [{ urn: QUERY }] });
    const { listQueries: none } = await run('listQueries', { input: { start: 0, count: 10, datasetUrn: DIM_CUSTOMERS } });
    expect(none.total).toBe(0);
  });

  it('listOwnershipTypes and getERModelRelationship', async () => {
    const { listOwnershipTypes } = await run('listOwnershipTypes', { input: { start: 0, count: 10 } });
    const reviewer = listOwnershipTypes.ownershipTypes.find((t: Json) => t.urn === 'urn:li:ownershipType:privacy-reviewer');
    expect(reviewer.info).toMatchObject({ name: 'Privacy reviewer', created: { actor: 'urn:li:corpuser:amara.okafor' } });

    const { erModelRelationship: er } = await run('getERModelRelationship', { urn: 'urn:li:erModelRelationship:orders-to-customers' });
    expect(er).toMatchObject({ id: 'orders-to-customers', type: 'ER_MODEL_RELATIONSHIP' });
    expect(er.properties).toMatchObject({
      name: 'Orders to customers',
      cardinality: 'N_ONE',
      source: { urn: FCT_ORDERS },
      destination: { urn: DIM_CUSTOMERS },
    });
    expect(er.properties.relationshipFieldMappings).toEqual([
      expect.objectContaining({ sourceField: 'customer_id', destinationField: 'customer_id' }),
    ]);
    expect(er.editableProperties.description).toMatch(/exactly one customer/);
    expect(er.outgoing.total).toBe(2);
  });

  it('roles: an external access role with its members, and DataHub’s own roles', async () => {
    const role = 'urn:li:role:snowflake-finance-reader';
    await ingest([
      mcp(role, 'roleProperties', {
        name: 'FINANCE_READER',
        description: 'Snowflake role that reads the finance marts.',
        type: 'READ',
        requestUrl: 'https://access.fernbrook.example/request/FINANCE_READER',
      }),
      mcp(role, 'actors', { users: [{ user: 'urn:li:corpuser:jonah.whitfield' }], groups: [{ group: 'urn:li:corpGroup:finance' }] }),
    ]);
    expect((await run('getExternalRole', { urn: role })).role.properties).toMatchObject({
      name: 'FINANCE_READER',
      description: 'Snowflake role that reads the finance marts.',
    });
    const data = await execute(
      `{ role(urn: "${role}") { id isAssignedToMe properties { requestUrl } actors { users { user { urn } } groups { group { urn } } } } admin: entity(urn: "urn:li:dataHubRole:Admin") { ... on DataHubRole { name description } } }`,
      {},
      'urn:li:corpuser:jonah.whitfield',
    );
    expect(data.role).toMatchObject({
      id: 'snowflake-finance-reader',
      isAssignedToMe: true,
      actors: { users: [{ user: { urn: 'urn:li:corpuser:jonah.whitfield' } }], groups: [{ group: { urn: 'urn:li:corpGroup:finance' } }] },
    });
    expect(data.admin).toEqual({ name: 'Admin', description: 'Can do everything on the platform.' });
  });

  it('connection: a stored connection’s details and platform', async () => {
    const urn = 'urn:li:dataHubConnection:snowflake-prod';
    const blob = JSON.stringify({ account: 'fernbrook.eu-west-1', warehouse: 'REPORTING_WH' });
    await ingest([
      mcp(urn, 'dataHubConnectionDetails', { type: 'JSON', name: 'Snowflake (prod)', json: { encryptedBlob: blob } }),
      mcp(urn, 'dataPlatformInstance', { platform: 'urn:li:dataPlatform:snowflake' }),
    ]);
    const { connection } = await run('connection', { urn });
    expect(connection).toMatchObject({
      urn,
      details: { type: 'JSON', json: { blob } },
      platform: { urn: 'urn:li:dataPlatform:snowflake' },
    });
  });

  it('getDomain and getGlossaryNode: their display properties', async () => {
    const { domain } = await run('getDomain', { urn: 'urn:li:domain:fulfilment' });
    expect(domain.displayProperties).toMatchObject({ colorHex: '#EF6C00', icon: { name: 'LocalShipping' } });
    const { glossaryNode } = await run('getGlossaryNode', { urn: 'urn:li:glossaryNode:Commerce' });
    expect(glossaryNode.displayProperties.colorHex).toBe('#1565C0');
  });

  it('a data product’s settings: the page template of its summary', async () => {
    const template = 'urn:li:dataHubPageTemplate:delivery-summary';
    const stamp = { time: 1767225600000, actor: 'urn:li:corpuser:tomas.lindqvist' };
    await ingest([
      mcp(template, 'dataHubPageTemplateProperties', {
        rows: [],
        assetSummary: { summaryElements: [{ elementType: 'STRUCTURED_PROPERTY', structuredPropertyUrn: CLASSIFICATION }] },
        surface: { surfaceType: 'ASSET_SUMMARY' },
        visibility: { scope: 'GLOBAL' },
        created: stamp,
        lastModified: stamp,
      }),
      mcp(DELIVERY_PRODUCT, 'assetSettings', { assetSummary: { templates: [{ template }] } }),
    ]);
    const { dataProduct } = await run('getDataProduct', { urn: DELIVERY_PRODUCT });
    expect(dataProduct.settings.assetSummary.templates.map((t: Json) => t.template.urn)).toEqual([template]);
    expect((await run('getDataProduct', { urn: REVENUE_PRODUCT })).dataProduct.settings).toBeNull();
  });

  it('a version set: its members, newest first, and each member’s version properties', async () => {
    const set = 'urn:li:versionSet:(customer-ltv,dataset)';
    const stamp = { time: 1767225600000, actor: 'urn:li:corpuser:priya.raman' };
    const members = [
      [
        LTV_LEGACY,
        {
          versionSet: set,
          version: { versionTag: 'v1' },
          aliases: [{ versionTag: 'legacy' }],
          sortId: 'AAAAAAAA',
          isLatest: false,
          comment: 'with VAT',
          metadataCreatedTimestamp: stamp,
        },
      ],
      [
        DIM_CUSTOMERS,
        {
          versionSet: set,
          version: { versionTag: 'v2' },
          aliases: [],
          sortId: 'AAAAAAAB',
          isLatest: true,
          metadataCreatedTimestamp: stamp,
        },
      ],
    ] as const;
    const proposals = [
      mcp(set, 'versionSetProperties', { latest: DIM_CUSTOMERS, versioningScheme: 'LEXICOGRAPHIC_STRING' }),
      ...members.map(([urn, v]) => mcp(urn, 'versionProperties', v)),
    ];
    await ingest(proposals);

    const { versionSet } = await run('searchAcrossVersions', { versionSetUrn: set, input: { query: '*', start: 0, count: 10 } });
    const found = versionSet.versionsSearch.searchResults.map((r: Json) => r.entity);
    expect(found.map((e: Json) => e.versionProperties.version.versionTag)).toEqual(['v2', 'v1']);
    expect(found[1].versionProperties).toMatchObject({
      isLatest: false,
      comment: 'with VAT',
      aliases: [{ versionTag: 'legacy' }],
      versionSet: { urn: set },
      created: { actor: { urn: 'urn:li:corpuser:priya.raman' } },
    });
    expect((await execute(`{ versionSet(urn: "${set}") { latestVersion { urn } } }`)).versionSet.latestVersion.urn).toBe(DIM_CUSTOMERS);
  });
});
