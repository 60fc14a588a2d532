/**
 * A test server as the web app and its users see it: the app's GraphQL operations (and documents of
 * the test's own) sent as a chosen user, errors and refusals checked to write nothing, and the REST
 * reads, writes and searches that set up a catalog or show what an edit did. Every web-app test
 * (test/webApp*.test.ts) talks to its server through these.
 *
 * A user is sent as their token when `tokens` holds one (authentication on: signIn mints them, or
 * each user's first request does with `signInOnUse`), else named by X-DataHub-Actor (authentication
 * off); with no user, as the first one holding a token, or else as nobody: with authentication off,
 * the service's default actor.
 */
import { expect } from 'vitest';
import { SYSTEM_ACTOR } from '../src/actors.js';
import { buildProposal } from '../src/write/proposals.js';
import { changeLogLength, enc, http, searchUrns, type TestServer } from './helpers.js';
import { webAppOperation } from './webAppOperations.js';

type Json = any;

/** Where a request goes: the app's GraphQL path by default, or the other one; another server (a replica). */
export interface Route {
  /** `/api/v2/graphql` (the app's) or `/api/graphql`; by default the one of the options. */
  path?: string;
  /** The server's url by default. */
  url?: string;
}

export interface WebApp {
  /** The users' tokens, by urn. */
  tokens: Map<string, string>;
  /** Mints a token (valid for a day) for each user that has none yet. */
  signIn(...users: string[]): Promise<void>;
  /** The headers that send a request as `user` (see above). */
  headers(user?: string): Promise<Record<string, string>>;
  /** A GraphQL document as `user`: the whole answer, which must be an HTTP 200. */
  gql(user: string | undefined, query: string, variables?: Json, route?: Route & { operationName?: string }): Promise<Json>;
  /** One of the app's operations, as the app sends it: the whole answer, errors and all. */
  send(operation: string, variables?: Json, user?: string, route?: Route): Promise<Json>;
  /** One of the app's operations, which must succeed: its data. */
  run(operation: string, variables?: Json, user?: string, route?: Route): Promise<Json>;
  /** A document of the test's own (the app has none for it), which must succeed: its data. */
  execute(query: string, variables?: Json, user?: string): Promise<Json>;
  /** Events in the change log so far. */
  changes(): Promise<number>;
  /** A refusal or a client error as GraphQL answers a document (`code`, and the message when given), with nothing written. */
  expectError(user: string | undefined, query: string, variables: Json, code: number, message?: string | RegExp): Promise<void>;
  /** The same for one of the app's operations. */
  expectOperationError(
    user: string | undefined,
    operation: string,
    variables: Json,
    code: number,
    message?: string | RegExp,
  ): Promise<void>;
  /** The latest aspects of an entity, by name, through REST (which must answer 200). */
  entityV2(urn: string, user?: string): Promise<Json>;
  /** Urns a REST search of one type finds with `field` equal to `value`. */
  search(entity: string, field: string, value: string, user?: string): Promise<string[]>;
  /** Proposals written as `user` through REST (ingestProposal, or ingestProposalBatch for several), which must answer 200. */
  ingest(proposals: Json | Json[], user?: string): Promise<void>;
  /** An aspect written as the system straight through the write path (the test's setup, not under test). */
  write(urn: string, aspect: string, value: unknown): Promise<void>;
}

/** DataHub's error type of each code (src/api/graphql/errors.ts). */
const ERROR_TYPES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'UNAUTHORIZED',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  429: 'TOO_MANY_REQUESTS',
  500: 'SERVER_ERROR',
};

/** The error in a GraphQL answer: its code and type, and its message when given (equal to a string, or matching a pattern). */
export function expectErrorIn(body: Json, code: number, message?: string | RegExp): void {
  expect(body.errors?.[0]?.extensions?.code, JSON.stringify(body)).toBe(code);
  expect(body.errors[0].extensions.type).toBe(ERROR_TYPES[code]);
  if (typeof message === 'string') expect(body.errors[0].message).toBe(message);
  else if (message) expect(body.errors[0].message).toMatch(message);
}

