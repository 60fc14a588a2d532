/**
 * The web app's governance edits, sent as the app sends them (its own mutation documents), seen
 * through the app's own queries, REST `/entitiesV2` and search: structured properties (definitions,
 * values checked against them, a property shown in search filters becoming a filter and a facet),
 * ownership types, business attributes, related terms, display properties, links and embeds. Each
 * is refused (403, DataHub's text) to a user without the privilege, and bad input is a 400 with
 * nothing written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ACTOR, SYSTEM_ACTOR } from '../src/actors.js';
import { grantPolicy, http, mcp, startTestServer, type TestServer } from './helpers.js';
import { containing, webApp } from './webApp.js';

type Json = Record<string, any>;

let s: TestServer;
const { signIn, headers, gql, run: ok, write, changes, entityV2, expectOperationError } = webApp(() => s);

const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,gov.orders,PROD)';
const OTHER = 'urn:li:dataset:(urn:li:dataPlatform:hive,gov.customers,PROD)';
const CHART = 'urn:li:chart:(looker,gov.chart)';
const NOBODY = 'urn:li:corpuser:nobody';

/** A mutation that must be refused as a 400 naming `text` (a message holding it, or matching it), with nothing written. */
const rejected = (name: string, variables: Json, text: string | RegExp) =>
  expectOperationError(ADMIN_ACTOR, name, variables, 400, typeof text === 'string' ? containing(text) : text);

/** A mutation refused to a user without privileges: 403 with DataHub's text, nothing written. */
const refused = (name: string, variables: Json, text: string) => expectOperationError(NOBODY, name, variables, 403, text);

async function searchDatasets(input: Json): Promise<Json> {
  return (await ok('getSearchResultsForMultiple', { input: { types: ['DATASET'], query: '*', start: 0, count: 10, ...input } }))
    .searchAcrossEntities;
}

beforeAll(async () => {
  s = await startTestServer({ auth: true });
  // The first to sign in is whom requests go as by default.
  await signIn(ADMIN_ACTOR, NOBODY);
  await write(NOBODY, 'corpUserInfo', { active: true, displayName: 'Nobody' });
  await write(DATASET, 'datasetProperties', { name: 'orders', customProperties: {} });
  await write(OTHER, 'datasetProperties', { name: 'customers', customProperties: {} });
  await write(CHART, 'chartInfo', {
    title: 'gov chart',
    description: '',
    lastModified: { created: { time: 0, actor: SYSTEM_ACTOR }, lastModified: { time: 0, actor: SYSTEM_ACTOR } },
  });
});
afterAll(async () => s.close());

