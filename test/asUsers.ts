/**
 * A server seen by several users, each with a token: GraphQL as one of them (the app's operations or a
 * document of the test's own), refusals checked to write nothing, and the REST reads and searches that
 * show what an edit did.
 */
import { expect } from 'vitest';
import { enc, http, type TestServer } from './helpers.js';
import { webAppOperation } from './webAppOperations.js';

type Json = any;

export interface AsUsers {
  /** The user's tokens, by urn; fill it before use. */
  tokens: Map<string, string>;
  gql(user: string, query: string, variables?: Json): Promise<Json>;
  /** One of the app's operations as `user` (by default the first with a token), which must succeed. */
  run(operation: string, variables?: Json, user?: string): Promise<Json>;
  /** A document of the test's own (the app has none for it), which must succeed. */
  mutate(query: string, variables: Json, user?: string): Promise<Json>;
  /** Rows of the change log so far. */
  changes(): Promise<number>;
  /** A refusal or a client error as GraphQL answers it (`code`, and the message when given), with nothing written. */
  expectError(user: string, query: string, variables: Json, code: number, message?: string | RegExp): Promise<void>;
  entityV2(urn: string, user?: string): Promise<Json>;
  /** Urns a REST search of one type finds with `field` equal to `value`. */
  search(entity: string, field: string, value: string, user?: string): Promise<string[]>;
}

export function asUsers(server: () => TestServer): AsUsers {
  const tokens = new Map<string, string>();
  const first = () => tokens.keys().next().value as string;
  const bearer = (user: string) => ({ authorization: `Bearer ${tokens.get(user)}` });
  const gql = async (user: string, query: string, variables: Json = {}) => {
    const r = await http(`${server().url}/api/v2/graphql`, { body: { query, variables }, headers: bearer(user) });
    expect(r.status, r.text).toBe(200);
    return r.body;
  };
  const succeed = async (user: string, query: string, variables: Json) => {
    const body = await gql(user, query, variables);
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    return body.data;
  };
  const changes = async () => (await server().services.store.readChangeLog(0, 1_000_000)).length;
  return {
    tokens,
    gql,
    run: (operation, variables = {}, user = first()) => succeed(user, webAppOperation(operation), variables),
    mutate: (query, variables, user = first()) => succeed(user, query, variables),
    changes,
    async expectError(user, query, variables, code, message) {
      const before = await changes();
      const body = await gql(user, query, variables);
      expect(body.errors?.[0]?.extensions?.code, JSON.stringify(body.errors)).toBe(code);
      if (typeof message === 'string') expect(body.errors[0].message).toBe(message);
      else if (message) expect(body.errors[0].message).toMatch(message);
      expect(await changes()).toBe(before);
    },
    async entityV2(urn, user = first()) {
      const r = await http(`${server().url}/entitiesV2/${enc(urn)}`, { headers: bearer(user) });
      expect(r.status, r.text).toBe(200);
      return r.body.aspects;
    },
    async search(entity, field, value, user = first()) {
      const r = await http(`${server().url}/entities?action=search`, {
        body: { entity, input: '*', filter: { or: [{ and: [{ field, value, condition: 'EQUAL' }] }] }, start: 0, count: 50 },
        headers: bearer(user),
      });
      expect(r.status, r.text).toBe(200);
      return r.body.value.entities as string[];
    },
  };
}
