import { describe, expectTypeOf, it } from 'vitest';
import type { AspectName, AspectValue } from './aspectValues.js';

// Checked by the type checker (`tsc`), not at run time: the types derived from the schemas.
describe('AspectValue', () => {
  it('is an aspect name of the catalogue, not any string', () => {
    expectTypeOf<'ownership'>().toExtend<AspectName>();
    expectTypeOf<'ownershipp'>().not.toExtend<AspectName>();
  });

  it('types fields from the schema: required, optional, defaulted (optional: nothing fills defaults in)', () => {
    type Ownership = AspectValue<'ownership'>;
    expectTypeOf<Ownership['owners'][number]['owner']>().toEqualTypeOf<string>();
    expectTypeOf<Ownership['owners'][number]['type']>().toExtend<string>();
    expectTypeOf<'TECHNICAL_OWNER'>().toExtend<Ownership['owners'][number]['type']>();
    expectTypeOf<Ownership>().toHaveProperty('lastModified');
    expectTypeOf<{ owners: [] }>().toExtend<Ownership>();
    expectTypeOf<AspectValue<'status'>>().toEqualTypeOf<{ removed?: boolean }>();
  });

  it('types unions as single-key objects, includes, and timeseries bases', () => {
    expectTypeOf<AspectValue<'cost'>['cost']>().toEqualTypeOf<{ costId: number } | { costCode: string }>();
    expectTypeOf<AspectValue<'datasetProperties'>['customProperties']>().toEqualTypeOf<Record<string, string> | undefined>();
    expectTypeOf<AspectValue<'datasetProfile'>['timestampMillis']>().toEqualTypeOf<number>();
    expectTypeOf<AspectValue<'domainKey'>>().toEqualTypeOf<{ id: string }>();
  });
});
