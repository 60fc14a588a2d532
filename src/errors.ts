/**
 * Domain errors, typed once here and mapped once per API (the Rest.li error body for REST, error
 * extensions for GraphQL). A client's mistake is never reported as an internal error.
 */
export type ErrorKind =
  | 'bad_request' // malformed input: 400
  | 'invalid' // well-formed but fails the aspect schema: 422
  | 'not_found' // 404
  | 'unauthorized' // 401
  | 'forbidden' // 403
  | 'conflict' // 409
  | 'precondition' // 412
  | 'too_many_requests'; // 429: a limit of the caller's share, with when to try again

/**
 * Why a request could not authenticate, in a word from a fixed set: what operators count failures
 * by (domains/metrics/metrics.ts). Never the credential, nor the user it names.
 */
export type AuthenticationFailure =
  | 'missing' // no credentials on a request that needs them
  | 'malformed' // an Authorization header of no scheme we take
  | 'token' // an access token that is not one of ours: bad signature or claims, or revoked
  | 'expired' // an access token past its expiry
  | 'inactive' // a valid token of a user suspended, removed, or absent
  | 'system_client' // the wrong system client credentials, or a caller that is not the system client
  | 'password'; // a native user's name and password that do not match

export class ServiceError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
    /** A 401's reason, where the code that refuses knows it. */
    readonly authentication?: AuthenticationFailure,
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}

export const badRequest = (message: string) => new ServiceError('bad_request', message);
export const invalid = (message: string) => new ServiceError('invalid', message);
export const unauthorized = (message: string, reason?: AuthenticationFailure) => new ServiceError('unauthorized', message, reason);
export const forbidden = (message: string) => new ServiceError('forbidden', message);
export const notFound = (message: string) => new ServiceError('not_found', message);
export const conflict = (message: string) => new ServiceError('conflict', message);
export const precondition = (message: string) => new ServiceError('precondition', message);

/**
 * A refusal for the caller's share of a limit, and the seconds until it may try again (sent as
 * `Retry-After`): a rate, a lockout after failed sign-ins, or too many at once.
 */
export class TooManyRequests extends ServiceError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    readonly limit: 'rate' | 'lockout' | 'concurrency',
  ) {
    super('too_many_requests', message);
  }
}
