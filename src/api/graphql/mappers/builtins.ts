/**
 * Entities DataHub writes at its first start (its `roles.yaml` and `ownership-types.yaml` bootstrap):
 * this catalog does not write them, so one of them that is not stored reads as DataHub's bootstrap
 * would have written it.
 */
type Json = Record<string, any>;

const OWNERSHIP_TYPES: Record<string, Json> = {
  'urn:li:ownershipType:__system__technical_owner': { name: 'Technical Owner', description: 'Involved in the production, maintenance, or distribution of the asset(s).' },
  'urn:li:ownershipType:__system__business_owner': { name: 'Business Owner', description: 'Principle stakeholders or domain experts associated with the asset(s).' },
  'urn:li:ownershipType:__system__data_steward': { name: 'Data Steward', description: 'Involved in governance of the asset(s).' },
  'urn:li:ownershipType:__system__none': { name: 'None', description: 'No ownership type specified.' },
};

const ROLES: Record<string, Json> = {
  'urn:li:dataHubRole:Admin': { name: 'Admin', description: 'Can do everything on the platform.', editable: false },
  'urn:li:dataHubRole:Editor': { name: 'Editor', description: 'Can read and edit all metadata. Cannot take administrative actions.', editable: false },
  'urn:li:dataHubRole:Reader': { name: 'Reader', description: 'Can read all metadata. Cannot edit anything by default, or take administrative actions.', editable: false },
};

/** The `ownershipTypeInfo` stored for an ownership type, or DataHub's own for its system types. */
export const ownershipTypeInfoOf = (urn: string, stored: Json | undefined): Json | undefined => stored ?? OWNERSHIP_TYPES[urn];

/** The `dataHubRoleInfo` stored for a role, or DataHub's own for its three roles. */
export const roleInfoOf = (urn: string, stored: Json | undefined): Json | undefined => stored ?? ROLES[urn];