describe('structured properties', () => {
  const TIER = 'urn:li:structuredProperty:io.acryl.tier';
  const RETENTION = 'urn:li:structuredProperty:io.acryl.retention';
  const STEWARD = 'urn:li:structuredProperty:io.acryl.steward';

  it('creates a property with DataHub definition and settings, read back by the app', async () => {
    const created = await ok('createStructuredProperty', {
      input: {
        qualifiedName: 'io.acryl.tier',
        displayName: 'Tier',
        description: 'How critical the asset is',
        valueType: 'urn:li:dataType:datahub.string',
        cardinality: 'SINGLE',
        entityTypes: ['urn:li:entityType:datahub.dataset'],
        allowedValues: [{ stringValue: 'gold', description: 'critical' }, { stringValue: 'silver' }],
        settings: { showInSearchFilters: true, showInAssetSummary: true },
      },
    });
    expect(created.createStructuredProperty.urn).toBe(TIER);
    const { entity: structuredProperty } = await ok('getStructuredProperty', { urn: TIER });
    expect(structuredProperty.definition).toMatchObject({
      qualifiedName: 'io.acryl.tier',
      displayName: 'Tier',
      cardinality: 'SINGLE',
      valueType: { urn: 'urn:li:dataType:datahub.string' },
      allowedValues: [{ value: { stringValue: 'gold' }, description: 'critical' }, { value: { stringValue: 'silver' } }],
    });
    const aspects = await entityV2(TIER);
    expect(aspects.propertyDefinition.value).toMatchObject({
      qualifiedName: 'io.acryl.tier',
      entityTypes: ['urn:li:entityType:datahub.dataset'],
    });
    expect(aspects.structuredPropertySettings.value).toMatchObject({ showInSearchFilters: true, showInAssetSummary: true });

    await ok('createStructuredProperty', {
      input: { id: 'io.acryl.retention', valueType: 'urn:li:dataType:datahub.number', entityTypes: ['urn:li:entityType:datahub.dataset'] },
    });
    await ok('createStructuredProperty', {
      input: {
        qualifiedName: 'io.acryl.steward',
        valueType: 'urn:li:dataType:datahub.urn',
        typeQualifier: { allowedTypes: ['urn:li:entityType:datahub.corpuser'] },
        cardinality: 'MULTIPLE',
        entityTypes: ['urn:li:entityType:datahub.dataset'],
      },
    });
  });

  it('refuses a duplicate, a hidden property shown in filters, and an unknown value type', async () => {
    await rejected(
      'createStructuredProperty',
      { input: { qualifiedName: 'io.acryl.tier', valueType: 'urn:li:dataType:datahub.string', entityTypes: [] } },
      'A structured property already exists with this urn',
    );
    await rejected(
      'createStructuredProperty',
      {
        input: {
          qualifiedName: 'io.acryl.hidden',
          valueType: 'urn:li:dataType:datahub.string',
          entityTypes: [],
          settings: { isHidden: true, showInSearchFilters: true },
        },
      },
      'Cannot have property isHidden = true while other display location settings are also true.',
    );
    await rejected(
      'createStructuredProperty',
      { input: { qualifiedName: 'io.acryl.x', valueType: 'urn:li:dataType:datahub.blob', entityTypes: [] } },
      /datahub\.blob/,
    );
    await rejected(
      'createStructuredProperty',
      { input: { id: 'a', qualifiedName: 'b', valueType: 'urn:li:dataType:datahub.string', entityTypes: [] } },
      'Qualified name and the ID of a structured property must match',
    );
    await ok('updateStructuredProperty', { input: { urn: RETENTION, settings: { showAsAssetBadge: true } } });
    await rejected(
      'updateStructuredProperty',
      { input: { urn: TIER, settings: { showAsAssetBadge: true } } },
      `Cannot have more than one property set with show as badge. Property urns currently set: [${RETENTION}]`,
    );
    await ok('updateStructuredProperty', { input: { urn: RETENTION, settings: { showAsAssetBadge: false } } });
  });

  it('sets values on an asset, seen on the dataset page, in REST and in search with a facet', async () => {
    const upserted = await ok('upsertStructuredProperties', {
      input: {
        assetUrn: DATASET,
        structuredPropertyInputParams: [
          { structuredPropertyUrn: TIER, values: [{ stringValue: 'gold' }] },
          { structuredPropertyUrn: RETENTION, values: [{ numberValue: 90 }] },
          { structuredPropertyUrn: STEWARD, values: [{ stringValue: NOBODY }, { stringValue: ADMIN_ACTOR }] },
        ],
      },
    });
    expect(upserted.upsertStructuredProperties.properties).toHaveLength(3);
    await ok('upsertStructuredProperties', {
      input: { assetUrn: OTHER, structuredPropertyInputParams: [{ structuredPropertyUrn: TIER, values: [{ stringValue: 'silver' }] }] },
    });

    const { dataset } = await ok('getDataset', { urn: DATASET });
    const byUrn = Object.fromEntries(dataset.structuredProperties.properties.map((p: Json) => [p.structuredProperty.urn, p]));
    expect(byUrn[TIER].values).toEqual([{ __typename: 'StringValue', stringValue: 'gold' }]);
    expect(byUrn[RETENTION].values).toEqual([{ __typename: 'NumberValue', numberValue: 90 }]);
    expect(byUrn[STEWARD].valueEntities.map((e: Json) => e.urn)).toEqual([NOBODY, ADMIN_ACTOR]);

    const aspect = (await entityV2(DATASET)).structuredProperties.value;
    expect(aspect.properties.find((p: Json) => p.propertyUrn === TIER).values).toEqual([{ string: 'gold' }]);

    const filtered = await searchDatasets({ orFilters: [{ and: [{ field: 'structuredProperties.io.acryl.tier', values: ['gold'] }] }] });
    expect(filtered.searchResults.map((r: Json) => r.entity.urn)).toEqual([DATASET]);
    const faceted = await searchDatasets({ searchFlags: { includeStructuredPropertyFacets: true } });
    const facet = faceted.facets.find((f: Json) => f.field === 'structuredProperties.io.acryl.tier');
    expect(facet.entity).toMatchObject({ urn: TIER, definition: { displayName: 'Tier' } });
    expect(facet.aggregations.map((a: Json) => [a.value, a.count]).sort()).toEqual([
      ['gold', 1],
      ['silver', 1],
    ]);
    // Not shown in search filters: no facet unless asked for.
    expect(faceted.facets.some((f: Json) => f.field === 'structuredProperties.io.acryl.retention')).toBe(false);
  });

  it('refuses values of the wrong type or not allowed, naming property and value, writing nothing', async () => {
    const upsert = (structuredPropertyUrn: string, values: Json[]) => ({
      input: { assetUrn: DATASET, structuredPropertyInputParams: [{ structuredPropertyUrn, values }] },
    });
    await rejected(
      'upsertStructuredProperties',
      upsert(TIER, [{ stringValue: 'bronze' }]),
      `Property: ${TIER}, value: {string=bronze} should be one of [{string=gold}, {string=silver}]`,
    );
    await rejected(
      'upsertStructuredProperties',
      upsert(RETENTION, [{ stringValue: 'forever' }]),
      `Property: ${RETENTION}, value: {string=forever} should be a number`,
    );
    await rejected(
      'upsertStructuredProperties',
      upsert(TIER, [{ numberValue: 3 }]),
      `Property: ${TIER}, value: {double=3.0} should be a string`,
    );
    await rejected(
      'upsertStructuredProperties',
      upsert(TIER, [{ stringValue: 'gold' }, { stringValue: 'silver' }]),
      `Property: ${TIER} has cardinality 1, but multiple values were assigned`,
    );
    await rejected(
      'upsertStructuredProperties',
      upsert(STEWARD, [{ stringValue: 'urn:li:tag:x' }]),
      `Property: ${STEWARD}, value: {string=urn:li:tag:x} is not of any supported urn types`,
    );
    // The definition's entityTypes (datasets only) guide the web app; DataHub does not refuse a write to another type.
    await ok('upsertStructuredProperties', {
      input: { assetUrn: CHART, structuredPropertyInputParams: [{ structuredPropertyUrn: TIER, values: [{ stringValue: 'gold' }] }] },
    });
    const { dataset } = await ok('getDataset', { urn: DATASET });
    expect(dataset.structuredProperties.properties.find((p: Json) => p.structuredProperty.urn === TIER).values[0].stringValue).toBe('gold');
  });

  it('checks values sent over REST ingestion the same way: 422, nothing written', async () => {
    const before = await changes();
    const send = async (value: Json) =>
      http(`${s.url}/aspects?action=ingestProposal`, {
        body: { proposal: mcp(OTHER, 'structuredProperties', value) },
        headers: await headers(ADMIN_ACTOR),
      });
    const wrongType = await send({ properties: [{ propertyUrn: RETENTION, values: [{ string: 'forever' }] }] });
    expect(wrongType.status).toBe(422);
    expect(JSON.stringify(wrongType.body)).toContain(`Property: ${RETENTION}, value: {string=forever} should be a number`);
    const undefinedProperty = await send({
      properties: [{ propertyUrn: 'urn:li:structuredProperty:io.acryl.none', values: [{ string: 'x' }] }],
    });
    expect(undefinedProperty.status).toBe(422);
    expect(JSON.stringify(undefinedProperty.body)).toContain(
      'Unexpected null value found for urn:li:structuredProperty:io.acryl.none Structured Property Definition.',
    );
    expect(await changes()).toBe(before);
    expect(
      (
        await send({
          properties: [
            { propertyUrn: RETENTION, values: [{ double: 30 }] },
            { propertyUrn: TIER, values: [{ string: 'silver' }] },
          ],
        })
      ).status,
    ).toBe(200);
  });

  it("takes a property defined for datasets on another type over REST, as DataHub's validator does (datahub dataset upsert of its example)", async () => {
    const r = await http(`${s.url}/aspects?action=ingestProposal`, {
      body: { proposal: mcp(CHART, 'structuredProperties', { properties: [{ propertyUrn: TIER, values: [{ string: 'gold' }] }] }) },
      headers: { ...(await headers(ADMIN_ACTOR)), 'X-RestLi-Protocol-Version': '2.0.0' },
    });
    expect(r.status, r.text).toBe(200);
    const read = await http(`${s.url}/aspects/${encodeURIComponent(CHART)}?aspect=structuredProperties&version=0`, {
      headers: await headers(ADMIN_ACTOR),
    });
    expect(read.body.aspect['com.linkedin.structured.StructuredProperties'].properties).toEqual([
      { propertyUrn: TIER, values: [{ string: 'gold' }] },
    ]);
  });

  it('updates a definition additively and removes values from an asset', async () => {
    await ok('updateStructuredProperty', {
      input: { urn: TIER, displayName: 'Criticality', newAllowedValues: [{ stringValue: 'bronze' }], setCardinalityAsMultiple: true },
    });
    const { entity: structuredProperty } = await ok('getStructuredProperty', { urn: TIER });
    expect(structuredProperty.definition.displayName).toBe('Criticality');
    expect(structuredProperty.definition.cardinality).toBe('MULTIPLE');
    expect(structuredProperty.definition.allowedValues.map((a: Json) => a.value.stringValue)).toEqual(['gold', 'silver', 'bronze']);
    await ok('upsertStructuredProperties', {
      input: {
        assetUrn: DATASET,
        structuredPropertyInputParams: [{ structuredPropertyUrn: TIER, values: [{ stringValue: 'gold' }, { stringValue: 'bronze' }] }],
      },
    });

    const removed = await ok('removeStructuredProperties', { input: { assetUrn: DATASET, structuredPropertyUrns: [RETENTION] } });
    expect(removed.removeStructuredProperties.properties.map((p: Json) => p.structuredProperty.urn).sort()).toEqual([STEWARD, TIER].sort());
    const aspect = (await entityV2(DATASET)).structuredProperties.value;
    expect(aspect.properties.map((p: Json) => p.propertyUrn)).not.toContain(RETENTION);
    const filtered = await searchDatasets({ orFilters: [{ and: [{ field: 'structuredProperties.io.acryl.tier', values: ['bronze'] }] }] });
    expect(filtered.searchResults.map((r: Json) => r.entity.urn)).toEqual([DATASET]);
  });

  it('keeps an immutable property value from being changed or removed once set', async () => {
    const FIXED = 'urn:li:structuredProperty:io.acryl.origin';
    await ok('createStructuredProperty', {
      input: {
        qualifiedName: 'io.acryl.origin',
        valueType: 'urn:li:dataType:datahub.string',
        immutable: true,
        entityTypes: ['urn:li:entityType:datahub.dataset'],
      },
    });
    const set = (value: string) => ({
      input: { assetUrn: OTHER, structuredPropertyInputParams: [{ structuredPropertyUrn: FIXED, values: [{ stringValue: value }] }] },
    });
    await ok('upsertStructuredProperties', set('erp'));
    await rejected('upsertStructuredProperties', set('crm'), `Cannot mutate an immutable property: ${FIXED}`);
    await rejected(
      'removeStructuredProperties',
      { input: { assetUrn: OTHER, structuredPropertyUrns: [FIXED] } },
      `Cannot delete an immutable property ${FIXED}`,
    );
    // Other values of the asset stay editable.
    await ok('upsertStructuredProperties', {
      input: { assetUrn: OTHER, structuredPropertyInputParams: [{ structuredPropertyUrn: RETENTION, values: [{ numberValue: 7 }] }] },
    });
    const aspect = (await entityV2(OTHER)).structuredProperties.value;
    expect(aspect.properties.find((p: Json) => p.propertyUrn === FIXED).values).toEqual([{ string: 'erp' }]);
    await ok('deleteStructuredProperty', { input: { urn: FIXED } });
  });

  it('refuses every structured property mutation to a user without the privilege', async () => {
    await refused(
      'createStructuredProperty',
      { input: { qualifiedName: 'io.acryl.no', valueType: 'urn:li:dataType:datahub.string', entityTypes: [] } },
      'Unable to create structured property. Please contact your admin.',
    );
    await refused(
      'updateStructuredProperty',
      { input: { urn: TIER, displayName: 'x' } },
      'Unable to update structured property. Please contact your admin.',
    );
    await refused('deleteStructuredProperty', { input: { urn: TIER } }, 'Unable to delete structured property. Please contact your admin.');
    const values = {
      input: { assetUrn: DATASET, structuredPropertyInputParams: [{ structuredPropertyUrn: TIER, values: [{ stringValue: 'gold' }] }] },
    };
    await refused('upsertStructuredProperties', values, `Not authorized to update properties on the gives urn ${DATASET}`);
    await refused(
      'removeStructuredProperties',
      { input: { assetUrn: DATASET, structuredPropertyUrns: [TIER] } },
      `Not authorized to update properties on the gives urn ${DATASET}`,
    );

    await grantPolicy(s.services, 'nobody-edits-properties', {
      type: 'METADATA',
      privileges: ['EDIT_ENTITY_PROPERTIES'],
      actors: { users: [NOBODY] },
    });
    await ok('upsertStructuredProperties', values, NOBODY);
  });

  it('deletes a property and its values on every asset', async () => {
    expect((await ok('deleteStructuredProperty', { input: { urn: TIER } })).deleteStructuredProperty).toBe(true);
    const aspect = (await entityV2(OTHER)).structuredProperties.value;
    expect(aspect.properties.map((p: Json) => p.propertyUrn)).toEqual([RETENTION]);
    const { dataset } = await ok('getDataset', { urn: DATASET });
    expect(dataset.structuredProperties.properties.map((p: Json) => p.structuredProperty.urn)).toEqual([STEWARD]);
    const filtered = await searchDatasets({ orFilters: [{ and: [{ field: 'structuredProperties.io.acryl.tier', values: ['gold'] }] }] });
    expect(filtered.total).toBe(0);
  });
});

