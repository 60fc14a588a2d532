/**
 * `POST /openapi/v1/tracking/track`: where DataHub's web app reports what its user does (page and
 * entity views, searches, edits). The event is recorded for the authenticated caller
 * (service/usageEvents.ts); a malformed one is a 400 naming the problem, and nothing is stored.
 */
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../service/services.js';

export const TRACKING_PATH = '/openapi/v1/tracking/track';

export function trackingRoutes(services: Services) {
  return async (app: FastifyInstance): Promise<void> => {
    app.post(TRACKING_PATH, async (request, reply) => {
      await services.usage.record(request.actor, request.body);
      return reply.code(200).send();
    });
  };
}
