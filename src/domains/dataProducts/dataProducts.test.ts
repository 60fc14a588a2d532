/** Data products as the data product service writes them: in a domain, under its privileges, with their assets. */
import { describe, expect, it } from 'vitest';
import { UNAUTHORIZED_MESSAGE } from '../../auth/authorizer.js';
import { serviceCatalogForFile } from '../../../test/serviceCatalog.js';

const STEWARD = 'urn:li:corpuser:steward';
const NOBODY = 'urn:li:corpuser:nobody';
const DOMAIN = 'urn:li:domain:sales';
const ORDERS = 'urn:li:dataset:(urn:li:dataPlatform:hive,sales.orders,PROD)';
const CUSTOMERS = 'urn:li:dataset:(urn:li:dataPlatform:hive,sales.customers,PROD)';

const c = serviceCatalogForFile(async ({ grant, put }) => {
  await grant('stewards', {
    privileges: ['MANAGE_DATA_PRODUCTS', 'EDIT_ENTITY_DATA_PRODUCTS'],
    actors: { users: [STEWARD] },
  });
  await put(DOMAIN, 'domainProperties', { name: 'Sales' });
  for (const d of [ORDERS, CUSTOMERS]) await put(d, 'datasetProperties', { name: d });
});

const assets = async (urn: string) => ((await c.value(urn, 'dataProductProperties'))?.assets ?? []).map((a: any) => a.destinationUrn);

describe('data products', () => {
  it('are created in a domain, owned by their creator, renamed, given assets, taken back and deleted', async () => {
    const products = c.services.dataProducts;
    const { urn, written } = await products.create(
      { id: 'orders', domainUrn: DOMAIN, properties: { name: 'Orders', description: 'All about orders' } },
      STEWARD,
    );
    expect(urn).toBe('urn:li:dataProduct:orders');
    expect(written).toEqual([urn]);
    expect(await c.value(urn, 'dataProductProperties')).toEqual({ name: 'Orders', description: 'All about orders' });
    expect(await c.value(urn, 'domains')).toEqual({ domains: [DOMAIN] });
    expect((await c.value(urn, 'ownership'))?.owners).toMatchObject([{ owner: STEWARD, type: 'TECHNICAL_OWNER' }]);

    await products.update(urn, { name: 'Order facts' }, STEWARD);
    expect(await c.value(urn, 'dataProductProperties')).toEqual({ name: 'Order facts', description: 'All about orders' });

    expect(await products.setProduct([ORDERS, CUSTOMERS, ORDERS], urn, STEWARD)).toEqual({ written: [urn] });
    expect(await assets(urn)).toEqual([ORDERS, CUSTOMERS]);
    await products.setProduct([ORDERS], urn, STEWARD);
    expect(await assets(urn)).toEqual([ORDERS, CUSTOMERS]);
    // Unset: the asset leaves the products that list it, found by their edges.
    expect(await products.setProduct([ORDERS], null, STEWARD)).toEqual({ written: [urn] });
    expect(await assets(urn)).toEqual([CUSTOMERS]);

    expect(await products.delete(urn, STEWARD)).toEqual({ written: [urn] });
    expect(await c.value(urn, 'dataProductProperties')).toBeUndefined();
  });

  it('need MANAGE_DATA_PRODUCTS on the domain, and EDIT_ENTITY_DATA_PRODUCTS on assets given', async () => {
    const products = c.services.dataProducts;
    await c.fails('forbidden', UNAUTHORIZED_MESSAGE, () =>
      products.create({ id: 'mine', domainUrn: DOMAIN, properties: { name: 'Mine' } }, NOBODY),
    );
    const { urn } = await products.create({ id: 'kept', domainUrn: DOMAIN, properties: { name: 'Kept' } }, STEWARD);
    await c.fails('forbidden', UNAUTHORIZED_MESSAGE, () => products.update(urn, { name: 'Taken' }, NOBODY));
    await c.fails('forbidden', UNAUTHORIZED_MESSAGE, () => products.setProduct([ORDERS], urn, NOBODY));
    await c.fails('forbidden', UNAUTHORIZED_MESSAGE, () => products.delete(urn, NOBODY));
    expect(await c.value(urn, 'dataProductProperties')).toEqual({ name: 'Kept' });
  });

  it("refuse domains, products and assets that do not exist, and ids taken, with DataHub's texts (400)", async () => {
    const products = c.services.dataProducts;
    await c.fails('bad_request', 'The Domain provided dos not exist', () =>
      products.create({ domainUrn: 'urn:li:domain:nope', properties: { name: 'X' } }, STEWARD),
    );
    await products.create({ id: 'taken', domainUrn: DOMAIN, properties: { name: 'Taken' } }, STEWARD);
    await c.fails('bad_request', 'This Data product already exists!', () =>
      products.create({ id: 'taken', domainUrn: DOMAIN, properties: { name: 'Again' } }, STEWARD),
    );
    await c.fails('bad_request', 'The Data Product provided dos not exist', () =>
      products.update('urn:li:dataProduct:nope', { name: 'X' }, STEWARD),
    );
    await c.fails('bad_request', 'Failed to batch set Data Product, urn:li:dataset:nope in resources does not exist', () =>
      products.setProduct(['urn:li:dataset:nope'], 'urn:li:dataProduct:taken', STEWARD),
    );
    await c.fails('bad_request', 'Failed to batch set Data Product, Data Product urn urn:li:dataProduct:nope does not exist', () =>
      products.setProduct([ORDERS], 'urn:li:dataProduct:nope', STEWARD),
    );
  });
});
