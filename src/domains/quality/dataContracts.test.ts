/** Data contracts through the service alone: one per asset, replaced in place; refusals and 400s. */
import { beforeEach, describe, expect, it } from 'vitest';
import { serviceCatalogForFile } from '../../../test/serviceCatalog.js';

const EDITOR = 'urn:li:corpuser:editor';
const READER = 'urn:li:corpuser:reader';

const c = serviceCatalogForFile(async ({ grant }) => {
  await grant('contract-editors', {
    privileges: ['EDIT_ENTITY_DATA_CONTRACT', 'EDIT_ENTITY_ASSERTIONS'],
    actors: { users: [EDITOR] },
  });
});

// Each test has a dataset and an assertion of its own: a dataset has one contract.
let datasets = 0;
let dataset: string;
let assertion: string;
beforeEach(async () => {
  dataset = `urn:li:dataset:(urn:li:dataPlatform:hive,sales.orders_${++datasets},PROD)`;
  await c.put(dataset, 'status', { removed: false });
  const custom = { entityUrn: dataset, type: 'Freshness', description: 'Fresh daily', platform: { name: 'dbt' } };
  assertion = (await c.services.assertions.upsertCustom(undefined, custom, EDITOR)).urn;
});

describe('a data contract', () => {
  it('is made under the id given, and a second upsert replaces it in place', async () => {
    const first = await c.services.dataContracts.upsert(
      { entityUrn: dataset, id: 'orders', freshness: [{ assertionUrn: assertion }] },
      EDITOR,
    );
    expect(first.urn).toBe('urn:li:dataContract:orders');
    expect(await c.value(first.urn, 'dataContractProperties')).toEqual({ entity: dataset, freshness: [{ assertion }] });
    expect(await c.value(first.urn, 'dataContractStatus')).toEqual({ state: 'ACTIVE' });

    const second = await c.services.dataContracts.upsert(
      { entityUrn: dataset, id: 'other', schema: [{ assertionUrn: assertion }] },
      EDITOR,
    );
    expect(second.urn).toBe(first.urn);
    expect(await c.value(first.urn, 'dataContractProperties')).toEqual({ entity: dataset, schema: [{ assertion }] });
  });

  it('loses an assertion deleted', async () => {
    const { urn } = await c.services.dataContracts.upsert({ entityUrn: dataset, dataQuality: [{ assertionUrn: assertion }] }, EDITOR);
    await c.services.assertions.delete(assertion, EDITOR);
    expect((await c.value(urn, 'dataContractProperties'))?.dataQuality ?? []).toEqual([]);
  });

  it('is refused without EDIT_ENTITY_DATA_CONTRACT, and a 400 for an assertion not stored', async () => {
    await expect(c.services.dataContracts.upsert({ entityUrn: dataset, id: 'x' }, READER)).rejects.toMatchObject({ kind: 'forbidden' });
    expect(await c.value('urn:li:dataContract:x', 'dataContractStatus')).toBeUndefined();
    await expect(
      c.services.dataContracts.upsert({ entityUrn: dataset, freshness: [{ assertionUrn: 'urn:li:assertion:none' }] }, EDITOR),
    ).rejects.toMatchObject({ kind: 'bad_request', message: 'Provided assertion with urn urn:li:assertion:none does not exist!' });
  });
});
