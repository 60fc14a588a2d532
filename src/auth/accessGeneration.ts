/**
 * The access generation: a counter (store/types.ts GenerationTx) the write path bumps in the
 * transaction of every write that changes what authentication and authorization read and cache
 * (auth/accessCache.ts). A replica that finds it unchanged reuses what it loaded; a change made
 * through any replica counts from the next request on all of them.
 *
 * What they read is listed here, as data: the write path asks this list, not the aspect's name.
 * Facts about the entity a check is about (its owners, its domains) change with ordinary metadata
 * writes and are not cached, so they are not listed.
 */

export const ACCESS_GENERATION = 'access';

/** Entity type → the aspects of it that authentication and authorization read. */
const READ_FOR_ACCESS: Readonly<Record<string, readonly string[]>> = {
  // The policies themselves.
  dataHubPolicy: ['dataHubPolicyInfo'],
  // A personal token's user and expiry; revoking deletes it.
  dataHubAccessToken: ['dataHubAccessTokenInfo'],
  // A user's groups and role; `status`: a soft-deleted user's group edges are not read, and neither
  // they nor a suspended user (`corpUserStatus`) may act (activeUsers.ts); a new password
  // (`corpUserCredentials`) ends the sessions begun with the old one.
  corpuser: ['groupMembership', 'nativeGroupMembership', 'roleMembership', 'status', 'corpUserStatus', 'corpUserCredentials'],
  // A group's members (its IsPartOf edges to users) and role; `status`: a soft-deleted group's edges are not read.
  corpGroup: ['corpGroupInfo', 'roleMembership', 'status'],
};

/**
 * Entity type → aspects whose deletion, though not their writing, changes what access checks read.
 * Deleting a user's key removes the user, which ends its sign-ins (activeUsers.ts); writing the key
 * creates one, which ingesting people does by the thousand and which ends nothing, so it is left out.
 */
const DELETED_FOR_ACCESS: Readonly<Record<string, readonly string[]>> = {
  corpuser: ['corpUserKey'],
};

const listed = (table: Readonly<Record<string, readonly string[]>>, entityType: string, aspect: string) =>
  Object.hasOwn(table, entityType) && table[entityType]!.includes(aspect);

/**
 * Whether writing or deleting (`changeType` DELETE) this aspect of an entity of this type changes
 * what access checks read; without an aspect, whether any of the entity's aspects or derived rows
 * (edges) may.
 */
export function changesAccess(entityType: string, aspect?: string, changeType?: string): boolean {
  if (!Object.hasOwn(READ_FOR_ACCESS, entityType)) return false;
  if (aspect === undefined || listed(READ_FOR_ACCESS, entityType, aspect)) return true;
  return changeType === 'DELETE' && listed(DELETED_FOR_ACCESS, entityType, aspect);
}
