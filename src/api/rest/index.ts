/** Every Rest.li resource, registered in one place. */
import type { FastifyInstance } from 'fastify';
import type { ApiServices } from '../../domains/services.js';
import { aspectsResource } from './aspects.js';
import { docsRoute } from './docs.js';
import { entitiesResource } from './entities.js';
import { entitiesV2Resource } from './entitiesV2.js';
import { eventsResource } from './events.js';
import { runsResource } from './runs.js';
import { operationsResource } from './operations.js';
import { relationshipsResource } from './relationships.js';
import { registerResource, type RestResource } from './resource.js';
import { systemRoutes } from './system.js';
import { trackingRoutes } from './tracking.js';
import { authRoutes } from './auth.js';

export const restResources: readonly RestResource[] = [
  aspectsResource,
  entitiesResource,
  entitiesV2Resource,
  relationshipsResource,
  operationsResource,
  runsResource,
  eventsResource,
];

export function restApi(services: ApiServices) {
  return async (app: FastifyInstance): Promise<void> => {
    for (const resource of restResources) registerResource(app, resource, services);
    await app.register(systemRoutes(services));
    await app.register(trackingRoutes(services));
    await app.register(authRoutes(services));
    await app.register(docsRoute(restResources));
  };
}
