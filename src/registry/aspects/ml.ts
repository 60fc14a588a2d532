/**
 * Machine-learning entities (Pegasus `com.linkedin.ml.metadata.*`): models, model groups, deployments,
 * features, feature tables and primary keys. Modelled structurally: enums whose symbol lists vary
 * between versions are strings, and deep report structures are `any`.
 */
import {
  any,
  arrayOf,
  boolean,
  double,
  float,
  int,
  long,
  mapOf,
  optional,
  record,
  string,
  union,
  urn,
  withDefault,
} from '../schema/dsl.js';
import { CustomProperties, ExternalReference, TimeStamp } from '../schema/common.js';
import { customPropertiesSearchable, externalUrlSearchable, VersionTag } from './shared.js';
import { aspect } from './aspect.js';

const M = 'com.linkedin.ml.metadata.';

export const MLHyperParam = record(`${M}MLHyperParam`, {
  name: string,
  description: optional(string),
  value: optional(string),
  createdAt: optional(long),
});

export const MLMetric = record(`${M}MLMetric`, {
  name: string,
  description: optional(string),
  value: optional(string),
  createdAt: optional(long),
});

/** Mixin of ML models and model groups: the jobs that train and use them. */
const MLModelLineageInfo = record(`${M}MLModelLineageInfo`, {
  trainingJobs: optional(arrayOf(urn)),
  downstreamJobs: optional(arrayOf(urn)),
});

export const mlModelProperties = aspect({
  name: 'mlModelProperties',
  type: record(
    `${M}MLModelProperties`,
    {
      name: optional(string),
      description: optional(string),
      date: optional(long),
      created: optional(TimeStamp),
      lastModified: optional(TimeStamp),
      version: optional(VersionTag),
      type: optional(string),
      hyperParameters: optional(mapOf(union(string, int, float, double, boolean))),
      hyperParams: optional(arrayOf(MLHyperParam)),
      trainingMetrics: optional(arrayOf(MLMetric)),
      onlineMetrics: optional(arrayOf(MLMetric)),
      mlFeatures: optional(arrayOf(urn)),
      tags: withDefault(arrayOf(string), []),
      deployments: optional(arrayOf(urn)),
      groups: optional(arrayOf(urn)),
    },
    CustomProperties,
    ExternalReference,
    MLModelLineageInfo,
  ),
  searchable: [
    customPropertiesSearchable,
    externalUrlSearchable,
    { path: '/name', fieldType: 'WORD_GRAM', enableAutocomplete: true, boostScore: 10, queryByDefault: true },
    { path: '/description', fieldType: 'TEXT', hasValuesFieldName: 'hasDescription' },
    { path: '/type', fieldType: 'TEXT_PARTIAL' },
  ],
  relationships: [
    { path: '/mlFeatures/*', name: 'Consumes', entityTypes: ['mlFeature'], isLineage: true },
    { path: '/deployments/*', name: 'DeployedTo', entityTypes: ['mlModelDeployment'] },
    { path: '/trainingJobs/*', name: 'TrainedBy', entityTypes: ['dataJob', 'dataProcessInstance'], isLineage: true },
    { path: '/downstreamJobs/*', name: 'UsedBy', entityTypes: ['dataJob', 'dataProcessInstance'], isLineage: true, isUpstream: false },
    { path: '/groups/*', name: 'MemberOf', entityTypes: ['mlModelGroup'], isLineage: true, isUpstream: false },
  ],
});

function editableProperties<const N extends string, const R extends string>(name: N, recordName: R) {
  return aspect({
    name,
    type: record(`${M}${recordName}`, { description: optional(string) }),
    searchable: [{ path: '/description', fieldName: 'editedDescription', fieldType: 'TEXT' }],
  });
}

