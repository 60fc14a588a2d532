/** An entity's aspects as they stood at a version stamp, read by the timeline service alone. */
import { describe, expect, it } from 'vitest';
import { serviceCatalogForFile } from '../../../test/serviceCatalog.js';

const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,sales.orders,PROD)';

const c = serviceCatalogForFile(async ({ put }) => {
  for (const description of ['first', 'second']) await put(DATASET, 'editableDatasetProperties', { description });
});

describe('aspects at a version stamp', () => {
  it('are read at the versions named, the others at their latest', async () => {
    const at = async (stamp: string | null) =>
      (await c.services.timeline.aspectsAt(DATASET, stamp, ['editableDatasetProperties', 'status'])).get('editableDatasetProperties')
        ?.value;
    expect(await at('editableDatasetProperties:1')).toMatchObject({ description: 'first' });
    expect(await at('editableDatasetProperties:0;status:0')).toMatchObject({ description: 'second' });
    expect(await at(null)).toMatchObject({ description: 'second' });
  });

  it('are a 400 for a stamp not of the form <aspect>:<version>', async () => {
    await expect(c.services.timeline.aspectsAt(DATASET, 'editableDatasetProperties:latest', ['status'])).rejects.toMatchObject({
      kind: 'bad_request',
    });
  });
});
