/**
 * DataHub's OpenAPI answers a refused request with `{"error": message}` (its
 * GlobalControllerExceptionHandler), not Rest.li's error body. Applied to one plugin's routes; what
 * is not a service's refusal (a limit of the caller's share, a fault) goes on to the server's handler.
 */
import type { FastifyInstance } from 'fastify';
import { ServiceError, TooManyRequests } from '../../errors.js';
import { STATUS_BY_KIND } from '../rest/restli.js';

export function answerOpenapiErrors(app: FastifyInstance): void {
  app.setErrorHandler((err, _request, reply) => {
    if (err instanceof ServiceError && !(err instanceof TooManyRequests))
      return reply.code(STATUS_BY_KIND[err.kind]).send({ error: err.message });
    throw err;
  });
}
