/**
 * `GET /openapi/v3/api-docs`: the OpenAPI 3.1 description of the OpenAPI endpoints, generated from
 * the registry, so each entity type's requests and answers name its aspects and every aspect's
 * fields are typed (the same schemas writes are checked against, with records closed: a field an
 * aspect does not declare is refused). Swagger UI (swaggerUi.ts) reads it. It holds no catalog data,
 * so it is served without a token, as the explorer's page is; every call it describes needs one.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { notFound } from '../../errors.js';
import type { Registry } from '../../registry/registry.js';
import { compileSchema, type JsonSchema } from '../../registry/schema/jsonSchema.js';
import type { AspectSpec, EntitySpec } from '../../registry/types.js';
import { CATALOG_NAME, CATALOG_VERSION } from '../../version.js';

const SCHEMAS = '#/components/schemas/';
const ref = (name: string) => ({ $ref: `${SCHEMAS}${name}` });
const json = (schema: JsonSchema) => ({ 'application/json': { schema } });
const ok = (description: string, schema?: JsonSchema) => ({ description, ...(schema ? { content: json(schema) } : {}) });

const ERROR = 'ErrorResponse';
/** The refusals every operation may answer: written once, under components.responses. */
const ERROR_RESPONSES = {
  '400': ok('The request is malformed: the message names the problem', ref(ERROR)),
  '401': ok('No valid token', ref(ERROR)),
  '403': ok('The caller may not do this', ref(ERROR)),
  '404': ok('No such entity, aspect or endpoint', ref(ERROR)),
  '422': ok('An aspect value does not fit its schema', ref(ERROR)),
};
const errors = Object.fromEntries(Object.keys(ERROR_RESPONSES).map((code) => [code, { $ref: `#/components/responses/${code}` }]));

const query = (name: string, schema: JsonSchema, description: string, required = false) => ({
  name,
  in: 'query',
  required,
  description,
  schema,
});
const pathParam = (name: string, description: string) => ({ name, in: 'path', required: true, description, schema: { type: 'string' } });
/** Parameters most operations take: written once, under components.parameters. */
const COMMON_PARAMETERS = {
  urn: pathParam('urn', 'the entity urn (URL-encoded)'),
  systemMetadata: query('systemMetadata', { type: 'boolean', default: false }, 'include each aspect’s system metadata'),
  async: query(
    'async',
    { type: 'boolean', default: true },
    'answer 202 (true) or 200 with the written entities (false); the write is durable either way',
  ),
};
const parameter = (name: keyof typeof COMMON_PARAMETERS) => ({ $ref: `#/components/parameters/${name}` });
const URN = parameter('urn');
const SYSTEM_METADATA = parameter('systemMetadata');
const ASYNC = parameter('async');
const ASPECTS = (entity: EntitySpec) =>
  query(
    'aspects',
    { type: 'array', items: { type: 'string', enum: aspectsOf(entity).map((a) => a.name) } },
    'aspects to answer (all when none)',
  );

/** Versioned aspects: the ones the entity endpoints read and write (timeseries points are not entity state). */
const aspectsOf = (entity: EntitySpec): AspectSpec[] => [...entity.aspects.values()].filter((a) => a.kind === 'versioned');

const capitalized = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);
const typeName = (entity: EntitySpec) => capitalized(entity.name);

/**
 * What a description covers: some entity types' endpoints, and the endpoints of no one type (the v2
 * batch, traces, timeline and relationships). The whole description has both, for every type; Swagger
 * UI reads it a group at a time (springdoc's groups, as DataHub serves them), as the whole takes a
 * browser seconds to read.
 */
export interface DocumentScope {
  entities: readonly EntitySpec[];
  shared: boolean;
}

/** The group of the endpoints of no one entity type. */
export const SHARED_GROUP = 'common';

