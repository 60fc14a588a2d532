/** Who may list and read ingestion sources and their runs, decided by the ingestion service alone. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { grantPolicy, openTestStore, tempDir } from '../../../test/helpers.js';
import { UNAUTHORIZED_MESSAGE } from '../../auth/authorizer.js';
import type { Store } from '../../store/types.js';
import { createServices, type Services } from '../services.js';

const INGESTER = 'urn:li:corpuser:ingester';
const READER = 'urn:li:corpuser:reader';
const LIST = { input: '*', start: 0, count: 10 };

let store: Store;
let drop: () => Promise<void>;
let services: Services;
beforeEach(async () => {
  ({ store, drop } = await openTestStore(tempDir()));
  services = createServices(store);
  await grantPolicy(services, 'ingesters', { type: 'PLATFORM', privileges: ['MANAGE_INGESTION'], actors: { users: [INGESTER] } });
});
afterEach(async () => {
  await store.close();
  await drop();
});

const source = {
  name: 'orders',
  type: 'file',
  config: { recipe: JSON.stringify({ source: { type: 'file', config: { path: 'orders.json' } } }), executorId: 'default' },
};

describe('ingestion sources', () => {
  it('are listed and read by those who manage ingestion', async () => {
    const urn = await services.ingestion.upsertSource(INGESTER, undefined, source);
    expect((await services.ingestion.listSources(INGESTER, LIST)).urns).toEqual([urn]);
    expect(await services.ingestion.isStored(INGESTER, urn, 'source')).toBe(true);
    expect(await services.ingestion.isStored(INGESTER, urn, 'request')).toBe(false);
    expect((await services.ingestion.listRequests(INGESTER, LIST)).total).toBe(0);
  });

  it("are refused to others, listing with DataHub's own text", async () => {
    const urn = await services.ingestion.upsertSource(INGESTER, undefined, source);
    await expect(services.ingestion.listSources(READER, LIST)).rejects.toMatchObject({
      kind: 'forbidden',
      message: 'You are not authorized to list ingestion sources. Please contact your DataHub administrator.',
    });
    await expect(services.ingestion.listRequests(READER, LIST)).rejects.toMatchObject({ kind: 'forbidden', message: UNAUTHORIZED_MESSAGE });
    await expect(services.ingestion.isStored(READER, urn, 'source')).rejects.toMatchObject({ kind: 'forbidden' });
  });
});
