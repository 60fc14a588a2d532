/**
 * Key aspects (Pegasus `com.linkedin.metadata.key.*`). The order of a key's fields is the order of the
 * parts of the entity's urn tuple.
 */
import { optional, record, string, urn } from '../schema/dsl.js';
import { FabricType } from '../schema/common.js';
import type { AspectDecl } from '../types.js';

const KEY = 'com.linkedin.metadata.key.';

/** A key aspect whose single field `id` is the whole urn key. */
function idKey(name: string, recordName: string): AspectDecl {
  return { name, type: record(KEY + recordName, { id: string }) };
}

export const datasetKey: AspectDecl = {
  name: 'datasetKey',
  type: record(KEY + 'DatasetKey', { platform: urn, name: string, origin: FabricType }),
  searchable: [
    { path: '/platform', fieldType: 'URN', enableAutocomplete: true },
    { path: '/name', fieldName: 'id', fieldType: 'WORD_GRAM', enableAutocomplete: true, boostScore: 10 },
    { path: '/origin', fieldType: 'TEXT_PARTIAL', addToFilters: true, filterNameOverride: 'Environment', queryByDefault: false },
  ],
};

export const chartKey: AspectDecl = {
  name: 'chartKey',
  type: record(KEY + 'ChartKey', { dashboardTool: string, chartId: string }),
  searchable: [{ path: '/dashboardTool', fieldName: 'tool', fieldType: 'TEXT_PARTIAL', boostScore: 4 }],
};

export const dashboardKey: AspectDecl = {
  name: 'dashboardKey',
  type: record(KEY + 'DashboardKey', { dashboardTool: string, dashboardId: string }),
  searchable: [{ path: '/dashboardTool', fieldName: 'tool', fieldType: 'TEXT_PARTIAL', boostScore: 4 }],
};

export const dataFlowKey: AspectDecl = {
  name: 'dataFlowKey',
  type: record(KEY + 'DataFlowKey', { orchestrator: string, flowId: string, cluster: string }),
  searchable: [
    { path: '/orchestrator', fieldType: 'TEXT_PARTIAL' },
    { path: '/flowId', fieldType: 'WORD_GRAM', enableAutocomplete: true },
    { path: '/cluster', fieldType: 'TEXT_PARTIAL' },
  ],
};

export const dataJobKey: AspectDecl = {
  name: 'dataJobKey',
  type: record(KEY + 'DataJobKey', { flow: urn, jobId: string }),
  searchable: [
    { path: '/flow', fieldName: 'dataFlow', fieldType: 'URN_PARTIAL', queryByDefault: false },
    { path: '/jobId', fieldType: 'WORD_GRAM', enableAutocomplete: true },
  ],
  relationships: [{ path: '/flow', name: 'IsPartOf', entityTypes: ['dataFlow'] }],
};

export const containerKey: AspectDecl = {
  name: 'containerKey',
  type: record(KEY + 'ContainerKey', { guid: optional(string) }),
};

export const domainKey: AspectDecl = idKey('domainKey', 'DomainKey');

export const glossaryTermKey: AspectDecl = {
  name: 'glossaryTermKey',
  type: record(KEY + 'GlossaryTermKey', { name: string }),
  searchable: [{ path: '/name', fieldName: 'id', fieldType: 'WORD_GRAM', enableAutocomplete: true }],
};

export const glossaryNodeKey: AspectDecl = {
  name: 'glossaryNodeKey',
  type: record(KEY + 'GlossaryNodeKey', { name: string }),
  searchable: [{ path: '/name', fieldType: 'WORD_GRAM', enableAutocomplete: true }],
};

export const tagKey: AspectDecl = {
  name: 'tagKey',
  type: record(KEY + 'TagKey', { name: string }),
  searchable: [{ path: '/name', fieldName: 'id', fieldType: 'WORD_GRAM', enableAutocomplete: true, boostScore: 10 }],
};

export const corpUserKey: AspectDecl = {
  name: 'corpUserKey',
  type: record(KEY + 'CorpUserKey', { username: string }),
  searchable: [{ path: '/username', fieldName: 'ldap', fieldType: 'WORD_GRAM', boostScore: 2, enableAutocomplete: true }],
};

export const corpGroupKey: AspectDecl = {
  name: 'corpGroupKey',
  type: record(KEY + 'CorpGroupKey', { name: string }),
  searchable: [{ path: '/name', fieldType: 'WORD_GRAM', queryByDefault: true, enableAutocomplete: true, boostScore: 10 }],
};

export const notebookKey: AspectDecl = {
  name: 'notebookKey',
  type: record(KEY + 'NotebookKey', { notebookTool: string, notebookId: string }),
};