export function apiDocument(
  registry: Registry,
  scope: DocumentScope = { entities: [...registry.entities.values()], shared: true },
): JsonSchema {
  const schemas: Record<string, JsonSchema> = {
    [ERROR]: {
      type: 'object',
      properties: { error: { type: 'string' }, message: { type: 'string' }, status: { type: 'integer' } },
    },
    SystemMetadata: {
      type: 'object',
      properties: {
        lastObserved: { type: 'integer' },
        runId: { type: 'string' },
        lastRunId: { type: 'string' },
        registryName: { type: 'string' },
        registryVersion: { type: 'string' },
        properties: { type: 'object', additionalProperties: { type: 'string' } },
        version: { type: 'string' },
      },
    },
    JsonPatch: {
      type: 'object',
      required: ['patch'],
      properties: {
        patch: {
          type: 'array',
          items: {
            type: 'object',
            required: ['op', 'path'],
            properties: {
              op: { type: 'string', enum: ['add', 'remove', 'replace', 'copy', 'move', 'test'] },
              path: { type: 'string' },
              value: {},
            },
          },
        },
      },
    },
  };
  const aspectSchema = (aspect: AspectSpec) => {
    const name = aspect.type.name;
    if (!(name in schemas)) compileSchema(aspect.type, { defs: schemas, refBase: SCHEMAS, closed: true });
    return ref(name);
  };
  /** An aspect as the entity endpoints carry it: its value, and its system metadata. */
  const envelope = (aspect: AspectSpec) => {
    const name = `${aspect.name}Aspect`;
    schemas[name] ??= {
      type: 'object',
      required: ['value'],
      properties: { value: aspectSchema(aspect), systemMetadata: ref('SystemMetadata') },
      additionalProperties: false,
    };
    return ref(name);
  };

  const paths: Record<string, Record<string, unknown>> = {};
  for (const entity of scope.entities) {
    const T = typeName(entity);
    const aspects = aspectsOf(entity);
    const byAspect = Object.fromEntries(aspects.map((a) => [a.name, envelope(a)]));
    schemas[`${T}Entity`] = {
      type: 'object',
      required: ['urn'],
      properties: { urn: { type: 'string' }, ...byAspect },
      additionalProperties: false,
    };
    schemas[`${T}EntityPatch`] = {
      type: 'object',
      required: ['urn'],
      properties: {
        urn: { type: 'string' },
        ...Object.fromEntries(aspects.map((a) => [a.name, { type: 'object', properties: { value: ref('JsonPatch') } }])),
      },
    };
    schemas[`${T}Scroll`] = {
      type: 'object',
      required: ['entities'],
      properties: { scrollId: { type: 'string' }, entities: { type: 'array', items: ref(`${T}Entity`) }, totalCount: { type: 'integer' } },
    };
    const tags = [entity.name];
    const list = { type: 'array', items: ref(`${T}Entity`) };
    paths[`/v3/entity/${entity.name}`] = {
      get: {
        tags,
        operationId: `scroll${T}`,
        summary: `Scroll ${entity.name} entities`,
        parameters: [
          query('query', { type: 'string', default: '*' }, 'search text (DataHub’s syntax)'),
          query('count', { type: 'integer', default: 10 }, 'entities per page'),
          query('scrollId', { type: 'string' }, 'the scrollId of the previous page'),
          query('sort', { type: 'string', default: 'urn' }, 'the field to sort by'),
          query('sortCriteria', { type: 'array', items: { type: 'string' } }, 'fields to sort by, in order (instead of sort)'),
          query('sortOrder', { type: 'string', enum: ['ASCENDING', 'DESCENDING'] }, 'sort order'),
          query('includeSoftDelete', { type: 'boolean', default: false }, 'include soft-deleted entities'),
          ASPECTS(entity),
          SYSTEM_METADATA,
        ],
        responses: { '200': ok('A page of entities', ref(`${T}Scroll`)), ...errors },
      },
      post: {
        tags,
        operationId: `upsert${T}`,
        summary: `Create or update ${entity.name} entities, aspect by aspect`,
        parameters: [ASYNC, SYSTEM_METADATA],
        requestBody: { required: true, content: json(list) },
        responses: { '200': ok('The entities written', list), '202': ok('Written'), ...errors },
      },
      patch: {
        tags,
        operationId: `patch${T}`,
        summary: `Patch aspects of ${entity.name} entities (JSON Patch)`,
        parameters: [ASYNC, SYSTEM_METADATA],
        requestBody: { required: true, content: json({ type: 'array', items: ref(`${T}EntityPatch`) }) },
        responses: { '200': ok('The entities written', list), '202': ok('Written'), ...errors },
      },
    };
    paths[`/v3/entity/${entity.name}/batchGet`] = {
      post: {
        tags,
        operationId: `batchGet${T}`,
        summary: `Read several ${entity.name} entities`,
        parameters: [SYSTEM_METADATA],
        requestBody: {
          required: true,
          content: json({
            type: 'array',
            items: {
              type: 'object',
              required: ['urn'],
              properties: { urn: { type: 'string' }, ...Object.fromEntries(aspects.map((a) => [a.name, { type: 'object' }])) },
            },
          }),
        },
        responses: { '200': ok('The entities that exist', list), ...errors },
      },
    };
    paths[`/v3/entity/${entity.name}/{urn}`] = {
      parameters: [URN],
      get: {
        tags,
        operationId: `get${T}`,
        summary: `Read one ${entity.name}`,
        parameters: [ASPECTS(entity), SYSTEM_METADATA],
        responses: { '200': ok('The entity', ref(`${T}Entity`)), ...errors },
      },
      head: {
        tags,
        operationId: `head${T}`,
        summary: `Whether the ${entity.name} exists`,
        responses: { '204': ok('It exists'), '404': ok('It does not') },
      },
      delete: {
        tags,
        operationId: `delete${T}`,
        summary: `Delete the ${entity.name}, or some of its aspects`,
        parameters: [
          query('aspects', { type: 'array', items: { type: 'string' } }, 'delete only these aspects'),
          query('clear', { type: 'boolean', default: false }, 'delete every aspect but the key'),
        ],
        responses: { '200': ok('Deleted'), ...errors },
      },
    };
    for (const aspect of aspects) {
      const A = capitalized(aspect.name);
      paths[`/v3/entity/${entity.name}/{urn}/${aspect.name}`] = {
        parameters: [URN],
        get: {
          tags,
          operationId: `get${T}${A}`,
          summary: `Read ${aspect.name}`,
          parameters: [query('version', { type: 'integer', default: 0 }, '0 is the latest; 1 the oldest kept, and so on'), SYSTEM_METADATA],
          responses: { '200': ok(`The aspect`, envelope(aspect)), ...errors },
        },
        head: {
          tags,
          operationId: `head${T}${A}`,
          summary: `Whether the ${entity.name} has ${aspect.name}`,
          responses: { '204': ok('It does'), '404': ok('It does not') },
        },
        post: {
          tags,
          operationId: `upsert${T}${A}`,
          summary: `Write ${aspect.name}`,
          parameters: [
            query('async', { type: 'boolean', default: false }, 'answer 202 (true) or 200 with the aspect written (false)'),
            SYSTEM_METADATA,
            query('createIfNotExists', { type: 'boolean', default: true }, 'refuse with 409 when the aspect exists already'),
            query('createIfEntityNotExists', { type: 'boolean', default: false }, 'refuse with 409 when the entity exists already'),
          ],
          requestBody: { required: true, content: json(envelope(aspect)) },
          responses: { '200': ok('The aspect written', envelope(aspect)), '202': ok('Written'), ...errors },
        },
        patch: {
          tags,
          operationId: `patch${T}${A}`,
          summary: `Patch ${aspect.name} (JSON Patch)`,
          parameters: [ASYNC, SYSTEM_METADATA],
          requestBody: { required: true, content: json(ref('JsonPatch')) },
          responses: { '200': ok('The aspect written', envelope(aspect)), '202': ok('Written'), ...errors },
        },
        delete: { tags, operationId: `delete${T}${A}`, summary: `Delete ${aspect.name}`, responses: { '200': ok('Deleted'), ...errors } },
      };
    }
  }
  // Timeseries aspects too: the entity endpoints read their latest point.
  for (const entity of scope.entities) for (const aspect of entity.aspects.values()) aspectSchema(aspect);
  if (scope.shared) sharedPaths(paths);
  return {
    openapi: '3.1.0',
    info: {
      title: `${CATALOG_NAME} OpenAPI`,
      version: CATALOG_VERSION,
      description:
        'DataHub’s OpenAPI entity, timeline and relationships endpoints. Calls need a token: `Authorization: Bearer <token>` (Authorize, above).',
    },
    servers: [{ url: '/openapi' }],
    security: [{ bearerAuth: [] }],
    paths,
    components: {
      schemas,
      responses: ERROR_RESPONSES,
      parameters: COMMON_PARAMETERS,
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
    },
  };
}

