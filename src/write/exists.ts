/** Whether an entity is stored, as the services that refuse to write about a missing one ask it. */
import type { Registry } from '../registry/registry.js';
import type { Store } from '../store/types.js';

/** Whether an entity is stored: its key aspect is. */
export async function entityExists(store: Store, registry: Registry, urn: string | null | undefined): Promise<boolean> {
  const entity = registry.entityOfUrn(urn);
  return entity !== undefined && (await store.getAspect(urn!, entity.keyAspect.name, 0)) !== undefined;
}

/** Whether `urn` is a stored entity of type `entityName`. */
export const entityExistsAs = async (store: Store, registry: Registry, urn: string | null | undefined, entityName: string) =>
  registry.isUrnOf(urn, entityName) && (await entityExists(store, registry, urn));
