/** Saved views as the view service writes them: personal ones for anyone, global ones under MANAGE_GLOBAL_VIEWS. */
import { describe, expect, it } from 'vitest';
import { UNAUTHORIZED_MESSAGE } from '../../auth/authorizer.js';
import { GLOBAL_SETTINGS_URN } from '../content/globalSettings.js';
import { serviceCatalogForFile } from '../../../test/serviceCatalog.js';

const MANAGER = 'urn:li:corpuser:view-manager';
const ALICE = 'urn:li:corpuser:alice';
const BOB = 'urn:li:corpuser:bob';
const filter = (operator: string) => ({
  operator,
  filters: [
    { field: 'platform', values: ['urn:li:dataPlatform:hive'] },
    { field: 'tags', value: 'urn:li:tag:pii', condition: 'EQUAL' as const, negated: true },
  ],
});

const c = serviceCatalogForFile(async ({ grant }) => {
  await grant('view-managers', {
    type: 'PLATFORM',
    privileges: ['MANAGE_GLOBAL_VIEWS'],
    actors: { users: [MANAGER] },
  });
});

describe('views', () => {
  it('are kept with their definition as DataHub maps it: AND one group, OR a group per criterion', async () => {
    const views = c.services.views;
    const { urn, written } = await views.create(
      { name: 'Hive', viewType: 'PERSONAL', definition: { entityTypes: ['dataset', 'chart'], filter: filter('AND') } },
      ALICE,
    );
    expect(written).toEqual([urn]);
    const criteria = [
      { field: 'platform', value: 'urn:li:dataPlatform:hive', values: ['urn:li:dataPlatform:hive'], condition: 'EQUAL', negated: false },
      { field: 'tags', value: 'urn:li:tag:pii', values: ['urn:li:tag:pii'], condition: 'EQUAL', negated: true },
    ];
    expect(await c.value(urn, 'dataHubViewInfo')).toMatchObject({
      name: 'Hive',
      type: 'PERSONAL',
      definition: { entityTypes: ['dataset', 'chart'], filter: { or: [{ and: criteria }] } },
      created: { actor: ALICE },
    });

    await views.update(urn, { description: 'Mine', definition: { entityTypes: ['dataset'], filter: filter('OR') } }, ALICE);
    expect(await c.value(urn, 'dataHubViewInfo')).toMatchObject({
      name: 'Hive',
      description: 'Mine',
      definition: { entityTypes: ['dataset'], filter: { or: criteria.map((k) => ({ and: [k] })) } },
    });
  });

  it("of someone else are refused; global ones are a manager's, and once deleted no one's default", async () => {
    const views = c.services.views;
    const { urn: personal } = await views.create(
      { name: 'Alice only', viewType: 'PERSONAL', definition: { entityTypes: [], filter: filter('AND') } },
      ALICE,
    );
    await c.fails('forbidden', UNAUTHORIZED_MESSAGE, () => views.update(personal, { name: 'Bob now' }, BOB));
    await c.fails('forbidden', UNAUTHORIZED_MESSAGE, () => views.delete(personal, MANAGER));
    const global = { name: 'Everyone', viewType: 'GLOBAL' as const, definition: { entityTypes: [], filter: filter('AND') } };
    await c.fails('forbidden', UNAUTHORIZED_MESSAGE, () => views.create(global, ALICE));

    const { urn } = await views.create(global, MANAGER);
    await c.fails('forbidden', UNAUTHORIZED_MESSAGE, () => views.delete(urn, ALICE));
    await c.services.globalSettings.setDefaultView(urn, MANAGER);
    expect(await views.delete(urn, MANAGER)).toEqual({ written: [urn] });
    expect(await c.value(urn, 'dataHubViewInfo')).toBeUndefined();
    expect((await c.value(GLOBAL_SETTINGS_URN, 'globalSettingsInfo'))?.views?.defaultView).toBeUndefined();
  });

  it('refuse entity types that do not exist and views that do not (400)', async () => {
    await c.fails('bad_request', 'Unsupported entity type OTHER in view definition', () =>
      c.services.views.create({ name: 'X', viewType: 'PERSONAL', definition: { entityTypes: ['OTHER'], filter: filter('AND') } }, ALICE),
    );
    await c.fails('bad_request', 'Failed to modify View. View with urn urn:li:dataHubView:nope does not exist.', () =>
      c.services.views.delete('urn:li:dataHubView:nope', ALICE),
    );
  });
});
