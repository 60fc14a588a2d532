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
import { buildProposal } from '../src/service/proposals.js';
import { grantPolicy, http, startTestServer, type TestServer } from './helpers.js';
import { webAppOperation } from './webAppOperations.js';

type Json = Record<string, any>;

let s: TestServer;
let admin: string;
let nobody: string;

const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,gov.orders,PROD)';
const OTHER = 'urn:li:dataset:(urn:li:dataPlatform:hive,gov.customers,PROD)';
const CHART = 'urn:li:chart:(looker,gov.chart)';
const NOBODY = 'urn:li:corpuser:nobody';

async function write(urn: string, aspect: string, value: unknown): Promise<void> {
  await s.services.writePath.apply([buildProposal(s.services.registry, urn, aspect, 'UPSERT', value)], { actor: SYSTEM_ACTOR });
}

async function tokenFor(user: string): Promise<string> {
  return (await s.services.tokens.mint({ actorUrn: user, duration: 'ONE_DAY', name: 'test' })).accessToken;
}

/** One of the app's operations, by name, as `token`'s user. */
async function app(name: string, variables: Json, token = admin): Promise<Json> {
  const reply = await http(`${s.url}/api/v2/graphql`, { body: { query: webAppOperation(name), variables }, headers: { authorization: `Bearer ${token}` } });
  expect(reply.status).toBe(200);
  return reply.body;
}

async function ok(name: string, variables: Json): Promise<Json> {
  const body = await app(name, variables);
  expect(body.errors).toBeUndefined();
  return body.data;
}

async function entityV2(urn: string): Promise<Json> {
  const reply = await http(`${s.url}/entitiesV2/${encodeURIComponent(urn)}`, { headers: { authorization: `Bearer ${admin}` } });
  expect(reply.status).toBe(200);
  return reply.body.aspects ?? {};
}

const changes = async () => (await s.services.store.readChangeLog(0, 1_000_000)).length;

/** A mutation that must be refused as a 400 naming `text`, with nothing written. */
async function rejected(name: string, variables: Json, text: string | RegExp): Promise<void> {
  const before = await changes();
  const body = await app(name, variables);
  expect(body.errors?.[0]?.extensions).toMatchObject({ code: 400, type: 'BAD_REQUEST' });
  expect(body.errors[0].message).toMatch(text);
  expect(await changes()).toBe(before);
}

/** A mutation refused to a user without privileges: 403 with DataHub's text, nothing written. */
async function refused(name: string, variables: Json, text: string): Promise<void> {
  const before = await changes();
  const body = await app(name, variables, nobody);
  expect(body.errors?.[0]).toMatchObject({ message: text, extensions: { code: 403, type: 'UNAUTHORIZED' } });
  expect(await changes()).toBe(before);
}

async function searchDatasets(input: Json): Promise<Json> {
  return (await ok('getSearchResultsForMultiple', { input: { types: ['DATASET'], query: '*', start: 0, count: 10, ...input } })).searchAcrossEntities;
}

