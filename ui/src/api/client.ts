/**
 * The UI's one way to the service: GraphQL (DataHub's schema, as the service serves it) and a few
 * plain JSON endpoints, all same-origin, authenticated by the session cookie the browser sends.
 */

/** The service refused the session: signed out, expired, suspended or removed. */
export class SignedOutError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SignedOutError';
  }
}

/** The service answered, and said no: the message is the service's own, meant for people. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const GRAPHQL = '/api/graphql';

async function readError(res: Response): Promise<string> {
  const text = await res.text();
  try {
    const body = JSON.parse(text);
    return body.message ?? body.error ?? text;
  } catch {
    return text || `${res.status} ${res.statusText}`;
  }
}

/** Runs a GraphQL operation; the first error, if any, is thrown with the service's message. */
export async function gql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await fetch(GRAPHQL, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  if (res.status === 401) throw new SignedOutError(await readError(res));
  if (!res.ok && res.status !== 200) {
    const message = res.status === 400 ? 'The service could not read this request.' : await readError(res);
    throw new ApiError(message, res.status);
  }
  const body = (await res.json()) as { data?: T; errors?: Array<{ message: string; extensions?: { code?: number } }> };
  const error = body.errors?.[0];
  if (error) {
    if (error.extensions?.code === 401) throw new SignedOutError(error.message);
    throw new ApiError(error.message, error.extensions?.code);
  }
  return body.data as T;
}

/** A JSON request to one of the service's own endpoints (sign-in and the like). */
export async function postJson(path: string, body: unknown): Promise<void> {
  const res = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new ApiError(await readError(res), res.status);
}

export interface Session {
  authEnabled: boolean;
  actor: string | null;
}

export async function fetchSession(): Promise<Session> {
  const res = await fetch('/session', { credentials: 'same-origin' });
  if (!res.ok) throw new ApiError(await readError(res), res.status);
  return (await res.json()) as Session;
}
