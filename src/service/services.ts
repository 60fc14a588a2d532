/** The services of one running catalog, built over one store and the registry. */
import { loadRegistry, type Registry } from '../registry/registry.js';
import type { Store } from '../store/types.js';
import { BrowseService } from './browse.js';
import { EditService } from './edits.js';
import { EntityService } from './entities.js';
import { GraphService } from './graph.js';
import { RestoreService } from './restore.js';
import { SearchService } from './search.js';
import { TimeseriesService } from './timeseries.js';
import { WritePath } from './writePath.js';

export interface Services {
  registry: Registry;
  store: Store;
  writePath: WritePath;
  entities: EntityService;
  search: SearchService;
  browse: BrowseService;
  graph: GraphService;
  timeseries: TimeseriesService;
  restore: RestoreService;
  edits: EditService;
}

export function createServices(store: Store, now: () => number = Date.now): Services {
  const registry = loadRegistry();
  const writePath = new WritePath(store, registry, now);
  return {
    registry,
    store,
    writePath,
    edits: new EditService(store, registry, writePath, now),
    entities: new EntityService(store, registry, now),
    search: new SearchService(store, registry),
    browse: new BrowseService(store, registry),
    graph: new GraphService(store, registry),
    timeseries: new TimeseriesService(store, registry),
    restore: new RestoreService(store, registry, now),
  };
}
