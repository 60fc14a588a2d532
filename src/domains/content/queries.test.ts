/** Saved queries as the query service writes them: about datasets, under EDIT_ENTITY_QUERIES on each. */
import { describe, expect, it } from 'vitest';
import { serviceCatalogForFile } from '../../../test/serviceCatalog.js';

const ANALYST = 'urn:li:corpuser:analyst';
const NOBODY = 'urn:li:corpuser:nobody';
const ORDERS = 'urn:li:dataset:(urn:li:dataPlatform:hive,sales.orders,PROD)';
const CUSTOMERS = 'urn:li:dataset:(urn:li:dataPlatform:hive,sales.customers,PROD)';
const MISSING = 'urn:li:dataset:(urn:li:dataPlatform:hive,sales.missing,PROD)';
const statement = { value: 'select * from orders', language: 'SQL' as const };

const c = serviceCatalogForFile(async ({ grant, put }) => {
  await grant('analysts', { privileges: ['EDIT_ENTITY_QUERIES'], actors: { users: [ANALYST] } });
  for (const d of [ORDERS, CUSTOMERS]) await put(d, 'datasetProperties', { name: d });
});

describe('saved queries', () => {
  it('are created about datasets, changed in part, moved to other datasets and deleted', async () => {
    const { urn, written } = await c.services.queries.create(
      { properties: { name: 'All orders', statement }, subjects: [{ datasetUrn: ORDERS }] },
      ANALYST,
    );
    expect(written).toEqual([urn]);
    expect(await c.value(urn, 'queryProperties')).toMatchObject({
      name: 'All orders',
      statement,
      source: 'MANUAL',
      created: { actor: ANALYST },
    });
    expect(await c.value(urn, 'querySubjects')).toEqual({ subjects: [{ entity: ORDERS }] });

    await c.services.queries.update(urn, { properties: { description: 'Every order' }, subjects: [{ datasetUrn: CUSTOMERS }] }, ANALYST);
    expect(await c.value(urn, 'queryProperties')).toMatchObject({ name: 'All orders', description: 'Every order', statement });
    expect(await c.value(urn, 'querySubjects')).toEqual({ subjects: [{ entity: CUSTOMERS }] });

    expect(await c.services.queries.delete(urn, ANALYST)).toEqual({ written: [urn] });
    expect(await c.value(urn, 'queryProperties')).toBeUndefined();
  });

  it("are refused with DataHub's texts without the privilege on their datasets", async () => {
    await c.fails('forbidden', 'Unauthorized to create Query. Please contact your DataHub administrator for more information.', () =>
      c.services.queries.create({ properties: { statement }, subjects: [{ datasetUrn: ORDERS }] }, NOBODY),
    );
    const { urn } = await c.services.queries.create({ properties: { statement }, subjects: [{ datasetUrn: ORDERS }] }, ANALYST);
    const updateText = 'Unauthorized to update Query. Please contact your DataHub administrator if this needs corrective action.';
    await c.fails('forbidden', updateText, () => c.services.queries.update(urn, { properties: { name: 'mine' } }, NOBODY));
    const deleteText = 'Unauthorized to delete Query. Please contact your DataHub administrator if this needs corrective action.';
    await c.fails('forbidden', deleteText, () => c.services.queries.delete(urn, NOBODY));
  });

  it('refuse queries without subjects, datasets and queries that do not exist (400)', async () => {
    await c.fails('bad_request', 'Failed to create Query: a query needs at least one subject', () =>
      c.services.queries.create({ properties: { statement }, subjects: [] }, ANALYST),
    );
    await c.fails('bad_request', `Failed to create Query: dataset ${MISSING} does not exist`, () =>
      c.services.queries.create({ properties: { statement }, subjects: [{ datasetUrn: MISSING }] }, ANALYST),
    );
    await c.fails('bad_request', 'Failed to find query with urn urn:li:query:nope', () =>
      c.services.queries.update('urn:li:query:nope', {}, ANALYST),
    );
    await c.fails('bad_request', 'Failed to delete Query: urn:li:query:nope does not exist', () =>
      c.services.queries.delete('urn:li:query:nope', ANALYST),
    );
  });
});
