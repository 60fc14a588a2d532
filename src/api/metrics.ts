/**
 * GET /metrics, in Prometheus's text format, and the request counter and latency histogram it
 * serves, recorded for every route once it has answered, labelled by the route's pattern.
 *
 * The route is public to the authentication hook, which would otherwise refuse a scraper on this
 * host that sends no token; who may read it is decided here, by METRICS_ACCESS (config.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Authenticator } from '../auth/authenticate.js';
import type { MetricsAccess } from '../config.js';
import { ServiceError } from '../errors.js';
import { watchProcess } from '../domains/metrics/metrics.js';
import type { ApiServices } from '../domains/services.js';
import { credentialsOf } from './authentication.js';
import { sendRestliError } from './rest/restli.js';
import { sessionCookie } from './sessionCookies.js';

/** The route label of a request no route serves: its path is whatever the client sent. */
export const UNMATCHED = 'unmatched';

/** Headers a reverse proxy adds: a request it forwards comes from elsewhere, whatever socket it arrives on. */
const FORWARDED = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

export interface MetricsOptions {
  access: MetricsAccess;
  authEnabled: boolean;
  authenticator: Authenticator;
}

/** A caller on this host, speaking for itself: from a loopback address, not through a proxy. */
export function fromLoopback(request: FastifyRequest): boolean {
  const address = request.socket.remoteAddress ?? '';
  const loopback = address === '::1' || /^(::ffff:)?127\./.test(address);
  return loopback && FORWARDED.every((h) => request.headers[h] === undefined);
}

/** Why the request may not read the metrics (a status and a message), or undefined when it may. */
export async function metricsRefusal(
  request: FastifyRequest,
  services: ApiServices,
  { access, authEnabled, authenticator }: MetricsOptions,
): Promise<{ status: 401 | 403; message: string } | undefined> {
  if (access === 'public') return undefined;
  const credentials = request.headers.authorization !== undefined || sessionCookie(request) !== undefined;
  if (access === 'loopback' && !credentials && fromLoopback(request)) return undefined;
  let actor = request.actor;
  // With authentication off the hook has named the actor already, as for every other route.
  if (authEnabled) {
    try {
      ({ actor } = await credentialsOf(request, authenticator));
    } catch (err) {
      if (!(err instanceof ServiceError && err.kind === 'unauthorized')) throw err;
      services.metrics.authenticationFailed(err.authentication ?? 'token');
      const who = access === 'loopback' ? 'callers on this host, or to ' : '';
      return { status: 401, message: `${err.message} (metrics are served to ${who}a token holding MANAGE_SYSTEM_OPERATIONS)` };
    }
  }
  if (!(await services.metrics.mayRead(actor)))
    return { status: 403, message: `${actor} may not read the metrics: that needs the MANAGE_SYSTEM_OPERATIONS privilege` };
  return undefined;
}

/** Counts every request as it is answered, and serves GET /metrics; installed on the root app, before any route. */
export function installMetrics(app: FastifyInstance, services: ApiServices, options: MetricsOptions): void {
  const { metrics } = services;
  watchProcess();
  // A hijacked answer (the change log stream) skips this hook: its connections are a gauge of their own.
  app.addHook('onResponse', async (request, reply) => {
    const route = request.is404 ? UNMATCHED : (request.routeOptions.url ?? UNMATCHED);
    metrics.requestAnswered(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });
  app.get('/metrics', { config: { public: true } }, async (request, reply) => {
    const refusal = await metricsRefusal(request, services, options);
    if (refusal?.status === 401) reply.header('www-authenticate', 'Bearer');
    if (refusal) return sendRestliError(reply, refusal.status, refusal.message);
    return reply
      .header('cache-control', 'no-store')
      .type(metrics.contentType)
      .send(await metrics.text());
  });
}
