/**
 * DataHub's v3 entity API (`/openapi/v3/entity`, its v3 EntityController over GenericEntitiesController),
 * for every entity type of the registry: scroll, batch get, create and patch of entity lists, and
 * per entity and per aspect get, head, create, patch and delete. Statuses are DataHub's: a write
 * with `async=true` (the default of the list routes) answers 202, else 200; a read of a missing
 * entity or aspect 404; a HEAD 204 or 404; a delete 200 with no body.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { traceparent } from '../../domains/entities/writeTraces.js';
import type { ApiServices } from '../../domains/services.js';
import { decodeScrollId, encodeScrollId, MAX_COUNT } from '../../domains/search/search.js';
import { badRequest, ServiceError } from '../../errors.js';
import { isPlainObject } from '../../json.js';
import { resolveAspectAnyCase, resolveEntity } from '../../registry/resolve.js';
import type { AspectSpec, EntitySpec } from '../../registry/types.js';
import { withRawJson } from '../rest/restli.js';
import { readEntitiesV3, type EntityRequest } from './entityReads.js';
import { entityListProposals, singleAspectProposal, urnOf, writtenEntities, type ProposalBatch } from './entityWrites.js';
import {
  queryBoolean,
  queryInteger,
  queryList,
  queryValue,
  rawPathAfter,
  sendNotFound,
  sendOpenApiError,
  splitUrnPath,
  type UrnPath,
} from './wire.js';

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

/** The aspects a read names (`aspects` and `aspectNames`, repeated or comma-separated), each at its latest version. */
function aspectsParam(request: FastifyRequest): Map<string, number> {
  return new Map(queryList(request, 'aspects', 'aspectNames').map((name) => [name, 0]));
}