export const dataPlatformKey: AspectDecl = {
  name: 'dataPlatformKey',
  type: record(KEY + 'DataPlatformKey', { platformName: string }),
};

export const mlModelKey: AspectDecl = {
  name: 'mlModelKey',
  type: record(KEY + 'MLModelKey', { platform: urn, name: string, origin: FabricType }),
  searchable: [
    { path: '/name', fieldType: 'WORD_GRAM', enableAutocomplete: true, boostScore: 10 },
    { path: '/origin', fieldType: 'TEXT_PARTIAL', addToFilters: true, filterNameOverride: 'Environment', queryByDefault: false },
  ],
};

export const mlModelGroupKey: AspectDecl = {
  name: 'mlModelGroupKey',
  type: record(KEY + 'MLModelGroupKey', { platform: urn, name: string, origin: FabricType }),
  searchable: [
    { path: '/name', fieldType: 'WORD_GRAM', enableAutocomplete: true, boostScore: 10 },
    { path: '/origin', fieldType: 'TEXT_PARTIAL', addToFilters: true, filterNameOverride: 'Environment', queryByDefault: false },
  ],
};

export const mlModelDeploymentKey: AspectDecl = {
  name: 'mlModelDeploymentKey',
  type: record(KEY + 'MLModelDeploymentKey', { platform: urn, name: string, origin: FabricType }),
  searchable: [
    { path: '/name', fieldType: 'WORD_GRAM', enableAutocomplete: true, boostScore: 10 },
    { path: '/origin', fieldType: 'TEXT_PARTIAL', addToFilters: true, filterNameOverride: 'Environment', queryByDefault: false },
  ],
};

export const mlFeatureKey: AspectDecl = {
  name: 'mlFeatureKey',
  type: record(KEY + 'MLFeatureKey', { featureNamespace: string, name: string }),
  searchable: [
    { path: '/featureNamespace', fieldType: 'TEXT_PARTIAL' },
    { path: '/name', fieldType: 'WORD_GRAM', enableAutocomplete: true, boostScore: 8 },
  ],
};

export const mlFeatureTableKey: AspectDecl = {
  name: 'mlFeatureTableKey',
  type: record(KEY + 'MLFeatureTableKey', { platform: urn, name: string }),
  searchable: [{ path: '/name', fieldType: 'WORD_GRAM', enableAutocomplete: true, boostScore: 8 }],
  relationships: [{ path: '/platform', name: 'SourcePlatform', entityTypes: ['dataPlatform'] }],
};

export const mlPrimaryKeyKey: AspectDecl = {
  name: 'mlPrimaryKeyKey',
  type: record(KEY + 'MLPrimaryKeyKey', { featureNamespace: string, name: string }),
  searchable: [
    { path: '/featureNamespace', fieldType: 'TEXT_PARTIAL' },
    { path: '/name', fieldType: 'WORD_GRAM', enableAutocomplete: true, boostScore: 8 },
  ],
};

export const dataHubPolicyKey: AspectDecl = idKey('dataHubPolicyKey', 'DataHubPolicyKey');
export const dataHubAccessTokenKey: AspectDecl = idKey('dataHubAccessTokenKey', 'DataHubAccessTokenKey');

export const dataPlatformInstanceKey: AspectDecl = {
  name: 'dataPlatformInstanceKey',
  type: record(KEY + 'DataPlatformInstanceKey', { platform: urn, instance: string }),
};

export const schemaFieldKey: AspectDecl = {
  name: 'schemaFieldKey',
  type: record(KEY + 'SchemaFieldKey', { parent: urn, fieldPath: string }),
  searchable: [
    { path: '/parent', fieldType: 'URN' },
    { path: '/fieldPath', fieldType: 'KEYWORD' },
  ],
};

export const postKey: AspectDecl = idKey('postKey', 'PostKey');

export const assertionKey: AspectDecl = {
  name: 'assertionKey',
  type: record(KEY + 'AssertionKey', { assertionId: string }),
};

export const queryKey: AspectDecl = idKey('queryKey', 'QueryKey');

export const telemetryKey: AspectDecl = {
  name: 'telemetryKey',
  type: record(KEY + 'TelemetryKey', { name: string }),
};

export const ownershipTypeKey: AspectDecl = idKey('ownershipTypeKey', 'OwnershipTypeKey');
export const dataHubRoleKey: AspectDecl = idKey('dataHubRoleKey', 'DataHubRoleKey');
export const roleKey: AspectDecl = idKey('roleKey', 'RoleKey');
export const dataHubPersonaKey: AspectDecl = idKey('dataHubPersonaKey', 'DataHubPersonaKey');
export const dataProcessInstanceKey: AspectDecl = idKey('dataProcessInstanceKey', 'DataProcessInstanceKey');