/** A pattern matching any message that holds `text`. */
export function containing(text: string): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
}

export interface WebAppOptions {
  /** Users are signed in (a token minted) the first time a request is sent as them, rather than by signIn. */
  signInOnUse?: boolean;
  /** The GraphQL path requests go to unless told: `/api/v2/graphql` (the app's) by default. */
  path?: string;
}

export function webApp(server: () => TestServer, options: WebAppOptions = {}): WebApp {
  const tokens = new Map<string, string>();
  const signIn: WebApp['signIn'] = async (...users) => {
    for (const user of users)
      if (!tokens.has(user))
        tokens.set(user, (await server().services.tokens.mint({ actorUrn: user, duration: 'ONE_DAY', name: 'test' })).accessToken);
  };
  const first = () => tokens.keys().next().value as string | undefined;
  /** The headers of a request as `user`, signed in first when the options say so. */
  const headersOf = async (user = first()): Promise<Record<string, string>> => {
    if (user === undefined) return {};
    if (options.signInOnUse) await signIn(user);
    const token = tokens.get(user);
    return token ? { authorization: `Bearer ${token}` } : { 'x-datahub-actor': user };
  };
  const gql: WebApp['gql'] = async (user, query, variables = {}, route = {}) => {
    const body = { ...(route.operationName ? { operationName: route.operationName } : {}), query, variables };
    const path = route.path ?? options.path ?? '/api/v2/graphql';
    const r = await http(`${route.url ?? server().url}${path}`, { body, headers: await headersOf(user) });
    expect(r.status, r.text).toBe(200);
    return r.body;
  };
  const data = (body: Json) => {
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    return body.data;
  };
  const send: WebApp['send'] = (operation, variables = {}, user = first(), route = {}) =>
    gql(user, webAppOperation(operation), variables, { ...route, operationName: operation });
  const changes = () => changeLogLength(server().services.store);
  const expectError: WebApp['expectError'] = async (user, query, variables, code, message) => {
    // Signing in writes a token: done before counting what the request writes.
    await headersOf(user);
    const before = await changes();
    expectErrorIn(await gql(user, query, variables), code, message);
    expect(await changes()).toBe(before);
  };
  return {
    tokens,
    signIn,
    headers: headersOf,
    gql,
    send,
    run: async (operation, variables, user, route) => data(await send(operation, variables, user, route)),
    execute: async (query, variables, user = first()) => data(await gql(user, query, variables)),
    changes,
    expectError,
    expectOperationError: (user, operation, variables, code, message) =>
      expectError(user, webAppOperation(operation), variables, code, message),
    async entityV2(urn, user = first()) {
      const r = await http(`${server().url}/entitiesV2/${enc(urn)}`, { headers: await headersOf(user) });
      expect(r.status, r.text).toBe(200);
      return r.body.aspects;
    },
    async search(entity, field, value, user = first()) {
      const r = await http(`${server().url}/entities?action=search`, {
        body: { entity, input: '*', filter: { or: [{ and: [{ field, value, condition: 'EQUAL' }] }] }, start: 0, count: 50 },
        headers: await headersOf(user),
      });
      expect(r.status, r.text).toBe(200);
      return searchUrns(r.body.value);
    },
    async ingest(proposals, user = first()) {
      const headers = await headersOf(user);
      const r = Array.isArray(proposals)
        ? await http(`${server().url}/aspects?action=ingestProposalBatch`, { body: { proposals }, headers })
        : await http(`${server().url}/aspects?action=ingestProposal`, { body: { proposal: proposals }, headers });
      expect(r.status, r.text).toBe(200);
    },
    async write(urn, aspect, value) {
      const { services } = server();
      await services.writePath.apply([buildProposal(services.registry, urn, aspect, 'UPSERT', value)], { actor: SYSTEM_ACTOR });
    },
  };
}
