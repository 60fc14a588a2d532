/**
 * The GraphQL endpoint: `POST /api/graphql` (also `/api/v2/graphql`, where DataHub's web app posts,
 * and `/api/gms/api/graphql`). Every executed operation answers 200 with `{data, errors?, extensions}`;
 * a body that is not a GraphQL request answers 400 with `{errors: [{message}]}` saying what is wrong,
 * as GraphQL over HTTP has it (GMS sends an empty 400, which leaves the sender guessing).
 *
 * A document is parsed and checked against the limits (limits.ts) before graphql-js's validation rules
 * run, so one refused for its size never reaches the rules whose work grows faster than it.
 */
import { DEFAULT_FEATURE_FLAGS, type FeatureFlags } from '../../featureFlags.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { execute, GraphQLError, isInputObjectType, specifiedRules, validate, type DocumentNode, type GraphQLSchema } from 'graphql';
import { hasNulEscape, isPlainObject } from '../../json.js';
import type { ApiServices } from '../../domains/services.js';
import { TooManyRequests } from '../../errors.js';
import { callerOf } from '../caller.js';
import { FairShare } from '../fairShare.js';
import { createContext } from './context.js';
import { costRefusal, MAX_COST, operationCosts } from './cost.js';
import { formatExecutionError, formatValidationError } from './errors.js';
import { checkLimits, MAX_RESOLVED_FIELDS, parseDocument, RESULT_TOO_LARGE, widestObject } from './limits.js';
import { buildExecutableSchema } from './schema.js';

export const GRAPHQL_PATHS = ['/api/graphql', '/api/v2/graphql', '/api/gms/api/graphql'];

/** The answer to a body that is no GraphQL request (the server's error handler sends it for one that is not JSON). */
export function sendMalformedRequest(reply: FastifyReply, message: string): FastifyReply {
  return reply.code(400).send({ errors: [formatValidationError(new GraphQLError(message))] });
}

interface GraphqlRequest {
  query: string;
  variables: Record<string, unknown> | null;
  operationName: string | null;
}

/** The body as a GraphQL request, or what is wrong with it. */
function readRequest(body: unknown): GraphqlRequest | string {
  const shape = 'send a JSON object {"query": "…", "variables": {…}, "operationName": "…"}';
  if (!isPlainObject(body)) return `the request body must be a JSON object: ${shape}`;
  const { query, variables = null, operationName = null } = body;
  if (query === undefined || query === null) return `the request body has no "query": ${shape}`;
  if (typeof query !== 'string') return '"query" must be a string holding the GraphQL document';
  if (variables !== null && !isPlainObject(variables)) return '"variables" must be a JSON object of the variables by name';
  if (operationName !== null && typeof operationName !== 'string') return '"operationName" must be a string';
  return { query, variables, operationName };
}

const CACHE_SIZE = 500;
/** Longer documents are not kept: 500 of them at the 1 MiB limit would hold half a gigabyte. */
const CACHE_MAX_CHARACTERS = 100_000;
/**
 * Variable errors reported before execution stops. graphql-js quotes the whole invalid value in each
 * message, so many errors about one large value cost many times its size; graphql-java reports one.
 */
const MAX_COERCION_ERRORS = 1;
/** Validation errors reported at most (graphql-js stops at 100): a hostile document can earn thousands, each with its locations. */
const MAX_VALIDATION_ERRORS = 10;

interface Prepared {
  document?: DocumentNode;
  errors: readonly GraphQLError[];
  /** What each operation costs (cost.ts), in document order. */
  costs?: number[];
  /** Refused for what it would cost, before validation. */
  tooCostly?: true;
}

/**
 * GraphQL requests one caller may have running at once, and waiting behind them. DataHub's web app
 * sends a dozen or two at once when a page opens; they wait their turn rather than fail.
 */
export const GRAPHQL_RUNNING_PER_CALLER = 4;
export const GRAPHQL_WAITING_PER_CALLER = 64;

export interface GraphqlOptions {
  authEnabled?: boolean;
  /** The web app's feature flags (featureFlags.ts); DataHub's defaults when not given. */
  featureFlags?: FeatureFlags;
  /** GraphQL requests one caller may have running, and waiting (GRAPHQL_RUNNING_PER_CALLER…). */
  perCaller?: { running: number; waiting: number };
}

