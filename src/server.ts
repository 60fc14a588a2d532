/** Assembles the HTTP service: one Fastify app, every API registered once at `/` and once at `/api/gms`. */
import type { FeatureFlags } from './featureFlags.js';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyError, type FastifyInstance } from 'fastify';
import { installAuthentication } from './api/authentication.js';
import { AuthThrottle, DEFAULT_AUTH_THROTTLE, type AuthThrottlePolicies } from './api/authThrottle.js';
import { BodyRefusal, DEFAULT_BODY_LIMITS, installBodyLimits, type BodyLimits } from './api/bodyLimits.js';
import { installMetrics } from './api/metrics.js';
import { DEFAULT_REQUEST_LOG, installRequestLog, requestId, type RequestLogOptions } from './api/requestLog.js';
import { explorerRoutes } from './api/graphql/explorer.js';
import { GRAPHQL_PATHS, graphqlApi, sendMalformedRequest } from './api/graphql/index.js';
import { restApi } from './api/rest/index.js';
import { openApi } from './api/openapi/index.js';
import { installTrackingRate } from './api/rest/tracking.js';
import { webSessionRoutes } from './api/webSession.js';
import { webUi } from './api/webUi.js';
import { parseRestliQuery, sendRestliError, STATUS_BY_KIND } from './api/rest/restli.js';
import { Authenticator, type SystemClient } from './auth/authenticate.js';
import { parseJson } from './json.js';
import { ServiceError, TooManyRequests } from './errors.js';
import type { MetricsAccess } from './config.js';
import type { Services } from './domains/services.js';

export interface ServerOptions {
  services: Services;
  logger: FastifyBaseLogger;
  /** The access log, slow requests and event loop stalls (api/requestLog.ts); all on by default. */
  requestLog?: RequestLogOptions;
  /** How large a body each kind of route takes, and how many large ones are read at once (api/bodyLimits.ts). */
  bodyLimits?: Partial<BodyLimits>;
  /** GraphQL requests one caller may have running and waiting (api/graphql/index.ts). */
  graphqlPerCaller?: { running: number; waiting: number };
  /** Backoff after failed authentication, per user and per address (api/authThrottle.ts). */
  authThrottle?: AuthThrottlePolicies;
  auth: {
    /** Every call but the public routes needs a token. */
    enabled: boolean;
    /** A fixed secret accepted as a token of the admin user. */
    adminToken?: string;
    /** DataHub's system client, which DataHub's frontend server authenticates as. */
    systemClient?: SystemClient;
  };
  /** Who may read GET /metrics (METRICS_ACCESS); `loopback` by default. */
  metricsAccess?: MetricsAccess;
  /** The web app's feature flags; DataHub's defaults when not given. */
  featureFlags?: FeatureFlags;
}

