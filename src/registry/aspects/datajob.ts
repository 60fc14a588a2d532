/**
 * Pipelines and their tasks (Pegasus `com.linkedin.datajob.*`) and the legacy data process entities
 * (`com.linkedin.dataprocess.*`); the run-summary and checkpoint timeseries are in timeseries.ts.
 */
import { arrayOf, enumOf, optional, record, string, union, urn } from '../schema/dsl.js';
import { AuditStamp, ChangeAuditStamps, CustomProperties, ExternalReference, FabricType, TimeStamp } from '../schema/common.js';
import { customPropertiesSearchable, Edge, externalUrlSearchable, FineGrainedLineage, fineGrainedUpstreamsSearchable } from './shared.js';
import { aspect } from './aspect.js';

const J = 'com.linkedin.datajob.';

export const dataFlowInfo = aspect({
  name: 'dataFlowInfo',
  type: record(
    `${J}DataFlowInfo`,
    {
      name: string,
      description: optional(string),
      project: optional(string),
      created: optional(TimeStamp),
      lastModified: optional(TimeStamp),
      env: optional(FabricType),
    },
    CustomProperties,
    ExternalReference,
  ),
  searchable: [
    customPropertiesSearchable,
    externalUrlSearchable,
    { path: '/name', fieldType: 'WORD_GRAM', enableAutocomplete: true, boostScore: 10 },
    { path: '/description', fieldType: 'TEXT', hasValuesFieldName: 'hasDescription' },
    { path: '/project', fieldType: 'TEXT_PARTIAL', queryByDefault: false },
    { path: '/created/time', fieldName: 'createdAt', fieldType: 'DATETIME' },
    { path: '/lastModified/time', fieldName: 'lastModifiedAt', fieldType: 'DATETIME' },
    { path: '/env', fieldType: 'KEYWORD', addToFilters: true, filterNameOverride: 'Environment', queryByDefault: false },
  ],
});

export const editableDataFlowProperties = aspect({
  name: 'editableDataFlowProperties',
  type: record(
    `${J}EditableDataFlowProperties`,
    {
      description: optional(string),
    },
    ChangeAuditStamps,
  ),
  searchable: [{ path: '/description', fieldName: 'editedDescription', fieldType: 'TEXT' }],
});

const AzkabanJobType = enumOf(`${J}azkaban.AzkabanJobType`, ['COMMAND', 'HADOOP_JAVA', 'HADOOP_SHELL', 'HIVE', 'PIG', 'SQL', 'GLUE']);

export const JobStatus = enumOf(`${J}JobStatus`, [
  'STARTING',
  'IN_PROGRESS',
  'STOPPING',
  'STOPPED',
  'COMPLETED',
  'FAILED',
  'UNKNOWN',
  'SKIPPED',
]);

export const dataJobInfo = aspect({
  name: 'dataJobInfo',
  type: record(
    `${J}DataJobInfo`,
    {
      name: string,
      description: optional(string),
      type: union(AzkabanJobType, string),
      flowUrn: optional(urn),
      created: optional(TimeStamp),
      lastModified: optional(TimeStamp),
      status: optional(JobStatus),
      env: optional(FabricType),
    },
    CustomProperties,
    ExternalReference,
  ),
  searchable: [
    customPropertiesSearchable,
    externalUrlSearchable,
    { path: '/name', fieldType: 'WORD_GRAM', enableAutocomplete: true, boostScore: 10 },
    { path: '/description', fieldType: 'TEXT', hasValuesFieldName: 'hasDescription' },
    { path: '/created/time', fieldName: 'createdAt', fieldType: 'DATETIME' },
    { path: '/lastModified/time', fieldName: 'lastModifiedAt', fieldType: 'DATETIME' },
    { path: '/env', fieldType: 'KEYWORD', addToFilters: true, filterNameOverride: 'Environment', queryByDefault: false },
  ],
});

