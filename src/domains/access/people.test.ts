/** Who may list users and groups, decided by the people service alone. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { grantPolicy, openTestStore, tempDir } from '../../../test/helpers.js';
import { SYSTEM_ACTOR } from '../../actors.js';
import type { Store } from '../../store/types.js';
import { buildProposal } from '../../write/proposals.js';
import { createServices, type Services } from '../services.js';
import { PeopleService } from './people.js';

const MANAGER = 'urn:li:corpuser:manager';
const ANN = 'urn:li:corpuser:ann';
const LIST = { input: '*', start: 0, count: 10 };

let store: Store;
let drop: () => Promise<void>;
let services: Services;
beforeEach(async () => {
  ({ store, drop } = await openTestStore(tempDir()));
  services = createServices(store);
  await grantPolicy(services, 'managers', { type: 'PLATFORM', privileges: ['MANAGE_USERS_AND_GROUPS'], actors: { users: [MANAGER] } });
  await services.writePath.apply([buildProposal(services.registry, ANN, 'corpUserInfo', 'UPSERT', { active: true, displayName: 'Ann' })], {
    actor: SYSTEM_ACTOR,
  });
});
afterEach(async () => {
  await store.close();
  await drop();
});

describe('lists of users and groups', () => {
  it('are for those who manage them', async () => {
    const people = new PeopleService(services);
    expect((await people.list(MANAGER, 'corpuser', LIST)).urns).toContain(ANN);
    await expect(people.list(ANN, 'corpuser', LIST)).rejects.toMatchObject({ kind: 'forbidden' });
    await expect(people.list(ANN, 'corpGroup', LIST)).rejects.toMatchObject({ kind: 'forbidden' });
  });
});
