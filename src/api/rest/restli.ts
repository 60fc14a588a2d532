/**
 * Rest.li wire conventions as GMS applies them: the error body, array query parameters in both
 * protocol syntaxes (`List(a,b)` and repeated keys), and urns as percent-encoded path segments.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { serializeJson } from '../../rawJson.js';
import { badRequest, type ErrorKind } from '../../errors.js';
import { splitTopLevel } from '../../urn.js';

export const STATUS_BY_KIND: Record<ErrorKind, number> = {
  bad_request: 400,
  invalid: 422,
  not_found: 404,
  unauthorized: 401,
  forbidden: 403,
  conflict: 409,
  precondition: 412,
  too_many_requests: 429,
};

const EXCEPTION_CLASS = 'com.linkedin.restli.server.RestLiServiceException';

/** Messages may quote what the client sent (a name, a urn, an operation): a long one is cut. */
const MAX_MESSAGE = 2_000;

/** Sends the Rest.li error body that DataHub's clients parse (`message`, `status`, `exceptionClass`). */
export function sendRestliError(reply: FastifyReply, status: number, text: string): FastifyReply {
  const message = text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE)}…` : text;
  return reply
    .code(status)
    .header('X-RestLi-Error-Response', 'true')
    .type('application/json')
    .send({
      exceptionClass: EXCEPTION_CLASS,
      message,
      status,
      stackTrace: `${EXCEPTION_CLASS} [HTTP Status:${status}]: ${message}`,
    });
}

/** The reply's body may hold RawJson (aspects as stored): each is sent as its text. */
export function withRawJson(reply: FastifyReply): FastifyReply {
  return reply.type('application/json; charset=utf-8').serializer(serializeJson);
}

/** Percent-decodes once; `+` stays `+` (Rest.li 2.0 path decoding). */
export function decodeOnce(text: string, what: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw badRequest(`${what} has malformed percent-encoding: '${text}'`);
  }
}

/** Query parsing must not throw (it runs before routing); a malformed escape is kept as written. */
function decodeLenient(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Parsed query: every parameter as a list of values. */
export type RestliQuery = Record<string, string[]>;

/**
 * Parses a raw query string. A value written `List(a,b,c)` yields its elements; elements are split
 * on commas outside parentheses before decoding, so an encoded urn (`%2C`) or a half-encoded one
 * (`urn:li:dataset:(…,…)`) stays whole. Repeated keys accumulate.
 */
export function parseRestliQuery(raw: string): RestliQuery {
  // No prototype: a parameter named `constructor` or `__proto__` is a parameter like any other.
  const out: RestliQuery = Object.create(null);
  if (!raw) return out;
  for (const pair of raw.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const key = decodeLenient(eq < 0 ? pair : pair.slice(0, eq));
    const value = eq < 0 ? '' : pair.slice(eq + 1);
    const values =
      value.startsWith('List(') && value.endsWith(')') ? (value === 'List()' ? [] : splitTopLevel(value.slice(5, -1))) : [value];
    const decoded = values.map(decodeLenient);
    const known = out[key];
    if (known) known.push(...decoded);
    else out[key] = decoded;
  }
  return out;
}

export function queryOf(request: FastifyRequest): RestliQuery {
  return request.query as RestliQuery;
}

/** The single value of a query parameter, or undefined. */
export function queryParam(request: FastifyRequest, name: string): string | undefined {
  return queryOf(request)[name]?.[0];
}

/** The largest Rest.li `int`: offsets, page sizes and limits are declared as ints. */
export const INT_MAX = 2_147_483_647;
/** The largest `long` a JavaScript number holds exactly: times, versions and offsets of the change log. */
export const LONG_MAX = Number.MAX_SAFE_INTEGER;

/** The urn in `/<resource>/<urn>`, percent-decoded exactly once. */
export function urnFromPath(request: FastifyRequest, resource: string): string {
  const [path = ''] = (request.raw.url ?? '').split('?');
  const marker = `/${resource}/`;
  const at = path.indexOf(marker);
  const encoded = at < 0 ? '' : path.slice(at + marker.length);
  if (!encoded) throw badRequest(`the urn is missing from the path /${resource}/<urn>`);
  return decodeOnce(encoded, 'the urn in the path');
}
