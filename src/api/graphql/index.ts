/**
 * The GraphQL endpoint: `POST /api/graphql` (also `/api/v2/graphql`, where DataHub's web app posts,
 * and `/api/gms/api/graphql`). Every executed operation answers 200 with `{data, errors?, extensions}`;
 * a body that is not a GraphQL request answers 400 with an empty body, as GMS does.
 *
 * A document is parsed and checked against the limits (limits.ts) before graphql-js's validation rules
 * run, so one refused for its size never reaches the rules whose work grows faster than it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { execute, GraphQLError, specifiedRules, validate, type DocumentNode, type GraphQLSchema } from 'graphql';
import { isPlainObject } from '../../json.js';
import type { Services } from '../../service/services.js';
import { createContext } from './context.js';
import { formatExecutionError, formatValidationError } from './errors.js';
import { checkLimits, parseDocument } from './limits.js';
import { buildExecutableSchema } from './schema.js';

export const GRAPHQL_PATHS = ['/api/graphql', '/api/v2/graphql', '/api/gms/api/graphql'];

const CACHE_SIZE = 500;
/** Longer documents are not kept: 500 of them at the 1 MiB limit would hold half a gigabyte. */
const CACHE_MAX_CHARACTERS = 100_000;

interface Prepared {
  document?: DocumentNode;
  errors: readonly GraphQLError[];
}

export function graphqlApi(services: Services) {
  const schema: GraphQLSchema = buildExecutableSchema([...services.registry.entities.keys()]);
  // Parsed and validated documents by query text: clients send the same few operations over and over.
  const documents = new Map<string, Prepared>();

  const check = (query: string): Prepared => {
    let document: DocumentNode;
    try {
      document = parseDocument(query);
    } catch (err) {
      if (err instanceof GraphQLError) return { errors: [err] };
      throw err;
    }
    const refused = checkLimits(document);
    if (refused.length > 0) return { errors: refused };
    const errors = validate(schema, document, specifiedRules);
    return errors.length > 0 ? { errors } : { document, errors: [] };
  };

  const prepare = (query: string): Prepared => {
    const cached = documents.get(query);
    if (cached) return cached;
    const entry = check(query);
    if (query.length <= CACHE_MAX_CHARACTERS) {
      if (documents.size >= CACHE_SIZE) documents.delete(documents.keys().next().value!);
      documents.set(query, entry);
    }
    return entry;
  };

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const body = request.body;
    if (!isPlainObject(body) || typeof body.query !== 'string') return reply.code(400).send();
    const variables = body.variables ?? null;
    const operationName = body.operationName ?? null;
    if ((variables !== null && !isPlainObject(variables)) || (operationName !== null && typeof operationName !== 'string')) return reply.code(400).send();

    const { document, errors } = prepare(body.query);
    if (!document) return reply.code(200).send({ errors: errors.map(formatValidationError), extensions: {} });

    const result = await execute({
      schema,
      document,
      variableValues: variables as Record<string, unknown> | null,
      operationName: operationName as string | null,
      contextValue: createContext(services, request.actor, request.log),
    });
    return reply.code(200).send({
      ...(result.data !== undefined ? { data: result.data } : {}),
      ...(result.errors ? { errors: result.errors.map((e) => (e.originalError || e.path ? formatExecutionError(e, request.log) : formatValidationError(e))) } : {}),
      extensions: {},
    });
  };

  return async (app: FastifyInstance): Promise<void> => {
    for (const path of GRAPHQL_PATHS) {
      app.post(path, handle);
      app.get(path, async (_request, reply) => reply.code(405).send());
    }
  };
}