export async function buildServer({
  services,
  logger,
  auth,
  requestLog = DEFAULT_REQUEST_LOG,
  bodyLimits: bodyLimitOptions,
  graphqlPerCaller,
  authThrottle = DEFAULT_AUTH_THROTTLE,
  metricsAccess = 'loopback',
  featureFlags,
}: ServerOptions): Promise<FastifyInstance> {
  const bodyLimits = { ...DEFAULT_BODY_LIMITS, ...bodyLimitOptions };
  const app = Fastify({
    loggerInstance: logger,
    // Fastify's two lines per request are replaced by one of ours (api/requestLog.ts).
    logController: new LogController({ disableRequestLogging: true }),
    // A proxy's request id is kept (when it is a plain token), so one request can be followed through both logs.
    requestIdHeader: false,
    genReqId: requestId,
    // The largest body any route takes; each route's own limit is applied by api/bodyLimits.ts.
    bodyLimit: Math.max(bodyLimits.ingest, bodyLimits.document, bodyLimits.small),
    routerOptions: { ignoreTrailingSlash: true, querystringParser: parseRestliQuery },
    // Errors Fastify raises before routing (a malformed percent-escape in the path) get our error body too.
    frameworkErrors: (err, _request, reply) => sendRestliError(reply, err.statusCode ?? 400, err.message),
  });

  // Bodies are JSON whatever their declared content type: DataHub's doc curls send none.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
    const text = (body as string).trim();
    if (text === '') return done(null, undefined);
    try {
      done(null, parseJson(text, 'the request body'));
    } catch (err) {
      done(err as Error, undefined);
    }
  });

  app.setErrorHandler((err: FastifyError | ServiceError, request, reply) => {
    // A refusal for a limit of the caller's share says so, whatever the route.
    if (err instanceof BodyRefusal) return sendRestliError(reply, err.statusCode, err.message);
    if (err instanceof TooManyRequests) {
      services.metrics.refused(err.limit);
      return sendRestliError(reply.header('retry-after', String(err.retryAfterSeconds)), 429, err.message);
    }
    const [path = ''] = request.url.split('?');
    // A GraphQL request that cannot be read (not JSON) is told why, as GraphQL errors.
    if (GRAPHQL_PATHS.includes(path) && (err instanceof ServiceError || (err.statusCode ?? 500) < 500))
      return sendMalformedRequest(reply, err.message);
    if (err instanceof ServiceError) return sendRestliError(reply, STATUS_BY_KIND[err.kind], err.message);
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) {
      request.log.error({ err, url: request.url }, 'request failed');
      return sendRestliError(reply, 500, `INTERNAL SERVER ERROR: ${err.message}`);
    }
    return sendRestliError(reply, status, err.message);
  });
  installRequestLog(app, requestLog);
  // No urn, name or query needs a NUL character, and PostgreSQL refuses one in text: refused at the door.
  app.addHook('onRequest', async (request, reply) => {
    if (/%00/.test(request.url)) return sendRestliError(reply, 400, 'the request path or query holds a NUL character (%00)');
  });
  // Cookies are read before authentication, which takes a session from them.
  await app.register(fastifyCookie);
  const authenticator = new Authenticator(services.tokens, auth.adminToken, auth.systemClient);
  const throttle = new AuthThrottle(authThrottle);
  installAuthentication(app, { enabled: auth.enabled, authenticator, throttle, metrics: services.metrics });
  installBodyLimits(app, { limits: bodyLimits, authorizer: services.authorizer, onRefused: (r) => services.metrics.refused(r.limit) });
  installMetrics(app, services, { access: metricsAccess, authEnabled: auth.enabled, authenticator });
  // Rates per caller, counted by @fastify/rate-limit's stores.
  await app.register(fastifyRateLimit, { global: false });
  installTrackingRate(app);
  const ui = webUi();
  app.setNotFoundHandler((request, reply) =>
    ui.isPageRequest(request)
      ? ui.sendNotFound(reply)
      : sendRestliError(reply, 404, `No resource for ${request.method} ${request.url.split('?')[0]}`),
  );

  // Followers of the change log hold their connections open; end them so the server can close.
  // Answers still being written when it closes end their connections too: an idle keep-alive
  // connection would otherwise hold the close until the client's keep-alive ran out.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    services.changeFeed.stopFollowers();
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  await app.register(restApi(services));
  await app.register(restApi(services), { prefix: '/api/gms' });
  await app.register(openApi(services), { prefix: '/openapi' });
  await app.register(openApi(services), { prefix: '/api/gms/openapi' });
  await app.register(
    graphqlApi(services, {
      authEnabled: auth.enabled,
      ...(featureFlags ? { featureFlags } : {}),
      ...(graphqlPerCaller ? { perCaller: graphqlPerCaller } : {}),
    }),
  );
  await app.register(explorerRoutes({ endpoint: '/api/graphql' }));
  await app.register(webSessionRoutes(services, { authEnabled: auth.enabled, authenticator }));
  await app.register(ui.plugin);
  return app;
}
