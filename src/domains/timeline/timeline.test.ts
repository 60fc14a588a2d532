/** An entity's aspects as they stood at a version stamp, read by the timeline service alone. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestStore, tempDir } from '../../../test/helpers.js';
import { SYSTEM_ACTOR } from '../../actors.js';
import type { Store } from '../../store/types.js';
import { buildProposal } from '../../write/proposals.js';
import { createServices, type Services } from '../services.js';

const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,sales.orders,PROD)';

let store: Store;
let drop: () => Promise<void>;
let services: Services;
beforeEach(async () => {
  ({ store, drop } = await openTestStore(tempDir()));
  services = createServices(store);
  for (const description of ['first', 'second'])
    await services.writePath.apply([buildProposal(services.registry, DATASET, 'editableDatasetProperties', 'UPSERT', { description })], {
      actor: SYSTEM_ACTOR,
    });
});
afterEach(async () => {
  await store.close();
  await drop();
});

describe('aspects at a version stamp', () => {
  it('are read at the versions named, the others at their latest', async () => {
    const at = async (stamp: string | null) =>
      (await services.timeline.aspectsAt(DATASET, stamp, ['editableDatasetProperties', 'status'])).get('editableDatasetProperties')?.value;
    expect(await at('editableDatasetProperties:1')).toMatchObject({ description: 'first' });
    expect(await at('editableDatasetProperties:0;status:0')).toMatchObject({ description: 'second' });
    expect(await at(null)).toMatchObject({ description: 'second' });
  });

  it('are a 400 for a stamp not of the form <aspect>:<version>', async () => {
    await expect(services.timeline.aspectsAt(DATASET, 'editableDatasetProperties:latest', ['status'])).rejects.toMatchObject({
      kind: 'bad_request',
    });
  });
});
