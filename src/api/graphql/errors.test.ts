import { GraphQLError, Source } from 'graphql';
import { describe, expect, it, vi } from 'vitest';
import { badRequest, conflict, ServiceError } from '../../errors.js';
import { formatExecutionError, formatValidationError, MAX_MESSAGE, UNKNOWN_ERROR } from './errors.js';

const log = () => ({ error: vi.fn() }) as unknown as Parameters<typeof formatExecutionError>[1];
const wrap = (original: Error) => new GraphQLError(original.message, { path: ['addTags'], originalError: original });

describe('GraphQL error formatting', () => {
  it('gives domain errors their code and type', () => {
    expect(formatExecutionError(wrap(badRequest('bad')), log()).extensions).toEqual({
      code: 400,
      type: 'BAD_REQUEST',
      classification: 'DataFetchingException',
    });
    expect(formatExecutionError(wrap(conflict('taken')), log()).extensions).toMatchObject({ code: 409, type: 'CONFLICT' });
    expect(formatExecutionError(wrap(new ServiceError('forbidden', 'no')), log()).extensions).toMatchObject({
      code: 403,
      type: 'UNAUTHORIZED',
    });
    expect(formatExecutionError(wrap(new ServiceError('not_found', 'gone')), log()).extensions).toMatchObject({
      code: 404,
      type: 'NOT_FOUND',
    });
  });

  it('hides the details of an internal failure from the client and logs them', () => {
    const logger = log();
    const formatted = formatExecutionError(wrap(new Error('database password is hunter2')), logger);
    expect(formatted).toEqual({
      message: UNKNOWN_ERROR,
      path: ['addTags'],
      extensions: { code: 500, type: 'SERVER_ERROR', classification: 'DataFetchingException' },
    });
    expect(logger.error).toHaveBeenCalledOnce();
  });

  it('marks documents rejected before execution as validation errors, and client errors', () => {
    expect(formatValidationError(new GraphQLError('Cannot query field "x"'))).toEqual({
      message: 'Cannot query field "x"',
      extensions: { code: 400, type: 'BAD_REQUEST', classification: 'ValidationError' },
    });
  });

  it('marks a request that does not fit its document as a client error, without logging it', () => {
    const coercion = new GraphQLError('Variable "$n" got invalid value "abc"; Int cannot represent non-integer value: "abc"', {
      originalError: new GraphQLError('Int cannot represent non-integer value: "abc"'),
      source: new Source('query($n: Int) { x }'),
      positions: [6],
    });
    expect(formatValidationError(coercion)).toEqual({
      message: coercion.message,
      locations: [{ line: 1, column: 7 }],
      extensions: { code: 400, type: 'BAD_REQUEST', classification: 'ValidationError' },
    });
    expect(formatValidationError(new GraphQLError('Unknown operation named "B".')).extensions).toEqual({
      code: 400,
      type: 'BAD_REQUEST',
      classification: 'ValidationError',
    });
  });

  it('cuts a long message, which may quote what the client sent', () => {
    const long = `Invalid urn '${'x'.repeat(10_000)}'`;
    const cut = `${long.slice(0, MAX_MESSAGE)}…`;
    expect(formatValidationError(new GraphQLError(long)).message).toBe(cut);
    expect(formatExecutionError(wrap(badRequest(long)), log()).message).toBe(cut);
    expect(formatValidationError(new GraphQLError('short')).message).toBe('short');
  });
});
