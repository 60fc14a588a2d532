/**
 * Records shared by aspects of several areas (beyond `../schema/common.ts`). Each record is defined
 * exactly once here and reused, so a fully qualified name always denotes one shape.
 */
import { arrayOf, enumOf, float, int, long, mapOf, optional, record, string, urn, withDefault } from '../schema/dsl.js';
import { AuditStamp } from '../schema/common.js';
import type { SearchableDecl } from '../types.js';

// ---------------------------------------------------------------------------------------------------
// com.linkedin.common

/** `MetadataAttribution`: who/what attached a tag, term or documentation, and when. */
export const MetadataAttribution = record('com.linkedin.common.MetadataAttribution', {
  time: long,
  actor: urn,
  source: optional(urn),
  sourceDetail: withDefault(mapOf(string), {}),
});

export const TagAssociation = record('com.linkedin.common.TagAssociation', {
  tag: urn,
  context: optional(string),
  attribution: optional(MetadataAttribution),
});

export const GlobalTags = record('com.linkedin.common.GlobalTags', {
  tags: arrayOf(TagAssociation),
});

export const GlossaryTermAssociation = record('com.linkedin.common.GlossaryTermAssociation', {
  urn: urn,
  actor: optional(urn),
  context: optional(string),
  attribution: optional(MetadataAttribution),
});

export const GlossaryTerms = record('com.linkedin.common.GlossaryTerms', {
  terms: arrayOf(GlossaryTermAssociation),
  auditStamp: AuditStamp,
});

/** `Edge`: a relationship to another entity carried inside an aspect, with its own audit stamps. */
export const Edge = record('com.linkedin.common.Edge', {
  sourceUrn: optional(urn),
  destinationUrn: urn,
  created: optional(AuditStamp),
  lastModified: optional(AuditStamp),
  properties: optional(mapOf(string)),
});

export const AccessLevel = enumOf('com.linkedin.common.AccessLevel', ['PUBLIC', 'PRIVATE']);

export const VersionTag = record('com.linkedin.common.VersionTag', {
  versionTag: optional(string),
  metadataAttribution: optional(MetadataAttribution),
});

// ---------------------------------------------------------------------------------------------------
// com.linkedin.dataset: fine-grained (column-level) lineage, used by upstreamLineage and dataJobInputOutput

export const FineGrainedLineage = record('com.linkedin.dataset.FineGrainedLineage', {
  upstreamType: enumOf('com.linkedin.dataset.FineGrainedLineageUpstreamType', ['FIELD_SET', 'DATASET', 'NONE']),
  upstreams: optional(arrayOf(urn)),
  downstreamType: enumOf('com.linkedin.dataset.FineGrainedLineageDownstreamType', ['FIELD', 'FIELD_SET']),
  downstreams: optional(arrayOf(urn)),
  transformOperation: optional(string),
  confidenceScore: withDefault(float, 1.0),
  query: optional(urn),
});

/** The searchable annotated on `FineGrainedLineage.upstreams`, as seen from an aspect's `fineGrainedLineages`. */
export const fineGrainedUpstreamsSearchable: SearchableDecl = {
  path: '/fineGrainedLineages/*/upstreams/*',
  fieldName: 'fineGrainedUpstreams',
  fieldType: 'URN',
  hasValuesFieldName: 'hasFineGrainedUpstreams',
  queryByDefault: false,
};

// ---------------------------------------------------------------------------------------------------
// com.linkedin.timeseries: the base of every timeseries aspect

export const CalendarInterval = enumOf('com.linkedin.timeseries.CalendarInterval', [
  'SECOND',
  'MINUTE',
  'HOUR',
  'DAY',
  'WEEK',
  'MONTH',
  'QUARTER',
  'YEAR',
]);

export const TimeWindowSize = record('com.linkedin.timeseries.TimeWindowSize', {
  unit: CalendarInterval,
  multiple: withDefault(int, 1),
});

export const TimeWindow = record('com.linkedin.timeseries.TimeWindow', {
  startTimeMillis: long,
  length: TimeWindowSize,
});

export const PartitionSpec = record('com.linkedin.timeseries.PartitionSpec', {
  type: withDefault(enumOf('com.linkedin.timeseries.PartitionType', ['FULL_TABLE', 'QUERY', 'PARTITION']), 'PARTITION'),
  partition: string,
  timePartition: optional(TimeWindow),
});

/**
 * `TimeseriesAspectBase`. Pegasus gives `partitionSpec` the default
 * `{type: FULL_TABLE, partition: FULL_TABLE_SNAPSHOT}`; it is declared plain optional here so that a
 * point written without one is stored and served without one.
 */
export const TimeseriesAspectBase = record('com.linkedin.timeseries.TimeseriesAspectBase', {
  timestampMillis: long,
  eventGranularity: optional(TimeWindowSize),
  partitionSpec: optional(PartitionSpec),
  messageId: optional(string),
});

/** A timeseries aspect record: the `TimeseriesAspectBase` fields, then its own. */
export function timeseriesRecord<const N extends string, F extends Parameters<typeof record>[1]>(name: N, fields: F) {
  return record(name, fields, TimeseriesAspectBase);
}

// ---------------------------------------------------------------------------------------------------
// Searchable annotations of the mixins (`CustomProperties`, `ExternalReference`) and of nested
// tag/term associations, reused by every aspect that includes them.

export const customPropertiesSearchable: SearchableDecl = {
  path: '/customProperties/*',
  fieldName: 'customProperties',
  fieldType: 'TEXT',
  queryByDefault: true,
};

export const externalUrlSearchable: SearchableDecl = { path: '/externalUrl', fieldType: 'KEYWORD' };

/**
 * Searchables of the `attribution` of tag or term associations in the array at `prefix` (e.g. `/tags`,
 * `/fields/*\/globalTags/tags`), named `<namePrefix>AttributionDates|Actors|Sources`.
 */
export function attributionSearchables(prefix: string, namePrefix: string): SearchableDecl[] {
  return [
    { path: `${prefix}/*/attribution/time`, fieldName: `${namePrefix}AttributionDates`, fieldType: 'DATETIME', queryByDefault: false },
    { path: `${prefix}/*/attribution/actor`, fieldName: `${namePrefix}AttributionActors`, fieldType: 'URN', queryByDefault: false },
    { path: `${prefix}/*/attribution/source`, fieldName: `${namePrefix}AttributionSources`, fieldType: 'URN', queryByDefault: false },
  ];
}
