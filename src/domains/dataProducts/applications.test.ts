/** Applications as the application service writes them, and their assignment to assets. */
import { describe, expect, it } from 'vitest';
import { UNAUTHORIZED_MESSAGE } from '../../auth/authorizer.js';
import { serviceCatalogForFile } from '../../../test/serviceCatalog.js';

const EDITOR = 'urn:li:corpuser:editor';
const NOBODY = 'urn:li:corpuser:nobody';
const DOMAIN = 'urn:li:domain:sales';
const ORDERS = 'urn:li:dataset:(urn:li:dataPlatform:hive,sales.orders,PROD)';

const c = serviceCatalogForFile(async ({ grant, put }) => {
  await grant('editors', { privileges: ['EDIT_ENTITY'], actors: { users: [EDITOR] } });
  await put(DOMAIN, 'domainProperties', { name: 'Sales' });
  await put(ORDERS, 'datasetProperties', { name: 'orders' });
});

describe('applications', () => {
  it('are created in a domain, renamed, assigned to assets, unassigned and deleted', async () => {
    const apps = c.services.applications;
    const { urn } = await apps.create({ id: 'billing', domainUrn: DOMAIN, properties: { name: 'Billing' } }, EDITOR);
    expect(urn).toBe('urn:li:application:billing');
    expect(await c.value(urn, 'applicationProperties')).toEqual({ name: 'Billing' });
    expect(await c.value(urn, 'domains')).toEqual({ domains: [DOMAIN] });
    expect((await c.value(urn, 'ownership'))?.owners).toMatchObject([{ owner: EDITOR, type: 'TECHNICAL_OWNER' }]);

    await apps.update(urn, { description: 'Invoices' }, EDITOR);
    expect(await c.value(urn, 'applicationProperties')).toEqual({ name: 'Billing', description: 'Invoices' });

    expect(await apps.setApplication([ORDERS], urn, EDITOR)).toEqual({ written: [ORDERS] });
    expect(await c.value(ORDERS, 'applications')).toEqual({ applications: [urn] });
    await apps.setApplication([ORDERS], null, EDITOR);
    expect(await c.value(ORDERS, 'applications')).toEqual({ applications: [] });

    expect(await apps.delete(urn, EDITOR)).toEqual({ written: [urn] });
    expect(await c.value(urn, 'applicationProperties')).toBeUndefined();
  });

  it('are refused without the privilege, and for what does not exist (400)', async () => {
    const apps = c.services.applications;
    await c.fails('forbidden', UNAUTHORIZED_MESSAGE, () => apps.create({ id: 'mine', properties: { name: 'Mine' } }, NOBODY));
    await c.fails('forbidden', UNAUTHORIZED_MESSAGE, () => apps.setApplication([ORDERS], null, NOBODY));
    await c.fails('bad_request', 'The Domain provided does not exist', () =>
      apps.create({ domainUrn: 'urn:li:domain:nope', properties: { name: 'X' } }, EDITOR),
    );
    await c.fails('bad_request', 'The Application provided does not exist', () =>
      apps.update('urn:li:application:nope', { name: 'X' }, EDITOR),
    );
    await c.fails('bad_request', 'The Application provided does not exist', () => apps.delete('urn:li:application:nope', EDITOR));
    await c.fails('bad_request', 'Failed to batch set Application, Application urn urn:li:application:nope does not exist', () =>
      apps.setApplication([ORDERS], 'urn:li:application:nope', EDITOR),
    );
  });
});
