/** Metadata tests through the service alone: stored info, DataHub's refusal, 400s on bad input. */
import { describe, expect, it } from 'vitest';
import { serviceCatalogForEachTest } from '../../../test/serviceCatalog.js';
import { UNAUTHORIZED_MESSAGE } from '../../auth/authorizer.js';

const MANAGER = 'urn:li:corpuser:test.manager';
const VIEWER = 'urn:li:corpuser:test.viewer';
const OTHER = 'urn:li:corpuser:other';

// A catalog for each test: they list every test there is.
const c = serviceCatalogForEachTest(async ({ grant }) => {
  await grant('test-managers', { type: 'PLATFORM', privileges: ['MANAGE_TESTS'], actors: { users: [MANAGER] } });
  await grant('test-viewers', { type: 'PLATFORM', privileges: ['VIEW_TESTS'], actors: { users: [VIEWER] } });
});

const info = (urn: string) => c.value(urn, 'testInfo');
const input = { name: 'Has owner', category: 'Governance', definition: { json: '{"on":{"types":["dataset"]}}' } };

describe('a metadata test', () => {
  it('is created, changed, listed and deleted', async () => {
    const { urn, written } = await c.services.tests.create({ ...input, id: 'has-owner' }, MANAGER);
    expect(urn).toBe('urn:li:test:has-owner');
    expect(written).toEqual([urn]);
    expect(await info(urn)).toEqual({
      name: 'Has owner',
      category: 'Governance',
      definition: { type: 'JSON', json: input.definition.json },
    });

    await c.services.tests.update(urn, { ...input, description: 'Every dataset has an owner' }, MANAGER);
    expect(await info(urn)).toMatchObject({ description: 'Every dataset has an owner' });
    expect((await c.services.tests.list({ query: 'owner' }, VIEWER)).urns).toEqual([urn]);

    await c.services.tests.delete(urn, MANAGER);
    expect(await info(urn)).toBeUndefined();
  });

  it("is refused with DataHub's text without MANAGE_TESTS, and listed only with VIEW_TESTS or MANAGE_TESTS", async () => {
    await expect(c.services.tests.create(input, VIEWER)).rejects.toMatchObject({ kind: 'forbidden', message: UNAUTHORIZED_MESSAGE });
    await expect(c.services.tests.list({}, OTHER)).rejects.toMatchObject({ kind: 'forbidden' });
    expect((await c.services.tests.list({}, MANAGER)).total).toBe(0);
  });

  it('is a 400 when it exists already, does not exist, or its definition is not JSON', async () => {
    const { urn } = await c.services.tests.create({ ...input, id: 'once' }, MANAGER);
    await expect(c.services.tests.create({ ...input, id: 'once' }, MANAGER)).rejects.toMatchObject({
      kind: 'bad_request',
      message: 'This Test already exists!',
    });
    await expect(c.services.tests.update('urn:li:test:none', input, MANAGER)).rejects.toMatchObject({ kind: 'bad_request' });
    await expect(c.services.tests.update(urn, { ...input, definition: { json: '{' } }, MANAGER)).rejects.toMatchObject({
      kind: 'bad_request',
    });
    expect((await info(urn))?.definition).toEqual({ type: 'JSON', json: input.definition.json });
  });
});
