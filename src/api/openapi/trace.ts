/**
 * DataHub's write tracing (`POST /openapi/v1/trace/write/{traceId}`, its TraceController): the Python
 * emitter's `ASYNC_WAIT` mode sends `{<urn>: [<aspect name>, …]}` with the trace id of a write's
 * `traceparent` header, and reads `{<urn>: {<aspect>: {success, primaryStorage: {writeStatus},
 * searchStorage: {writeStatus}}}}` until nothing is PENDING (domains/entities/writeTraces.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ApiServices } from '../../domains/services.js';
import { queryBoolean } from './wire.js';

export function traceRoutes(services: ApiServices) {
  return async (app: FastifyInstance): Promise<void> => {
    app.post('/v1/trace/write/:traceId', async (request) => {
      const { traceId } = request.params as { traceId: string };
      const onlyIncludeErrors = queryBoolean(request, 'onlyIncludeErrors', true);
      // `detailed` and `skipCache` change nothing here: no write is queued, so there is no failed queue to read.
      queryBoolean(request, 'detailed', false);
      queryBoolean(request, 'skipCache', false);
      return services.writeTraces.trace(traceId, request.body, { onlyIncludeErrors }, request.actor);
    });
  };
}
