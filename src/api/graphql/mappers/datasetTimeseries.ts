/**
 * A dataset's timeseries points in GraphQL's shapes: `datasetProfile` (statistics of a run) and
 * `operation` (a write to it). The stored points are DataHub's shapes but for these fields.
 */
import type { ResolversTypes } from '../generated/resolvers.js';
import { partitionSpec } from './assertions.js';
import { stringMap } from './common.js';

type Json = Record<string, any>;

export const datasetProfile = (p: Json): ResolversTypes['DatasetProfile'] => ({
  ...p,
  partitionSpec: partitionSpec(p.partitionSpec),
  fieldProfiles: p.fieldProfiles ?? null,
});

export const operation = (o: Json): ResolversTypes['Operation'] => ({
  ...o,
  customProperties: stringMap(o.customProperties),
  partition: o.partitionSpec?.partition ?? null,
});
