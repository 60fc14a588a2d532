/**
 * The access generation: a counter (store/types.ts GenerationTx) the write path bumps in the
 * transaction of every write that changes what authentication and authorization read and cache
 * (auth/accessCache.ts). A replica that finds it unchanged reuses what it loaded; a change made
 * through any replica counts from the next request on all of them.
 *
 * What they read is registry data, each type's `readForAccess` and `deletedForAccess`: the write path
 * asks it, not the aspect's name. Facts about the entity a check is about (its owners, its domains)
 * change with ordinary metadata writes and are not cached, so they are not listed.
 */
import type { EntitySpec } from '../registry/types.js';

export const ACCESS_GENERATION = 'access';

/** What the registry says of an entity type that access checks read (types.ts EntityDecl). */
export type AccessRules = Pick<EntitySpec, 'readForAccess' | 'deletedForAccess'>;

/**
 * Whether writing or deleting (`changeType` DELETE) this aspect of an entity of this type changes
 * what access checks read; without an aspect, whether any of the entity's aspects or derived rows
 * (edges) may.
 */
export function changesAccess(entity: AccessRules | undefined, aspect?: string, changeType?: string): boolean {
  if (!entity?.readForAccess) return false;
  if (aspect === undefined || entity.readForAccess.includes(aspect)) return true;
  return changeType === 'DELETE' && (entity.deletedForAccess ?? []).includes(aspect);
}