beforeAll(async () => {
  s = await startTestServer({ auth: true });
  admin = await tokenFor(ADMIN_ACTOR);
  nobody = await tokenFor(NOBODY);
  await write(NOBODY, 'corpUserInfo', { active: true, displayName: 'Nobody' });
  await write(DATASET, 'datasetProperties', { name: 'orders', customProperties: {} });
  await write(OTHER, 'datasetProperties', { name: 'customers', customProperties: {} });
  await write(CHART, 'chartInfo', { title: 'gov chart', description: '', lastModified: { created: { time: 0, actor: SYSTEM_ACTOR }, lastModified: { time: 0, actor: SYSTEM_ACTOR } } });
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
    expect(aspects.propertyDefinition.value).toMatchObject({ qualifiedName: 'io.acryl.tier', entityTypes: ['urn:li:entityType:datahub.dataset'] });
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
    await rejected('createStructuredProperty', { input: { qualifiedName: 'io.acryl.tier', valueType: 'urn:li:dataType:datahub.string', entityTypes: [] } }, 'A structured property already exists with this urn');
    await rejected(
      'createStructuredProperty',
      { input: { qualifiedName: 'io.acryl.hidden', valueType: 'urn:li:dataType:datahub.string', entityTypes: [], settings: { isHidden: true, showInSearchFilters: true } } },
      'Cannot have property isHidden = true while other display location settings are also true.',
    );
    await rejected('createStructuredProperty', { input: { qualifiedName: 'io.acryl.x', valueType: 'urn:li:dataType:datahub.blob', entityTypes: [] } }, /datahub\.blob/);
    await rejected('createStructuredProperty', { input: { id: 'a', qualifiedName: 'b', valueType: 'urn:li:dataType:datahub.string', entityTypes: [] } }, 'Qualified name and the ID of a structured property must match');
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
    await ok('upsertStructuredProperties', { input: { assetUrn: OTHER, structuredPropertyInputParams: [{ structuredPropertyUrn: TIER, values: [{ stringValue: 'silver' }] }] } });

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
    expect(facet.aggregations.map((a: Json) => [a.value, a.count]).sort()).toEqual([
      ['gold', 1],
      ['silver', 1],
    ]);
    // Not shown in search filters: no facet unless asked for.
    expect(faceted.facets.some((f: Json) => f.field === 'structuredProperties.io.acryl.retention')).toBe(false);
  });

  it('refuses values of the wrong type or not allowed, naming property and value, writing nothing', async () => {
    const upsert = (structuredPropertyUrn: string, values: Json[]) => ({ input: { assetUrn: DATASET, structuredPropertyInputParams: [{ structuredPropertyUrn, values }] } });
    await rejected('upsertStructuredProperties', upsert(TIER, [{ stringValue: 'bronze' }]), `Property: ${TIER}, value: {string=bronze} should be one of [{string=gold}, {string=silver}]`);
    await rejected('upsertStructuredProperties', upsert(RETENTION, [{ stringValue: 'forever' }]), `Property: ${RETENTION}, value: {string=forever} should be a number`);
    await rejected('upsertStructuredProperties', upsert(TIER, [{ numberValue: 3 }]), `Property: ${TIER}, value: {double=3.0} should be a string`);
    await rejected('upsertStructuredProperties', upsert(TIER, [{ stringValue: 'gold' }, { stringValue: 'silver' }]), `Property: ${TIER} has cardinality 1, but multiple values were assigned`);
    await rejected('upsertStructuredProperties', upsert(STEWARD, [{ stringValue: 'urn:li:tag:x' }]), `Property: ${STEWARD}, value: {string=urn:li:tag:x} is not of any supported urn types`);
    await rejected('upsertStructuredProperties', { input: { assetUrn: CHART, structuredPropertyInputParams: [{ structuredPropertyUrn: TIER, values: [{ stringValue: 'gold' }] }] } }, /cannot be applied to entity type chart/);
    const { dataset } = await ok('getDataset', { urn: DATASET });
    expect(dataset.structuredProperties.properties.find((p: Json) => p.structuredProperty.urn === TIER).values[0].stringValue).toBe('gold');
  });

  it('updates a definition additively and removes values from an asset', async () => {
    await ok('updateStructuredProperty', { input: { urn: TIER, displayName: 'Criticality', newAllowedValues: [{ stringValue: 'bronze' }], setCardinalityAsMultiple: true } });
    const { entity: structuredProperty } = await ok('getStructuredProperty', { urn: TIER });
    expect(structuredProperty.definition.displayName).toBe('Criticality');
    expect(structuredProperty.definition.cardinality).toBe('MULTIPLE');
    expect(structuredProperty.definition.allowedValues.map((a: Json) => a.value.stringValue)).toEqual(['gold', 'silver', 'bronze']);
    await ok('upsertStructuredProperties', { input: { assetUrn: DATASET, structuredPropertyInputParams: [{ structuredPropertyUrn: TIER, values: [{ stringValue: 'gold' }, { stringValue: 'bronze' }] }] } });

    const removed = await ok('removeStructuredProperties', { input: { assetUrn: DATASET, structuredPropertyUrns: [RETENTION] } });
    expect(removed.removeStructuredProperties.properties.map((p: Json) => p.structuredProperty.urn).sort()).toEqual([STEWARD, TIER].sort());
    const aspect = (await entityV2(DATASET)).structuredProperties.value;
    expect(aspect.properties.map((p: Json) => p.propertyUrn)).not.toContain(RETENTION);
    const filtered = await searchDatasets({ orFilters: [{ and: [{ field: 'structuredProperties.io.acryl.tier', values: ['bronze'] }] }] });
    expect(filtered.searchResults.map((r: Json) => r.entity.urn)).toEqual([DATASET]);
  });

  it('refuses every structured property mutation to a user without the privilege', async () => {
    await refused('createStructuredProperty', { input: { qualifiedName: 'io.acryl.no', valueType: 'urn:li:dataType:datahub.string', entityTypes: [] } }, 'Unable to create structured property. Please contact your admin.');
    await refused('updateStructuredProperty', { input: { urn: TIER, displayName: 'x' } }, 'Unable to update structured property. Please contact your admin.');
    await refused('deleteStructuredProperty', { input: { urn: TIER } }, 'Unable to delete structured property. Please contact your admin.');
    const values = { input: { assetUrn: DATASET, structuredPropertyInputParams: [{ structuredPropertyUrn: TIER, values: [{ stringValue: 'gold' }] }] } };
    await refused('upsertStructuredProperties', values, `Not authorized to update properties on the gives urn ${DATASET}`);
    await refused('removeStructuredProperties', { input: { assetUrn: DATASET, structuredPropertyUrns: [TIER] } }, `Not authorized to update properties on the gives urn ${DATASET}`);

    await grantPolicy(s.services, 'nobody-edits-properties', { type: 'METADATA', privileges: ['EDIT_ENTITY_PROPERTIES'], actors: { users: [NOBODY] } });
    const body = await app('upsertStructuredProperties', values, nobody);
    expect(body.errors).toBeUndefined();
  });

  it('deletes a property and its values on every asset', async () => {
    expect((await ok('deleteStructuredProperty', { input: { urn: TIER } })).deleteStructuredProperty).toBe(true);
    const aspect = (await entityV2(OTHER)).structuredProperties.value;
    expect(aspect.properties).toEqual([]);
    const { dataset } = await ok('getDataset', { urn: DATASET });
    expect(dataset.structuredProperties.properties.map((p: Json) => p.structuredProperty.urn)).toEqual([STEWARD]);
    const filtered = await searchDatasets({ orFilters: [{ and: [{ field: 'structuredProperties.io.acryl.tier', values: ['gold'] }] }] });
    expect(filtered.total).toBe(0);
  });
});
