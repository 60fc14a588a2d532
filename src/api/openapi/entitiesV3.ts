/**
 * DataHub's v3 entity API (`/openapi/v3/entity`, its v3 EntityController over GenericEntitiesController),
 * for every entity type of the registry: batch get, create and patch of entity lists, as DataHub's
 * Python client sends them, and delete of an entity or an aspect. Statuses are DataHub's: a write
 * with `async=true` (the default of the list routes) answers 202, else 200; a delete 200 with no body.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { traceparent } from '../../domains/entities/writeTraces.js';
import type { ApiServices } from '../../domains/services.js';
import { badRequest } from '../../errors.js';
import { isPlainObject } from '../../json.js';
import { resolveAspectAnyCase, resolveEntity } from '../../registry/resolve.js';
import type { AspectSpec, EntitySpec } from '../../registry/types.js';
import { withRawJson } from '../rest/restli.js';
import { readEntitiesV3, type EntityRequest } from './entityReads.js';
import { entityListProposals, urnOf, writtenEntities, type ProposalBatch } from './entityWrites.js';
import { queryBoolean, queryList, rawPathAfter, splitUrnPath, type UrnPath } from './wire.js';

const BASE = '/v3/entity';

/** The entity type named in the path (400 for one the registry lacks, with DataHub's message). */
function pathEntity(services: ApiServices, request: FastifyRequest): EntitySpec {
  return resolveEntity(services.registry, (request.params as { entityName: string }).entityName);
}

/** The urn (and aspect name) after `/v3/entity/{entityName}/`, read from the raw path. */
function urnPath(request: FastifyRequest): UrnPath {
  const rest = rawPathAfter(request, `/openapi${BASE}/`);
  const slash = rest.indexOf('/');
  return splitUrnPath(slash < 0 ? '' : rest.slice(slash + 1));
}

/** Answers a write: DataHub's status for its `async` flag, and the trace the SDK follows. */
function answerWrite(reply: FastifyReply, async: boolean, traceId: string, body: unknown): FastifyReply {
  reply.code(async ? 202 : 200).header('traceparent', traceparent(traceId));
  return body === undefined ? reply.send() : withRawJson(reply).send(body);
}

async function writeBatch(services: ApiServices, actor: string, batch: ProposalBatch) {
  return services.ingest.traced(batch.proposals, actor, batch.labels);
}

export function entitiesV3Routes(services: ApiServices) {
  return async (app: FastifyInstance): Promise<void> => {
    app.post(`${BASE}/:entityName`, { config: { body: 'ingest' } }, async (request, reply) => {
      const entity = pathEntity(services, request);
      const async = queryBoolean(request, 'async', true);
      const batch = entityListProposals(services.registry, entity, request.body, 'UPSERT');
      const { written, traceId } = await writeBatch(services, request.actor, batch);
      return answerWrite(reply, async, traceId, writtenEntities(written, batch.patches, queryBoolean(request, 'systemMetadata', false)));
    });

    app.patch(`${BASE}/:entityName`, { config: { body: 'ingest' } }, async (request, reply) => {
      const entity = pathEntity(services, request);
      const async = queryBoolean(request, 'async', true);
      const batch = entityListProposals(services.registry, entity, request.body, 'PATCH');
      const { written, traceId } = await writeBatch(services, request.actor, batch);
      // DataHub answers an async patch with no body.
      const body = async ? undefined : writtenEntities(written, batch.patches, queryBoolean(request, 'systemMetadata', false));
      return answerWrite(reply, async, traceId, body);
    });

    app.post(`${BASE}/:entityName/batchGet`, async (request, reply) => {
      pathEntity(services, request);
      const entities = await readEntitiesV3(
        services,
        request.actor,
        batchGetRequests(request.body),
        queryBoolean(request, 'systemMetadata', false),
      );
      return withRawJson(reply).send(entities);
    });

    app.delete(`${BASE}/:entityName/*`, async (request, reply) => {
      const entity = pathEntity(services, request);
      const { urn: input, aspectName } = urnPath(request);
      const { urn } = urnOf(services.registry, entity, input);
      const named =
        aspectName !== undefined
          ? [aspectName]
          : queryBoolean(request, 'clear', false)
            ? [...entity.aspects.values()].filter((a) => a !== entity.keyAspect && a.kind === 'versioned').map((a) => a.name)
            : queryList(request, 'aspects');
      const aspects = named.map((n) => resolveAspectAnyCase(entity, n));
      if (aspects.length === 0 || aspects.includes(entity.keyAspect)) {
        await services.deletes.hardDelete({ urn }, request.actor);
        return reply.code(200).send();
      }
      await deleteAspects(services, request.actor, entity, urn, aspects);
      return reply.code(200).send();
    });
  };
}

/** DataHub's batchGet body: `[{urn, <aspect name>: {} | {headers: {"If-Version-Match": "<version>"}}}]`. */
function batchGetRequests(body: unknown): EntityRequest[] {
  if (!Array.isArray(body)) throw badRequest('the body must be a JSON array [{urn, <aspect name>: {headers?}}]');
  return body.map((item, i) => {
    if (!isPlainObject(item)) throw badRequest(`entities[${i}] must be an object {urn, <aspect name>: {}}`);
    if (typeof item.urn !== 'string') throw badRequest(`entities[${i}]: Missing \`urn\` field`);
    const aspects = new Map<string, number>();
    for (const [name, entry] of Object.entries(item)) {
      if (name === 'urn') continue;
      const headers = isPlainObject(entry) && isPlainObject(entry.headers) ? entry.headers : {};
      const version = headers['If-Version-Match'] ?? '0';
      if (typeof version !== 'string' || !/^-?\d+$/.test(version))
        throw badRequest(`entities[${i}].${name}: If-Version-Match must be a version number, not '${String(version)}'`);
      aspects.set(name, Number(version));
    }
    return { urn: item.urn, aspects };
  });
}

/**
 * Removes aspects of an entity: its versioned aspects in one transaction, and of each timeseries
 * aspect the newest point, as DataHub's aspect delete does.
 */
async function deleteAspects(
  services: ApiServices,
  actor: string,
  entity: EntitySpec,
  urn: string,
  aspects: readonly AspectSpec[],
): Promise<void> {
  const versioned = aspects.filter((a) => a.kind === 'versioned');
  if (versioned.length > 0)
    await services.ingest.proposals(
      versioned.map((a) => ({ entityType: entity.name, entityUrn: urn, changeType: 'DELETE', aspectName: a.name })),
      actor,
    );
  for (const aspect of aspects.filter((a) => a.kind === 'timeseries')) {
    const { values } = await services.timeseries.values({ urn, entity: entity.name, aspect: aspect.name, latestValue: true });
    const newest = values[0] && (JSON.parse(values[0].aspect.value) as { timestampMillis?: unknown }).timestampMillis;
    // With no point, nothing is removed, but the delete is still asked of the write path, which says whether the caller may.
    const at = typeof newest === 'number' ? newest : 0;
    await services.deletes.hardDelete({ urn, aspectName: aspect.name, startTimeMillis: at, endTimeMillis: at }, actor);
  }
}
