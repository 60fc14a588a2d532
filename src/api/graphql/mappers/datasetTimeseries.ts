/**
 * A dataset's timeseries points in GraphQL's shapes: `datasetProfile` (statistics of a run) and
 * `operation` (a write to it). The stored points are DataHub's shapes but for these fields.
 */
import { aspectValue, type AspectValue } from '../../../registry/aspectValues.js';
import type { OperationSourceType, ResolversTypes } from '../generated/resolvers.js';
import { partitionSpec } from './assertions.js';
import { stringMap } from './common.js';

export const datasetProfile = (point: Record<string, unknown>): ResolversTypes['DatasetProfile'] =>
  profile(aspectValue('datasetProfile', point));

const profile = (p: AspectValue<'datasetProfile'>): ResolversTypes['DatasetProfile'] => ({
  ...p,
  partitionSpec: partitionSpec(p.partitionSpec),
  fieldProfiles: p.fieldProfiles ?? null,
});

export const operation = (point: Record<string, unknown>): ResolversTypes['Operation'] => op(aspectValue('operation', point));

function op({ sourceType, ...o }: AspectValue<'operation'>): ResolversTypes['Operation'] {
  return {
    ...o,
    // MANUAL, which GraphQL's enum lacks, fails the field, as it fails DataHub's mapper.
    ...(sourceType !== undefined ? { sourceType: sourceType as OperationSourceType } : {}),
    customProperties: stringMap(o.customProperties),
    partition: o.partitionSpec?.partition ?? null,
  };
}
