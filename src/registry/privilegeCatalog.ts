/**
 * What each privilege is called and means, as DataHub's policies editor shows it, and which
 * privileges apply to which entity type (DataHub's PoliciesConfig, September 2025). The web app reads
 * these through `appConfig.policiesConfig` to build its policy editor.
 */

export interface PrivilegeText {
  displayName: string;
  description: string;
}

export interface ResourcePrivilegeGroup {
  resourceType: string;
  resourceTypeDisplayName: string;
  privileges: readonly Privilege[];
}

/** Display name and description of every privilege, by type. */
export const PRIVILEGE_TEXT = {
  MANAGE_POLICIES: {
    displayName: 'Manage Policies',
    description: 'Create and remove access control policies. Be careful - Actors with this privilege are effectively super users.',
  },
  MANAGE_INGESTION: { displayName: 'Manage Metadata Ingestion', description: 'Create, remove, and update Metadata Ingestion sources.' },
  MANAGE_SECRETS: { displayName: 'Manage Secrets', description: 'Create & remove Secrets stored inside DataHub.' },
  MANAGE_USERS_AND_GROUPS: { displayName: 'Manage Users & Groups', description: 'Create, remove, and update users and groups on DataHub.' },
  CREATE_USERS_AND_GROUPS: { displayName: 'Create Users & Groups', description: 'Create users and groups on DataHub.' },
  UPDATE_USERS_AND_GROUPS: { displayName: 'Update Users & Groups', description: 'Update users and groups on DataHub.' },
  CREATE_USERS: { displayName: 'Create Users', description: 'Create users on DataHub.' },
  UPDATE_USERS: { displayName: 'Update Users', description: 'Update users on DataHub.' },
  CREATE_GROUPS: { displayName: 'Create Groups', description: 'Create groups on DataHub.' },
  UPDATE_GROUPS: { displayName: 'Update Groups', description: 'Update groups on DataHub.' },
  VIEW_ANALYTICS: { displayName: 'View Analytics', description: 'View the DataHub analytics dashboard.' },
  GET_ANALYTICS_PRIVILEGE: { displayName: 'Analytics API access', description: 'API read access to raw analytics data.' },
  GENERATE_PERSONAL_ACCESS_TOKENS: {
    displayName: 'Generate Personal Access Tokens',
    description: 'Generate personal access tokens for use with DataHub APIs.',
  },
  MANAGE_ACCESS_TOKENS: {
    displayName: 'Manage All Access Tokens',
    description:
      'Create, list and revoke access tokens on behalf of users in DataHub. Be careful - Actors with this privilege are effectively super users that can impersonate other users.',
  },
  MANAGE_DOMAINS: { displayName: 'Manage Domains', description: 'Create and remove Asset Domains.' },
  MANAGE_GLOBAL_ANNOUNCEMENTS: { displayName: 'Manage Home Page Posts', description: 'Create and delete home page posts' },
  VIEW_TESTS: { displayName: 'View Tests', description: 'View Asset Tests.' },
  MANAGE_TESTS: { displayName: 'Manage Tests', description: 'Create and remove Asset Tests.' },
  MANAGE_GLOSSARIES: { displayName: 'Manage Glossaries', description: 'Create, edit, and remove Glossary Entities' },
  MANAGE_USER_CREDENTIALS: {
    displayName: 'Manage User Credentials',
    description: 'Manage credentials for native DataHub users, including inviting new users and resetting passwords',
  },
  MANAGE_TAGS: { displayName: 'Manage Tags', description: 'Create and remove Tags.' },
  VIEW_MANAGE_TAGS: { displayName: 'View Manage Tags', description: "View the 'Manage Tags' page." },
  CREATE_TAGS: { displayName: 'Create Tags', description: 'Create new Tags.' },
  CREATE_DOMAINS: { displayName: 'Create Domains', description: 'Create new Domains.' },
  CREATE_GLOBAL_ANNOUNCEMENTS: { displayName: 'Create Global Announcements', description: 'Create new Global Announcements.' },
  MANAGE_GLOBAL_VIEWS: { displayName: 'Manage Public Views', description: 'Create, update, and delete any Public (shared) Views.' },
  MANAGE_GLOBAL_OWNERSHIP_TYPES: { displayName: 'Manage Ownership Types', description: 'Create, update and delete Ownership Types.' },
  CREATE_BUSINESS_ATTRIBUTE: { displayName: 'Create Business Attribute', description: 'Create new Business Attribute.' },
  MANAGE_BUSINESS_ATTRIBUTE: { displayName: 'Manage Business Attribute', description: 'Create, update, delete Business Attribute' },
  MANAGE_CONNECTIONS: { displayName: 'Manage Connections', description: 'Manage connections to external DataHub platforms.' },
  MANAGE_STRUCTURED_PROPERTIES: {
    displayName: 'Manage Structured Properties',
    description: 'Manage structured properties in your instance.',
  },
  VIEW_STRUCTURED_PROPERTIES_PAGE: {
    displayName: 'View Structured Properties',
    description: 'View structured properties in your instance.',
  },
  MANAGE_DOCUMENTATION_FORMS: {
    displayName: 'Manage Documentation Forms',
    description: 'Manage forms assigned to assets to assist in documentation efforts.',
  },
  MANAGE_FEATURES: { displayName: 'Manage Features', description: 'Umbrella privilege to manage all features.' },
  MANAGE_SYSTEM_OPERATIONS: {
    displayName: 'Manage System Operations',
    description: 'Allow access to all system operations/management APIs and controls.',
  },
  GET_PLATFORM_EVENTS: {
    displayName: 'Get Platform Events',
    description: 'The ability to use the Events API to read Platform Events - Entity Change Events and Notification Request Events.',
  },
  GET_METADATA_CHANGE_LOG_EVENTS: {
    displayName: 'Get Metadata Change Log Events',
    description: 'The ability to use the Events API to read Metadata Change Log, or all low-level Metadata Change Events.',
  },
  MANAGE_HOME_PAGE_TEMPLATES: {
    displayName: 'Manage Home Page Templates',
    description: 'Privilege allowing users to manage the default home page template and the global modules in it.',
  },
  VIEW_ENTITY_PAGE: { displayName: 'View Entity Page', description: 'The ability to view the entity page.' },
  EXISTS_ENTITY: { displayName: 'Entity Exists', description: 'The ability to determine whether the entity exists.' },
  EXECUTE_ENTITY: { displayName: 'Execute Entity', description: 'The ability to execute an Entity.' },
  CREATE_ENTITY: { displayName: 'Create Entity', description: "The ability to create an entity if it doesn't exist." },
  EDIT_ENTITY_TAGS: { displayName: 'Edit Tags', description: 'The ability to add and remove tags to an asset.' },
  EDIT_ENTITY_GLOSSARY_TERMS: {
    displayName: 'Edit Glossary Terms',
    description: 'The ability to add and remove glossary terms to an asset.',
  },
  EDIT_ENTITY_OWNERS: { displayName: 'Edit Owners', description: 'The ability to add and remove owners of an entity.' },
  EDIT_ENTITY_DOCS: { displayName: 'Edit Description', description: 'The ability to edit the description (documentation) of an entity.' },
  EDIT_ENTITY_DOC_LINKS: { displayName: 'Edit Links', description: 'The ability to edit links associated with an entity.' },
  EDIT_ENTITY_STATUS: { displayName: 'Edit Status', description: 'The ability to edit the status of an entity (soft deleted or not).' },
  EDIT_DOMAINS_PRIVILEGE: { displayName: 'Edit Domain', description: 'The ability to edit the Domain of an entity.' },
  EDIT_ENTITY_APPLICATIONS_PRIVILEGE: {
    displayName: 'Edit Entity Applications',
    description: 'The ability to edit the Applications of an entity.',
  },
  EDIT_ENTITY_DATA_PRODUCTS: { displayName: 'Edit Data Product', description: 'The ability to edit the Data Product of an entity.' },
  EDIT_DEPRECATION_PRIVILEGE: { displayName: 'Edit Deprecation', description: 'The ability to edit the Deprecation status of an entity.' },
  EDIT_ENTITY_ASSERTIONS: { displayName: 'Edit Assertions', description: 'The ability to add and remove assertions from an entity.' },
  EDIT_ENTITY_INCIDENTS: { displayName: 'Edit Incidents', description: 'The ability to create and remove incidents for an entity.' },
  // Checked by DataHub's quality mutations, though its policy editor offers them on no type.
  EDIT_ENTITY_OPERATIONS: {
    displayName: 'Edit Operations',
    description: 'The ability to report or edit operations information about an entity.',
  },
  EDIT_ENTITY_DATA_CONTRACT: { displayName: 'Edit Data Contract', description: 'The ability to edit the Data Contract for an entity.' },
  EDIT_ENTITY: {
    displayName: 'Edit Entity',
    description: 'The ability to edit any information about an entity. Super user privileges for the entity.',
  },
  DELETE_ENTITY: { displayName: 'Delete', description: 'The ability to delete this entity.' },
  EDIT_LINEAGE: { displayName: 'Edit Lineage', description: 'The ability to add and remove lineage edges for this entity.' },
  EDIT_ENTITY_EMBED: { displayName: 'Edit Embedded Content', description: 'The ability to edit the embedded content for an entity.' },
  EDIT_ENTITY_PROPERTIES: { displayName: 'Edit Properties', description: 'The ability to edit the properties for an entity.' },
  CREATE_ENTITY_ER_MODEL_RELATIONSHIP: {
    displayName: 'Create erModelRelationship',
    description: 'The ability to add erModelRelationship on a dataset.',
  },
  MANAGE_ASSET_SUMMARY: { displayName: 'Manage Asset Summary', description: 'The ability to manage the asset summary tab for an entity.' },
  EDIT_DATASET_COL_TAGS: {
    displayName: 'Edit Dataset Column Tags',
    description: 'The ability to edit the column (field) tags associated with a dataset schema.',
  },
  EDIT_DATASET_COL_GLOSSARY_TERMS: {
    displayName: 'Edit Dataset Column Glossary Terms',
    description: 'The ability to edit the column (field) glossary terms associated with a dataset schema.',
  },
  EDIT_DATASET_COL_DESCRIPTION: {
    displayName: 'Edit Dataset Column Descriptions',
    description: 'The ability to edit the column (field) descriptions associated with a dataset schema.',
  },
  VIEW_DATASET_USAGE: {
    displayName: 'View Dataset Usage',
    description: 'The ability to access dataset usage information (includes usage statistics and queries).',
  },
  VIEW_DATASET_PROFILE: { displayName: 'View Dataset Profile', description: 'The ability to access dataset profile (snapshot statistics)' },
  VIEW_DATASET_OPERATIONS: {
    displayName: 'View Dataset Operations',
    description: 'The ability to access dataset operations (changes to dataset)',
  },
  EDIT_ENTITY_QUERIES: { displayName: 'Edit Dataset Queries', description: 'The ability to edit the Queries for a Dataset.' },
  DATA_READ_ONLY: { displayName: 'Iceberg Catalog Read only data-access', description: 'The ability to read the data in a dataset.' },
  DATA_READ_WRITE: {
    displayName: 'Iceberg Catalog Read-write data-access',
    description: 'The ability to read & write the data in a dataset.',
  },
  DATA_MANAGE_TABLES: {
    displayName: 'Manage Iceberg Tables',
    description: 'The ability to create and drop Iceberg tables registered in DataHub.',
  },
  DATA_MANAGE_VIEWS: { displayName: 'Manage Iceberg Views', description: 'The ability to create and drop views registered in DataHub.' },
  DATA_MANAGE_NAMESPACES: {
    displayName: 'Manage Iceberg Namespaces',
    description: 'The ability to create and drop Iceberg namespaces registered in DataHub.',
  },
  DATA_LIST_ENTITIES: {
    displayName: 'List Iceberg Tables, Views & Namespaces',
    description: 'The ability to list Iceberg tables, views and namespaces registered in DataHub.',
  },
  EDIT_TAG_COLOR: { displayName: 'Edit Tag Color', description: 'The ability to change the color of a Tag.' },
  EDIT_GROUP_MEMBERS: { displayName: 'Edit Group Members', description: 'The ability to add and remove members to a group.' },
  EDIT_USER_PROFILE: {
    displayName: 'Edit User Profile',
    description: "The ability to change the user's profile including display name, bio, title, profile image, etc.",
  },
  EDIT_CONTACT_INFO: {
    displayName: 'Edit Contact Information',
    description: 'The ability to change the contact information such as email & chat handles.',
  },
  MANAGE_GLOSSARY_CHILDREN: {
    displayName: 'Manage Direct Glossary Children',
    description: 'The ability to create and delete the direct children of this entity.',
  },
  MANAGE_ALL_GLOSSARY_CHILDREN: {
    displayName: 'Manage All Glossary Children',
    description: 'The ability to create and delete everything underneath this entity.',
  },
  RESTORE_INDICES_PRIVILEGE: { displayName: 'Restore Indices API', description: 'The ability to use the Restore Indices API.' },
  APPLY_RETENTION_PRIVILEGE: { displayName: 'Apply Retention API', description: 'The ability to apply retention using the API.' },
  EDIT_DATASET_COL_BUSINESS_ATTRIBUTE_PRIVILEGE: {
    displayName: 'Edit Dataset Column Business Attribute',
    description: 'The ability to edit the column (field) Business Attribute associated with a dataset schema.',
  },
  MANAGE_DATA_PRODUCTS: {
    displayName: 'Manage Data Products',
    description: 'The ability to create, edit, and delete Data Products within a Domain',
  },
} as const satisfies Record<string, PrivilegeText>;

