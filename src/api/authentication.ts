/**
 * Authentication of every API call, registered once on the root app so no route can miss it.
 * Routes marked `config: { public: true }` (health, config, the explorer page, the REST docs, the
 * sign-in endpoints) stay open. With authentication off, a request acts as the user named in
 * `X-DataHub-Actor`, or as the system actor; with it on, that header is ignored: only a token says
 * who you are, sent as `Authorization: Bearer`, or, from a browser, in the session cookie.
 *
 * A cookie travels with every request the browser makes here, whoever's page made it, so an unsafe
 * request it authenticates must come from a page of ours (crossSite.ts). GraphQL, the one place a
 * read and a write share a path, answers GET with 405, so no cookie-bearing GET can run a mutation.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SYSTEM_ACTOR } from '../actors.js';
import type { Authenticator } from '../auth/authenticate.js';
import { forbidden, ServiceError, TooManyRequests } from '../errors.js';
import type { Metrics } from '../domains/metrics/metrics.js';
import { addressOf, type AuthThrottle } from './authThrottle.js';
import { crossSiteRefusal } from './crossSite.js';
import { sendRestliError } from './rest/restli.js';
import { sessionCookie } from './sessionCookies.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Urn of the user the request acts as. */
    actor: string;
    /** False when AUTH_ENABLED=false: a request then acts as whoever it names. */
    authenticationOn: boolean;
  }
  interface FastifyContextConfig {
    /** Served without authentication. */
    public?: boolean;
  }
}

export interface AuthenticationOptions {
  enabled: boolean;
  authenticator: Authenticator;
  /** Failed authentication, counted per address and per user (authThrottle.ts); shared with the sign-in routes. */
  throttle: AuthThrottle;
  /** Counts the requests refused with a 401. */
  metrics: Pick<Metrics, 'authenticationFailed' | 'refused'>;
}

const ACTOR_HEADER = 'x-datahub-actor';

/**
 * With authentication off, anyone who reaches the port acts as anyone. A token minted then would
 * still act for its user after authentication is turned on: an open door kept open.
 */
export const NO_TOKENS_WHILE_OFF =
  'Authentication is off (AUTH_ENABLED=false), so no session or access token is minted: it would still act for its user once authentication is turned on';

/** Refuses to mint a credential while authentication is off. */
export function refuseMintingUnlessAuthenticated(request: FastifyRequest): void {
  if (!request.authenticationOn) throw forbidden(NO_TOKENS_WHILE_OFF);
}
const AUTH_OFF = 'authentication is off, so it would act as anyone it names';

function namedActor(request: FastifyRequest): string {
  const header = request.headers[ACTOR_HEADER];
  return typeof header === 'string' && header.startsWith('urn:li:corpuser:') ? header : SYSTEM_ACTOR;
}

/** Who the request's credentials say it is, and whether the session cookie said it (with authentication on). */
export async function credentialsOf(request: FastifyRequest, authenticator: Authenticator): Promise<{ actor: string; byCookie: boolean }> {
  // An Authorization header wins: a program that sends one means it, whatever cookies it holds.
  const cookie = request.headers.authorization === undefined ? sessionCookie(request) : undefined;
  if (cookie !== undefined) return { actor: await authenticator.actorOfSession(cookie), byCookie: true };
  return { actor: await authenticator.actorOf(request.headers.authorization), byCookie: false };
}

export function installAuthentication(app: FastifyInstance, options: AuthenticationOptions): void {
  app.decorateRequest('actor', '');
  app.decorateRequest('authenticationOn', options.enabled);
  app.decorate('authThrottle', options.throttle);
  app.addHook('onRequest', async (request, reply) => {
    if (!options.enabled) {
      // Anyone may act here, so a page of any site could too, through the browser of someone who can
      // reach this port: a browser's unsafe request from another site is refused.
      const refusal = crossSiteRefusal(request, AUTH_OFF);
      if (refusal) return sendRestliError(reply, 403, refusal);
      request.actor = namedActor(request);
      return;
    }
    // A path nothing serves is a 404 for anyone: that tells no more than the list of endpoints does,
    // and a person who follows a stale link sees the UI's not-found page instead of a sign-in loop.
    if (request.routeOptions.config?.public || request.is404) return;
    const attempt = { address: addressOf(request) };
    try {
      options.throttle.check(attempt);
      const { actor, byCookie } = await credentialsOf(request, options.authenticator);
      const refusal = byCookie ? crossSiteRefusal(request) : undefined;
      if (refusal) return sendRestliError(reply, 403, refusal);
      request.actor = actor;
    } catch (err) {
      if (err instanceof TooManyRequests) {
        options.metrics.refused(err.limit);
        return sendRestliError(reply.header('retry-after', String(err.retryAfterSeconds)), 429, err.message);
      }
      if (!(err instanceof ServiceError && err.kind === 'unauthorized')) throw err;
      options.throttle.failed(attempt, request.log);
      options.metrics.authenticationFailed(err.authentication ?? 'token');
      return sendRestliError(reply.header('www-authenticate', 'Bearer'), 401, err.message);
    }
  });
}
