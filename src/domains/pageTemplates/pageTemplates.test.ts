/** Page templates and modules as the page template service writes them, and the summary template of an asset. */
import { describe, expect, it } from 'vitest';
import { UNAUTHORIZED_MESSAGE } from '../../auth/authorizer.js';
import { DEFAULT_MODULES, DEFAULT_TEMPLATE_URN } from './defaults.js';
import { serviceCatalogForFile } from '../../../test/serviceCatalog.js';

const DESIGNER = 'urn:li:corpuser:designer';
const ALICE = 'urn:li:corpuser:alice';
const PRODUCT = 'urn:li:dataProduct:orders';
const link = { linkParams: { linkUrl: 'https://example.com', description: 'Home' } };

const c = serviceCatalogForFile(async ({ grant, put }) => {
  await grant('designers', {
    type: 'PLATFORM',
    privileges: ['MANAGE_HOME_PAGE_TEMPLATES'],
    actors: { users: [DESIGNER] },
  });
  await grant('summaries', { privileges: ['MANAGE_ASSET_SUMMARY'], actors: { users: [DESIGNER] } });
  await put(PRODUCT, 'dataProductProperties', { name: 'Orders' });
});

describe('page templates and modules', () => {
  it('a global template of a new module becomes a summary; deleting the module takes it out of the template', async () => {
    const pages = c.services.pageTemplates;
    const { urn: module } = await pages.upsertModule({ name: 'Docs', type: 'LINK', scope: 'GLOBAL', params: link }, DESIGNER);
    expect(await c.value(module, 'dataHubPageModuleProperties')).toMatchObject({
      name: 'Docs',
      type: 'LINK',
      visibility: { scope: 'GLOBAL' },
      params: { linkParams: { linkUrl: 'https://example.com', description: 'Home' } },
      created: { actor: DESIGNER },
    });
    const { urn: template, written } = await pages.upsertTemplate(
      {
        rows: [{ modules: [module] }],
        scope: 'GLOBAL',
        surfaceType: 'ASSET_SUMMARY',
        assetSummary: { summaryElements: [{ elementType: 'OWNERS' }] },
      },
      DESIGNER,
    );
    expect(written).toEqual([template]);
    expect(await c.value(template, 'dataHubPageTemplateProperties')).toMatchObject({
      rows: [{ modules: [module] }],
      surface: { surfaceType: 'ASSET_SUMMARY' },
      visibility: { scope: 'GLOBAL' },
      assetSummary: { summaryElements: [{ elementType: 'OWNERS' }] },
    });

    const { settings } = await pages.setSummaryTemplate(PRODUCT, template, DESIGNER);
    expect(settings).toEqual({ assetSummary: { templates: [{ template }] } });
    expect(await c.value(PRODUCT, 'assetSettings')).toEqual(settings);

    await pages.deleteModule(module, DESIGNER);
    expect(await c.value(module, 'dataHubPageModuleProperties')).toBeUndefined();
    expect((await c.value(template, 'dataHubPageTemplateProperties'))?.rows).toEqual([{ modules: [] }]);
  });

  it("global ones need MANAGE_HOME_PAGE_TEMPLATES (DataHub's texts); personal ones are deleted by their creator alone", async () => {
    const pages = c.services.pageTemplates;
    await c.fails('forbidden', 'User does not have permission to update global modules.', () =>
      pages.upsertModule({ name: 'Mine', type: 'LINK', scope: 'GLOBAL', params: link }, ALICE),
    );
    await c.fails('forbidden', 'User does not have permission to update global templates.', () =>
      pages.upsertTemplate({ rows: [], scope: 'GLOBAL', surfaceType: 'HOME_PAGE' }, ALICE),
    );
    const { urn: personal } = await pages.upsertModule(
      { name: 'Mine', type: 'RICH_TEXT', scope: 'PERSONAL', params: { richTextParams: { content: 'hi' } } },
      ALICE,
    );
    await c.fails('forbidden', 'Attempted to delete personal a page module that was not created by the actor', () =>
      pages.deleteModule(personal, DESIGNER),
    );
    const { urn: global } = await pages.upsertTemplate(
      { rows: [{ modules: [personal] }], scope: 'GLOBAL', surfaceType: 'HOME_PAGE' },
      DESIGNER,
    );
    await c.fails('forbidden', 'User is unauthorized to delete global templates.', () => pages.deleteTemplate(global, ALICE));
    await c.fails('forbidden', UNAUTHORIZED_MESSAGE, () => pages.setSummaryTemplate(PRODUCT, global, ALICE));
    await pages.deleteModule(personal, ALICE);
    expect(await c.value(personal, 'dataHubPageModuleProperties')).toBeUndefined();
  });

  it("DataHub's defaults are never deleted; what does not exist is a 400", async () => {
    const pages = c.services.pageTemplates;
    await c.fails('forbidden', 'Attempted to delete the default page template', () => pages.deleteTemplate(DEFAULT_TEMPLATE_URN, DESIGNER));
    const [defaultModule] = DEFAULT_MODULES[0]!;
    await c.fails('bad_request', `Cannot delete default page module with urn ${defaultModule}`, () =>
      pages.deleteModule(defaultModule, DESIGNER),
    );
    await c.fails('bad_request', 'Module with urn urn:li:dataHubPageModule:nope does not exist', () =>
      pages.upsertTemplate({ rows: [{ modules: ['urn:li:dataHubPageModule:nope'] }], scope: 'PERSONAL', surfaceType: 'HOME_PAGE' }, ALICE),
    );
    await c.fails('bad_request', 'Attempted to delete a page template that does not exist with urn urn:li:dataHubPageTemplate:nope', () =>
      pages.deleteTemplate('urn:li:dataHubPageTemplate:nope', DESIGNER),
    );
    await c.fails('bad_request', 'Failed to update asset settings: template urn:li:dataHubPageTemplate:nope does not exist', () =>
      pages.setSummaryTemplate(PRODUCT, 'urn:li:dataHubPageTemplate:nope', DESIGNER),
    );
  });
});