describe('ownership types', () => {
  let urn = '';

  it('creates, updates and lists a custom ownership type, usable by addOwners', async () => {
    const created = (await ok('createOwnershipType', { input: { name: 'Steward', description: 'Looks after the data' } }))
      .createOwnershipType;
    urn = created.urn;
    expect(urn).toMatch(/^urn:li:ownershipType:/);
    expect(created.info).toMatchObject({ name: 'Steward', description: 'Looks after the data', created: { actor: ADMIN_ACTOR } });
    const updated = (await ok('updateOwnershipType', { urn, input: { name: 'Data Steward' } })).updateOwnershipType;
    expect(updated.info).toMatchObject({ name: 'Data Steward', description: 'Looks after the data' });
    const listed = (await ok('listOwnershipTypes', { input: { start: 0, count: 100 } })).listOwnershipTypes;
    expect(listed.ownershipTypes.find((t: Json) => t.urn === urn)?.info.name).toBe('Data Steward');
    expect((await entityV2(urn)).ownershipTypeInfo.value).toMatchObject({ name: 'Data Steward' });

    await ok('addOwners', {
      input: { resourceUrn: OTHER, owners: [{ ownerUrn: NOBODY, ownerEntityType: 'CORP_USER', type: 'CUSTOM', ownershipTypeUrn: urn }] },
    });
    expect((await entityV2(OTHER)).ownership.value.owners[0]).toMatchObject({ owner: NOBODY, typeUrn: urn });
  });

  it('refuses to update an ownership type that does not exist, writing nothing', async () => {
    const missing = 'urn:li:ownershipType:missing';
    await rejected(
      'updateOwnershipType',
      { urn: missing, input: { name: 'x' } },
      `Failed to update Ownership Type. Ownership Type with urn ${missing} does not exist.`,
    );
  });

  it('refuses ownership type changes to a user without MANAGE_GLOBAL_OWNERSHIP_TYPES', async () => {
    const text = 'Unauthorized to perform this action. Please contact your DataHub administrator.';
    await refused('createOwnershipType', { input: { name: 'x', description: 'y' } }, text);
    await refused('updateOwnershipType', { urn, input: { name: 'x' } }, text);
    await refused('deleteOwnershipType', { urn, deleteReferences: true }, text);
  });

  it('deletes a custom ownership type and, when asked, the owner entries of that type', async () => {
    expect((await ok('deleteOwnershipType', { urn, deleteReferences: true })).deleteOwnershipType).toBe(true);
    const listed = (await ok('listOwnershipTypes', { input: { start: 0, count: 100 } })).listOwnershipTypes;
    expect(listed.ownershipTypes.some((t: Json) => t.urn === urn)).toBe(false);
    expect((await entityV2(OTHER)).ownership?.value.owners ?? []).toEqual([]);
  });
});

