/** Reported operations through the service alone: stored on datasets, refused without the privilege. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { grantPolicy, openTestStore, tempDir } from '../../../test/helpers.js';
import { SYSTEM_ACTOR } from '../../actors.js';
import type { Store } from '../../store/types.js';
import { buildProposal } from '../../write/proposals.js';
import { createServices, type Services } from '../services.js';

const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,sales.orders,PROD)';
const DASHBOARD = 'urn:li:dashboard:(looker,sales)';
const EDITOR = 'urn:li:corpuser:editor';
const READER = 'urn:li:corpuser:reader';

let store: Store;
let drop: () => Promise<void>;
let services: Services;
beforeEach(async () => {
  ({ store, drop } = await openTestStore(tempDir()));
  services = createServices(store);
  await grantPolicy(services, 'operation-editors', { privileges: ['EDIT_ENTITY_OPERATIONS'], actors: { users: [EDITOR] } });
  for (const urn of [DATASET, DASHBOARD])
    await services.writePath.apply([buildProposal(services.registry, urn, 'status', 'UPSERT', { removed: false })], {
      actor: SYSTEM_ACTOR,
    });
});
afterEach(async () => {
  await store.close();
  await drop();
});

const operations = (urn: string) => store.getTimeseries(urn, 'operation', { limit: 10 });

describe('an operation', () => {
  it('is recorded on the dataset, by its reporter', async () => {
    const input = {
      urn: DATASET,
      operationType: 'INSERT',
      sourceType: 'DATA_PROCESS',
      timestampMillis: 1000,
      numAffectedRows: 12,
      partition: '2024-01-01',
      customProperties: [{ key: 'job', value: 'nightly' }],
    };
    expect(await services.operations.report(input, EDITOR)).toEqual({ written: [DATASET] });
    expect((await operations(DATASET)).map((p) => p.value)).toEqual([
      {
        timestampMillis: 1000,
        lastUpdatedTimestamp: 1000,
        actor: EDITOR,
        operationType: 'INSERT',
        numAffectedRows: 12,
        sourceType: 'DATA_PROCESS',
        partitionSpec: { type: 'PARTITION', partition: '2024-01-01' },
        customProperties: { job: 'nightly' },
      },
    ]);
  });

  it('is refused without EDIT_ENTITY_OPERATIONS, and a 400 on what is not a dataset', async () => {
    const input = { urn: DATASET, operationType: 'INSERT', sourceType: 'DATA_PROCESS' };
    await expect(services.operations.report(input, READER)).rejects.toMatchObject({ kind: 'forbidden' });
    expect(await operations(DATASET)).toEqual([]);
    await expect(services.operations.report({ ...input, urn: DASHBOARD }, EDITOR)).rejects.toMatchObject({
      kind: 'bad_request',
      message: 'Unable to report operation. Invalid entity type dashboard provided.',
    });
  });
});
