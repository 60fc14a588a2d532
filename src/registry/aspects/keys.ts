/**
 * Key aspects (Pegasus `com.linkedin.metadata.key.*`). The order of a key's fields is the order of the
 * parts of the entity's urn tuple.
 */
import { optional, record, string, urn } from '../schema/dsl.js';
import { FabricType } from '../schema/common.js';
import { aspect } from './aspect.js';

const KEY = 'com.linkedin.metadata.key.';

/** A key aspect whose single field `id` is the whole urn key. */
function idKey<const N extends string, const R extends string>(name: N, recordName: R) {
  return aspect({ name, type: record(`${KEY}${recordName}`, { id: string }) });
}

export const datasetKey = aspect({
  name: 'datasetKey',
  type: record(`${KEY}DatasetKey`, { platform: urn, name: string, origin: FabricType }),
  searchable: [
    { path: '/platform', fieldType: 'URN', enableAutocomplete: true },
    { path: '/name', fieldName: 'id', fieldType: 'WORD_GRAM', enableAutocomplete: true, boostScore: 10 },
    { path: '/origin', fieldType: 'TEXT_PARTIAL', addToFilters: true, filterNameOverride: 'Environment', queryByDefault: false },
  ],
});

export const chartKey = aspect({
  name: 'chartKey',
  type: record(`${KEY}ChartKey`, { dashboardTool: string, chartId: string }),
  searchable: [{ path: '/dashboardTool', fieldName: 'tool', fieldType: 'TEXT_PARTIAL', boostScore: 4 }],
});

export const dashboardKey = aspect({
  name: 'dashboardKey',
  type: record(`${KEY}DashboardKey`, { dashboardTool: string, dashboardId: string }),
  searchable: [{ path: '/dashboardTool', fieldName: 'tool', fieldType: 'TEXT_PARTIAL', boostScore: 4 }],
});

export const dataFlowKey = aspect({
  name: 'dataFlowKey',
  type: record(`${KEY}DataFlowKey`, { orchestrator: string, flowId: string, cluster: string }),
  searchable: [
    { path: '/orchestrator', fieldType: 'TEXT_PARTIAL' },
    { path: '/flowId', fieldType: 'WORD_GRAM', enableAutocomplete: true },
    { path: '/cluster', fieldType: 'TEXT_PARTIAL' },
  ],
});

export const dataJobKey = aspect({
  name: 'dataJobKey',
  type: record(`${KEY}DataJobKey`, { flow: urn, jobId: string }),
  searchable: [
    { path: '/flow', fieldName: 'dataFlow', fieldType: 'URN_PARTIAL', queryByDefault: false },
    { path: '/jobId', fieldType: 'WORD_GRAM', enableAutocomplete: true },
  ],
  relationships: [{ path: '/flow', name: 'IsPartOf', entityTypes: ['dataFlow'] }],
});

export const containerKey = aspect({
  name: 'containerKey',
  type: record(`${KEY}ContainerKey`, { guid: optional(string) }),
});

export const domainKey = idKey('domainKey', 'DomainKey');

export const glossaryTermKey = aspect({
  name: 'glossaryTermKey',
  type: record(`${KEY}GlossaryTermKey`, { name: string }),
  searchable: [{ path: '/name', fieldName: 'id', fieldType: 'WORD_GRAM', enableAutocomplete: true }],
});

export const glossaryNodeKey = aspect({
  name: 'glossaryNodeKey',
  type: record(`${KEY}GlossaryNodeKey`, { name: string }),
  searchable: [{ path: '/name', fieldType: 'WORD_GRAM', enableAutocomplete: true }],
});

export const tagKey = aspect({
  name: 'tagKey',
  type: record(`${KEY}TagKey`, { name: string }),
  searchable: [{ path: '/name', fieldName: 'id', fieldType: 'WORD_GRAM', enableAutocomplete: true, boostScore: 10 }],
});

