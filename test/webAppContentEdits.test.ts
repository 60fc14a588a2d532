/**
 * The app's edits of data products, applications and its own content (posts, views, queries, page
 * templates, settings): each mutation as the app sends it, its effect read back through the app's
 * own query, REST entitiesV2 and search; refused (403, nothing written) without DataHub's privilege;
 * refused (400, nothing written) for bad input.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ACTOR, SYSTEM_ACTOR } from '../src/actors.js';
import { UNAUTHORIZED_MESSAGE } from '../src/auth/authorizer.js';
import { buildProposal } from '../src/service/proposals.js';
import { enc, grantPolicy, http, startTestServer, type TestServer } from './helpers.js';
import { webAppOperation } from './webAppOperations.js';

type Json = Record<string, any>;

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer({ auth: true });
  admin = await tokenFor(ADMIN_ACTOR);
  await write(DOMAIN, 'domainProperties', { name: 'Sales' });
  for (const t of [T1, T2]) await write(t, 'datasetProperties', { name: t.split(',')[1] });
});
afterAll(async () => s.close());

const DOMAIN = 'urn:li:domain:sales';
const T1 = 'urn:li:dataset:(urn:li:dataPlatform:hive,sales.orders,PROD)';
const T2 = 'urn:li:dataset:(urn:li:dataPlatform:hive,sales.customers,PROD)';

async function write(urn: string, aspect: string, value: unknown): Promise<void> {
  await s.services.writePath.apply([buildProposal(s.services.registry, urn, aspect, 'UPSERT', value)], { actor: SYSTEM_ACTOR });
}

async function tokenFor(user: string): Promise<string> {
  return (await s.services.tokens.mint({ actorUrn: user, duration: 'ONE_DAY', name: 'test' })).accessToken;
}

/** One of the app's operations, sent as the app sends it. */
async function op(token: string, name: string, variables: Json): Promise<Json> {
  const reply = await http(`${s.url}/api/v2/graphql`, { body: { query: webAppOperation(name), variables }, headers: { authorization: `Bearer ${token}` } });
  expect(reply.status).toBe(200);
  return reply.body;
}

async function ok(name: string, variables: Json): Promise<Json> {
  const reply = await op(admin, name, variables);
  expect(reply.errors).toBeUndefined();
  return reply.data;
}

const changes = async () => (await s.services.store.readChangeLog(0, 1_000_000)).length;

/** The entity as REST entitiesV2 shows it (aspects by name; 404 once deleted). */
async function rest(urn: string): Promise<{ status: number; aspects: Json }> {
  const reply = await http(`${s.url}/entitiesV2/${enc(urn)}`, { headers: { authorization: `Bearer ${admin}` } });
  return { status: reply.status, aspects: reply.body?.aspects ?? {} };
}

/** Urns search finds for `query` among entities of `type`. */
async function found(type: string, query: string): Promise<string[]> {
  const reply = await http(`${s.url}/api/graphql`, {
    body: { query: 'query($i: SearchAcrossEntitiesInput!) { searchAcrossEntities(input: $i) { searchResults { entity { urn } } } }', variables: { i: { types: [type], query, start: 0, count: 50 } } },
    headers: { authorization: `Bearer ${admin}` },
  });
  return reply.body.data.searchAcrossEntities.searchResults.map((r: Json) => r.entity.urn);
}

/** The entity as the app's list page (a search) shows it, or undefined when it is not listed. */
async function listed(name: string, types: string[], urn: string): Promise<Json | undefined> {
  const data = await ok(name, { input: { types, query: '*', start: 0, count: 100 } });
  return data.searchAcrossEntities.searchResults.map((r: Json) => r.entity).find((e: Json) => e.urn === urn);
}
const productAssets = async (urn: string) => (await listed('getDataProductsList', ['DATA_PRODUCT'], urn))?.properties.numAssets;
const applicationAssets = async (urn: string) => (await listed('getApplicationsList', ['APPLICATION'], urn))?.properties.numAssets;

/** The mutation is refused for a user without privileges, with DataHub's message, and writes nothing. */
async function refused(name: string, variables: Json, user = `urn:li:corpuser:nobody${Math.random()}`): Promise<void> {
  const token = await tokenFor(user);
  const before = await changes();
  const reply = await op(token, name, variables);
  expect(reply.errors?.[0]).toMatchObject({ message: UNAUTHORIZED_MESSAGE, extensions: { code: 403 } });
  expect(await changes()).toBe(before);
}

/** The mutation is a client's mistake: 400 naming the problem, nothing written. */
async function rejected(name: string, variables: Json, message: RegExp): Promise<void> {
  const before = await changes();
  const reply = await op(admin, name, variables);
  expect(reply.errors?.[0]).toMatchObject({ extensions: { code: 400 } });
  expect(reply.errors[0].message).toMatch(message);
  expect(await changes()).toBe(before);
}

