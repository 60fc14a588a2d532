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
  // A user's groups and role; `status`: a soft-deleted user's group edges are not read.
  corpuser: ['groupMembership', 'nativeGroupMembership', 'roleMembership', 'status'],
  // A group's members (its IsPartOf edges to users) and role; `status`: a soft-deleted group's edges are not read.
  corpGroup: ['corpGroupInfo', 'roleMembership', 'status'],
};

/**
 * Whether writing or deleting this aspect of an entity of this type changes what access checks
 * read; without an aspect, whether any of the entity's aspects or derived rows (edges) may.
 */
export function changesAccess(entityType: string, aspect?: string): boolean {
  const aspects = READ_FOR_ACCESS[entityType];
  if (!aspects || !Object.hasOwn(READ_FOR_ACCESS, entityType)) return false;
  return aspect === undefined || aspects.includes(aspect);
}