/** A privilege DataHub defines: naming one it does not is a compile error. */
export type Privilege = keyof typeof PRIVILEGE_TEXT;

/** Whether a name read at run time (from the registry, a policy) is a privilege DataHub defines. */
export function isPrivilege(name: string): name is Privilege {
  return Object.hasOwn(PRIVILEGE_TEXT, name);
}

/** What a privilege named at run time (by a policy, say) is called and means; undefined for one DataHub does not define. */
export function privilegeText(name: string): PrivilegeText | undefined {
  return isPrivilege(name) ? PRIVILEGE_TEXT[name] : undefined;
}

/** The platform privileges DataHub offers in policies, in its order. */
export const OFFERED_PLATFORM_PRIVILEGES: readonly Privilege[] = [
  'MANAGE_POLICIES',
  'MANAGE_USERS_AND_GROUPS',
  'CREATE_USERS_AND_GROUPS',
  'UPDATE_USERS_AND_GROUPS',
  'CREATE_USERS',
  'UPDATE_USERS',
  'CREATE_GROUPS',
  'UPDATE_GROUPS',
  'VIEW_ANALYTICS',
  'GET_ANALYTICS_PRIVILEGE',
  'MANAGE_DOMAINS',
  'MANAGE_GLOBAL_ANNOUNCEMENTS',
  'MANAGE_INGESTION',
  'MANAGE_SECRETS',
  'GENERATE_PERSONAL_ACCESS_TOKENS',
  'MANAGE_ACCESS_TOKENS',
  'VIEW_TESTS',
  'MANAGE_TESTS',
  'MANAGE_GLOSSARIES',
  'MANAGE_USER_CREDENTIALS',
  'MANAGE_TAGS',
  'VIEW_MANAGE_TAGS',
  'CREATE_TAGS',
  'CREATE_DOMAINS',
  'CREATE_GLOBAL_ANNOUNCEMENTS',
  'MANAGE_GLOBAL_VIEWS',
  'MANAGE_GLOBAL_OWNERSHIP_TYPES',
  'CREATE_BUSINESS_ATTRIBUTE',
  'MANAGE_BUSINESS_ATTRIBUTE',
  'MANAGE_CONNECTIONS',
  'MANAGE_STRUCTURED_PROPERTIES',
  'VIEW_STRUCTURED_PROPERTIES_PAGE',
  'MANAGE_DOCUMENTATION_FORMS',
  'MANAGE_FEATURES',
  'MANAGE_SYSTEM_OPERATIONS',
  'GET_PLATFORM_EVENTS',
  'GET_METADATA_CHANGE_LOG_EVENTS',
  'MANAGE_HOME_PAGE_TEMPLATES',
];