export function graphqlApi(
  services: ApiServices,
  { authEnabled = true, featureFlags = DEFAULT_FEATURE_FLAGS, perCaller }: GraphqlOptions = {},
) {
  const schema: GraphQLSchema = buildExecutableSchema([...services.registry.entities.keys()]);
  const share = new FairShare(perCaller?.running ?? GRAPHQL_RUNNING_PER_CALLER, perCaller?.waiting ?? GRAPHQL_WAITING_PER_CALLER);
  // Parsed and validated documents by query text: clients send the same few operations over and over.
  const documents = new Map<string, Prepared>();
  // No scalar of the schema takes an object, so a variable holding an object wider than every input type
  // is a mistake, refused before graphql-js spends time quoting it in errors.
  const widestInput = Math.max(
    0,
    ...Object.values(schema.getTypeMap()).map((t) => (isInputObjectType(t) ? Object.keys(t.getFields()).length : 0)),
  );
  const tooWide = (variables: Record<string, unknown>): GraphQLError | undefined => {
    for (const [name, value] of Object.entries(variables)) {
      const fields = widestObject(value, widestInput);
      if (fields > widestInput)
        return new GraphQLError(
          `Variable "$${name}" got invalid value: an object of ${fields} fields, and no input type has more than ${widestInput}.`,
        );
    }
    return undefined;
  };

  const check = (query: string): Prepared => {
    if (hasNulEscape(query))
      return {
        errors: [new GraphQLError('A GraphQL document may not hold a NUL character (\\u0000): no database here stores one in text')],
      };
    let document: DocumentNode;
    try {
      document = parseDocument(query);
    } catch (err) {
      if (err instanceof GraphQLError) return { errors: [err] };
      throw err;
    }
    const refused = checkLimits(document);
    if (refused.length > 0) return { errors: refused };
    // A document whose every operation costs too much is refused before the validation rules run:
    // for hundreds of aliased fields they are most of the work.
    const costs = operationCosts(document);
    const tooCostly = costs.every((cost) => cost > MAX_COST) ? costRefusal(document, costs, null) : undefined;
    if (tooCostly) return { errors: [tooCostly], tooCostly: true };
    const errors = validate(schema, document, specifiedRules, { maxErrors: MAX_VALIDATION_ERRORS });
    return errors.length > 0 ? { errors } : { document, errors: [], costs };
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
    const read = readRequest(request.body);
    if (typeof read === 'string') return sendMalformedRequest(reply, read);
    const { query, variables, operationName } = read;

    const { document, errors, costs = [], tooCostly: refusedForCost } = prepare(query);
    if (refusedForCost) services.metrics.refused('cost');
    if (!document) return reply.code(200).send({ errors: errors.map(formatValidationError), extensions: {} });
    const tooCostly = costRefusal(document, costs, operationName);
    if (tooCostly) {
      services.metrics.refused('cost');
      return reply.code(200).send({ errors: [formatValidationError(tooCostly)], extensions: {} });
    }
    const wide = variables && tooWide(variables);
    if (wide) return reply.code(200).send({ errors: [formatValidationError(wide)], extensions: {} });

    const turn = share.enter(callerOf(request));
    if (!turn)
      throw new TooManyRequests(
        `Too many GraphQL requests of yours at once: ${share.maxRunning} running and ${share.maxWaiting} waiting; send more as they are answered`,
        1,
        'concurrency',
      );
    const leave = await turn;
    const context = createContext(services, request.actor, request.log, { authEnabled, featureFlags });
    let result: Awaited<ReturnType<typeof execute>>;
    try {
      result = await execute({
        schema,
        document,
        variableValues: variables,
        operationName,
        contextValue: context,
        options: { maxCoercionErrors: MAX_COERCION_ERRORS },
      });
    } finally {
      leave();
    }
    // Past the bound the answer is partial and large: the client gets the refusal alone.
    if (context.resolved > MAX_RESOLVED_FIELDS)
      return reply.code(200).send({ errors: [formatValidationError(new GraphQLError(RESULT_TOO_LARGE))], extensions: {} });
    // An error without a path arose before any field ran: the request did not fit the document.
    const format = (e: GraphQLError) => (e.path ? formatExecutionError(e, request.log) : formatValidationError(e));
    return reply.code(200).send({
      ...(result.data !== undefined ? { data: result.data } : {}),
      ...(result.errors ? { errors: result.errors.map(format) } : {}),
      extensions: {},
    });
  };

  return async (app: FastifyInstance): Promise<void> => {
    for (const path of GRAPHQL_PATHS) {
      app.post(path, { config: { body: 'document' } }, handle);
      app.get(path, async (_request, reply) => reply.code(405).send());
    }
  };
}
