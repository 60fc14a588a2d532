/** Who may see a dataset's profiles, usage and operations, decided by the timeseries service alone. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { grantPolicy, openTestStore, tempDir } from '../../../test/helpers.js';
import type { Store } from '../../store/types.js';
import { createServices, type Services } from '../services.js';

const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,sales.orders,PROD)';
const ANALYST = 'urn:li:corpuser:analyst';
const READER = 'urn:li:corpuser:reader';

let store: Store;
let drop: () => Promise<void>;
let services: Services;
beforeEach(async () => {
  ({ store, drop } = await openTestStore(tempDir()));
  services = createServices(store);
  await grantPolicy(services, 'analysts', { privileges: ['VIEW_DATASET_PROFILE'], actors: { users: [ANALYST] } });
});
afterEach(async () => {
  await store.close();
  await drop();
});

describe('a timeseries of a dataset', () => {
  it('is seen with its view privilege only; one needing none, by anyone', async () => {
    expect(await services.timeseries.mayView(ANALYST, DATASET, 'datasetProfile')).toBe(true);
    expect(await services.timeseries.mayView(ANALYST, DATASET, 'operation')).toBe(false);
    expect(await services.timeseries.mayView(READER, DATASET, 'datasetProfile')).toBe(false);
    expect(await services.timeseries.mayView(READER, DATASET, 'assertionRunEvent')).toBe(true);
  });
});
