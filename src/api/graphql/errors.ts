/**
 * GraphQL errors as DataHub's clients read them: `extensions {code, type, classification}`. Errors
 * raised while executing are `DataFetchingException`s; a document rejected before (syntax,
 * validation, limits) or a request whose variables or operation name do not fit it is a
 * `ValidationError`, as graphql-java classes them, and the client's mistake: BAD_REQUEST.
 * Internal failures are reported with a generic message; their details go to the log only.
 */
import type { GraphQLError, GraphQLFormattedError } from 'graphql';
import type { FastifyBaseLogger } from 'fastify';
import { ServiceError, type ErrorKind } from '../../errors.js';

const CODES: Record<ErrorKind | 'server', { code: number; type: string }> = {
  bad_request: { code: 400, type: 'BAD_REQUEST' },
  invalid: { code: 400, type: 'BAD_REQUEST' },
  not_found: { code: 404, type: 'NOT_FOUND' },
  unauthorized: { code: 401, type: 'UNAUTHENTICATED' },
  forbidden: { code: 403, type: 'UNAUTHORIZED' },
  conflict: { code: 409, type: 'CONFLICT' },
  precondition: { code: 400, type: 'BAD_REQUEST' },
  too_many_requests: { code: 429, type: 'TOO_MANY_REQUESTS' },
  server: { code: 500, type: 'SERVER_ERROR' },
};

export const UNKNOWN_ERROR = 'An unknown error occurred.';

/** Messages may quote what the client sent (a variable's value, a urn); a long one is cut. */
export const MAX_MESSAGE = 2000;
const cut = (message: string) => (message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE)}…` : message);
/** Locations an error lists at most: a name repeated 3,000 times would otherwise list them all. */
const MAX_LOCATIONS = 10;

/** Formats an error of an executed operation. */
export function formatExecutionError(error: GraphQLError, log: FastifyBaseLogger): GraphQLFormattedError {
  const original = error.originalError;
  const kind: ErrorKind | 'server' = original instanceof ServiceError ? original.kind : original ? 'server' : 'bad_request';
  if (kind === 'server') log.error({ err: original, path: error.path }, 'GraphQL resolver failed');
  const { code, type } = CODES[kind];
  return {
    message: kind === 'server' ? UNKNOWN_ERROR : cut(error.message),
    ...(error.locations ? { locations: error.locations.slice(0, MAX_LOCATIONS) } : {}),
    ...(error.path ? { path: error.path } : {}),
    extensions: { code, type, classification: 'DataFetchingException' },
  };
}

/**
 * Formats an error that refused a request before any field ran: the document (syntax, validation,
 * limits), a variable that cannot be coerced to its type, an unknown operation name, several
 * operations and no name.
 */
export function formatValidationError(error: GraphQLError): GraphQLFormattedError {
  const { code, type } = CODES.bad_request;
  return {
    message: cut(error.message),
    ...(error.locations ? { locations: error.locations.slice(0, MAX_LOCATIONS) } : {}),
    extensions: { code, type, classification: 'ValidationError' },
  };
}
