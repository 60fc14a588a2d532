/** What a caller may read of entities, decided by the entity service alone. */
import { describe, expect, it } from 'vitest';
import { serviceCatalogForFile } from '../../../test/serviceCatalog.js';
import { UNAUTHORIZED_MESSAGE } from '../../auth/authorizer.js';

const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,sales.orders,PROD)';
const POLICY = 'urn:li:dataHubPolicy:admins';
const ADMIN = 'urn:li:corpuser:admin';
const READER = 'urn:li:corpuser:reader';

const c = serviceCatalogForFile(async ({ grant }) => {
  await grant('admins', {
    type: 'PLATFORM',
    privileges: ['MANAGE_POLICIES', 'MANAGE_USER_CREDENTIALS'],
    actors: { users: [ADMIN] },
  });
});

describe('urns a client asks to read', () => {
  it('resolve to their entity types', async () => {
    expect(await c.services.entities.readable([DATASET, 'urn:li:corpuser:ann'], READER)).toEqual([
      { urn: DATASET, entityName: 'dataset' },
      { urn: 'urn:li:corpuser:ann', entityName: 'corpuser' },
    ]);
  });

  it("are refused with DataHub's text when one is of a type the caller may not see, and a 400 when malformed", async () => {
    await expect(c.services.entities.readable([DATASET, POLICY], READER)).rejects.toMatchObject({
      kind: 'forbidden',
      message: UNAUTHORIZED_MESSAGE,
    });
    expect(await c.services.entities.readable([POLICY], ADMIN)).toEqual([{ urn: POLICY, entityName: 'dataHubPolicy' }]);
    await expect(c.services.entities.readable(['not an urn'], ADMIN)).rejects.toMatchObject({ kind: 'bad_request' });
  });
});
