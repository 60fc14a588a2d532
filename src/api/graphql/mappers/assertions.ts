/**
 * `assertionInfo` and `assertionRunEvent`, and the partition of any timeseries point, in GraphQL's shapes.
 */
import { isPlainObject, type JsonObject } from '../../../json.js';
import { aspectValue, type AspectValue } from '../../../registry/aspectValues.js';
import { parseUrn } from '../../../urn.js';
import { auditStamp, stringMap } from './common.js';

type AssertionInfo = AspectValue<'assertionInfo'>;
/** The kind-specific parts an assertion may have, each naming the asserted entity. */
type SubAssertion = NonNullable<
  AssertionInfo['freshnessAssertion' | 'volumeAssertion' | 'sqlAssertion' | 'fieldAssertion' | 'schemaAssertion']
>;

/** Parts of an assertion the schema leaves open (`any`), read as DataHub's records have them when they are objects. */
const openRecord = (v: unknown): JsonObject | undefined => (isPlainObject(v) ? v : undefined);
/** An open string map (`nativeParameters`, a batch spec's `customProperties`), its values as stored: GraphQL's String coerces scalars. */
const openStringMap = (v: unknown) => (isPlainObject(v) ? (v as Record<string, string>) : undefined);

/** A timeseries point's partition as GraphQL's PartitionSpec: its type (PARTITION by default) and name. */
export const partitionSpec = (p: NonNullable<AspectValue<'assertionRunEvent'>['partitionSpec']> | undefined | null) =>
  p ? { type: p.type ?? 'PARTITION', partition: p.partition ?? null, timePartition: null } : null;

/** A schema field urn as the ref GraphQL gives: the urn and its field path. */
const schemaFieldRef = (urn: string) => ({ urn, path: parseUrn(urn).parts[1] ?? '' });

/** The kind-specific part of an assertion: stored shapes are GraphQL's, but the asserted entity is `entityUrn`. */
const subAssertion = (a: SubAssertion | undefined) =>
  a ? { ...a, entityUrn: a.entity, filter: ('filter' in a ? a.filter : null) ?? null } : null;

/** `stored`: the aspect's value as a store row holds it. */
export function assertionInfo(stored: Record<string, unknown> | undefined) {
  const i = aspectValue('assertionInfo', stored);
  if (!i) return null;
  const d = i.datasetAssertion;
  const source = openRecord(i.source);
  return {
    type: i.type,
    description: i.description ?? null,
    externalUrl: i.externalUrl ?? null,
    lastUpdated: auditStamp(i.lastUpdated),
    source: source ? { type: source.type, created: auditStamp(openRecord(source.created)) } : null,
    datasetAssertion: d
      ? {
          datasetUrn: d.dataset,
          scope: d.scope,
          fields: (d.fields ?? []).map(schemaFieldRef),
          aggregation: d.aggregation ?? null,
          operator: d.operator,
          parameters: d.parameters ?? null,
          nativeType: d.nativeType ?? null,
          nativeParameters: stringMap(openStringMap(d.nativeParameters)),
          logic: d.logic ?? null,
        }
      : null,
    freshnessAssertion: subAssertion(i.freshnessAssertion),
    volumeAssertion: subAssertion(i.volumeAssertion),
    sqlAssertion: subAssertion(i.sqlAssertion),
    fieldAssertion: subAssertion(i.fieldAssertion),
    schemaAssertion: subAssertion(i.schemaAssertion),
    customAssertion: i.customAssertion
      ? { ...subAssertion(i.customAssertion), field: i.customAssertion.field ? schemaFieldRef(i.customAssertion.field) : null }
      : null,
  };
}

/** `point`: a stored point of the aspect; `lastObservedMillis`, not declared, is read as written. */
export function assertionRunEvent(point: Record<string, unknown>) {
  const e = aspectValue('assertionRunEvent', point);
  const r = e.result;
  const batchSpec = openRecord(e.batchSpec);
  return {
    timestampMillis: e.timestampMillis,
    lastObservedMillis: point.lastObservedMillis ?? null,
    assertionUrn: e.assertionUrn,
    asserteeUrn: e.asserteeUrn,
    runId: e.runId,
    status: e.status,
    batchSpec: batchSpec ? { ...batchSpec, customProperties: stringMap(openStringMap(batchSpec.customProperties)) } : null,
    partitionSpec: partitionSpec(e.partitionSpec),
    runtimeContext: stringMap(e.runtimeContext),
    result: r
      ? {
          type: r.type,
          rowCount: r.rowCount ?? null,
          missingCount: r.missingCount ?? null,
          unexpectedCount: r.unexpectedCount ?? null,
          actualAggValue: r.actualAggValue ?? null,
          externalUrl: r.externalUrl ?? null,
          nativeResults: stringMap(r.nativeResults),
          error: r.error ? { type: r.error.type, properties: stringMap(r.error.properties) } : null,
        }
      : null,
  };
}
