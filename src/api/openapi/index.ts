/**
 * DataHub's OpenAPI, registered under `/openapi` (and again under `/api/gms/openapi`, as the
 * frontend proxies it): the v3 entity API, the v2 entity batch read, write tracing, the v2 timeline,
 * the v1 relationships, and their description with Swagger UI (apiDocs.ts, swaggerUi.ts). Errors
 * get DataHub's OpenAPI body (wire.ts); those of the caller's share (body limits, rates) and
 * internal errors are the server's to answer.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import type { ApiServices } from '../../domains/services.js';
import { ServiceError, TooManyRequests } from '../../errors.js';
import { entitiesV2Routes } from './entitiesV2.js';
import { entitiesV3Routes } from './entitiesV3.js';
import { apiDocsRoutes } from './apiDocs.js';
import { openapiRelationshipsRoutes } from './relationships.js';
import { swaggerUiRoutes } from './swaggerUi.js';
import { openapiTimelineRoutes } from './timeline.js';
import { traceRoutes } from './trace.js';
import { OPENAPI_STATUS_BY_KIND, sendOpenApiError } from './wire.js';

export function openApi(services: ApiServices) {
  return async (app: FastifyInstance): Promise<void> => {
    app.setErrorHandler((err: FastifyError | ServiceError, _request, reply) => {
      if (err instanceof ServiceError && !(err instanceof TooManyRequests))
        return sendOpenApiError(reply, err.kind, OPENAPI_STATUS_BY_KIND[err.kind], err.message);
      const status = (err as FastifyError).statusCode;
      if (!(err instanceof ServiceError) && status !== undefined && status >= 400 && status < 500 && status !== 413 && status !== 429)
        return sendOpenApiError(reply, undefined, status, err.message);
      throw err;
    });
    app.setNotFoundHandler((request, reply) =>
      sendOpenApiError(reply, 'not_found', 404, `No endpoint ${request.method} ${request.url.split('?')[0]}.`),
    );
    await app.register(entitiesV3Routes(services));
    await app.register(entitiesV2Routes(services));
    await app.register(traceRoutes(services));
    await app.register(openapiTimelineRoutes(services));
    await app.register(openapiRelationshipsRoutes(services));
    await app.register(apiDocsRoutes(services.registry));
    await app.register(swaggerUiRoutes());
  };
}