export const dataProcessKey: AspectDecl = {
  name: 'dataProcessKey',
  type: record(KEY + 'DataProcessKey', { name: string, orchestrator: string, origin: FabricType }),
  searchable: [
    { path: '/name', fieldType: 'TEXT_PARTIAL', enableAutocomplete: true, boostScore: 4 },
    { path: '/orchestrator', fieldType: 'TEXT_PARTIAL' },
    { path: '/origin', fieldType: 'TEXT_PARTIAL', queryByDefault: false },
  ],
};

export const dataProductKey: AspectDecl = {
  name: 'dataProductKey',
  type: record('com.linkedin.dataproduct.DataProductKey', { id: string }),
};
export const applicationKey: AspectDecl = {
  name: 'applicationKey',
  type: record('com.linkedin.application.ApplicationKey', { id: string }),
};
export const structuredPropertyKey: AspectDecl = {
  name: 'structuredPropertyKey',
  type: record('com.linkedin.structured.StructuredPropertyKey', { id: string }),
};
export const businessAttributeKey: AspectDecl = {
  name: 'businessAttributeKey',
  type: record('com.linkedin.businessattribute.BusinessAttributeKey', { id: string }),
};
export const dataTypeKey: AspectDecl = { name: 'dataTypeKey', type: record('com.linkedin.datatype.DataTypeKey', { id: string }) };
export const entityTypeKey: AspectDecl = {
  name: 'entityTypeKey',
  type: record('com.linkedin.entitytype.EntityTypeKey', { id: string }),
  searchable: [{ path: '/id', fieldType: 'TEXT' }],
};
export const erModelRelationshipKey: AspectDecl = idKey('erModelRelationshipKey', 'ERModelRelationshipKey');
export const versionSetKey: AspectDecl = {
  name: 'versionSetKey',
  type: record(KEY + 'VersionSetKey', { id: string, entityType: string }),
};
export const dataHubConnectionKey: AspectDecl = {
  name: 'dataHubConnectionKey',
  type: record(KEY + 'DataHubConnectionKey', { id: string }),
  searchable: [{ path: '/id', fieldType: 'TEXT' }],
};
export const incidentKey: AspectDecl = idKey('incidentKey', 'IncidentKey');
export const dataContractKey: AspectDecl = idKey('dataContractKey', 'DataContractKey');
export const formKey: AspectDecl = idKey('formKey', 'FormKey');
export const testKey: AspectDecl = idKey('testKey', 'TestKey');

export const globalSettingsKey: AspectDecl = idKey('globalSettingsKey', 'GlobalSettingsKey');
export const dataHubStepStateKey: AspectDecl = idKey('dataHubStepStateKey', 'DataHubStepStateKey');
export const dataHubViewKey: AspectDecl = idKey('dataHubViewKey', 'DataHubViewKey');
export const dataHubPageTemplateKey: AspectDecl = idKey('dataHubPageTemplateKey', 'DataHubPageTemplateKey');
export const dataHubPageModuleKey: AspectDecl = idKey('dataHubPageModuleKey', 'DataHubPageModuleKey');

export const keyAspects: AspectDecl[] = [
  datasetKey,
  chartKey,
  dashboardKey,
  dataFlowKey,
  dataJobKey,
  containerKey,
  domainKey,
  glossaryTermKey,
  glossaryNodeKey,
  tagKey,
  corpUserKey,
  corpGroupKey,
  notebookKey,
  dataPlatformKey,
  mlModelKey,
  mlModelGroupKey,
  mlModelDeploymentKey,
  mlFeatureKey,
  mlFeatureTableKey,
  mlPrimaryKeyKey,
  dataHubPolicyKey,
  dataHubAccessTokenKey,
  dataPlatformInstanceKey,
  schemaFieldKey,
  postKey,
  assertionKey,
  queryKey,
  telemetryKey,
  ownershipTypeKey,
  dataHubRoleKey,
  roleKey,
  dataHubPersonaKey,
  dataProcessInstanceKey,
  dataProcessKey,
  dataProductKey,
  applicationKey,
  structuredPropertyKey,
  businessAttributeKey,
  dataTypeKey,
  entityTypeKey,
  erModelRelationshipKey,
  versionSetKey,
  dataHubConnectionKey,
  incidentKey,
  dataContractKey,
  formKey,
  testKey,
  globalSettingsKey,
  dataHubStepStateKey,
  dataHubViewKey,
  dataHubPageTemplateKey,
  dataHubPageModuleKey,
];
