/**
 * DataHub's default roles (its `roles.yaml` bootstrap) and the policies that give each role its
 * privileges (the role policies of its boot `policies.json`). A role is only a name: what it grants
 * is what these policies, naming it among their actors, grant, so assigning a role takes effect on
 * the next check, on every replica. Roles are written where absent; the policies as the boot ones are.
 */
import { SYSTEM_ACTOR } from '../../actors.js';
import { bootPolicyProposals, type BootPolicy } from '../access/bootstrap.js';
import { PLATFORM_PRIVILEGES, RESOURCE_PRIVILEGES } from '../../auth/privileges.js';
import { buildProposal, type Proposal } from '../../write/proposals.js';
import type { Services } from '../services.js';
import type { Registry } from '../../registry/registry.js';

export const ADMIN_ROLE = 'urn:li:dataHubRole:Admin';
export const EDITOR_ROLE = 'urn:li:dataHubRole:Editor';
export const READER_ROLE = 'urn:li:dataHubRole:Reader';

/** The `dataHubRoleInfo` of each default role. */
export const DEFAULT_ROLES: Readonly<Record<string, { name: string; description: string; editable: boolean }>> = {
  [ADMIN_ROLE]: { name: 'Admin', description: 'Can do everything on the platform.', editable: false },
  [EDITOR_ROLE]: { name: 'Editor', description: 'Can read and edit all metadata. Cannot take administrative actions.', editable: false },
  [READER_ROLE]: {
    name: 'Reader',
    description: 'Can read all metadata. Cannot edit anything by default, or take administrative actions.',
    editable: false,
  },
};

const holders = (role: string) => ({ users: [], groups: [], roles: [role], resourceOwners: false, allUsers: false, allGroups: false });

const EDITOR_METADATA_PRIVILEGES = [
  'VIEW_ENTITY_PAGE',
  'EDIT_ENTITY_TAGS',
  'EDIT_ENTITY_GLOSSARY_TERMS',
  'EDIT_ENTITY_DOCS',
  'EDIT_ENTITY_DOC_LINKS',
  'EDIT_ENTITY_STATUS',
  'EDIT_DOMAINS_PRIVILEGE',
  'EDIT_ENTITY_DATA_PRODUCTS',
  'EDIT_DEPRECATION_PRIVILEGE',
  'EDIT_ENTITY_ASSERTIONS',
  'EDIT_ENTITY_INCIDENTS',
  'EDIT_DATASET_COL_TAGS',
  'EDIT_DATASET_COL_GLOSSARY_TERMS',
  'EDIT_DATASET_COL_DESCRIPTION',
  'EDIT_DATASET_COL_BUSINESS_ATTRIBUTE_PRIVILEGE',
  'VIEW_DATASET_USAGE',
  'VIEW_DATASET_PROFILE',
  'VIEW_DATASET_OPERATIONS',
  'EDIT_TAG_COLOR',
  'EDIT_LINEAGE',
  'EDIT_ENTITY_QUERIES',
  'SEARCH_PRIVILEGE',
  'GET_COUNTS_PRIVILEGE',
  'GET_TIMESERIES_ASPECT_PRIVILEGE',
  'GET_ENTITY_PRIVILEGE',
  'GET_TIMELINE_PRIVILEGE',
  'PRODUCE_PLATFORM_EVENT_PRIVILEGE',
  'MANAGE_DATA_PRODUCTS',
  'ES_EXPLAIN_QUERY_PRIVILEGE',
  'EDIT_ENTITY_PROPERTIES',
  'VIEW_STRUCTURED_PROPERTIES_PAGE',
  'MANAGE_ASSET_SUMMARY',
];

const READER_METADATA_PRIVILEGES = [
  'VIEW_ENTITY_PAGE',
  'VIEW_DATASET_USAGE',
  'VIEW_DATASET_PROFILE',
  'VIEW_DATASET_OPERATIONS',
  'SEARCH_PRIVILEGE',
  'GET_COUNTS_PRIVILEGE',
  'GET_TIMESERIES_ASPECT_PRIVILEGE',
  'GET_ENTITY_PRIVILEGE',
  'GET_TIMELINE_PRIVILEGE',
  'ES_EXPLAIN_QUERY_PRIVILEGE',
  'VIEW_STRUCTURED_PROPERTIES_PAGE',
];

