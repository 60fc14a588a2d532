/**
 * Privilege names as DataHub spells them (two constants differ from their names there:
 * the domain and deprecation privileges end in `_PRIVILEGE`), and the lists policies grant.
 */
import { OFFERED_PLATFORM_PRIVILEGES, type Privilege } from '../registry/privilegeCatalog.js';

/**
 * Privileges granted by PLATFORM policies, checked without a resource: those DataHub's policy editor
 * offers, and two its APIs check that the editor does not show.
 */
export const PLATFORM_PRIVILEGES: readonly Privilege[] = [
  ...OFFERED_PLATFORM_PRIVILEGES,
  'RESTORE_INDICES_PRIVILEGE',
  'APPLY_RETENTION_PRIVILEGE',
];

/** Privileges granted by METADATA policies, checked on one entity. */
export const RESOURCE_PRIVILEGES = [
  'VIEW_ENTITY_PAGE',
  'EDIT_ENTITY',
  'EDIT_ENTITY_TAGS',
  'EDIT_ENTITY_GLOSSARY_TERMS',
  'EDIT_ENTITY_OWNERS',
  'EDIT_ENTITY_DOCS',
  'EDIT_ENTITY_DOC_LINKS',
  'EDIT_ENTITY_STATUS',
  'EDIT_DOMAINS_PRIVILEGE',
  'EDIT_ENTITY_DATA_PRODUCTS',
  'EDIT_DEPRECATION_PRIVILEGE',
  'EDIT_ENTITY_ASSERTIONS',
  'EDIT_ENTITY_PROPERTIES',
  'EDIT_DATASET_COL_TAGS',
  'EDIT_DATASET_COL_GLOSSARY_TERMS',
  'EDIT_DATASET_COL_DESCRIPTION',
  'VIEW_DATASET_USAGE',
  'VIEW_DATASET_PROFILE',
  'VIEW_DATASET_OPERATIONS',
  'EDIT_ENTITY_INCIDENTS',
  'EDIT_ENTITY_EMBED',
  'MANAGE_ASSET_SUMMARY',
  'EDIT_TAG_COLOR',
  'EDIT_GROUP_MEMBERS',
  'EDIT_USER_PROFILE',
  'EDIT_CONTACT_INFO',
  'EDIT_LINEAGE',
  'EDIT_ENTITY_QUERIES',
  'MANAGE_GLOSSARY_CHILDREN',
  'MANAGE_ALL_GLOSSARY_CHILDREN',
  'DELETE_ENTITY',
] as const satisfies readonly Privilege[];

/** The `me.platformPrivileges` flags of GraphQL and the privileges (any of) behind each. */
export const PLATFORM_PRIVILEGE_FLAGS: Record<string, readonly Privilege[]> = {
  viewAnalytics: ['VIEW_ANALYTICS'],
  managePolicies: ['MANAGE_POLICIES'],
  manageIdentities: ['MANAGE_USERS_AND_GROUPS'],
  generatePersonalAccessTokens: ['GENERATE_PERSONAL_ACCESS_TOKENS', 'MANAGE_ACCESS_TOKENS'],
  createDomains: ['CREATE_DOMAINS', 'MANAGE_DOMAINS'],
  manageDomains: ['MANAGE_DOMAINS'],
  manageIngestion: ['MANAGE_INGESTION'],
  manageSecrets: ['MANAGE_SECRETS'],
  manageTokens: ['MANAGE_ACCESS_TOKENS'],
  viewTests: ['VIEW_TESTS', 'MANAGE_TESTS'],
  manageTests: ['MANAGE_TESTS'],
  manageGlossaries: ['MANAGE_GLOSSARIES'],
  manageUserCredentials: ['MANAGE_USER_CREDENTIALS'],
  createTags: ['CREATE_TAGS', 'MANAGE_TAGS'],
  manageTags: ['MANAGE_TAGS'],
  manageGlobalViews: ['MANAGE_GLOBAL_VIEWS'],
  manageOwnershipTypes: ['MANAGE_GLOBAL_OWNERSHIP_TYPES'],
  manageGlobalAnnouncements: ['MANAGE_GLOBAL_ANNOUNCEMENTS'],
  createBusinessAttributes: ['CREATE_BUSINESS_ATTRIBUTE', 'MANAGE_BUSINESS_ATTRIBUTE'],
  manageBusinessAttributes: ['MANAGE_BUSINESS_ATTRIBUTE'],
  manageStructuredProperties: ['MANAGE_STRUCTURED_PROPERTIES'],
  viewStructuredPropertiesPage: ['VIEW_STRUCTURED_PROPERTIES_PAGE', 'MANAGE_STRUCTURED_PROPERTIES'],
  viewManageTags: ['VIEW_MANAGE_TAGS'],
  manageFeatures: ['MANAGE_FEATURES'],
  manageHomePageTemplates: ['MANAGE_HOME_PAGE_TEMPLATES'],
};