describe('business attributes', () => {
  const FIELD = `urn:li:schemaField:(${DATASET},order_id)`;
  let urn = '';

  it('creates and updates an attribute, read back by the app and found in search', async () => {
    urn = (
      await ok('createBusinessAttribute', { input: { id: 'order-id', name: 'OrderId', description: 'An order number', type: 'STRING' } })
    ).createBusinessAttribute.urn;
    expect(urn).toBe('urn:li:businessAttribute:order-id');
    await ok('updateBusinessAttribute', { urn, input: { description: 'The number of an order', type: 'NUMBER' } });
    const { businessAttribute } = await ok('getBusinessAttribute', { urn });
    expect(businessAttribute.properties).toMatchObject({
      name: 'OrderId',
      description: 'The number of an order',
      businessAttributeDataType: 'NUMBER',
    });
    expect(businessAttribute.ownership.owners.map((o: Json) => o.owner.urn)).toEqual([ADMIN_ACTOR]);
    expect((await entityV2(urn)).businessAttributeInfo.value.type).toEqual({ type: { 'com.linkedin.schema.NumberType': {} } });
    const listed = (await ok('listBusinessAttributes', { start: 0, count: 10, query: 'OrderId' })).listBusinessAttributes;
    expect(listed.businessAttributes.map((b: Json) => b.urn)).toContain(urn);
  });

  it('refuses a second attribute of the same name', async () => {
    await expectOperationError(
      ADMIN_ACTOR,
      'createBusinessAttribute',
      { input: { name: 'OrderId' } },
      409,
      '"OrderId" already exists as Business Attribute. Please pick a unique name.',
    );
  });

  it('takes tags and terms from the batch label mutations, kept in its definition', async () => {
    // The glossary term page's "add to assets" offers business attributes among the assets.
    const TERM = 'urn:li:glossaryTerm:gov.OrderTerm';
    const TAG = 'urn:li:tag:gov.orders';
    await write(TERM, 'glossaryTermInfo', { name: 'OrderTerm', definition: 'd', termSource: 'INTERNAL' });
    await write(TAG, 'tagProperties', { name: 'gov.orders' });
    await ok('batchAddTerms', { input: { termUrns: [TERM], resources: [{ resourceUrn: urn }] } });
    await ok('batchAddTags', { input: { tagUrns: [TAG], resources: [{ resourceUrn: urn }] } });
    const { businessAttribute } = await ok('getBusinessAttribute', { urn });
    expect(businessAttribute.properties.glossaryTerms.terms.map((t: Json) => t.term.urn)).toEqual([TERM]);
    expect(businessAttribute.properties.tags.tags.map((t: Json) => t.tag.urn)).toEqual([TAG]);
    const info = (await entityV2(urn)).businessAttributeInfo.value;
    expect(info.name).toBe('OrderId');
    expect(info.glossaryTerms.terms).toEqual([{ urn: TERM }]);
    await ok('batchRemoveTerms', { input: { termUrns: [TERM], resources: [{ resourceUrn: urn }] } });
    await ok('batchRemoveTags', { input: { tagUrns: [TAG], resources: [{ resourceUrn: urn }] } });
    const after = (await ok('getBusinessAttribute', { urn })).businessAttribute.properties;
    expect(after.glossaryTerms.terms).toEqual([]);
    expect(after.tags.tags).toEqual([]);
  });

  it('attaches the attribute to a column and removes it', async () => {
    await ok('addBusinessAttribute', { input: { businessAttributeUrn: urn, resourceUrn: [{ resourceUrn: FIELD }] } });
    const { entity } = await ok('getSchemaField', { urn: FIELD });
    expect(entity.businessAttributes.businessAttribute.businessAttribute.urn).toBe(urn);
    expect((await entityV2(FIELD)).businessAttributes.value).toEqual({ businessAttribute: { businessAttributeUrn: urn } });
    await rejected(
      'addBusinessAttribute',
      { input: { businessAttributeUrn: 'urn:li:businessAttribute:none', resourceUrn: [{ resourceUrn: FIELD }] } },
      'This urn does not exist: urn:li:businessAttribute:none',
    );
    await ok('removeBusinessAttribute', { input: { businessAttributeUrn: urn, resourceUrn: [{ resourceUrn: FIELD }] } });
    expect((await entityV2(FIELD)).businessAttributes.value).toEqual({});
    await rejected(
      'removeBusinessAttribute',
      { input: { businessAttributeUrn: urn, resourceUrn: [{ resourceUrn: FIELD }] } },
      'Schema field has not attached with business attribute',
    );
  });

  it('refuses attribute changes to a user without the privileges', async () => {
    const text = 'Unauthorized to perform this action. Please contact your DataHub administrator.';
    await refused('createBusinessAttribute', { input: { name: 'Other' } }, text);
    await refused('updateBusinessAttribute', { urn, input: { name: 'Other' } }, text);
    await refused('deleteBusinessAttribute', { urn }, text);
    await refused(
      'addBusinessAttribute',
      { input: { businessAttributeUrn: urn, resourceUrn: [{ resourceUrn: `urn:li:schemaField:(${CHART},x)` }] } },
      text,
    );
  });

  it('deletes the attribute and its use on columns', async () => {
    await ok('addBusinessAttribute', { input: { businessAttributeUrn: urn, resourceUrn: [{ resourceUrn: FIELD }] } });
    expect((await ok('deleteBusinessAttribute', { urn })).deleteBusinessAttribute).toBe(true);
    expect((await ok('getBusinessAttribute', { urn })).businessAttribute?.properties ?? null).toBeNull();
    expect((await entityV2(FIELD)).businessAttributes?.value.businessAttribute).toBeUndefined();
  });
});