/**
 * DataHub's role policies, by urn. In DataHub the Admin policies list the same privileges as the root
 * user's; here too, so both follow this build's privileges.
 */
/** The policies of the default roles; the Editor edits whole the types of the registry's `editorPolicy` list. */
const rolePolicies = (registry: Registry): Record<string, BootPolicy> => ({
  'urn:li:dataHubPolicy:admin-platform-policy': {
    displayName: 'Admins - Platform Policy',
    description: 'Admins have all platform privileges.',
    type: 'PLATFORM',
    state: 'ACTIVE',
    privileges: [...PLATFORM_PRIVILEGES],
    actors: holders(ADMIN_ROLE),
    editable: false,
  },
  'urn:li:dataHubPolicy:admin-metadata-policy': {
    displayName: 'Admins - Metadata Policy',
    description: 'Admins have all metadata privileges.',
    type: 'METADATA',
    state: 'ACTIVE',
    privileges: [...RESOURCE_PRIVILEGES],
    actors: holders(ADMIN_ROLE),
    editable: false,
  },
  'urn:li:dataHubPolicy:editor-platform-policy': {
    displayName: 'Editors - Platform Policy',
    description: 'Editors can manage ingestion and view analytics.',
    type: 'PLATFORM',
    state: 'ACTIVE',
    privileges: [
      'GENERATE_PERSONAL_ACCESS_TOKENS',
      'MANAGE_DOMAINS',
      'MANAGE_GLOBAL_ANNOUNCEMENTS',
      'MANAGE_GLOSSARIES',
      'MANAGE_TAGS',
      'MANAGE_BUSINESS_ATTRIBUTE',
      'MANAGE_STRUCTURED_PROPERTIES',
      'VIEW_STRUCTURED_PROPERTIES_PAGE',
      'MANAGE_DOCUMENTATION_FORMS',
      'MANAGE_FEATURES',
    ],
    actors: holders(EDITOR_ROLE),
    editable: false,
  },
  'urn:li:dataHubPolicy:editor-metadata-policy': {
    displayName: 'Editors - Metadata Policy',
    description: 'Editors have all metadata privileges.',
    type: 'METADATA',
    state: 'ACTIVE',
    privileges: EDITOR_METADATA_PRIVILEGES,
    actors: holders(EDITOR_ROLE),
    editable: false,
  },
  'urn:li:dataHubPolicy:editor-metadata-policy-entities': {
    displayName: 'Editors - Edit Metadata Entities',
    description: 'Editors can edit primary metadata entities.',
    type: 'METADATA',
    state: 'ACTIVE',
    privileges: ['EDIT_ENTITY'],
    actors: holders(EDITOR_ROLE),
    resources: {
      allResources: false,
      filter: {
        criteria: [{ field: 'RESOURCE_TYPE', values: registry.entitiesIn('editorPolicy').map((e) => e.name), condition: 'EQUALS' }],
      },
    },
    editable: true,
  },
  'urn:li:dataHubPolicy:reader-platform-policy': {
    displayName: 'Readers - Platform Policy',
    description: 'Readers can view analytics.',
    type: 'PLATFORM',
    state: 'ACTIVE',
    privileges: [],
    actors: holders(READER_ROLE),
    editable: false,
  },
  'urn:li:dataHubPolicy:reader-metadata-policy': {
    displayName: 'Readers - Metadata Policy',
    description: 'Readers can view all assets.',
    type: 'METADATA',
    state: 'ACTIVE',
    privileges: READER_METADATA_PRIVILEGES,
    actors: holders(READER_ROLE),
    editable: false,
  },
});

export async function bootstrapRoles(services: Services): Promise<void> {
  const { registry, entities, writePath } = services;
  const missing: Proposal[] = [];
  for (const [urn, info] of Object.entries(DEFAULT_ROLES)) {
    if (!(await entities.exists(urn, true))) missing.push(buildProposal(registry, urn, 'dataHubRoleInfo', 'UPSERT', info));
  }
  missing.push(...(await bootPolicyProposals(services, rolePolicies(registry))));
  await writePath.apply(missing, { actor: SYSTEM_ACTOR });
}
