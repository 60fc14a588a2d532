/**
 * DataHub's v2 entity batch read (`POST /openapi/v2/entity/batch/{entityName}`, its v2
 * EntityController), what the Python SDK's `DataHubGraph.get_entities_v2` sends:
 * `{urns, aspectNames, withSystemMetadata}`, answered `{entities: [{urn, aspects: {<name>: {value, systemMetadata?}}}]}`.
 */
import type { FastifyInstance } from 'fastify';
import type { ApiServices } from '../../domains/services.js';
import { badRequest } from '../../errors.js';
import { isPlainObject } from '../../json.js';
import { resolveEntity } from '../../registry/resolve.js';
import { withRawJson } from '../rest/restli.js';
import { readEntitiesV2 } from './entityReads.js';

const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

export function entitiesV2Routes(services: ApiServices) {
  return async (app: FastifyInstance): Promise<void> => {
    app.post('/v2/entity/batch/:entityName', async (request, reply) => {
      resolveEntity(services.registry, (request.params as { entityName: string }).entityName);
      const body = request.body;
      if (!isPlainObject(body)) throw badRequest('the body must be a JSON object {urns, aspectNames, withSystemMetadata}');
      const { urns, aspectNames = [], withSystemMetadata = false } = body;
      if (!isStrings(urns)) throw badRequest('urns must be a list of urns');
      if (!isStrings(aspectNames)) throw badRequest('aspectNames must be a list of aspect names');
      if (typeof withSystemMetadata !== 'boolean') throw badRequest('withSystemMetadata must be true or false');
      const entities = await readEntitiesV2(services, request.actor, urns, aspectNames, withSystemMetadata);
      return withRawJson(reply).send({ entities });
    });
  };
}