describe('glossary relations, display properties, links and embeds', () => {
  const TERM = 'urn:li:glossaryTerm:gov.revenue';
  const PARENT = 'urn:li:glossaryTerm:gov.money';
  const PART = 'urn:li:glossaryTerm:gov.net';
  const DOMAIN = 'urn:li:domain:gov-finance';

  beforeAll(async () => {
    for (const [urn, name] of [
      [TERM, 'Revenue'],
      [PARENT, 'Money'],
      [PART, 'Net'],
    ] as const) {
      await write(urn, 'glossaryTermInfo', { name, definition: '', termSource: 'INTERNAL' });
    }
    await write(DOMAIN, 'domainProperties', { name: 'Finance' });
  });

  it('adds and removes related terms, seen on the term page', async () => {
    await ok('addRelatedTerms', { input: { urn: TERM, termUrns: [PARENT], relationshipType: 'isA' } });
    await ok('addRelatedTerms', { input: { urn: TERM, termUrns: [PART], relationshipType: 'hasA' } });
    let { glossaryTerm } = await ok('getGlossaryTerm', { urn: TERM, start: 0, count: 10 });
    expect(glossaryTerm.isRelatedTerms.relationships.map((r: Json) => r.entity.urn)).toEqual([PARENT]);
    expect(glossaryTerm.hasRelatedTerms.relationships.map((r: Json) => r.entity.urn)).toEqual([PART]);
    expect((await entityV2(TERM)).glossaryRelatedTerms.value).toMatchObject({ isRelatedTerms: [PARENT], hasRelatedTerms: [PART] });

    await rejected(
      'addRelatedTerms',
      { input: { urn: TERM, termUrns: [TERM], relationshipType: 'isA' } },
      `Failed to update ${TERM}. Tried to create related term with itself.`,
    );
    await rejected(
      'addRelatedTerms',
      { input: { urn: TERM, termUrns: ['urn:li:glossaryTerm:nope'], relationshipType: 'isA' } },
      `Failed to update ${TERM}. urn:li:glossaryTerm:nope does not exist.`,
    );
    await refused(
      'addRelatedTerms',
      { input: { urn: TERM, termUrns: [PART], relationshipType: 'isA' } },
      'Unauthorized to perform this action. Please contact your DataHub administrator.',
    );

    await ok('removeRelatedTerms', { input: { urn: TERM, termUrns: [PARENT], relationshipType: 'isA' } });
    ({ glossaryTerm } = await ok('getGlossaryTerm', { urn: TERM, start: 0, count: 10 }));
    expect(glossaryTerm.isRelatedTerms.total).toBe(0);
  });

  it('sets the colour and icon of a domain, seen on the domain page', async () => {
    await ok('updateDisplayProperties', {
      urn: DOMAIN,
      input: { colorHex: '#123456', icon: { iconLibrary: 'MATERIAL', name: 'Savings', style: 'Outlined' } },
    });
    await ok('updateDisplayProperties', { urn: DOMAIN, input: { colorHex: '#abcdef' } });
    const { domain } = await ok('getDomain', { urn: DOMAIN });
    expect(domain.displayProperties).toMatchObject({
      colorHex: '#abcdef',
      icon: { iconLibrary: 'MATERIAL', name: 'Savings', style: 'Outlined' },
    });
    expect((await entityV2(DOMAIN)).displayProperties.value.colorHex).toBe('#abcdef');
    await refused(
      'updateDisplayProperties',
      { urn: DOMAIN, input: { colorHex: '#000000' } },
      'Unauthorized to perform this action. Please contact your DataHub administrator.',
    );
    await rejected(
      'updateDisplayProperties',
      { urn: 'urn:li:domain:none', input: { colorHex: '#000000' } },
      'Failed to update urn:li:domain:none. urn:li:domain:none does not exist.',
    );
  });

  it('changes a link of an entity, and refuses one that does not exist', async () => {
    await ok('addLink', { input: { resourceUrn: DOMAIN, linkUrl: 'https://wiki/finance', label: 'Wiki' } });
    await ok('updateLink', {
      input: {
        resourceUrn: DOMAIN,
        currentUrl: 'https://wiki/finance',
        currentLabel: 'Wiki',
        linkUrl: 'https://wiki/finance-v2',
        label: 'Finance wiki',
      },
    });
    const { domain } = await ok('getDomain', { urn: DOMAIN });
    expect(domain.institutionalMemory.elements.map((e: Json) => [e.url, e.description])).toEqual([
      ['https://wiki/finance-v2', 'Finance wiki'],
    ]);
    await rejected(
      'updateLink',
      { input: { resourceUrn: DOMAIN, currentUrl: 'https://wiki/finance', currentLabel: 'Wiki', linkUrl: 'https://x', label: 'x' } },
      "Failed to update the link 'https://wiki/finance' with label 'Wiki'. The link does not exist",
    );
    await refused(
      'updateLink',
      {
        input: {
          resourceUrn: DOMAIN,
          currentUrl: 'https://wiki/finance-v2',
          currentLabel: 'Finance wiki',
          linkUrl: 'https://x',
          label: 'x',
        },
      },
      'Unauthorized to perform this action. Please contact your DataHub administrator.',
    );
  });

  it('sets and clears the embed of a chart', async () => {
    await ok('updateEmbed', { input: { urn: CHART, renderUrl: 'https://looker/embed/1' } });
    expect((await entityV2(CHART)).embed.value).toEqual({ renderUrl: 'https://looker/embed/1' });
    const chart = (await ok('getChart', { urn: CHART })).chart;
    expect(chart.embed.renderUrl).toBe('https://looker/embed/1');
    await refused(
      'updateEmbed',
      { input: { urn: CHART, renderUrl: 'https://x' } },
      'Unauthorized to perform this action. Please contact your DataHub administrator.',
    );
    await rejected(
      'updateEmbed',
      { input: { urn: 'urn:li:chart:(looker,none)', renderUrl: 'https://x' } },
      'Failed to update embed for entity with urn urn:li:chart:(looker,none). Entity does not exist!',
    );
    await ok('updateEmbed', { input: { urn: CHART } });
    expect((await entityV2(CHART)).embed.value).toEqual({});
  });
});