export const editableDataJobProperties = aspect({
  name: 'editableDataJobProperties',
  type: record(
    `${J}EditableDataJobProperties`,
    {
      description: optional(string),
    },
    ChangeAuditStamps,
  ),
  searchable: [{ path: '/description', fieldName: 'editedDescription', fieldType: 'TEXT' }],
});

export const dataJobInputOutput = aspect({
  name: 'dataJobInputOutput',
  type: record(`${J}DataJobInputOutput`, {
    inputDatasets: arrayOf(urn),
    inputDatasetEdges: optional(arrayOf(Edge)),
    outputDatasets: arrayOf(urn),
    outputDatasetEdges: optional(arrayOf(Edge)),
    inputDatajobs: optional(arrayOf(urn)),
    inputDatajobEdges: optional(arrayOf(Edge)),
    inputDatasetFields: optional(arrayOf(urn)),
    outputDatasetFields: optional(arrayOf(urn)),
    fineGrainedLineages: optional(arrayOf(FineGrainedLineage)),
  }),
  searchable: [
    { path: '/inputDatasets/*', fieldName: 'inputs', fieldType: 'URN', numValuesFieldName: 'numInputDatasets', queryByDefault: false },
    {
      path: '/inputDatasetEdges/*/destinationUrn',
      fieldName: 'inputDatasetEdges',
      fieldType: 'URN',
      numValuesFieldName: 'numInputDatasets',
      queryByDefault: false,
    },
    { path: '/outputDatasets/*', fieldName: 'outputs', fieldType: 'URN', numValuesFieldName: 'numOutputDatasets', queryByDefault: false },
    {
      path: '/outputDatasetEdges/*/destinationUrn',
      fieldName: 'outputDatasetEdges',
      fieldType: 'URN',
      numValuesFieldName: 'numOutputDatasets',
      queryByDefault: false,
    },
    {
      path: '/inputDatasetFields/*',
      fieldName: 'inputFields',
      fieldType: 'URN',
      numValuesFieldName: 'numInputFields',
      queryByDefault: false,
    },
    {
      path: '/outputDatasetFields/*',
      fieldName: 'outputFields',
      fieldType: 'URN',
      numValuesFieldName: 'numOutputFields',
      queryByDefault: false,
    },
    fineGrainedUpstreamsSearchable,
  ],
  relationships: [
    { path: '/inputDatasets/*', name: 'Consumes', entityTypes: ['dataset'], isLineage: true },
    {
      path: '/inputDatasetEdges/*/destinationUrn',
      name: 'Consumes',
      entityTypes: ['dataset'],
      isLineage: true,
      edit: { legacy: '/inputDatasets/*' },
    },
    { path: '/outputDatasets/*', name: 'Produces', entityTypes: ['dataset'], isLineage: true, isUpstream: false },
    {
      path: '/outputDatasetEdges/*/destinationUrn',
      name: 'Produces',
      entityTypes: ['dataset'],
      isLineage: true,
      isUpstream: false,
      edit: { legacy: '/outputDatasets/*' },
    },
    { path: '/inputDatajobs/*', name: 'DownstreamOf', entityTypes: ['dataJob'], isLineage: true },
    {
      path: '/inputDatajobEdges/*/destinationUrn',
      name: 'DownstreamOf',
      entityTypes: ['dataJob'],
      isLineage: true,
      edit: { legacy: '/inputDatajobs/*' },
    },
    { path: '/inputDatasetFields/*', name: 'Consumes', entityTypes: ['schemaField'] },
    { path: '/outputDatasetFields/*', name: 'Produces', entityTypes: ['schemaField'] },
  ],
});

export const versionInfo = aspect({
  name: 'versionInfo',
  type: record(
    `${J}VersionInfo`,
    {
      version: optional(string),
      versionType: optional(string),
    },
    CustomProperties,
    ExternalReference,
  ),
});

// --- dataProcess (legacy) and dataProcessInstance ----------------------------------------------------------

const P = 'com.linkedin.dataprocess.';

