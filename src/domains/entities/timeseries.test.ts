/** Who may see a dataset's profiles, usage and operations, decided by the timeseries service alone. */
import { describe, expect, it } from 'vitest';
import { serviceCatalogForFile } from '../../../test/serviceCatalog.js';

const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,sales.orders,PROD)';
const ANALYST = 'urn:li:corpuser:analyst';
const READER = 'urn:li:corpuser:reader';

const c = serviceCatalogForFile(async ({ grant }) => {
  await grant('analysts', { privileges: ['VIEW_DATASET_PROFILE'], actors: { users: [ANALYST] } });
});

describe('a timeseries of a dataset', () => {
  it('is seen with its view privilege only; one needing none, by anyone', async () => {
    expect(await c.services.timeseries.mayView(ANALYST, DATASET, 'datasetProfile')).toBe(true);
    expect(await c.services.timeseries.mayView(ANALYST, DATASET, 'operation')).toBe(false);
    expect(await c.services.timeseries.mayView(READER, DATASET, 'datasetProfile')).toBe(false);
    expect(await c.services.timeseries.mayView(READER, DATASET, 'assertionRunEvent')).toBe(true);
  });
});