/** An aspect of the urn's type named in a read's path, or a 404 naming what is missing (DataHub answers 404 for either). */
function pathAspect(entity: EntitySpec, name: string): AspectSpec | string {
  try {
    return resolveAspectAnyCase(entity, name);
  } catch (err) {
    if (err instanceof ServiceError) return err.message;
    throw err;
  }
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
    app.get(`${BASE}/:entityName`, async (request, reply) => {
      const entity = pathEntity(services, request);
      const count = queryInteger(request, 'count', 10, 0, MAX_COUNT);
      const query = queryValue(request, 'query') ?? '*';
      const order = queryValue(request, 'sortOrder') ?? 'ASCENDING';
      if (order !== 'ASCENDING' && order !== 'DESCENDING') throw badRequest(`sortOrder must be ASCENDING or DESCENDING, not '${order}'`);
      const fields = queryList(request, 'sortCriteria');
      const sortFields = fields.length > 0 ? fields : [queryValue(request, 'sort') || 'urn'];
      if (queryValue(request, 'sliceId') !== undefined && queryValue(request, 'sliceMax') !== undefined)
        throw badRequest('sliced scrolls (sliceId, sliceMax) are not supported here: scroll without them');
      const start = decodeScrollId(queryValue(request, 'scrollId'));
      // DataHub scrolls in urn order by default; over every entity the index answers in that order without a sort.
      const byUrn =
        sortFields.length === 1 && sortFields[0] === 'urn' && order === 'ASCENDING' && (query.trim() === '*' || query.trim() === '');
      const result = await services.search.search(
        {
          entities: [entity.name],
          input: query,
          ...(byUrn ? {} : { sort: sortFields.map((field) => ({ field, order })) }),
          start,
          count,
          flags: { skipAggregates: true, skipHighlighting: true, includeSoftDeleted: queryBoolean(request, 'includeSoftDelete', false) },
        },
        request.actor,
      );
      const aspects = aspectsParam(request);
      const entities = await readEntitiesV3(
        services,
        request.actor,
        result.urns.map((urn) => ({ urn, aspects })),
        queryBoolean(request, 'systemMetadata', false),
      );
      const next = start + result.urns.length;
      const scrollId = next < result.total && result.urns.length > 0 ? encodeScrollId(next) : undefined;
      return withRawJson(reply).send({ ...(scrollId ? { scrollId } : {}), entities, totalCount: result.total });
    });

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

    // Declared before the GET of the same path, so it is not the HEAD Fastify would derive from that GET.
    app.head(`${BASE}/:entityName/*`, async (request, reply) => {
      const entity = pathEntity(services, request);
      const { urn: input, aspectName } = urnPath(request);
      const { urn } = urnOf(services.registry, entity, input);
      await services.entities.readable([urn], request.actor);
      const includeSoftDelete = queryBoolean(request, 'includeSoftDelete', false);
      const live = await services.entities.exists(urn, includeSoftDelete);
      if (aspectName === undefined) return reply.code(live ? 204 : 404).send();
      const aspect = pathAspect(entity, aspectName);
      if (!live || typeof aspect === 'string') return reply.code(404).send();
      const [found] = await readEntitiesV3(services, request.actor, [{ urn, aspects: new Map([[aspect.name, 0]]) }], false);
      return reply.code(found ? 204 : 404).send();
    });

    app.get(`${BASE}/:entityName/*`, async (request, reply) => {
      const entity = pathEntity(services, request);
      const { urn: input, aspectName } = urnPath(request);
      const { urn } = urnOf(services.registry, entity, input);
      const withSystemMetadata = queryBoolean(request, 'systemMetadata', false);
      if (aspectName === undefined) {
        const [found] = await readEntitiesV3(services, request.actor, [{ urn, aspects: aspectsParam(request) }], withSystemMetadata);
        return found ? withRawJson(reply).send(found) : sendNotFound(reply, `Entity ${urn} not found`);
      }
      const aspect = pathAspect(entity, aspectName);
      if (typeof aspect === 'string') return sendNotFound(reply, aspect);
      const version = queryInteger(request, 'version', 0, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
      const [found] = await readEntitiesV3(
        services,
        request.actor,
        [{ urn, aspects: new Map([[aspect.name, version]]) }],
        withSystemMetadata,
      );
      const value = found?.[aspect.name];
      return value ? withRawJson(reply).send(value) : sendNotFound(reply, `Aspect ${aspect.name} (version ${version}) of ${urn} not found`);
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

    app.post(`${BASE}/:entityName/*`, { config: { body: 'ingest' } }, async (request, reply) => {
      const entity = pathEntity(services, request);
      const { urn, aspectName } = urnPath(request);
      if (aspectName === undefined)
        return sendOpenApiError(reply, 'not_found', 404, `No endpoint POST ${request.url.split('?')[0]}: name an aspect after the urn`);
      const changeType = queryBoolean(request, 'createIfEntityNotExists', false)
        ? 'CREATE_ENTITY'
        : queryBoolean(request, 'createIfNotExists', true)
          ? 'CREATE'
          : 'UPSERT';
      const batch = singleAspectProposal(services.registry, entity, urn, aspectName, request.body, changeType);
      const { written, traceId } = await writeBatch(services, request.actor, batch);
      const [answer] = writtenEntities(written, batch.patches, queryBoolean(request, 'systemMetadata', false));
      return answerWrite(reply, queryBoolean(request, 'async', false), traceId, answer);
    });

    app.patch(`${BASE}/:entityName/*`, { config: { body: 'ingest' } }, async (request, reply) => {
      const entity = pathEntity(services, request);
      const { urn, aspectName } = urnPath(request);
      if (aspectName === undefined)
        return sendOpenApiError(reply, 'not_found', 404, `No endpoint PATCH ${request.url.split('?')[0]}: name an aspect after the urn`);
      const batch = singleAspectProposal(services.registry, entity, urn, aspectName, request.body, 'PATCH');
      const { written, traceId } = await writeBatch(services, request.actor, batch);
      // Answered with the aspect as the patch left it.
      const patched = written[0]!.urn;
      const [found] = await readEntitiesV3(
        services,
        request.actor,
        [{ urn: patched, aspects: new Map([[batch.aspectName, 0]]) }],
        queryBoolean(request, 'systemMetadata', false),
      );
      reply.header('traceparent', traceparent(traceId));
      return found ? withRawJson(reply).send(found) : sendNotFound(reply, `Entity ${patched} not found`);
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
