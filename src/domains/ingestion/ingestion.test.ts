/** Who may list and read ingestion sources and their runs, decided by the ingestion service alone. */
import { describe, expect, it } from 'vitest';
import { serviceCatalogForEachTest } from '../../../test/serviceCatalog.js';
import { UNAUTHORIZED_MESSAGE } from '../../auth/authorizer.js';

const INGESTER = 'urn:li:corpuser:ingester';
const READER = 'urn:li:corpuser:reader';
const LIST = { input: '*', start: 0, count: 10 };

// A catalog for each test: the first lists every source there is.
const c = serviceCatalogForEachTest(async ({ grant }) => {
  await grant('ingesters', { type: 'PLATFORM', privileges: ['MANAGE_INGESTION'], actors: { users: [INGESTER] } });
});

const source = {
  name: 'orders',
  type: 'file',
  config: { recipe: JSON.stringify({ source: { type: 'file', config: { path: 'orders.json' } } }), executorId: 'default' },
};

describe('ingestion sources', () => {
  it('are listed and read by those who manage ingestion', async () => {
    const urn = await c.services.ingestion.upsertSource(INGESTER, undefined, source);
    expect((await c.services.ingestion.listSources(INGESTER, LIST)).urns).toEqual([urn]);
    expect(await c.services.ingestion.isStored(INGESTER, urn, 'source')).toBe(true);
    expect(await c.services.ingestion.isStored(INGESTER, urn, 'request')).toBe(false);
    expect((await c.services.ingestion.listRequests(INGESTER, LIST)).total).toBe(0);
  });

  it("are refused to others, listing with DataHub's own text", async () => {
    const urn = await c.services.ingestion.upsertSource(INGESTER, undefined, source);
    await expect(c.services.ingestion.listSources(READER, LIST)).rejects.toMatchObject({
      kind: 'forbidden',
      message: 'You are not authorized to list ingestion sources. Please contact your DataHub administrator.',
    });
    await expect(c.services.ingestion.listRequests(READER, LIST)).rejects.toMatchObject({
      kind: 'forbidden',
      message: UNAUTHORIZED_MESSAGE,
    });
    await expect(c.services.ingestion.isStored(READER, urn, 'source')).rejects.toMatchObject({ kind: 'forbidden' });
  });
});
