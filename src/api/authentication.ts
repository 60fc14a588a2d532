/**
 * Authentication of every API call, registered once on the root app so no route can miss it.
 * Routes marked `config: { public: true }` (health, config, the explorer page, the REST docs)
 * stay open. With authentication off, a request acts as the user named in `X-DataHub-Actor`, or as
 * the system actor; with it on, that header is ignored: only a token says who you are.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SYSTEM_ACTOR } from '../actors.js';
import type { Authenticator } from '../auth/authenticate.js';
import { ServiceError } from '../service/errors.js';
import { sendRestliError } from './rest/restli.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Urn of the user the request acts as. */
    actor: string;
  }
  interface FastifyContextConfig {
    /** Served without authentication. */
    public?: boolean;
  }
}

export interface AuthenticationOptions {
  enabled: boolean;
  authenticator: Authenticator;
}

const ACTOR_HEADER = 'x-datahub-actor';

function namedActor(request: FastifyRequest): string {
  const header = request.headers[ACTOR_HEADER];
  return typeof header === 'string' && header.startsWith('urn:li:corpuser:') ? header : SYSTEM_ACTOR;
}

export function installAuthentication(app: FastifyInstance, options: AuthenticationOptions): void {
  app.decorateRequest('actor', '');
  app.addHook('onRequest', async (request, reply) => {
    if (!options.enabled) {
      request.actor = namedActor(request);
      return;
    }
    if (request.routeOptions.config?.public) return;
    try {
      request.actor = await options.authenticator.actorOf(request.headers.authorization);
    } catch (err) {
      if (err instanceof ServiceError && err.kind === 'unauthorized')
        return sendRestliError(reply.header('www-authenticate', 'Bearer'), 401, err.message);
      throw err;
    }
  });
}