describe('logical parents', () => {
  const SET = 'mutation setLogicalParent($input: SetLogicalParentInput!) { setLogicalParent(input: $input) }';
  const READ = 'query($urn: String!) { dataset(urn: $urn) { logicalParent { urn } } }';
  const send = (query: string, variables: Json, user = ADMIN_ACTOR) => gql(user, query, variables);

  it('sets and removes the logical parent of a dataset, read back, in REST and as a search filter', async () => {
    expect((await send(SET, { input: { resourceUrn: DATASET, parentUrn: OTHER } })).data.setLogicalParent).toBe(true);
    expect((await send(READ, { urn: DATASET })).data.dataset.logicalParent).toEqual({ urn: OTHER });
    expect((await entityV2(DATASET)).logicalParent.value.parent).toMatchObject({ destinationUrn: OTHER, created: { actor: ADMIN_ACTOR } });
    const found = await searchDatasets({ orFilters: [{ and: [{ field: 'logicalParent', values: [OTHER] }] }] });
    expect(found.searchResults.map((r: Json) => r.entity.urn)).toEqual([DATASET]);

    const refusedBody = await send(SET, { input: { resourceUrn: DATASET, parentUrn: null } }, NOBODY);
    expect(refusedBody.errors[0].extensions).toMatchObject({ code: 403 });
    const bad = await send(SET, { input: { resourceUrn: CHART, parentUrn: OTHER } });
    expect(bad.errors[0].extensions).toMatchObject({ code: 400 });

    await send(SET, { input: { resourceUrn: DATASET, parentUrn: null } });
    expect((await send(READ, { urn: DATASET })).data.dataset.logicalParent).toBeNull();
  });
});
