/**
 * `assertionInfo` and `assertionRunEvent`, and the partition of any timeseries point, in GraphQL's shapes.
 */
import { parseUrn } from '../../../urn.js';
import { auditStamp, stringMap } from './common.js';

type Json = Record<string, any>;

/** A timeseries point's partition as GraphQL's PartitionSpec: its type (PARTITION by default) and name. */
export const partitionSpec = (p: Json | undefined | null) =>
  p ? { type: p.type ?? 'PARTITION', partition: p.partition ?? null, timePartition: null } : null;

/** A schema field urn as the ref GraphQL gives: the urn and its field path. */
const schemaFieldRef = (urn: string) => ({ urn, path: parseUrn(urn).parts[1] ?? '' });

/** The kind-specific part of an assertion: stored shapes are GraphQL's, but the asserted entity is `entityUrn`. */
const subAssertion = (a: Json | undefined) => (a ? { ...a, entityUrn: a.entity, filter: a.filter ?? null } : null);

export function assertionInfo(i: Json | undefined) {
  if (!i) return null;
  const d = i.datasetAssertion;
  return {
    type: i.type,
    description: i.description ?? null,
    externalUrl: i.externalUrl ?? null,
    lastUpdated: auditStamp(i.lastUpdated),
    source: i.source ? { type: i.source.type, created: auditStamp(i.source.created) } : null,
    datasetAssertion: d
      ? {
          datasetUrn: d.dataset,
          scope: d.scope,
          fields: (d.fields ?? []).map(schemaFieldRef),
          aggregation: d.aggregation ?? null,
          operator: d.operator,
          parameters: d.parameters ?? null,
          nativeType: d.nativeType ?? null,
          nativeParameters: stringMap(d.nativeParameters),
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

export function assertionRunEvent(e: Json) {
  const r = e.result;
  return {
    timestampMillis: e.timestampMillis,
    lastObservedMillis: e.lastObservedMillis ?? null,
    assertionUrn: e.assertionUrn,
    asserteeUrn: e.asserteeUrn,
    runId: e.runId,
    status: e.status,
    batchSpec: e.batchSpec ? { ...e.batchSpec, customProperties: stringMap(e.batchSpec.customProperties) } : null,
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