export const editableMlModelProperties = editableProperties('editableMlModelProperties', 'EditableMLModelProperties');
export const editableMlModelGroupProperties = editableProperties('editableMlModelGroupProperties', 'EditableMLModelGroupProperties');
export const editableMlFeatureProperties = editableProperties('editableMlFeatureProperties', 'EditableMLFeatureProperties');
export const editableMlFeatureTableProperties = editableProperties('editableMlFeatureTableProperties', 'EditableMLFeatureTableProperties');
export const editableMlPrimaryKeyProperties = editableProperties('editableMlPrimaryKeyProperties', 'EditableMLPrimaryKeyProperties');

export const intendedUse = aspect({
  name: 'intendedUse',
  type: record(`${M}IntendedUse`, {
    primaryUses: optional(arrayOf(string)),
    primaryUsers: optional(arrayOf(string)),
    outOfScopeUses: optional(arrayOf(string)),
  }),
});

export const mlModelFactorPrompts = aspect({
  name: 'mlModelFactorPrompts',
  type: record(`${M}MLModelFactorPrompts`, {
    relevantFactors: optional(arrayOf(any)),
    evaluationFactors: optional(arrayOf(any)),
  }),
});

export const mlModelMetrics = aspect({
  name: 'mlModelMetrics',
  type: record(`${M}Metrics`, {
    performanceMeasures: optional(arrayOf(string)),
    decisionThreshold: optional(arrayOf(string)),
  }),
});

const BaseData = record(`${M}BaseData`, {
  dataset: urn,
  motivation: optional(string),
  preProcessing: optional(arrayOf(string)),
});

export const mlModelEvaluationData = aspect({
  name: 'mlModelEvaluationData',
  type: record(`${M}EvaluationData`, { evaluationData: arrayOf(BaseData) }),
});

export const mlModelTrainingData = aspect({
  name: 'mlModelTrainingData',
  type: record(`${M}TrainingData`, { trainingData: arrayOf(BaseData) }),
});

export const mlModelQuantitativeAnalyses = aspect({
  name: 'mlModelQuantitativeAnalyses',
  type: record(`${M}QuantitativeAnalyses`, {
    // `ResultsType = union[string]`: written `{"string": "…"}`.
    unitaryResults: optional(union(string)),
    intersectionalResults: optional(union(string)),
  }),
});

export const mlModelEthicalConsiderations = aspect({
  name: 'mlModelEthicalConsiderations',
  type: record(`${M}EthicalConsiderations`, {
    data: optional(arrayOf(string)),
    humanLife: optional(arrayOf(string)),
    mitigations: optional(arrayOf(string)),
    risksAndHarms: optional(arrayOf(string)),
    useCases: optional(arrayOf(string)),
  }),
});

export const mlModelCaveatsAndRecommendations = aspect({
  name: 'mlModelCaveatsAndRecommendations',
  type: record(`${M}CaveatsAndRecommendations`, {
    caveats: optional(
      record(`${M}CaveatDetails`, {
        needsFurtherTesting: optional(boolean),
        caveatDescription: optional(string),
        groupsNotRepresented: optional(arrayOf(string)),
      }),
    ),
    recommendations: optional(string),
    idealDatasetCharacteristics: optional(arrayOf(string)),
  }),
});

export const sourceCode = aspect({
  name: 'sourceCode',
  type: record(`${M}SourceCode`, {
    sourceCode: arrayOf(
      record(`${M}SourceCodeUrl`, {
        type: string,
        sourceCodeUrl: string,
      }),
    ),
  }),
});

