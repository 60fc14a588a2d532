/** ER model relationships as the ER model service writes them: between two datasets, under a privilege on both. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { UNAUTHORIZED_MESSAGE } from '../../auth/authorizer.js';
import { serviceCatalogForFile } from '../../../test/serviceCatalog.js';

const MODELER = 'urn:li:corpuser:modeler';
const NOBODY = 'urn:li:corpuser:nobody';
const ORDERS = 'urn:li:dataset:(urn:li:dataPlatform:hive,sales.orders,PROD)';
const CUSTOMERS = 'urn:li:dataset:(urn:li:dataPlatform:hive,sales.customers,PROD)';
const MISSING = 'urn:li:dataset:(urn:li:dataPlatform:hive,sales.missing,PROD)';
const properties = { name: 'orders_to_customers', source: ORDERS, destination: CUSTOMERS };

const c = serviceCatalogForFile(async ({ grant, put }) => {
  await grant('modelers', { privileges: ['CREATE_ENTITY_ER_MODEL_RELATIONSHIP'], actors: { users: [MODELER] } });
  for (const d of [ORDERS, CUSTOMERS]) await put(d, 'datasetProperties', { name: d });
});

describe('ER model relationships', () => {
  it("are named by DataHub's guid, drawn with their field mappings, described, and deleted", async () => {
    const er = c.services.erModel;
    const mappings = [{ sourceField: 'customer_id', destinationField: 'id' }];
    const { urn, written } = await er.create(
      { properties: { ...properties, relationshipFieldmappings: mappings, erModelRelationshipCardinality: 'N_ONE' } },
      MODELER,
    );
    const guid = createHash('md5').update(
      `{"Destination":"${CUSTOMERS}","ERModelRelationName":"orders_to_customers","Source":"${ORDERS}"}`,
    );
    expect(urn).toBe(`urn:li:erModelRelationship:${guid.digest('hex')}`);
    expect(written).toEqual([urn]);
    expect(await c.value(urn, 'erModelRelationshipProperties')).toMatchObject({
      ...properties,
      relationshipFieldMappings: mappings,
      cardinality: 'N_ONE',
      created: { actor: MODELER },
    });

    expect(await er.update(urn, { editableProperties: { description: 'Who ordered' } }, MODELER)).toEqual({ written: [urn] });
    expect(await c.value(urn, 'editableERModelRelationshipProperties')).toMatchObject({ description: 'Who ordered' });

    await er.delete(urn, MODELER);
    expect(await c.value(urn, 'erModelRelationshipProperties')).toBeUndefined();
  });

  it("are refused with DataHub's texts without the privilege on both datasets", async () => {
    const er = c.services.erModel;
    await c.fails('forbidden', 'Unauthorized to create erModelRelationship. Please contact your DataHub administrator.', () =>
      er.create({ properties }, NOBODY),
    );
    const { urn } = await er.create({ properties }, MODELER);
    await c.fails('forbidden', UNAUTHORIZED_MESSAGE, () => er.update(urn, { editableProperties: { description: 'x' } }, NOBODY));
    await c.fails('forbidden', UNAUTHORIZED_MESSAGE, () => er.delete(urn, NOBODY));
  });

  it('refuse missing properties, datasets, mappings and relationships (400)', async () => {
    const er = c.services.erModel;
    await c.fails('bad_request', 'Failed to create erModelRelationship: properties are required', () => er.create({}, MODELER));
    await c.fails('bad_request', `Dataset ${MISSING} does not exist`, () =>
      er.create({ properties: { ...properties, destination: MISSING } }, MODELER),
    );
    await c.fails('bad_request', 'A field mapping needs a sourceField and a destinationField', () =>
      er.create({ properties: { ...properties, relationshipFieldmappings: [{ sourceField: 'id' }] } }, MODELER),
    );
    await c.fails('bad_request', 'Failed to update erModelRelationship: urn:li:erModelRelationship:nope does not exist', () =>
      er.update('urn:li:erModelRelationship:nope', { properties }, MODELER),
    );
    await c.fails('bad_request', 'Failed to delete erModelRelationship: urn:li:erModelRelationship:nope does not exist', () =>
      er.delete('urn:li:erModelRelationship:nope', MODELER),
    );
  });
});
