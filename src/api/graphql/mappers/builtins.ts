/**
 * Entities DataHub writes at its first start (its `roles.yaml` and `ownership-types.yaml` bootstrap),
 * read as DataHub's bootstrap would have written them when a catalog does not hold them (one made
 * before its first start wrote them, or where they were deleted).
 */
import { DEFAULT_ROLES } from '../../../domains/builtIns/roles.js';

type Json = Record<string, any>;

const OWNERSHIP_TYPES: Record<string, Json> = {
  'urn:li:ownershipType:__system__technical_owner': {
    name: 'Technical Owner',
    description: 'Involved in the production, maintenance, or distribution of the asset(s).',
  },
  'urn:li:ownershipType:__system__business_owner': {
    name: 'Business Owner',
    description: 'Principle stakeholders or domain experts associated with the asset(s).',
  },
  'urn:li:ownershipType:__system__data_steward': { name: 'Data Steward', description: 'Involved in governance of the asset(s).' },
  'urn:li:ownershipType:__system__none': { name: 'None', description: 'No ownership type specified.' },
};

/** The `ownershipTypeInfo` stored for an ownership type, or DataHub's own for its system types. */
export const ownershipTypeInfoOf = (urn: string, stored: Json | undefined): Json | undefined => stored ?? OWNERSHIP_TYPES[urn];

/** The `dataHubRoleInfo` stored for a role, or DataHub's own for its three roles. */
export const roleInfoOf = (urn: string, stored: Json | undefined): Json | undefined => stored ?? DEFAULT_ROLES[urn];
