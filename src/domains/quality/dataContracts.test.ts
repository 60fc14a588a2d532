/** Data contracts through the service alone: one per asset, replaced in place; refusals and 400s. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { grantPolicy, openTestStore, tempDir } from '../../../test/helpers.js';
import { SYSTEM_ACTOR } from '../../actors.js';
import type { Store } from '../../store/types.js';
import { buildProposal } from '../../write/proposals.js';
import { createServices, type Services } from '../services.js';

const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,sales.orders,PROD)';
const EDITOR = 'urn:li:corpuser:editor';
const READER = 'urn:li:corpuser:reader';

let store: Store;
let drop: () => Promise<void>;
let services: Services;
let assertion: string;
beforeEach(async () => {
  ({ store, drop } = await openTestStore(tempDir()));
  services = createServices(store);
  await grantPolicy(services, 'contract-editors', {
    privileges: ['EDIT_ENTITY_DATA_CONTRACT', 'EDIT_ENTITY_ASSERTIONS'],
    actors: { users: [EDITOR] },
  });
  await services.writePath.apply([buildProposal(services.registry, DATASET, 'status', 'UPSERT', { removed: false })], {
    actor: SYSTEM_ACTOR,
  });
  const custom = { entityUrn: DATASET, type: 'Freshness', description: 'Fresh daily', platform: { name: 'dbt' } };
  assertion = (await services.assertions.upsertCustom(undefined, custom, EDITOR)).urn;
});
afterEach(async () => {
  await store.close();
  await drop();
});

const latest = async (urn: string, aspect: string) => (await store.getAspect(urn, aspect, 0))?.value;

describe('a data contract', () => {
  it('is made under the id given, and a second upsert replaces it in place', async () => {
    const first = await services.dataContracts.upsert(
      { entityUrn: DATASET, id: 'orders', freshness: [{ assertionUrn: assertion }] },
      EDITOR,
    );
    expect(first.urn).toBe('urn:li:dataContract:orders');
    expect(await latest(first.urn, 'dataContractProperties')).toEqual({ entity: DATASET, freshness: [{ assertion }] });
    expect(await latest(first.urn, 'dataContractStatus')).toEqual({ state: 'ACTIVE' });

    const second = await services.dataContracts.upsert({ entityUrn: DATASET, id: 'other', schema: [{ assertionUrn: assertion }] }, EDITOR);
    expect(second.urn).toBe(first.urn);
    expect(await latest(first.urn, 'dataContractProperties')).toEqual({ entity: DATASET, schema: [{ assertion }] });
  });

  it('loses an assertion deleted', async () => {
    const { urn } = await services.dataContracts.upsert({ entityUrn: DATASET, dataQuality: [{ assertionUrn: assertion }] }, EDITOR);
    await services.assertions.delete(assertion, EDITOR);
    expect((await latest(urn, 'dataContractProperties'))?.dataQuality ?? []).toEqual([]);
  });

  it('is refused without EDIT_ENTITY_DATA_CONTRACT, and a 400 for an assertion not stored', async () => {
    await expect(services.dataContracts.upsert({ entityUrn: DATASET, id: 'x' }, READER)).rejects.toMatchObject({ kind: 'forbidden' });
    expect(await latest('urn:li:dataContract:x', 'dataContractStatus')).toBeUndefined();
    await expect(
      services.dataContracts.upsert({ entityUrn: DATASET, freshness: [{ assertionUrn: 'urn:li:assertion:none' }] }, EDITOR),
    ).rejects.toMatchObject({ kind: 'bad_request', message: 'Provided assertion with urn urn:li:assertion:none does not exist!' });
  });
});
