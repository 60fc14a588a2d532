/**
 * `POST /openapi/v1/tracking/track`: where DataHub's web app reports what its user does (page and
 * entity views, searches, edits). The event is recorded for the authenticated caller
 * (domains/analytics/usageEvents.ts); a malformed one is a 400 naming the problem, and nothing is stored.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SYSTEM_ACTOR } from '../../actors.js';
import { isPlainObject } from '../../json.js';
import { TooManyRequests } from '../../errors.js';
import type { ApiServices } from '../../domains/services.js';

export const TRACKING_PATH = '/openapi/v1/tracking/track';

/**
 * Whom a tracking event is for: DataHub's frontend server reports events for the user it names;
 * anyone else, for themselves.
 */
export function trackedActor(request: FastifyRequest): string {
  const named = isPlainObject(request.body) ? request.body.actorUrn : undefined;
  return request.actor === SYSTEM_ACTOR && typeof named === 'string' && named.startsWith('urn:li:corpuser:') ? named : request.actor;
}

/** Events one person may report a minute: using the app makes a few; a flood would fill analytics with one caller's, and push everyone else's out. */
export const TRACKING_EVENTS_PER_MINUTE = 120;

declare module 'fastify' {
  interface FastifyInstance {
    /** The one count of tracking events per person, shared by every tracking route (under every prefix). */
    trackingRate: ReturnType<FastifyInstance['createRateLimit']>;
  }
}

/** Counts the event against its person's share; a 429 saying when to retry once it is spent. */
export async function countTrackingEvent(request: FastifyRequest): Promise<void> {
  const rate = await request.server.trackingRate(request);
  // `isAllowed` is true only for callers on an allow list (none here); `isExceeded` says the share is spent.
  if (!rate.isAllowed && rate.isExceeded)
    throw new TooManyRequests(
      `Too many tracking events from ${rate.key}: at most ${rate.max} a minute; retry in ${rate.ttlInSeconds} s`,
      rate.ttlInSeconds,
      'rate',
    );
}

/**
 * The route options that count each event: before its body is read when the caller reports for
 * itself, so a flood past the share costs no parsing; after, for DataHub's frontend server, whose
 * body names whom it reports for.
 */
export const COUNTED_TRACKING = {
  preParsing: async (request: FastifyRequest) => {
    if (request.actor !== SYSTEM_ACTOR) await countTrackingEvent(request);
  },
  preHandler: async (request: FastifyRequest) => {
    if (request.actor === SYSTEM_ACTOR) await countTrackingEvent(request);
  },
};

/** Installs the count on the root app, once (it needs @fastify/rate-limit registered). */
export function installTrackingRate(app: FastifyInstance): void {
  app.decorate(
    'trackingRate',
    app.createRateLimit({
      max: TRACKING_EVENTS_PER_MINUTE,
      timeWindow: 60_000,
      // The body names whom DataHub's frontend server reports for.
      keyGenerator: trackedActor,
    }),
  );
}

export function trackingRoutes(services: ApiServices) {
  return async (app: FastifyInstance): Promise<void> => {
    app.post(TRACKING_PATH, COUNTED_TRACKING, async (request, reply) => {
      await services.usage.record(request.actor, request.body);
      return reply.code(200).send();
    });
  };
}
