/**
 * What an actor may not see: the entity types and aspects whose read privilege (registry
 * `readPrivilege`) it lacks. For reads that list rows of many kinds at once (the change log, a run's
 * rows, related entities), which leave those out rather than refuse.
 */
import type { Registry } from '../registry/registry.js';
import type { Authorizer } from './authorizer.js';

export interface Hidden {
  /** Nothing is hidden from this actor. */
  readonly none: boolean;
  /** The entity types hidden whole. */
  readonly types: readonly string[];
  /** Whether a row about this entity type and aspect is hidden. */
  hides(entityType: string, aspect: string): boolean;
}

export async function hiddenFrom(authorizer: Authorizer, registry: Registry, actor: string): Promise<Hidden> {
  const restrictedTypes = [...registry.entities.values()].filter((e) => e.readPrivilege);
  const restrictedAspects = [...registry.aspects.values()].filter((a) => a.readPrivilege);
  const seenTypes = new Set(await authorizer.visibleTypes(actor, restrictedTypes));
  const seenAspects = new Set(await authorizer.visibleTypes(actor, restrictedAspects));
  const types = new Set(restrictedTypes.filter((e) => !seenTypes.has(e)).map((e) => e.name));
  const aspects = new Set(restrictedAspects.filter((a) => !seenAspects.has(a)).map((a) => a.name));
  return {
    none: types.size === 0 && aspects.size === 0,
    types: [...types],
    hides: (entityType, aspect) => types.has(entityType) || aspects.has(aspect),
  };
}