/** The endpoints of no one entity type. */
function sharedPaths(paths: Record<string, Record<string, unknown>>): void {
  paths['/v2/entity/batch/{entityName}'] = {
    post: {
      tags: ['batch'],
      summary: 'Read several entities of one type (v2 shape)',
      parameters: [pathParam('entityName', 'the entity type'), SYSTEM_METADATA],
      requestBody: {
        required: true,
        content: json({
          type: 'object',
          required: ['urns'],
          properties: {
            urns: { type: 'array', items: { type: 'string' } },
            aspectNames: { type: 'array', items: { type: 'string' } },
            withSystemMetadata: { type: 'boolean' },
          },
        }),
      },
      responses: { '200': ok('The entities that exist', { type: 'object' }), ...errors },
    },
  };
  paths['/v1/trace/write/{traceId}'] = {
    post: {
      tags: ['trace'],
      summary: 'Where the writes of a trace (the traceparent of a write’s answer) stand',
      parameters: [
        pathParam('traceId', 'the trace id'),
        query('onlyIncludeErrors', { type: 'boolean', default: true }, 'answer only the aspects that failed'),
      ],
      requestBody: {
        required: true,
        content: json({ type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } }),
      },
      responses: { '200': ok('Each urn’s aspects and their write status', { type: 'object' }), ...errors },
    },
  };
  paths['/v2/timeline/v1/{urn}'] = {
    get: {
      tags: ['timeline'],
      summary: 'The change history of an entity, by category',
      parameters: [
        URN,
        query(
          'categories',
          { type: 'array', items: { type: 'string' } },
          'change categories (TAG, OWNER, DOCUMENTATION, TECHNICAL_SCHEMA, GLOSSARY_TERM, DOMAIN, …)',
          true,
        ),
        query('startTime', { type: 'integer' }, 'from (epoch milliseconds)'),
        query('endTime', { type: 'integer' }, 'to (epoch milliseconds)'),
        query('raw', { type: 'boolean', default: false }, 'raw change events'),
      ],
      responses: { '200': ok('The change transactions, oldest first', { type: 'array', items: { type: 'object' } }), ...errors },
    },
  };
  paths['/relationships/v1/'] = {
    get: {
      tags: ['relationships'],
      summary: 'Entities related to one, by relationship type and direction',
      parameters: [
        query('urn', { type: 'string' }, 'the entity urn', true),
        query('relationshipTypes', { type: 'array', items: { type: 'string' } }, 'relationship types (OwnedBy, DownstreamOf, …)', true),
        query('direction', { type: 'string', enum: ['INCOMING', 'OUTGOING'] }, 'which way the edges point', true),
        query('start', { type: 'integer', default: 0 }, 'offset'),
        query('count', { type: 'integer', default: 200 }, 'page size'),
      ],
      responses: { '200': ok('A page of relationships', { type: 'object' }), ...errors },
    },
  };
}

