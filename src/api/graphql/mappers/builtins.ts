/**
 * Entities DataHub writes at its first start (its `roles.yaml` and `ownership-types.yaml` bootstrap),
 * read as DataHub's bootstrap would have written them when a catalog does not hold them (one made
 * before its first start wrote them, or where they were deleted).
 */
import { DEFAULT_ROLES } from '../../../domains/builtIns/roles.js';
import type { AspectValue } from '../../../registry/aspectValues.js';

type OwnershipTypeInfo = AspectValue<'ownershipTypeInfo'>;
type RoleInfo = AspectValue<'dataHubRoleInfo'>;

const OWNERSHIP_TYPES: Readonly<Record<string, OwnershipTypeInfo>> = {
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
export const ownershipTypeInfoOf = (urn: string, stored: OwnershipTypeInfo | undefined): OwnershipTypeInfo | undefined =>
  stored ?? OWNERSHIP_TYPES[urn];

/** The `dataHubRoleInfo` stored for a role, or DataHub's own for its three roles. */
export const roleInfoOf = (urn: string, stored: RoleInfo | undefined): RoleInfo | undefined => stored ?? DEFAULT_ROLES[urn];
