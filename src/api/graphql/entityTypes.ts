/**
 * How registry entity types are named in GraphQL: the object type and the `EntityType` enum value.
 * (GraphQL naming is this API's concern, so it lives here rather than in the registry.)
 */
const NAMES: Record<string, { typeName: string; enumName: string }> = {
  dataset: { typeName: 'Dataset', enumName: 'DATASET' },
  chart: { typeName: 'Chart', enumName: 'CHART' },
  dashboard: { typeName: 'Dashboard', enumName: 'DASHBOARD' },
  dataFlow: { typeName: 'DataFlow', enumName: 'DATA_FLOW' },
  dataJob: { typeName: 'DataJob', enumName: 'DATA_JOB' },
  container: { typeName: 'Container', enumName: 'CONTAINER' },
  domain: { typeName: 'Domain', enumName: 'DOMAIN' },
  glossaryTerm: { typeName: 'GlossaryTerm', enumName: 'GLOSSARY_TERM' },
  glossaryNode: { typeName: 'GlossaryNode', enumName: 'GLOSSARY_NODE' },
  tag: { typeName: 'Tag', enumName: 'TAG' },
  corpuser: { typeName: 'CorpUser', enumName: 'CORP_USER' },
  corpGroup: { typeName: 'CorpGroup', enumName: 'CORP_GROUP' },
  notebook: { typeName: 'Notebook', enumName: 'NOTEBOOK' },
  dataPlatform: { typeName: 'DataPlatform', enumName: 'DATA_PLATFORM' },
  dataPlatformInstance: { typeName: 'DataPlatformInstance', enumName: 'DATA_PLATFORM_INSTANCE' },
  mlModel: { typeName: 'MLModel', enumName: 'MLMODEL' },
  mlModelGroup: { typeName: 'MLModelGroup', enumName: 'MLMODEL_GROUP' },
  mlFeature: { typeName: 'MLFeature', enumName: 'MLFEATURE' },
  mlFeatureTable: { typeName: 'MLFeatureTable', enumName: 'MLFEATURE_TABLE' },
  mlPrimaryKey: { typeName: 'MLPrimaryKey', enumName: 'MLPRIMARY_KEY' },
  dataHubAccessToken: { typeName: 'AccessTokenMetadata', enumName: 'ACCESS_TOKEN' },
  ownershipType: { typeName: 'OwnershipTypeEntity', enumName: 'CUSTOM_OWNERSHIP_TYPE' },
  dataHubPolicy: { typeName: 'DataHubPolicy', enumName: 'DATAHUB_POLICY' },
  assertion: { typeName: 'Assertion', enumName: 'ASSERTION' },
  post: { typeName: 'Post', enumName: 'POST' },
  query: { typeName: 'QueryEntity', enumName: 'QUERY' },
  schemaField: { typeName: 'SchemaFieldEntity', enumName: 'SCHEMA_FIELD' },
  dataHubRole: { typeName: 'DataHubRole', enumName: 'DATAHUB_ROLE' },
  role: { typeName: 'Role', enumName: 'ROLE' },
  dataProduct: { typeName: 'DataProduct', enumName: 'DATA_PRODUCT' },
  application: { typeName: 'Application', enumName: 'APPLICATION' },
  structuredProperty: { typeName: 'StructuredPropertyEntity', enumName: 'STRUCTURED_PROPERTY' },
  businessAttribute: { typeName: 'BusinessAttribute', enumName: 'BUSINESS_ATTRIBUTE' },
  dataType: { typeName: 'DataTypeEntity', enumName: 'DATA_TYPE' },
  entityType: { typeName: 'EntityTypeEntity', enumName: 'ENTITY_TYPE' },
  erModelRelationship: { typeName: 'ERModelRelationship', enumName: 'ER_MODEL_RELATIONSHIP' },
  versionSet: { typeName: 'VersionSet', enumName: 'VERSION_SET' },
  dataHubConnection: { typeName: 'DataHubConnection', enumName: 'DATAHUB_CONNECTION' },
  dataHubView: { typeName: 'DataHubView', enumName: 'DATAHUB_VIEW' },
  dataHubPageTemplate: { typeName: 'DataHubPageTemplate', enumName: 'DATAHUB_PAGE_TEMPLATE' },
  dataHubPageModule: { typeName: 'DataHubPageModule', enumName: 'DATAHUB_PAGE_MODULE' },
  dataProcessInstance: { typeName: 'DataProcessInstance', enumName: 'DATA_PROCESS_INSTANCE' },
  incident: { typeName: 'Incident', enumName: 'INCIDENT' },
  dataContract: { typeName: 'DataContract', enumName: 'DATA_CONTRACT' },
  form: { typeName: 'Form', enumName: 'FORM' },
  test: { typeName: 'Test', enumName: 'TEST' },
  dataHubExecutionRequest: { typeName: 'ExecutionRequest', enumName: 'EXECUTION_REQUEST' },
};

/** `mlModel` → `MLMODEL`, `dataFlow` → `DATA_FLOW`, falling back to UPPER_SNAKE of the name. */
export function entityEnum(entityName: string): string {
  return NAMES[entityName]?.enumName ?? entityName.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
}

export function entityTypeName(entityName: string): string | undefined {
  return NAMES[entityName]?.typeName;
}

/** The registry entity name of an `EntityType` enum value. */
export function entityOfEnum(enumName: string): string | undefined {
  for (const [entity, n] of Object.entries(NAMES)) if (n.enumName === enumName) return entity;
  return undefined;
}
