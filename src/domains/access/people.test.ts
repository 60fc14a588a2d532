/** Who may list users and groups, decided by the people service alone. */
import { describe, expect, it } from 'vitest';
import { serviceCatalogForFile } from '../../../test/serviceCatalog.js';
import { PeopleService } from './people.js';

const MANAGER = 'urn:li:corpuser:manager';
const ANN = 'urn:li:corpuser:ann';
const LIST = { input: '*', start: 0, count: 10 };

const c = serviceCatalogForFile(async ({ grant, put }) => {
  await grant('managers', { type: 'PLATFORM', privileges: ['MANAGE_USERS_AND_GROUPS'], actors: { users: [MANAGER] } });
  await put(ANN, 'corpUserInfo', { active: true, displayName: 'Ann' });
});

describe('lists of users and groups', () => {
  it('are for those who manage them', async () => {
    const people = new PeopleService(c.services);
    expect((await people.list(MANAGER, 'corpuser', LIST)).urns).toContain(ANN);
    await expect(people.list(ANN, 'corpuser', LIST)).rejects.toMatchObject({ kind: 'forbidden' });
    await expect(people.list(ANN, 'corpGroup', LIST)).rejects.toMatchObject({ kind: 'forbidden' });
  });
});
