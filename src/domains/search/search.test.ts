/** Which of a default list of entity types a caller searches, decided by the search service alone. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { grantPolicy, openTestStore, tempDir } from '../../../test/helpers.js';
import type { Store } from '../../store/types.js';
import { createServices, type Services } from '../services.js';

const ADMIN = 'urn:li:corpuser:admin';
const READER = 'urn:li:corpuser:reader';

let store: Store;
let drop: () => Promise<void>;
let services: Services;
beforeEach(async () => {
  ({ store, drop } = await openTestStore(tempDir()));
  services = createServices(store);
  await grantPolicy(services, 'admins', { type: 'PLATFORM', privileges: ['MANAGE_POLICIES'], actors: { users: [ADMIN] } });
});
afterEach(async () => {
  await store.close();
  await drop();
});

describe('a default list of types', () => {
  it('keeps those the registry has and the caller may see, in order', async () => {
    const defaults = ['dataset', 'noSuchType', 'dataHubPolicy', 'tag'];
    expect(await services.search.visibleTypeNames(defaults, READER)).toEqual(['dataset', 'tag']);
    expect(await services.search.visibleTypeNames(defaults, ADMIN)).toEqual(['dataset', 'dataHubPolicy', 'tag']);
  });
});
