/** What a caller may read of entities, decided by the entity service alone. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { grantPolicy, openTestStore, tempDir } from '../../../test/helpers.js';
import { UNAUTHORIZED_MESSAGE } from '../../auth/authorizer.js';
import type { Store } from '../../store/types.js';
import { createServices, type Services } from '../services.js';

const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,sales.orders,PROD)';
const POLICY = 'urn:li:dataHubPolicy:admins';
const ADMIN = 'urn:li:corpuser:admin';
const READER = 'urn:li:corpuser:reader';

let store: Store;
let drop: () => Promise<void>;
let services: Services;
beforeEach(async () => {
  ({ store, drop } = await openTestStore(tempDir()));
  services = createServices(store);
  await grantPolicy(services, 'admins', {
    type: 'PLATFORM',
    privileges: ['MANAGE_POLICIES', 'MANAGE_USER_CREDENTIALS'],
    actors: { users: [ADMIN] },
  });
});
afterEach(async () => {
  await store.close();
  await drop();
});

describe('urns a client asks to read', () => {
  it('resolve to their entity types', async () => {
    expect(await services.entities.readable([DATASET, 'urn:li:corpuser:ann'], READER)).toEqual([
      { urn: DATASET, entityName: 'dataset' },
      { urn: 'urn:li:corpuser:ann', entityName: 'corpuser' },
    ]);
  });

  it("are refused with DataHub's text when one is of a type the caller may not see, and a 400 when malformed", async () => {
    await expect(services.entities.readable([DATASET, POLICY], READER)).rejects.toMatchObject({
      kind: 'forbidden',
      message: UNAUTHORIZED_MESSAGE,
    });
    expect(await services.entities.readable([POLICY], ADMIN)).toEqual([{ urn: POLICY, entityName: 'dataHubPolicy' }]);
    await expect(services.entities.readable(['not an urn'], ADMIN)).rejects.toMatchObject({ kind: 'bad_request' });
  });
});