describe('data products', () => {
  it('are created in a domain, renamed, given assets, taken back and deleted', async () => {
    const created = await ok('createDataProduct', { input: { id: 'orders', domainUrn: DOMAIN, properties: { name: 'Orders', description: 'All about orders' } } });
    const urn = created.createDataProduct.urn;
    expect(urn).toBe('urn:li:dataProduct:orders');

    let page = (await ok('getDataProduct', { urn })).dataProduct;
    expect(page.properties).toMatchObject({ name: 'Orders', description: 'All about orders' });
    expect(await productAssets(urn)).toBe(0);
    expect(page.domain.domain.urn).toBe(DOMAIN);
    expect(page.ownership.owners.map((o: Json) => o.owner.urn)).toEqual([ADMIN_ACTOR]);
    expect(await found('DATA_PRODUCT', 'Orders')).toContain(urn);

    await ok('updateDataProduct', { urn, input: { name: 'Order facts' } });
    await ok('batchSetDataProduct', { input: { dataProductUrn: urn, resourceUrns: [T1, T2] } });
    page = (await ok('getDataProduct', { urn })).dataProduct;
    expect(page.properties).toMatchObject({ name: 'Order facts', description: 'All about orders' });
    expect(await productAssets(urn)).toBe(2);
    expect((await rest(urn)).aspects.dataProductProperties.value.assets.map((a: Json) => a.destinationUrn)).toEqual([T1, T2]);
    expect(await found('DATA_PRODUCT', 'facts')).toContain(urn);

    await ok('batchSetDataProduct', { input: { dataProductUrn: null, resourceUrns: [T1] } });
    expect(await productAssets(urn)).toBe(1);

    await ok('deleteDataProduct', { urn });
    expect((await ok('getDataProduct', { urn })).dataProduct?.properties ?? null).toBeNull();
    expect((await rest(urn)).aspects.dataProductProperties).toBeUndefined();
    expect(await found('DATA_PRODUCT', 'facts')).not.toContain(urn);
  });

  it('gets a UUID when no id is given', async () => {
    const created = await ok('createDataProduct', { input: { domainUrn: DOMAIN, properties: { name: 'Anon' } } });
    expect(created.createDataProduct.urn).toMatch(/^urn:li:dataProduct:[0-9a-f-]{36}$/);
  });

  it('needs MANAGE_DATA_PRODUCTS on the domain; assigning assets needs EDIT_ENTITY_DATA_PRODUCTS on them', async () => {
    const user = 'urn:li:corpuser:pm';
    await refused('createDataProduct', { input: { id: 'pm1', domainUrn: DOMAIN, properties: { name: 'PM' } } }, user);
    await grantPolicy(s.services, 'pm-products', { type: 'METADATA', privileges: ['MANAGE_DATA_PRODUCTS'], actors: { users: [user] }, resources: { filter: { criteria: [{ field: 'URN', values: [DOMAIN], condition: 'EQUALS' }] } } });
    const reply = await op(await tokenFor(user), 'createDataProduct', { input: { id: 'pm1', domainUrn: DOMAIN, properties: { name: 'PM' } } });
    expect(reply.errors).toBeUndefined();
    await refused('batchSetDataProduct', { input: { dataProductUrn: 'urn:li:dataProduct:pm1', resourceUrns: [T1] } }, user);
    await refused('deleteDataProduct', { urn: 'urn:li:dataProduct:pm1' });
    await refused('updateDataProduct', { urn: 'urn:li:dataProduct:pm1', input: { name: 'x' } });
  });

  it('refuses a missing domain, product or asset with 400', async () => {
    await rejected('createDataProduct', { input: { domainUrn: 'urn:li:domain:none', properties: { name: 'X' } } }, /Domain provided dos not exist/);
    await rejected('createDataProduct', { input: { id: 'pm1', domainUrn: DOMAIN, properties: { name: 'X' } } }, /already exists/);
    await rejected('updateDataProduct', { urn: 'urn:li:dataProduct:none', input: { name: 'x' } }, /dos not exist/);
    await rejected('batchSetDataProduct', { input: { dataProductUrn: 'urn:li:dataProduct:none', resourceUrns: [T1] } }, /does not exist/);
    await rejected('batchSetDataProduct', { input: { dataProductUrn: 'urn:li:dataProduct:pm1', resourceUrns: ['urn:li:dataset:(urn:li:dataPlatform:hive,none,PROD)'] } }, /does not exist/);
  });
});

describe('applications', () => {
  it('are created, assigned to assets, unassigned and deleted', async () => {
    const urn = (await ok('createApplication', { input: { id: 'billing', domainUrn: DOMAIN, properties: { name: 'Billing', description: 'Invoices' } } })).createApplication.urn;
    expect(urn).toBe('urn:li:application:billing');
    expect((await ok('getApplication', { urn })).application.properties).toMatchObject({ name: 'Billing', description: 'Invoices' });
    expect(await applicationAssets(urn)).toBe(0);
    expect(await found('APPLICATION', 'Billing')).toContain(urn);

    await ok('batchSetApplication', { input: { applicationUrn: urn, resourceUrns: [T1, T2] } });
    expect(await applicationAssets(urn)).toBe(2);
    expect((await rest(T1)).aspects.applications.value).toEqual({ applications: [urn] });

    await ok('batchSetApplication', { input: { applicationUrn: null, resourceUrns: [T2] } });
    expect(await applicationAssets(urn)).toBe(1);

    await ok('deleteApplication', { urn });
    expect((await ok('getApplication', { urn })).application?.properties ?? null).toBeNull();
    expect(await applicationAssets(urn)).toBeUndefined();
    // Its assets no longer name it.
    expect((await rest(T1)).aspects.applications?.value.applications ?? []).toEqual([]);
  });

  it('are refused without privileges and for bad input', async () => {
    await refused('createApplication', { input: { id: 'x', properties: { name: 'X' } } });
    await ok('createApplication', { input: { id: 'crm', properties: { name: 'CRM' } } });
    await refused('batchSetApplication', { input: { applicationUrn: 'urn:li:application:crm', resourceUrns: [T1] } });
    await refused('deleteApplication', { urn: 'urn:li:application:crm' });
    await rejected('createApplication', { input: { id: 'crm', properties: { name: 'CRM' } } }, /already exists/);
    await rejected('batchSetApplication', { input: { applicationUrn: 'urn:li:application:none', resourceUrns: [T1] } }, /does not exist/);
    await rejected('deleteApplication', { urn: 'urn:li:application:none' }, /does not exist/);
  });
});