export const corpUserKey = aspect({
  name: 'corpUserKey',
  type: record(`${KEY}CorpUserKey`, { username: string }),
  searchable: [{ path: '/username', fieldName: 'ldap', fieldType: 'WORD_GRAM', boostScore: 2, enableAutocomplete: true }],
});

export const corpGroupKey = aspect({
  name: 'corpGroupKey',
  type: record(`${KEY}CorpGroupKey`, { name: string }),
  searchable: [{ path: '/name', fieldType: 'WORD_GRAM', queryByDefault: true, enableAutocomplete: true, boostScore: 10 }],
});

export const notebookKey = aspect({
  name: 'notebookKey',
  type: record(`${KEY}NotebookKey`, { notebookTool: string, notebookId: string }),
});

export const dataPlatformKey = aspect({
  name: 'dataPlatformKey',
  type: record(`${KEY}DataPlatformKey`, { platformName: string }),
});

export const mlModelKey = aspect({
  name: 'mlModelKey',
  type: record(`${KEY}MLModelKey`, { platform: urn, name: string, origin: FabricType }),
  searchable: [
    { path: '/name', fieldType: 'WORD_GRAM', enableAutocomplete: true, boostScore: 10 },
    { path: '/origin', fieldType: 'TEXT_PARTIAL', addToFilters: true, filterNameOverride: 'Environment', queryByDefault: false },
  ],
});

export const mlModelGroupKey = aspect({
  name: 'mlModelGroupKey',
  type: record(`${KEY}MLModelGroupKey`, { platform: urn, name: string, origin: FabricType }),
  searchable: [
    { path: '/name', fieldType: 'WORD_GRAM', enableAutocomplete: true, boostScore: 10 },
    { path: '/origin', fieldType: 'TEXT_PARTIAL', addToFilters: true, filterNameOverride: 'Environment', queryByDefault: false },
  ],
});

export const mlModelDeploymentKey = aspect({
  name: 'mlModelDeploymentKey',
  type: record(`${KEY}MLModelDeploymentKey`, { platform: urn, name: string, origin: FabricType }),
  searchable: [
    { path: '/name', fieldType: 'WORD_GRAM', enableAutocomplete: true, boostScore: 10 },
    { path: '/origin', fieldType: 'TEXT_PARTIAL', addToFilters: true, filterNameOverride: 'Environment', queryByDefault: false },
  ],
});

export const mlFeatureKey = aspect({
  name: 'mlFeatureKey',
  type: record(`${KEY}MLFeatureKey`, { featureNamespace: string, name: string }),
  searchable: [
    { path: '/featureNamespace', fieldType: 'TEXT_PARTIAL' },
    { path: '/name', fieldType: 'WORD_GRAM', enableAutocomplete: true, boostScore: 8 },
  ],
});

export const mlFeatureTableKey = aspect({
  name: 'mlFeatureTableKey',
  type: record(`${KEY}MLFeatureTableKey`, { platform: urn, name: string }),
  searchable: [{ path: '/name', fieldType: 'WORD_GRAM', enableAutocomplete: true, boostScore: 8 }],
  relationships: [{ path: '/platform', name: 'SourcePlatform', entityTypes: ['dataPlatform'] }],
});

export const mlPrimaryKeyKey = aspect({
  name: 'mlPrimaryKeyKey',
  type: record(`${KEY}MLPrimaryKeyKey`, { featureNamespace: string, name: string }),
  searchable: [
    { path: '/featureNamespace', fieldType: 'TEXT_PARTIAL' },
    { path: '/name', fieldType: 'WORD_GRAM', enableAutocomplete: true, boostScore: 8 },
  ],
});

export const dataHubPolicyKey = idKey('dataHubPolicyKey', 'DataHubPolicyKey');
export const dataHubAccessTokenKey = idKey('dataHubAccessTokenKey', 'DataHubAccessTokenKey');

export const dataPlatformInstanceKey = aspect({
  name: 'dataPlatformInstanceKey',
  type: record(`${KEY}DataPlatformInstanceKey`, { platform: urn, instance: string }),
});

