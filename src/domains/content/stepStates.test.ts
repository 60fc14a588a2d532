/** Onboarding step states, as the step state service records them. */
import { describe, expect, it } from 'vitest';
import { serviceCatalogForFile } from '../../../test/serviceCatalog.js';

const NOBODY = 'urn:li:corpuser:nobody';

const c = serviceCatalogForFile();

describe('onboarding step states', () => {
  it("are anyone's to record, each state alone", async () => {
    const { results, written } = await c.services.stepStates.update(
      [
        { id: 'nobody-intro', properties: [{ key: 'state', value: 'COMPLETE' }, null, { key: 'skipped', value: null }] },
        { id: 'nobody-search', properties: [] },
      ],
      NOBODY,
    );
    expect(results).toEqual([
      { id: 'nobody-intro', succeeded: true },
      { id: 'nobody-search', succeeded: true },
    ]);
    expect(written).toEqual(['urn:li:dataHubStepState:nobody-intro', 'urn:li:dataHubStepState:nobody-search']);
    expect(await c.value('urn:li:dataHubStepState:nobody-intro', 'dataHubStepStateProperties')).toMatchObject({
      properties: { state: 'COMPLETE' },
      lastModified: { actor: NOBODY },
    });
  });
});