/**
 * `me.platformPrivileges` flags DataHub grants for managing every entity of a type (its MANAGE
 * operation on the type), by the entity type: they need all of MANAGE_TYPE_PRIVILEGES on that type.
 */
export const ENTITY_TYPE_MANAGE_FLAGS: Record<string, string> = {
  manageApplications: 'application',
};

/** DataHub's MANAGE of an entity type: both updating and deleting its entities. */
export const MANAGE_TYPE_PRIVILEGES: readonly Privilege[] = ['EDIT_ENTITY', 'DELETE_ENTITY'];

/** The `privileges` flags of an entity in GraphQL and the resource privileges (any of) behind each. */
export const ENTITY_PRIVILEGE_FLAGS: Record<string, readonly Privilege[]> = {
  canEditTags: ['EDIT_ENTITY', 'EDIT_ENTITY_TAGS'],
  canEditGlossaryTerms: ['EDIT_ENTITY', 'EDIT_ENTITY_GLOSSARY_TERMS'],
  canEditDescription: ['EDIT_ENTITY', 'EDIT_ENTITY_DOCS'],
  canEditLinks: ['EDIT_ENTITY', 'EDIT_ENTITY_DOC_LINKS'],
  canEditDomains: ['EDIT_ENTITY', 'EDIT_DOMAINS_PRIVILEGE'],
  canEditDataProducts: ['EDIT_ENTITY', 'EDIT_ENTITY_DATA_PRODUCTS'],
  canEditOwners: ['EDIT_ENTITY', 'EDIT_ENTITY_OWNERS'],
  canEditDeprecation: ['EDIT_ENTITY', 'EDIT_DEPRECATION_PRIVILEGE'],
  canEditLineage: ['EDIT_ENTITY', 'EDIT_LINEAGE'],
  canEditProperties: ['EDIT_ENTITY', 'EDIT_ENTITY_PROPERTIES'],
  canEditQueries: ['EDIT_ENTITY', 'EDIT_ENTITY_QUERIES'],
  canEditAssertions: ['EDIT_ENTITY', 'EDIT_ENTITY_ASSERTIONS'],
  canEditSchemaFieldTags: ['EDIT_ENTITY', 'EDIT_DATASET_COL_TAGS'],
  canEditSchemaFieldGlossaryTerms: ['EDIT_ENTITY', 'EDIT_DATASET_COL_GLOSSARY_TERMS'],
  canEditSchemaFieldDescription: ['EDIT_ENTITY', 'EDIT_DATASET_COL_DESCRIPTION'],
  canViewDatasetUsage: ['VIEW_DATASET_USAGE'],
  canViewDatasetProfile: ['VIEW_DATASET_PROFILE'],
  canViewDatasetOperations: ['VIEW_DATASET_OPERATIONS'],
  canEditIncidents: ['EDIT_ENTITY', 'EDIT_ENTITY_INCIDENTS'],
  canEditEmbed: ['EDIT_ENTITY', 'EDIT_ENTITY_EMBED'],
  canManageAssetSummary: ['EDIT_ENTITY', 'MANAGE_ASSET_SUMMARY'],
};

/**
 * Whether a privilege lets its holder change anything: all do but those that only read (`VIEW_…`,
 * `GET_…`) and the right to mint tokens for oneself, which every user has by default.
 */
export const isWritePrivilege = (privilege: string): boolean =>
  !/^(VIEW|GET)_/.test(privilege) && privilege !== 'GENERATE_PERSONAL_ACCESS_TOKENS';
