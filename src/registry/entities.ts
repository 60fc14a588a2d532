/**
 * The entity types: each with its key aspect, every aspect it may carry, its category, its legacy
 * snapshot record (where DataHub names it differently from `<Name>Snapshot`), the rule for its
 * legacy default browse path, and the privilege without which it is not seen at all (DataHub's
 * secrets, `dataHubSecret`, need MANAGE_SECRETS: ingestionEntities.ts). Aspect lists
 * follow DataHub's entity registry, legacy snapshot aspects included.
 */
import type { EntityDecl } from './types.js';
import { ingestionEntityDecls } from './ingestionEntities.js';

/** Aspects most data assets share. */
const ASSET = [
  'ownership', 'status', 'globalTags', 'glossaryTerms', 'institutionalMemory', 'domains', 'deprecation',
  'browsePaths', 'browsePathsV2', 'dataPlatformInstance', 'subTypes', 'structuredProperties', 'forms',
  'testResults', 'applications',
];

export const entityDecls: EntityDecl[] = [
  {
    name: 'dataset',
    category: 'core',
    keyAspect: 'datasetKey',
    snapshot: 'DatasetSnapshot',
    browse: { parts: ['origin', { field: 'platform', part: 0 }, 'name'], dotsAsSlashes: true },
    browseV2: { nameFolders: 'name' },
    aspects: [
      ...ASSET, 'viewProperties', 'datasetProfile', 'datasetUsageStatistics', 'operation', 'schemaMetadata', 'container',
      'siblings', 'embed', 'incidentsSummary', 'datasetProperties', 'editableDatasetProperties', 'datasetDeprecation',
      'datasetUpstreamLineage', 'upstreamLineage', 'editableSchemaMetadata', 'access', 'partitionsSummary',
      'versionProperties',
      'logicalParent',
    ],
  },
  {
    name: 'chart',
    category: 'core',
    keyAspect: 'chartKey',
    snapshot: 'ChartSnapshot',
    browse: { parts: ['dashboardTool', 'chartId'] },
    aspects: [
      ...ASSET, 'chartInfo', 'editableChartProperties', 'chartQuery', 'inputFields', 'chartUsageStatistics', 'embed',
      'container', 'incidentsSummary',
    ],
  },
  {
    name: 'dashboard',
    keyAspect: 'dashboardKey',
    snapshot: 'DashboardSnapshot',
    browse: { parts: ['dashboardTool', 'dashboardId'] },
    aspects: [
      ...ASSET, 'container', 'dashboardUsageStatistics', 'inputFields', 'embed', 'dashboardInfo',
      'editableDashboardProperties', 'incidentsSummary',
    ],
  },
  {
    name: 'dataFlow',
    category: 'core',
    keyAspect: 'dataFlowKey',
    snapshot: 'DataFlowSnapshot',
    browse: { parts: ['orchestrator', 'cluster', 'flowId'] },
    aspects: [...ASSET, 'versionInfo', 'dataFlowInfo', 'editableDataFlowProperties', 'incidentsSummary'],
  },
  {
    name: 'dataJob',
    keyAspect: 'dataJobKey',
    snapshot: 'DataJobSnapshot',
    browse: { parts: [{ field: 'flow', part: 0 }, { field: 'flow', part: 1 }, 'jobId'] },
    browseV2: { parent: 'flow' },
    aspects: [
      ...ASSET, 'datahubIngestionRunSummary', 'datahubIngestionCheckpoint', 'versionInfo', 'dataJobInfo',
      'dataJobInputOutput', 'editableDataJobProperties', 'incidentsSummary',
    ],
  },
  {
    name: 'container',
    category: 'core',
    keyAspect: 'containerKey',
    aspects: [
      'containerProperties', 'editableContainerProperties', 'dataPlatformInstance', 'subTypes', 'ownership', 'container',
      'globalTags', 'glossaryTerms', 'institutionalMemory', 'browsePaths', 'status', 'domains', 'browsePathsV2',
      'structuredProperties', 'forms', 'testResults', 'access', 'applications',
    ],
  },
  {
    name: 'domain',
    category: 'core',
    keyAspect: 'domainKey',
    aspects: [
      'domainProperties', 'institutionalMemory', 'ownership', 'structuredProperties', 'forms', 'testResults',
      'displayProperties', 'assetSettings',
    ],
  },
  {
    name: 'glossaryTerm',
    category: 'core',
    keyAspect: 'glossaryTermKey',
    snapshot: 'GlossaryTermSnapshot',
    browse: { parts: ['name'], dotsAsSlashes: true },
    aspects: [
      'glossaryTermInfo', 'glossaryRelatedTerms', 'institutionalMemory', 'schemaMetadata', 'ownership', 'deprecation',
      'domains', 'status', 'browsePaths', 'structuredProperties', 'forms', 'testResults', 'applications', 'assetSettings',
    ],
  },
  {
    name: 'glossaryNode',
    category: 'core',
    keyAspect: 'glossaryNodeKey',
    snapshot: 'GlossaryNodeSnapshot',
    aspects: [
      'glossaryNodeInfo', 'institutionalMemory', 'ownership', 'status', 'structuredProperties', 'forms', 'testResults',
      'displayProperties', 'assetSettings',
    ],
  },
  {
    name: 'tag',
    category: 'core',
    keyAspect: 'tagKey',
    snapshot: 'TagSnapshot',
    aspects: ['tagProperties', 'ownership', 'deprecation', 'status', 'testResults'],
  },
  {
    name: 'corpuser',
    keyAspect: 'corpUserKey',
    snapshot: 'CorpUserSnapshot',
    aspects: [
      'corpUserInfo', 'corpUserEditableInfo', 'corpUserStatus', 'groupMembership', 'globalTags', 'status',
      'corpUserCredentials', 'nativeGroupMembership', 'corpUserSettings', 'origin', 'roleMembership',
      'structuredProperties', 'forms', 'testResults',
    ],
  },
  {
    name: 'corpGroup',
    keyAspect: 'corpGroupKey',
    snapshot: 'CorpGroupSnapshot',
    aspects: [
      'corpGroupInfo', 'corpGroupEditableInfo', 'globalTags', 'ownership', 'status', 'origin', 'roleMembership',
      'structuredProperties', 'forms', 'testResults',
    ],
  },
  {
    name: 'notebook',
    keyAspect: 'notebookKey',
    aspects: [
      'notebookInfo', 'notebookContent', 'editableNotebookProperties', 'ownership', 'status', 'globalTags',
      'glossaryTerms', 'browsePaths', 'institutionalMemory', 'domains', 'subTypes', 'dataPlatformInstance',
      'browsePathsV2', 'testResults', 'applications',
    ],
  },
  {
    name: 'dataPlatform',
    category: 'core',
    keyAspect: 'dataPlatformKey',
    snapshot: 'DataPlatformSnapshot',
    aspects: ['dataPlatformInfo'],
  },
  {
    name: 'dataPlatformInstance',
    category: 'internal',
    keyAspect: 'dataPlatformInstanceKey',
    aspects: ['dataPlatformInstanceProperties', 'ownership', 'globalTags', 'institutionalMemory', 'deprecation', 'status'],
  },
  {
    name: 'mlModel',
    category: 'core',
    keyAspect: 'mlModelKey',
    snapshot: 'MLModelSnapshot',
    aspects: [
      'glossaryTerms', 'editableMlModelProperties', 'domains', 'ownership', 'mlModelProperties', 'intendedUse',
      'mlModelFactorPrompts', 'mlModelMetrics', 'mlModelEvaluationData', 'mlModelTrainingData',
      'mlModelQuantitativeAnalyses', 'mlModelEthicalConsiderations', 'mlModelCaveatsAndRecommendations',
      'institutionalMemory', 'sourceCode', 'status', 'cost', 'deprecation', 'browsePaths', 'globalTags',
      'dataPlatformInstance', 'browsePathsV2', 'structuredProperties', 'forms', 'testResults', 'versionProperties',
      'applications',
    ],
  },
  {
    name: 'mlModelGroup',
    category: 'core',
    keyAspect: 'mlModelGroupKey',
    snapshot: 'MLModelGroupSnapshot',
    aspects: [
      'glossaryTerms', 'editableMlModelGroupProperties', 'domains', 'mlModelGroupProperties', 'ownership', 'status',
      'deprecation', 'browsePaths', 'globalTags', 'dataPlatformInstance', 'browsePathsV2', 'structuredProperties',
      'forms', 'testResults', 'applications',
    ],
  },
  {
    name: 'mlModelDeployment',
    category: 'core',
    keyAspect: 'mlModelDeploymentKey',
    aspects: [
      'mlModelDeploymentProperties', 'ownership', 'status', 'deprecation', 'globalTags', 'dataPlatformInstance',
      'testResults',
    ],
  },
  {
    name: 'mlFeatureTable',
    category: 'core',
    keyAspect: 'mlFeatureTableKey',
    snapshot: 'MLFeatureTableSnapshot',
    aspects: [
      'glossaryTerms', 'editableMlFeatureTableProperties', 'domains', 'mlFeatureTableProperties', 'ownership',
      'institutionalMemory', 'status', 'deprecation', 'browsePaths', 'globalTags', 'dataPlatformInstance',
      'browsePathsV2', 'structuredProperties', 'forms', 'testResults', 'applications',
    ],
  },
  {
    name: 'mlFeature',
    category: 'core',
    keyAspect: 'mlFeatureKey',
    snapshot: 'MLFeatureSnapshot',
    aspects: [
      'glossaryTerms', 'editableMlFeatureProperties', 'domains', 'mlFeatureProperties', 'ownership',
      'institutionalMemory', 'status', 'deprecation', 'browsePaths', 'globalTags', 'dataPlatformInstance',
      'browsePathsV2', 'structuredProperties', 'forms', 'testResults', 'applications',
    ],
  },
  {
    name: 'mlPrimaryKey',
    category: 'core',
    keyAspect: 'mlPrimaryKeyKey',
    snapshot: 'MLPrimaryKeySnapshot',
    aspects: [
      'glossaryTerms', 'editableMlPrimaryKeyProperties', 'domains', 'mlPrimaryKeyProperties', 'ownership',
      'institutionalMemory', 'status', 'deprecation', 'globalTags', 'dataPlatformInstance', 'structuredProperties',
      'forms', 'testResults', 'applications',
    ],
  },
  {
    name: 'dataHubPolicy',
    category: 'internal',
    keyAspect: 'dataHubPolicyKey',
    snapshot: 'DataHubPolicySnapshot',
    readPrivilege: 'MANAGE_POLICIES',
    aspects: ['dataHubPolicyInfo'],
  },
  {
    name: 'dataHubAccessToken',
    category: 'internal',
    keyAspect: 'dataHubAccessTokenKey',
    snapshot: 'DataHubAccessTokenSnapshot',
    readPrivilege: 'MANAGE_ACCESS_TOKENS',
    aspects: ['dataHubAccessTokenInfo'],
  },
  {
    name: 'dataHubRole',
    category: 'core',
    keyAspect: 'dataHubRoleKey',
    aspects: ['dataHubRoleInfo'],
  },
  {
    name: 'role',
    category: 'core',
    keyAspect: 'roleKey',
    aspects: ['roleProperties', 'actors'],
  },
  {
    name: 'dataHubPersona',
    category: 'internal',
    keyAspect: 'dataHubPersonaKey',
    aspects: ['dataHubPersonaInfo'],
  },
  {
    name: 'schemaField',
    category: 'core',
    // A schema field's urn holds its dataset's urn whole (GMS's UrnValidationUtil exempts it too).
    longUrns: true,
    keyAspect: 'schemaFieldKey',
    snapshot: 'SchemaFieldSnapshot',
    aspects: [
      'schemafieldInfo', 'structuredProperties', 'forms', 'businessAttributes', 'status', 'schemaFieldAliases',
      'documentation', 'testResults',
      'logicalParent',
    ],
  },
  {
    name: 'dataProcess',
    keyAspect: 'dataProcessKey',
    snapshot: 'DataProcessSnapshot',
    aspects: ['dataProcessInfo', 'ownership', 'status', 'testResults'],
  },
  {
    name: 'dataProcessInstance',
    keyAspect: 'dataProcessInstanceKey',
    aspects: [
      'dataProcessInstanceInput', 'dataProcessInstanceOutput', 'dataProcessInstanceProperties',
      'dataProcessInstanceRelationships', 'dataProcessInstanceRunEvent', 'status', 'testResults',
      'dataPlatformInstance', 'subTypes', 'container', 'mlTrainingRunProperties',
    ],
  },
  {
    name: 'assertion',
    category: 'core',
    keyAspect: 'assertionKey',
    aspects: ['assertionInfo', 'dataPlatformInstance', 'assertionRunEvent', 'assertionActions', 'status', 'globalTags'],
  },
  {
    name: 'query',
    category: 'core',
    keyAspect: 'queryKey',
    aspects: ['queryProperties', 'querySubjects', 'queryUsageStatistics', 'status', 'dataPlatformInstance', 'subTypes'],
  },
  {
    name: 'post',
    category: 'core',
    keyAspect: 'postKey',
    aspects: ['postInfo', 'subTypes'],
  },
  {
    name: 'ownershipType',
    category: 'core',
    keyAspect: 'ownershipTypeKey',
    aspects: ['ownershipTypeInfo', 'status'],
  },
  {
    name: 'telemetry',
    category: 'internal',
    keyAspect: 'telemetryKey',
    aspects: ['telemetryClientId'],
  },
  {
    name: 'dataProduct',
    category: 'core',
    keyAspect: 'dataProductKey',
    aspects: [
      'ownership', 'glossaryTerms', 'globalTags', 'domains', 'applications', 'dataProductProperties', 'institutionalMemory',
      'status', 'structuredProperties', 'forms', 'testResults', 'subTypes', 'assetSettings',
    ],
  },
  {
    name: 'application',
    category: 'core',
    keyAspect: 'applicationKey',
    aspects: [
      'applicationProperties', 'ownership', 'glossaryTerms', 'globalTags', 'domains', 'institutionalMemory', 'status',
      'structuredProperties', 'forms', 'testResults', 'subTypes',
    ],
  },
  {
    name: 'structuredProperty',
    category: 'core',
    keyAspect: 'structuredPropertyKey',
    aspects: ['propertyDefinition', 'structuredPropertySettings', 'institutionalMemory', 'status'],
  },
  {
    name: 'businessAttribute',
    category: 'core',
    keyAspect: 'businessAttributeKey',
    aspects: ['businessAttributeInfo', 'status', 'ownership', 'institutionalMemory'],
  },
  {
    name: 'dataType',
    category: 'core',
    keyAspect: 'dataTypeKey',
    aspects: ['dataTypeInfo', 'institutionalMemory', 'status'],
  },
  {
    name: 'entityType',
    category: 'core',
    keyAspect: 'entityTypeKey',
    aspects: ['entityTypeInfo', 'institutionalMemory', 'status'],
  },
  {
    name: 'erModelRelationship',
    keyAspect: 'erModelRelationshipKey',
    aspects: [
      'erModelRelationshipProperties', 'editableERModelRelationshipProperties', 'institutionalMemory', 'ownership',
      'status', 'globalTags', 'glossaryTerms',
    ],
  },
  {
    name: 'versionSet',
    category: 'core',
    keyAspect: 'versionSetKey',
    aspects: ['versionSetProperties'],
  },
  {
    name: 'dataHubConnection',
    category: 'internal',
    keyAspect: 'dataHubConnectionKey',
    aspects: ['dataHubConnectionDetails', 'dataPlatformInstance'],
    // Its details hold credentials: DataHub shows a connection only to those who manage them.
    readPrivilege: 'MANAGE_CONNECTIONS',
  },
  {
    name: 'incident',
    category: 'core',
    keyAspect: 'incidentKey',
    aspects: ['incidentInfo', 'globalTags'],
  },
  {
    name: 'dataContract',
    category: 'core',
    keyAspect: 'dataContractKey',
    aspects: ['dataContractProperties', 'dataContractStatus', 'status', 'structuredProperties'],
  },
  {
    name: 'form',
    category: 'core',
    keyAspect: 'formKey',
    aspects: ['formInfo', 'dynamicFormAssignment', 'ownership'],
  },
  {
    name: 'test',
    category: 'core',
    keyAspect: 'testKey',
    aspects: ['testInfo'],
  },
  {
    name: 'globalSettings',
    category: 'internal',
    keyAspect: 'globalSettingsKey',
    aspects: ['globalSettingsInfo'],
  },
  {
    name: 'dataHubStepState',
    category: 'internal',
    keyAspect: 'dataHubStepStateKey',
    aspects: ['dataHubStepStateProperties'],
  },
  {
    name: 'dataHubView',
    category: 'core',
    keyAspect: 'dataHubViewKey',
    aspects: ['dataHubViewInfo'],
  },
  {
    name: 'dataHubPageTemplate',
    category: 'core',
    keyAspect: 'dataHubPageTemplateKey',
    aspects: ['dataHubPageTemplateProperties'],
  },
  {
    name: 'dataHubPageModule',
    category: 'core',
    keyAspect: 'dataHubPageModuleKey',
    aspects: ['dataHubPageModuleProperties'],
  },
  {
    name: 'inviteToken',
    category: 'internal',
    keyAspect: 'inviteTokenKey',
    // Whoever may hand out invite links (DataHub's canManagePolicies) may see them; nobody else.
    readPrivilege: 'MANAGE_POLICIES',
    aspects: ['inviteToken'],
  },
  ...ingestionEntityDecls,
];
