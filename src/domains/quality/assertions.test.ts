/** Custom assertions through the service alone: what is stored, who is refused, what input is a 400. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { grantPolicy, openTestStore, tempDir } from '../../../test/helpers.js';
import { SYSTEM_ACTOR } from '../../actors.js';
import type { Store } from '../../store/types.js';
import { buildProposal } from '../../write/proposals.js';
import { createServices, type Services } from '../services.js';

const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,sales.orders,PROD)';
const EDITOR = 'urn:li:corpuser:editor';
const READER = 'urn:li:corpuser:reader';
const NOW = 1_700_000_000_000;

let store: Store;
let drop: () => Promise<void>;
let services: Services;
beforeEach(async () => {
  ({ store, drop } = await openTestStore(tempDir()));
  services = createServices(store, { now: () => NOW });
  await grantPolicy(services, 'assertion-editors', { privileges: ['EDIT_ENTITY_ASSERTIONS'], actors: { users: [EDITOR] } });
  await services.writePath.apply([buildProposal(services.registry, DATASET, 'status', 'UPSERT', { removed: false })], {
    actor: SYSTEM_ACTOR,
  });
});
afterEach(async () => {
  await store.close();
  await drop();
});

const latest = async (urn: string, aspect: string) => (await store.getAspect(urn, aspect, 0))?.value;
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
    const { urn, written } = await services.assertions.upsertCustom(undefined, input(), EDITOR);
    expect(written).toEqual([urn]);
    expect(await latest(urn, 'assertionInfo')).toEqual({
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
    expect(await latest(urn, 'dataPlatformInstance')).toEqual({ platform: 'urn:li:dataPlatform:great-expectations' });
  });

  it('records a reported failure as a completed run on the asset', async () => {
    const { urn } = await services.assertions.upsertCustom(undefined, input(), EDITOR);
    await services.assertions.reportResult(
      urn,
      { type: 'ERROR', timestampMillis: 42, error: { type: 'SOURCE_QUERY_FAILED', message: 'timeout' } },
      EDITOR,
    );
    const [point] = await store.getTimeseries(urn, 'assertionRunEvent', { limit: 1 });
    expect(point?.value).toMatchObject({
      timestampMillis: 42,
      runId: '42',
      asserteeUrn: DATASET,
      status: 'COMPLETE',
      result: { type: 'ERROR', error: { type: 'SOURCE_QUERY_FAILED', properties: { message: 'timeout' } } },
    });
  });

  it('is deleted, and deleting it again succeeds', async () => {
    const { urn } = await services.assertions.upsertCustom(undefined, input(), EDITOR);
    expect((await services.assertions.delete(urn, EDITOR)).written).toEqual([urn]);
    expect(await latest(urn, 'assertionInfo')).toBeUndefined();
    expect(await services.assertions.delete(urn, EDITOR)).toEqual({ written: [] });
  });

  it('is refused without EDIT_ENTITY_ASSERTIONS on the asset, and nothing is written', async () => {
    await expect(services.assertions.upsertCustom(undefined, input(), READER)).rejects.toMatchObject({ kind: 'forbidden' });
    const { urn } = await services.assertions.upsertCustom(undefined, input(), EDITOR);
    await expect(services.assertions.reportResult(urn, { type: 'SUCCESS' }, READER)).rejects.toMatchObject({ kind: 'forbidden' });
    await expect(services.assertions.delete(urn, READER)).rejects.toMatchObject({ kind: 'forbidden' });
    expect(await store.getTimeseries(urn, 'assertionRunEvent', { limit: 1 })).toEqual([]);
    expect(await latest(urn, 'assertionInfo')).toBeDefined();
  });

  it('is a 400 without a platform, on an asset not stored, or for an assertion asserting nothing', async () => {
    await expect(services.assertions.upsertCustom(undefined, input({ platform: {} }), EDITOR)).rejects.toMatchObject({
      kind: 'bad_request',
      message: 'Failed to upsert Custom Assertion. Platform Name or Platform Urn must be specified.',
    });
    const missing = 'urn:li:dataset:(urn:li:dataPlatform:hive,sales.missing,PROD)';
    await expect(services.assertions.upsertCustom(undefined, input({ entityUrn: missing }), EDITOR)).rejects.toMatchObject({
      kind: 'bad_request',
      message: `Provided entity with urn ${missing} does not exist!`,
    });
    await expect(services.assertions.upsertCustom('urn:li:tag:pii', input(), EDITOR)).rejects.toMatchObject({ kind: 'bad_request' });
    await expect(services.assertions.reportResult('urn:li:assertion:nothing', { type: 'SUCCESS' }, EDITOR)).rejects.toMatchObject({
      kind: 'bad_request',
    });
  });
});
