/**
 * What the GraphQL loader and the services read goes through the entity reader, which leaves out what
 * the reader may not see: a user's credentials and other users' tokens stay hidden from a caller
 * without the privilege, whichever resolver asks, while the facts the app shows of them still answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webApp } from '../../test/webApp.js';
import { startTestServer, type TestServer } from '../../test/helpers.js';

let s: TestServer;
const ALICE = 'urn:li:corpuser:alice';
const BOB = 'urn:li:corpuser:bob';
const ADMIN = 'urn:li:corpuser:datahub';
const users = webApp(() => s);
let bobsToken = '';

beforeAll(async () => {
  s = await startTestServer({ auth: true });
  await s.services.nativeUsers.setPassword(ALICE, 'a long enough password');
  await s.services.nativeUsers.setPassword(BOB, 'another long password');
  for (const actorUrn of [ALICE, ADMIN]) {
    const { accessToken } = await s.services.tokens.mint({ actorUrn, duration: 'ONE_HOUR', name: 'test' });
    users.tokens.set(actorUrn, accessToken);
  }
  bobsToken = (await s.services.tokens.mint({ actorUrn: BOB, duration: 'ONE_HOUR', name: "bob's" })).metadata.urn;
});
afterAll(async () => s.close());

describe('the entity reader', () => {
  it('leaves hidden aspects and entity types out for a reader without the privilege, not for one with it', async () => {
    const { reader } = s.services;
    const asAlice = await reader.visibleTo(ALICE).latest([BOB, bobsToken]);
    expect(asAlice.get(BOB)?.map((r) => r.aspect)).toContain('corpUserKey');
    expect(asAlice.get(BOB)?.map((r) => r.aspect)).not.toContain('corpUserCredentials');
    expect(asAlice.get(bobsToken) ?? []).toEqual([]);

    const asAdmin = await reader.visibleTo(ADMIN).latest([BOB, bobsToken]);
    expect(asAdmin.get(BOB)?.map((r) => r.aspect)).toContain('corpUserCredentials');
    expect(asAdmin.get(bobsToken)?.map((r) => r.aspect)).toContain('dataHubAccessTokenInfo');
  });

  it('knows whether an entity is stored, and as which type', async () => {
    const { reader } = s.services;
    expect(await reader.exists(BOB)).toBe(true);
    expect(await reader.exists('urn:li:corpuser:nobody')).toBe(false);
    expect(await reader.exists('not an urn')).toBe(false);
    expect(await reader.existsAs(BOB, 'corpuser')).toBe(true);
    expect(await reader.existsAs(BOB, 'corpGroup')).toBe(false);
  });
});

describe('GraphQL reads through it', () => {
  const TOKEN = `query($urn: String!) { entity(urn: $urn) { urn ... on AccessTokenMetadata { name ownerUrn actorUrn } } }`;

  it("answers nothing of another user's token to a caller who may not manage tokens", async () => {
    const asAlice = await users.gql(ALICE, TOKEN, { urn: bobsToken });
    expect(asAlice.data?.entity?.name ?? null).toBeNull();
    expect(asAlice.data?.entity?.actorUrn ?? null).toBeNull();
    const asAdmin = await users.gql(ADMIN, TOKEN, { urn: bobsToken });
    expect(asAdmin.data.entity).toMatchObject({ name: "bob's", actorUrn: BOB });
  });

  it("leaves a user's credentials out of the entity's raw aspects for a caller who may not manage them", async () => {
    const q = `query($urn: String!) { corpUser(urn: $urn) { aspects(input: {}) { aspectName } } }`;
    const names = async (user: string) =>
      (await users.execute(q, { urn: BOB }, user)).corpUser.aspects.map((a: { aspectName: string }) => a.aspectName);
    expect(await names(ALICE)).toContain('corpUserKey');
    expect(await names(ALICE)).not.toContain('corpUserCredentials');
    expect(await names(ADMIN)).toContain('corpUserCredentials');
  });

  it('still tells whether a user has a password here, without the credentials', async () => {
    const q = `query($urn: String!) { corpUser(urn: $urn) { isNativeUser } }`;
    expect((await users.gql(ALICE, q, { urn: BOB })).data.corpUser.isNativeUser).toBe(true);
    expect((await users.gql(ALICE, q, { urn: 'urn:li:corpuser:elsewhere' })).data.corpUser.isNativeUser).toBe(false);
  });

  it("lists the caller's own tokens, whose metadata the token service answered", async () => {
    const q = `query($input: ListAccessTokenInput!) { listAccessTokens(input: $input) { total tokens { name actorUrn } } }`;
    const own = await users.execute(q, { input: { start: 0, count: 10, filters: [{ field: 'ownerUrn', values: [ALICE] }] } }, ALICE);
    expect(own.listAccessTokens.tokens).toEqual([{ name: 'test', actorUrn: ALICE }]);
  });
});
