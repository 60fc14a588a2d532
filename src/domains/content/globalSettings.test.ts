/** The platform's settings the app changes, as the global settings service writes them. */
import { describe, expect, it } from 'vitest';
import { UNAUTHORIZED_MESSAGE } from '../../auth/authorizer.js';
import { GLOBAL_SETTINGS_URN } from './globalSettings.js';
import { serviceCatalogForFile } from '../../../test/serviceCatalog.js';

const ADMIN = 'urn:li:corpuser:settings-admin';
const NOBODY = 'urn:li:corpuser:nobody';

const c = serviceCatalogForFile(async ({ grant }) => {
  await grant('settings', {
    type: 'PLATFORM',
    privileges: ['MANAGE_FEATURES', 'MANAGE_GLOBAL_VIEWS'],
    actors: { users: [ADMIN] },
  });
});

const settings = () => c.value(GLOBAL_SETTINGS_URN, 'globalSettingsInfo');

describe('global settings', () => {
  it('are changed a part at a time, each part starting from its default', async () => {
    expect(await c.services.globalSettings.setDocColumnPropagation(false, ADMIN)).toEqual({ written: [GLOBAL_SETTINGS_URN] });
    await c.services.globalSettings.setApplicationsEnabled(true, ADMIN);
    expect(await settings()).toMatchObject({
      docPropagation: { enabled: true, columnPropagationEnabled: false },
      applications: { enabled: true },
    });

    const { urn: view } = await c.services.views.create(
      { name: 'Everyone', viewType: 'GLOBAL', definition: { entityTypes: ['dataset'], filter: { operator: 'AND', filters: [] } } },
      ADMIN,
    );
    await c.services.globalSettings.setDefaultView(view, ADMIN);
    expect((await settings())?.views).toEqual({ defaultView: view });
    await c.services.globalSettings.setDefaultView(null, ADMIN);
    expect((await settings())?.views).toEqual({});
    expect((await settings())?.applications).toEqual({ enabled: true });
  });

  it('are refused without the privilege, and a default view that does not exist is a 400', async () => {
    await c.fails('forbidden', UNAUTHORIZED_MESSAGE, () => c.services.globalSettings.setApplicationsEnabled(false, NOBODY));
    await c.fails('forbidden', UNAUTHORIZED_MESSAGE, () => c.services.globalSettings.setDocColumnPropagation(true, NOBODY));
    await c.fails('forbidden', UNAUTHORIZED_MESSAGE, () => c.services.globalSettings.setDefaultView(null, NOBODY));
    await c.fails('bad_request', 'Failed to update global view settings: view urn:li:dataHubView:nope does not exist', () =>
      c.services.globalSettings.setDefaultView('urn:li:dataHubView:nope', ADMIN),
    );
  });
});