export const dataProcessInfo = aspect({
  name: 'dataProcessInfo',
  type: record(`${P}DataProcessInfo`, {
    inputs: optional(arrayOf(urn)),
    outputs: optional(arrayOf(urn)),
  }),
  searchable: [
    { path: '/inputs/*', fieldName: 'inputs', fieldType: 'URN', numValuesFieldName: 'numInputDatasets', queryByDefault: false },
    { path: '/outputs/*', fieldName: 'outputs', fieldType: 'URN', numValuesFieldName: 'numOutputDatasets', queryByDefault: false },
  ],
  relationships: [
    { path: '/inputs/*', name: 'Consumes', entityTypes: ['dataset'], isLineage: true },
    { path: '/outputs/*', name: 'Consumes', entityTypes: ['dataset'], isLineage: true },
  ],
});

export const dataProcessInstanceProperties = aspect({
  name: 'dataProcessInstanceProperties',
  type: record(
    `${P}DataProcessInstanceProperties`,
    {
      name: string,
      type: optional(string),
      created: AuditStamp,
    },
    CustomProperties,
    ExternalReference,
  ),
  searchable: [
    customPropertiesSearchable,
    externalUrlSearchable,
    { path: '/name', fieldType: 'TEXT_PARTIAL', enableAutocomplete: true },
    { path: '/type', fieldType: 'KEYWORD', addToFilters: true, filterNameOverride: 'Process Type' },
    { path: '/created/time', fieldName: 'created', fieldType: 'COUNT', queryByDefault: false },
  ],
});

export const dataProcessInstanceInput = aspect({
  name: 'dataProcessInstanceInput',
  type: record(`${P}DataProcessInstanceInput`, {
    inputs: arrayOf(urn),
    inputEdges: optional(arrayOf(Edge)),
  }),
  searchable: [{ path: '/inputs/*', fieldName: 'inputs', fieldType: 'URN', numValuesFieldName: 'numInputs', queryByDefault: false }],
  relationships: [{ path: '/inputs/*', name: 'Consumes', entityTypes: ['dataset', 'mlModel'], isLineage: true }],
});

export const dataProcessInstanceOutput = aspect({
  name: 'dataProcessInstanceOutput',
  type: record(`${P}DataProcessInstanceOutput`, {
    outputs: arrayOf(urn),
    outputEdges: optional(arrayOf(Edge)),
  }),
  searchable: [{ path: '/outputs/*', fieldName: 'outputs', fieldType: 'URN', numValuesFieldName: 'numOutputs', queryByDefault: false }],
  relationships: [{ path: '/outputs/*', name: 'Produces', entityTypes: ['dataset', 'mlModel'], isLineage: true, isUpstream: false }],
});

export const dataProcessInstanceRelationships = aspect({
  name: 'dataProcessInstanceRelationships',
  type: record(`${P}DataProcessInstanceRelationships`, {
    parentTemplate: optional(urn),
    parentInstance: optional(urn),
    upstreamInstances: arrayOf(urn),
  }),
  searchable: [
    { path: '/parentTemplate', fieldType: 'URN', queryByDefault: false },
    { path: '/parentInstance', fieldType: 'URN', queryByDefault: false },
  ],
  relationships: [
    { path: '/parentTemplate', name: 'InstanceOf', entityTypes: ['dataJob', 'dataFlow', 'dataset'] },
    { path: '/parentInstance', name: 'ChildOf', entityTypes: ['dataProcessInstance'] },
    { path: '/upstreamInstances/*', name: 'UpstreamOf', entityTypes: ['dataProcessInstance'] },
  ],
});

export const dataJobAspects = [
  dataFlowInfo,
  editableDataFlowProperties,
  dataJobInfo,
  editableDataJobProperties,
  dataJobInputOutput,
  versionInfo,
  dataProcessInfo,
  dataProcessInstanceProperties,
  dataProcessInstanceInput,
  dataProcessInstanceOutput,
  dataProcessInstanceRelationships,
];
