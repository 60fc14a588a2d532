/** Custom assertions through the service alone: what is stored, who is refused, what input is a 400. */
import { describe, expect, it } from 'vitest';
import { serviceCatalogForFile } from '../../../test/serviceCatalog.js';

const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,sales.orders,PROD)';
const EDITOR = 'urn:li:corpuser:editor';
const READER = 'urn:li:corpuser:reader';
const NOW = 1_700_000_000_000;

const c = serviceCatalogForFile(
  async ({ grant, put }) => {
    await grant('assertion-editors', { privileges: ['EDIT_ENTITY_ASSERTIONS'], actors: { users: [EDITOR] } });
    await put(DATASET, 'status', { removed: false });
  },
  { now: () => NOW },
);

const input = (extra: Record<string, unknown> = {}) => ({
  entityUrn: DATASET,
  type: 'Row checks',
  description: 'No order without a customer',
  platform: { name: 'great-expectations' },
  fieldPath: 'customer_id',
  logic: 'customer_id IS NOT NULL',
  ...extra,
});

describe('a custom assertion', () => {
  it('is stored with its platform, on the column it names', async () => {
    const { urn, written } = await c.services.assertions.upsertCustom(undefined, input(), EDITOR);
    expect(written).toEqual([urn]);
    expect(await c.value(urn, 'assertionInfo')).toEqual({
      type: 'CUSTOM',
      description: 'No order without a customer',
      source: { type: 'EXTERNAL' },
      customAssertion: {
        type: 'Row checks',
        entity: DATASET,
        logic: 'customer_id IS NOT NULL',
        field: `urn:li:schemaField:(${DATASET},customer_id)`,
      },
    });
    expect(await c.value(urn, 'dataPlatformInstance')).toEqual({ platform: 'urn:li:dataPlatform:great-expectations' });
  });

  it('records a reported failure as a completed run on the asset', async () => {
    const { urn } = await c.services.assertions.upsertCustom(undefined, input(), EDITOR);
    await c.services.assertions.reportResult(
      urn,
      { type: 'ERROR', timestampMillis: 42, error: { type: 'SOURCE_QUERY_FAILED', message: 'timeout' } },
      EDITOR,
    );
    const [point] = await c.points(urn, 'assertionRunEvent');
    expect(point).toMatchObject({
      timestampMillis: 42,
      runId: '42',
      asserteeUrn: DATASET,
      status: 'COMPLETE',
      result: { type: 'ERROR', error: { type: 'SOURCE_QUERY_FAILED', properties: { message: 'timeout' } } },
    });
  });

  it('is deleted, and deleting it again succeeds', async () => {
    const { urn } = await c.services.assertions.upsertCustom(undefined, input(), EDITOR);
    expect((await c.services.assertions.delete(urn, EDITOR)).written).toEqual([urn]);
    expect(await c.value(urn, 'assertionInfo')).toBeUndefined();
    expect(await c.services.assertions.delete(urn, EDITOR)).toEqual({ written: [] });
  });

  it('is refused without EDIT_ENTITY_ASSERTIONS on the asset, and nothing is written', async () => {
    await expect(c.services.assertions.upsertCustom(undefined, input(), READER)).rejects.toMatchObject({ kind: 'forbidden' });
    const { urn } = await c.services.assertions.upsertCustom(undefined, input(), EDITOR);
    await expect(c.services.assertions.reportResult(urn, { type: 'SUCCESS' }, READER)).rejects.toMatchObject({ kind: 'forbidden' });
    await expect(c.services.assertions.delete(urn, READER)).rejects.toMatchObject({ kind: 'forbidden' });
    expect(await c.points(urn, 'assertionRunEvent')).toEqual([]);
    expect(await c.value(urn, 'assertionInfo')).toBeDefined();
  });

  it('is a 400 without a platform, on an asset not stored, or for an assertion asserting nothing', async () => {
    await expect(c.services.assertions.upsertCustom(undefined, input({ platform: {} }), EDITOR)).rejects.toMatchObject({
      kind: 'bad_request',
      message: 'Failed to upsert Custom Assertion. Platform Name or Platform Urn must be specified.',
    });
    const missing = 'urn:li:dataset:(urn:li:dataPlatform:hive,sales.missing,PROD)';
    await expect(c.services.assertions.upsertCustom(undefined, input({ entityUrn: missing }), EDITOR)).rejects.toMatchObject({
      kind: 'bad_request',
      message: `Provided entity with urn ${missing} does not exist!`,
    });
    await expect(c.services.assertions.upsertCustom('urn:li:tag:pii', input(), EDITOR)).rejects.toMatchObject({ kind: 'bad_request' });
    await expect(c.services.assertions.reportResult('urn:li:assertion:nothing', { type: 'SUCCESS' }, EDITOR)).rejects.toMatchObject({
      kind: 'bad_request',
    });
  });
});