export const mlModelGroupProperties = aspect({
  name: 'mlModelGroupProperties',
  type: record(
    `${M}MLModelGroupProperties`,
    {
      name: optional(string),
      description: optional(string),
      createdAt: optional(long),
      created: optional(TimeStamp),
      lastModified: optional(TimeStamp),
      version: optional(VersionTag),
    },
    CustomProperties,
    ExternalReference,
    MLModelLineageInfo,
  ),
  searchable: [
    customPropertiesSearchable,
    externalUrlSearchable,
    { path: '/name', fieldType: 'WORD_GRAM', enableAutocomplete: true, boostScore: 10, queryByDefault: true },
    { path: '/description', fieldType: 'TEXT', hasValuesFieldName: 'hasDescription' },
  ],
  relationships: [
    { path: '/trainingJobs/*', name: 'TrainedBy', entityTypes: ['dataJob', 'dataProcessInstance'], isLineage: true },
    { path: '/downstreamJobs/*', name: 'UsedBy', entityTypes: ['dataJob', 'dataProcessInstance'], isLineage: true, isUpstream: false },
  ],
});

export const mlModelDeploymentProperties = aspect({
  name: 'mlModelDeploymentProperties',
  type: record(
    `${M}MLModelDeploymentProperties`,
    {
      description: optional(string),
      createdAt: optional(long),
      version: optional(VersionTag),
      status: optional(string),
    },
    CustomProperties,
    ExternalReference,
  ),
  searchable: [customPropertiesSearchable, externalUrlSearchable],
});

export const mlFeatureProperties = aspect({
  name: 'mlFeatureProperties',
  type: record(
    `${M}MLFeatureProperties`,
    {
      description: optional(string),
      dataType: optional(string),
      version: optional(VersionTag),
      sources: optional(arrayOf(urn)),
    },
    CustomProperties,
  ),
  searchable: [customPropertiesSearchable, { path: '/description', fieldType: 'TEXT', hasValuesFieldName: 'hasDescription' }],
  relationships: [{ path: '/sources/*', name: 'DerivedFrom', entityTypes: ['dataset'], isLineage: true }],
});

export const mlPrimaryKeyProperties = aspect({
  name: 'mlPrimaryKeyProperties',
  type: record(
    `${M}MLPrimaryKeyProperties`,
    {
      description: optional(string),
      dataType: optional(string),
      version: optional(VersionTag),
      sources: optional(arrayOf(urn)),
    },
    CustomProperties,
  ),
  searchable: [customPropertiesSearchable, { path: '/description', fieldType: 'TEXT', hasValuesFieldName: 'hasDescription' }],
  relationships: [{ path: '/sources/*', name: 'DerivedFrom', entityTypes: ['dataset'], isLineage: true }],
});

export const mlFeatureTableProperties = aspect({
  name: 'mlFeatureTableProperties',
  type: record(
    `${M}MLFeatureTableProperties`,
    {
      description: optional(string),
      mlFeatures: optional(arrayOf(urn)),
      mlPrimaryKeys: optional(arrayOf(urn)),
    },
    CustomProperties,
  ),
  searchable: [
    customPropertiesSearchable,
    { path: '/description', fieldType: 'TEXT', hasValuesFieldName: 'hasDescription' },
    { path: '/mlFeatures/*', fieldName: 'features', fieldType: 'URN' },
    { path: '/mlPrimaryKeys/*', fieldName: 'primaryKeys', fieldType: 'URN' },
  ],
  relationships: [
    { path: '/mlFeatures/*', name: 'Contains', entityTypes: ['mlFeature'] },
    { path: '/mlPrimaryKeys/*', name: 'KeyedBy', entityTypes: ['mlPrimaryKey'] },
  ],
});

export const mlAspects = [
  mlModelProperties,
  editableMlModelProperties,
  intendedUse,
  mlModelFactorPrompts,
  mlModelMetrics,
  mlModelEvaluationData,
  mlModelTrainingData,
  mlModelQuantitativeAnalyses,
  mlModelEthicalConsiderations,
  mlModelCaveatsAndRecommendations,
  sourceCode,
  mlModelGroupProperties,
  editableMlModelGroupProperties,
  mlModelDeploymentProperties,
  mlFeatureProperties,
  editableMlFeatureProperties,
  mlPrimaryKeyProperties,
  editableMlPrimaryKeyProperties,
  mlFeatureTableProperties,
  editableMlFeatureTableProperties,
];
