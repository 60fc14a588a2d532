/** Reported operations through the service alone: stored on datasets, refused without the privilege. */
import type { OperationInput } from './operations.js';
import { describe, expect, it } from 'vitest';
import { serviceCatalogForFile } from '../../../test/serviceCatalog.js';

const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,sales.orders,PROD)';
const REFUSED = 'urn:li:dataset:(urn:li:dataPlatform:hive,sales.refunds,PROD)';
const DASHBOARD = 'urn:li:dashboard:(looker,sales)';
const EDITOR = 'urn:li:corpuser:editor';
const READER = 'urn:li:corpuser:reader';

const c = serviceCatalogForFile(async ({ grant, put }) => {
  await grant('operation-editors', { privileges: ['EDIT_ENTITY_OPERATIONS'], actors: { users: [EDITOR] } });
  await put([DATASET, REFUSED, DASHBOARD], 'status', { removed: false });
});

describe('an operation', () => {
  it('is recorded on the dataset, by its reporter', async () => {
    const input: OperationInput = {
      urn: DATASET,
      operationType: 'INSERT',
      sourceType: 'DATA_PROCESS',
      timestampMillis: 1000,
      numAffectedRows: 12,
      partition: '2024-01-01',
      customProperties: [{ key: 'job', value: 'nightly' }],
    };
    expect(await c.services.operations.report(input, EDITOR)).toEqual({ written: [DATASET] });
    expect(await c.points(DATASET, 'operation')).toEqual([
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
    const input: OperationInput = { urn: REFUSED, operationType: 'INSERT', sourceType: 'DATA_PROCESS' };
    await expect(c.services.operations.report(input, READER)).rejects.toMatchObject({ kind: 'forbidden' });
    expect(await c.points(REFUSED, 'operation')).toEqual([]);
    await expect(c.services.operations.report({ ...input, urn: DASHBOARD }, EDITOR)).rejects.toMatchObject({
      kind: 'bad_request',
      message: 'Unable to report operation. Invalid entity type dashboard provided.',
    });
  });
});
