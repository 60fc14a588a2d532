/** The services of one running catalog, built over one store and the registry. */
import { loadRegistry, type Registry } from '../registry/registry.js';
import type { Store } from '../store/types.js';
import { EntityService } from './entities.js';
import { WritePath } from './writePath.js';

export interface Services {
  registry: Registry;
  store: Store;
  writePath: WritePath;
  entities: EntityService;
}

export function createServices(store: Store, now: () => number = Date.now): Services {
  const registry = loadRegistry();
  return {
    registry,
    store,
    writePath: new WritePath(store, registry, now),
    entities: new EntityService(store, registry, now),
  };
}