/**
 * What every entity type that holds ordinary assets grants (DataHub's COMMON_ENTITY_PRIVILEGES, with the
 * additions of its later versions); types compose their lists from it.
 */
const COMMON_ENTITY_PRIVILEGES = [
  'VIEW_ENTITY_PAGE',
  'EDIT_ENTITY_TAGS',
  'EDIT_ENTITY_GLOSSARY_TERMS',
  'EDIT_ENTITY_OWNERS',
  'EDIT_ENTITY_DOCS',
  'EDIT_ENTITY_DOC_LINKS',
  'EDIT_ENTITY_STATUS',
  'EDIT_DOMAINS_PRIVILEGE',
  'EDIT_ENTITY_APPLICATIONS_PRIVILEGE',
  'EDIT_ENTITY_DATA_PRODUCTS',
  'EDIT_DEPRECATION_PRIVILEGE',
  'EDIT_ENTITY',
  'DELETE_ENTITY',
  'EDIT_ENTITY_PROPERTIES',
  'EDIT_ENTITY_INCIDENTS',
  'CREATE_ENTITY',
  'EXISTS_ENTITY',
  'MANAGE_ASSET_SUMMARY',
] as const satisfies readonly Privilege[];

/** Privileges per entity type, in DataHub's order; `all` (every type) is derived from them. */
export const ENTITY_RESOURCE_PRIVILEGES: readonly ResourcePrivilegeGroup[] = [
  {
    resourceType: 'dataset',
    resourceTypeDisplayName: 'Datasets',
    privileges: [
      ...COMMON_ENTITY_PRIVILEGES,
      'VIEW_DATASET_USAGE',
      'VIEW_DATASET_PROFILE',
      'VIEW_DATASET_OPERATIONS',
      'EDIT_DATASET_COL_DESCRIPTION',
      'EDIT_DATASET_COL_TAGS',
      'EDIT_DATASET_COL_GLOSSARY_TERMS',
      'EDIT_ENTITY_ASSERTIONS',
      'EDIT_LINEAGE',
      'EDIT_ENTITY_EMBED',
      'EDIT_ENTITY_QUERIES',
      'CREATE_ENTITY_ER_MODEL_RELATIONSHIP',
      'DATA_READ_ONLY',
      'DATA_READ_WRITE',
      'EDIT_DATASET_COL_BUSINESS_ATTRIBUTE_PRIVILEGE',
    ],
  },
  {
    resourceType: 'dashboard',
    resourceTypeDisplayName: 'Dashboards',
    privileges: [...COMMON_ENTITY_PRIVILEGES, 'EDIT_LINEAGE', 'EDIT_ENTITY_EMBED'],
  },
  {
    resourceType: 'chart',
    resourceTypeDisplayName: 'Charts',
    privileges: [...COMMON_ENTITY_PRIVILEGES, 'EDIT_LINEAGE', 'EDIT_ENTITY_EMBED'],
  },
  {
    resourceType: 'dataFlow',
    resourceTypeDisplayName: 'Data Pipelines',
    privileges: [...COMMON_ENTITY_PRIVILEGES],
  },
  {
    resourceType: 'dataJob',
    resourceTypeDisplayName: 'Data Tasks',
    privileges: [...COMMON_ENTITY_PRIVILEGES, 'EDIT_LINEAGE'],
  },
  {
    resourceType: 'tag',
    resourceTypeDisplayName: 'Tags',
    privileges: [
      'VIEW_ENTITY_PAGE',
      'EDIT_ENTITY_OWNERS',
      'EDIT_TAG_COLOR',
      'EDIT_ENTITY_DOCS',
      'EDIT_ENTITY',
      'DELETE_ENTITY',
      'CREATE_ENTITY',
      'EXISTS_ENTITY',
    ],
  },
  {
    resourceType: 'container',
    resourceTypeDisplayName: 'Containers',
    privileges: [...COMMON_ENTITY_PRIVILEGES, 'DATA_MANAGE_NAMESPACES', 'DATA_MANAGE_TABLES', 'DATA_MANAGE_VIEWS', 'DATA_LIST_ENTITIES'],
  },
  {
    resourceType: 'domain',
    resourceTypeDisplayName: 'Domains',
    privileges: [
      'VIEW_ENTITY_PAGE',
      'EDIT_ENTITY_OWNERS',
      'EDIT_ENTITY_DOCS',
      'EDIT_ENTITY_DOC_LINKS',
      'EDIT_ENTITY',
      'DELETE_ENTITY',
      'MANAGE_DATA_PRODUCTS',
      'EDIT_ENTITY_PROPERTIES',
      'CREATE_ENTITY',
      'EXISTS_ENTITY',
    ],
  },
  {
    resourceType: 'glossaryTerm',
    resourceTypeDisplayName: 'Glossary Terms',
    privileges: [
      'VIEW_ENTITY_PAGE',
      'EDIT_ENTITY_OWNERS',
      'EDIT_ENTITY_DOCS',
      'EDIT_ENTITY_DOC_LINKS',
      'EDIT_DEPRECATION_PRIVILEGE',
      'EDIT_ENTITY',
      'EDIT_ENTITY_PROPERTIES',
      'CREATE_ENTITY',
      'EXISTS_ENTITY',
    ],
  },
  {
    resourceType: 'glossaryNode',
    resourceTypeDisplayName: 'Glossary Term Groups',
    privileges: [
      'VIEW_ENTITY_PAGE',
      'EDIT_ENTITY_OWNERS',
      'EDIT_ENTITY_DOCS',
      'EDIT_ENTITY_DOC_LINKS',
      'EDIT_DEPRECATION_PRIVILEGE',
      'EDIT_ENTITY',
      'MANAGE_GLOSSARY_CHILDREN',
      'MANAGE_ALL_GLOSSARY_CHILDREN',
      'EDIT_ENTITY_PROPERTIES',
      'CREATE_ENTITY',
      'EXISTS_ENTITY',
    ],
  },
  {
    resourceType: 'corpGroup',
    resourceTypeDisplayName: 'Groups',
    privileges: [
      'VIEW_ENTITY_PAGE',
      'EDIT_ENTITY_OWNERS',
      'EDIT_GROUP_MEMBERS',
      'EDIT_CONTACT_INFO',
      'EDIT_ENTITY_DOCS',
      'EDIT_ENTITY',
      'EDIT_ENTITY_PROPERTIES',
      'CREATE_ENTITY',
      'EXISTS_ENTITY',
    ],
  },
  {
    resourceType: 'corpuser',
    resourceTypeDisplayName: 'Users',
    privileges: [
      'VIEW_ENTITY_PAGE',
      'EDIT_CONTACT_INFO',
      'EDIT_USER_PROFILE',
      'EDIT_ENTITY',
      'EDIT_ENTITY_PROPERTIES',
      'CREATE_ENTITY',
      'EXISTS_ENTITY',
    ],
  },
  {
    resourceType: 'notebook',
    resourceTypeDisplayName: 'Notebook',
    privileges: [...COMMON_ENTITY_PRIVILEGES],
  },
  {
    resourceType: 'dataProduct',
    resourceTypeDisplayName: 'Data Products',
    privileges: [
      'VIEW_ENTITY_PAGE',
      'EDIT_ENTITY_OWNERS',
      'EDIT_ENTITY_DOCS',
      'EDIT_ENTITY_DOC_LINKS',
      'EDIT_ENTITY',
      'DELETE_ENTITY',
      'EDIT_ENTITY_TAGS',
      'EDIT_ENTITY_GLOSSARY_TERMS',
      'EDIT_DOMAINS_PRIVILEGE',
      'EDIT_ENTITY_PROPERTIES',
      'CREATE_ENTITY',
      'EXISTS_ENTITY',
    ],
  },
  {
    resourceType: 'erModelRelationship',
    resourceTypeDisplayName: 'ERModelRelationship',
    privileges: [...COMMON_ENTITY_PRIVILEGES],
  },
  {
    resourceType: 'businessAttribute',
    resourceTypeDisplayName: 'Business Attribute',
    privileges: ['VIEW_ENTITY_PAGE', 'EDIT_ENTITY_OWNERS', 'EDIT_ENTITY_DOCS', 'EDIT_ENTITY_TAGS', 'EDIT_ENTITY_GLOSSARY_TERMS'],
  },
  {
    resourceType: 'structuredProperty',
    resourceTypeDisplayName: 'Structured Properties',
    privileges: ['CREATE_ENTITY', 'VIEW_ENTITY_PAGE', 'EXISTS_ENTITY', 'EDIT_ENTITY', 'DELETE_ENTITY'],
  },
  {
    resourceType: 'dataHubIngestionSource',
    resourceTypeDisplayName: 'Ingestion Source',
    privileges: ['DELETE_ENTITY', 'EDIT_ENTITY', 'EXECUTE_ENTITY'],
  },
  {
    resourceType: 'versionSet',
    resourceTypeDisplayName: 'Version Set',
    privileges: [...COMMON_ENTITY_PRIVILEGES],
  },
  {
    resourceType: 'dataPlatformInstance',
    resourceTypeDisplayName: 'Data Platform Instance',
    privileges: [
      'DATA_READ_ONLY',
      'DATA_READ_WRITE',
      'DATA_MANAGE_VIEWS',
      'DATA_MANAGE_TABLES',
      'DATA_MANAGE_NAMESPACES',
      'DATA_LIST_ENTITIES',
    ],
  },
  {
    resourceType: 'application',
    resourceTypeDisplayName: 'Applications',
    privileges: [
      'VIEW_ENTITY_PAGE',
      'EDIT_ENTITY_OWNERS',
      'EDIT_ENTITY_DOCS',
      'EDIT_ENTITY_DOC_LINKS',
      'EDIT_ENTITY',
      'DELETE_ENTITY',
      'EDIT_ENTITY_TAGS',
      'EDIT_ENTITY_GLOSSARY_TERMS',
      'EDIT_DOMAINS_PRIVILEGE',
      'EDIT_ENTITY_PROPERTIES',
      'EXISTS_ENTITY',
    ],
  },
];