export const schemaFieldKey = aspect({
  name: 'schemaFieldKey',
  type: record(`${KEY}SchemaFieldKey`, { parent: urn, fieldPath: string }),
  searchable: [
    { path: '/parent', fieldType: 'URN' },
    { path: '/fieldPath', fieldType: 'KEYWORD' },
  ],
});

export const postKey = idKey('postKey', 'PostKey');

export const assertionKey = aspect({
  name: 'assertionKey',
  type: record(`${KEY}AssertionKey`, { assertionId: string }),
});

export const queryKey = idKey('queryKey', 'QueryKey');

export const telemetryKey = aspect({
  name: 'telemetryKey',
  type: record(`${KEY}TelemetryKey`, { name: string }),
});

export const ownershipTypeKey = idKey('ownershipTypeKey', 'OwnershipTypeKey');
export const dataHubRoleKey = idKey('dataHubRoleKey', 'DataHubRoleKey');
export const roleKey = idKey('roleKey', 'RoleKey');
export const dataHubPersonaKey = idKey('dataHubPersonaKey', 'DataHubPersonaKey');
export const dataProcessInstanceKey = idKey('dataProcessInstanceKey', 'DataProcessInstanceKey');

export const dataProcessKey = aspect({
  name: 'dataProcessKey',
  type: record(`${KEY}DataProcessKey`, { name: string, orchestrator: string, origin: FabricType }),
  searchable: [
    { path: '/name', fieldType: 'TEXT_PARTIAL', enableAutocomplete: true, boostScore: 4 },
    { path: '/orchestrator', fieldType: 'TEXT_PARTIAL' },
    { path: '/origin', fieldType: 'TEXT_PARTIAL', queryByDefault: false },
  ],
});

export const dataProductKey = aspect({
  name: 'dataProductKey',
  type: record('com.linkedin.dataproduct.DataProductKey', { id: string }),
});
export const applicationKey = aspect({
  name: 'applicationKey',
  type: record('com.linkedin.application.ApplicationKey', { id: string }),
});
export const structuredPropertyKey = aspect({
  name: 'structuredPropertyKey',
  type: record('com.linkedin.structured.StructuredPropertyKey', { id: string }),
});
export const businessAttributeKey = aspect({
  name: 'businessAttributeKey',
  type: record('com.linkedin.businessattribute.BusinessAttributeKey', { id: string }),
});
export const dataTypeKey = aspect({ name: 'dataTypeKey', type: record('com.linkedin.datatype.DataTypeKey', { id: string }) });
export const entityTypeKey = aspect({
  name: 'entityTypeKey',
  type: record('com.linkedin.entitytype.EntityTypeKey', { id: string }),
  searchable: [{ path: '/id', fieldType: 'TEXT' }],
});
export const erModelRelationshipKey = idKey('erModelRelationshipKey', 'ERModelRelationshipKey');
export const versionSetKey = aspect({
  name: 'versionSetKey',
  type: record(`${KEY}VersionSetKey`, { id: string, entityType: string }),
});
export const dataHubConnectionKey = aspect({
  name: 'dataHubConnectionKey',
  type: record(`${KEY}DataHubConnectionKey`, { id: string }),
  searchable: [{ path: '/id', fieldType: 'TEXT' }],
});
export const incidentKey = idKey('incidentKey', 'IncidentKey');
export const dataContractKey = idKey('dataContractKey', 'DataContractKey');
export const formKey = idKey('formKey', 'FormKey');
export const testKey = idKey('testKey', 'TestKey');

export const globalSettingsKey = idKey('globalSettingsKey', 'GlobalSettingsKey');
export const dataHubStepStateKey = idKey('dataHubStepStateKey', 'DataHubStepStateKey');
export const dataHubViewKey = idKey('dataHubViewKey', 'DataHubViewKey');
export const dataHubPageTemplateKey = idKey('dataHubPageTemplateKey', 'DataHubPageTemplateKey');
export const dataHubPageModuleKey = idKey('dataHubPageModuleKey', 'DataHubPageModuleKey');

export const keyAspects = [
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
