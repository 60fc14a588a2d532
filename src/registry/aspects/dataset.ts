/**
 * Dataset aspects (Pegasus `com.linkedin.dataset.*`), timeseries ones excepted (see timeseries.ts).
 */
import { any, arrayOf, boolean, enumOf, long, mapOf, optional, record, string, urn, withDefault } from '../schema/dsl.js';
import { AuditStamp, ChangeAuditStamps, CustomProperties, ExternalReference, TimeStamp } from '../schema/common.js';
import { customPropertiesSearchable, externalUrlSearchable, FineGrainedLineage, fineGrainedUpstreamsSearchable } from './shared.js';
import { aspect } from './aspect.js';

const D = 'com.linkedin.dataset.';

export const datasetProperties = aspect({
  name: 'datasetProperties',
  type: record(
    `${D}DatasetProperties`,
    {
      name: optional(string),
      qualifiedName: optional(string),
      description: optional(string),
      uri: optional(string),
      created: optional(TimeStamp),
      lastModified: optional(TimeStamp),
      tags: withDefault(arrayOf(string), []),
    },
    CustomProperties,
    ExternalReference,
  ),
  searchable: [
    customPropertiesSearchable,
    externalUrlSearchable,
    { path: '/name', fieldType: 'WORD_GRAM', enableAutocomplete: true, boostScore: 10 },
    { path: '/qualifiedName', fieldType: 'WORD_GRAM', addToFilters: false, enableAutocomplete: true, boostScore: 10 },
    { path: '/description', fieldType: 'TEXT', hasValuesFieldName: 'hasDescription' },
    { path: '/created/time', fieldName: 'createdAt', fieldType: 'DATETIME' },
    { path: '/lastModified/time', fieldName: 'lastModifiedAt', fieldType: 'DATETIME' },
  ],
});

export const editableDatasetProperties = aspect({
  name: 'editableDatasetProperties',
  type: record(
    `${D}EditableDatasetProperties`,
    {
      description: optional(string),
      name: optional(string),
    },
    ChangeAuditStamps,
  ),
  searchable: [
    { path: '/description', fieldName: 'editedDescription', fieldType: 'TEXT' },
    { path: '/name', fieldName: 'editedName', fieldType: 'TEXT_PARTIAL' },
  ],
});

const Upstream = record(`${D}Upstream`, {
  auditStamp: withDefault(AuditStamp, { time: 0, actor: 'urn:li:corpuser:unknown' }),
  created: optional(AuditStamp),
  dataset: urn,
  type: enumOf(`${D}DatasetLineageType`, ['COPY', 'TRANSFORMED', 'VIEW']),
  properties: optional(mapOf(string)),
  query: optional(urn),
});

export const upstreamLineage = aspect({
  name: 'upstreamLineage',
  type: record(`${D}UpstreamLineage`, {
    upstreams: arrayOf(Upstream),
    fineGrainedLineages: optional(arrayOf(FineGrainedLineage)),
  }),
  searchable: [
    { path: '/upstreams/*/dataset', fieldName: 'upstreams', fieldType: 'URN', hasValuesFieldName: 'hasUpstreams', queryByDefault: false },
    fineGrainedUpstreamsSearchable,
  ],
  relationships: [
    { path: '/upstreams/*/dataset', name: 'DownstreamOf', entityTypes: ['dataset'], isLineage: true, edit: {} },
    { path: '/fineGrainedLineages/*/upstreams/*', name: 'DownstreamOf', entityTypes: ['dataset', 'schemaField'] },
  ],
});

export const viewProperties = aspect({
  name: 'viewProperties',
  type: record(`${D}ViewProperties`, {
    materialized: boolean,
    viewLogic: string,
    formattedViewLogic: optional(string),
    viewLanguage: string,
  }),
  searchable: [{ path: '/materialized', fieldType: 'BOOLEAN', weightsPerFieldValue: { true: 0.5 } }],
});

/** Legacy (pre-`deprecation`) dataset deprecation. */
export const datasetDeprecation = aspect({
  name: 'datasetDeprecation',
  type: record(`${D}DatasetDeprecation`, {
    deprecated: boolean,
    decommissionTime: optional(long),
    note: string,
    actor: optional(urn),
  }),
  searchable: [{ path: '/deprecated', fieldType: 'BOOLEAN', weightsPerFieldValue: { true: 0.5 } }],
});

/** Legacy field-level lineage. */
export const datasetUpstreamLineage = aspect({
  name: 'datasetUpstreamLineage',
  type: record(`${D}DatasetUpstreamLineage`, {
    fieldMappings: arrayOf(any),
  }),
});

const PartitionSummary = record(`${D}PartitionSummary`, {
  partition: string,
  createdTime: optional(long),
  lastModifiedTime: optional(long),
});

export const partitionsSummary = aspect({
  name: 'partitionsSummary',
  type: record(`${D}PartitionsSummary`, {
    min: optional(PartitionSummary),
    max: optional(PartitionSummary),
    minPartition: optional(PartitionSummary),
    maxPartition: optional(PartitionSummary),
  }),
});

export const datasetAspects = [
  datasetProperties,
  editableDatasetProperties,
  upstreamLineage,
  viewProperties,
  datasetDeprecation,
  datasetUpstreamLineage,
  partitionsSummary,
];