export function apiDocsRoutes(registry: Registry) {
  // Each built once, on its first request: they do not change while the service runs.
  const built = new Map<string, string>();
  const send = (reply: FastifyReply, key: string, build: () => unknown) => {
    let text = built.get(key);
    if (text === undefined) {
      text = JSON.stringify(build());
      built.set(key, text);
    }
    return reply.type('application/json; charset=utf-8').send(text);
  };
  const groups = [...[...registry.entities.keys()].sort(), SHARED_GROUP];
  return async (app: FastifyInstance): Promise<void> => {
    const open = { config: { public: true } };
    app.get('/v3/api-docs', open, (_request, reply) => send(reply, '', () => apiDocument(registry)));
    // Swagger UI's configuration (springdoc's path): one description per group, the datasets' first.
    app.get('/v3/api-docs/swagger-config', open, (_request, reply) =>
      send(reply, 'swagger-config', () => ({
        urls: groups.map((name) => ({ name, url: `/openapi/v3/api-docs/${name}` })),
        'urls.primaryName': registry.entities.has('dataset') ? 'dataset' : groups[0],
      })),
    );
    app.get<{ Params: { group: string } }>('/v3/api-docs/:group', open, (request, reply) => {
      const { group } = request.params;
      const entity = registry.entities.get(group);
      if (!entity && group !== SHARED_GROUP)
        throw notFound(`No OpenAPI group ${group}: the groups are the entity types and ${SHARED_GROUP}`);
      return send(reply, group, () => apiDocument(registry, { entities: entity ? [entity] : [], shared: !entity }));
    });
  };
}
