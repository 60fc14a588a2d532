/**
 * OpenAPI wire conventions as DataHub's controllers apply them: the error body, query parameters
 * as Spring reads them (booleans, integers, comma-separated lists), and urns in paths, raw or
 * percent-encoded, with an aspect name after them.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, type ErrorKind } from '../../errors.js';
import { decodeOnce, queryOf, STATUS_BY_KIND } from '../rest/restli.js';

/**
 * Statuses of the error kinds over OpenAPI. DataHub's OpenAPI answers a value that fails its
 * schema with 400 ("Validation Error"), where its Rest.li answers 422.
 */
export const OPENAPI_STATUS_BY_KIND: Record<ErrorKind, number> = { ...STATUS_BY_KIND, invalid: 400 };

/** DataHub's word for a few kinds in `error`; the others carry the message there, as its handlers do. */
const ERROR_WORD: Partial<Record<ErrorKind, string>> = { invalid: 'Validation Error', precondition: 'Precondition Error' };

/**
 * DataHub's OpenAPI error body is `{error}` (or `{error, message}` for validation); its Python
 * client shows `message`. Both are sent, with the status.
 */
export function sendOpenApiError(reply: FastifyReply, kind: ErrorKind | undefined, status: number, message: string): FastifyReply {
  const word = kind ? ERROR_WORD[kind] : undefined;
  return reply
    .code(status)
    .type('application/json')
    .send({ error: word ?? message, message, status });
}

/** The header DataHub sets on a 404 of an entity or aspect read. */
export const NOT_FOUND_HEADER = 'Not-Found-Reason';

/** A 404 of a read: DataHub's header, and a body saying what is missing. */
export function sendNotFound(reply: FastifyReply, message: string): FastifyReply {
  return sendOpenApiError(reply.header(NOT_FOUND_HEADER, 'ENTITY'), 'not_found', 404, message);
}

/** The single value of a query parameter (the last, when repeated), or undefined. */
export function queryValue(request: FastifyRequest, name: string): string | undefined {
  return queryOf(request)[name]?.at(-1);
}

/** A boolean query parameter, as Spring converts one (true/false, on/off, yes/no, 1/0). */
export function queryBoolean(request: FastifyRequest, name: string, fallback: boolean): boolean {
  const raw = queryValue(request, name);
  if (raw === undefined || raw === '') return fallback;
  const text = raw.toLowerCase();
  if (['true', 'on', 'yes', '1'].includes(text)) return true;
  if (['false', 'off', 'no', '0'].includes(text)) return false;
  throw badRequest(`query parameter ${name} must be true or false, not '${raw}'`);
}

/** An integer query parameter within bounds. */
export function queryInteger(request: FastifyRequest, name: string, fallback: number, min: number, max: number): number {
  const raw = queryValue(request, name);
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!/^-?\d+$/.test(raw.trim()) || !Number.isSafeInteger(n) || n < min || n > max)
    throw badRequest(`query parameter ${name} must be an integer from ${min} to ${max}, not '${raw}'`);
  return n;
}

/** A list query parameter: repeated, comma-separated, or both (Spring splits a collection's value on commas). */
export function queryList(request: FastifyRequest, ...names: string[]): string[] {
  const values = names.flatMap((n) => queryOf(request)[n] ?? []);
  return [...new Set(values.flatMap((v) => v.split(',')).map((v) => v.trim()))].filter((v) => v !== '');
}

/** What follows `/{entityName}/` in a path: an urn, and perhaps an aspect name after it. */
export interface UrnPath {
  urn: string;
  aspectName?: string;
}

/**
 * Splits the rest of a raw path into an urn and an aspect name. DataHub's Python client puts urns in
 * paths unencoded, so a slash inside a urn's parentheses (`…,bucket/dir/file,PROD)`) belongs to it;
 * an encoded urn has no raw slash. Each part is percent-decoded once.
 */
export function splitUrnPath(rawRest: string): UrnPath {
  let depth = 0;
  let end = rawRest.length;
  for (let i = 0; i < rawRest.length; i++) {
    const c = rawRest[i];
    const escaped = c === '%' ? rawRest.slice(i, i + 3).toUpperCase() : '';
    if (c === '(' || escaped === '%28') depth++;
    else if ((c === ')' || escaped === '%29') && depth > 0) depth--;
    else if (c === '/' && depth === 0) {
      end = i;
      break;
    }
  }
  const urn = decodeOnce(rawRest.slice(0, end), 'the urn in the path');
  if (urn === '') throw badRequest('the urn is missing from the path');
  const rest = rawRest.slice(end + 1);
  if (end === rawRest.length || rest === '') return { urn };
  return { urn, aspectName: decodeOnce(rest, 'the aspect name in the path') };
}

/** The raw (still percent-encoded) path of a request after `marker`, or '' when it has none. */
export function rawPathAfter(request: FastifyRequest, marker: string): string {
  const [path = ''] = (request.raw.url ?? '').split('?');
  const at = path.indexOf(marker);
  return at < 0 ? '' : path.slice(at + marker.length).replace(/\/+$/, '');
}
