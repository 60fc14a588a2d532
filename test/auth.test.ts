/**
 * Authentication on the wire: 401s that say why, on REST and GraphQL, directly and under /api/gms;
 * the open routes; ADMIN_TOKEN; the token API and its rules; policy management; `me`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ACTOR } from '../src/actors.js';
import { UNAUTHORIZED_MESSAGE } from '../src/auth/authorizer.js';
import { expectEach, grantPolicy, http, mcp, startTestServer, TEST_DATABASE_URL, type TestServer } from './helpers.js';

type Json = Record<string, any>;

const ADMIN_SECRET = 'a-fixed-admin-secret-for-tests';
const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,auth.orders,PROD)';
const BOB = 'urn:li:corpuser:bob';
const CAROL = 'urn:li:corpuser:carol';

let s: TestServer;
let clock = Date.UTC(2026, 10, 22);
beforeAll(async () => {
  s = await startTestServer({ auth: true, adminToken: ADMIN_SECRET, now: () => clock });
});
afterAll(async () => s.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function mint(user: string, duration = 'ONE_DAY'): Promise<string> {
  return (await s.services.tokens.mint({ actorUrn: user, duration, name: 'test' })).accessToken;
}

async function gql(headers: Record<string, string>, query: string, variables: Json = {}, path = '/api/graphql') {
  return http(`${s.url}${path}`, { body: { query, variables }, headers });
}

/** One REST read, one REST write and one GraphQL call, each directly and under /api/gms. */
const CALLS: Array<{ name: string; send: (headers: Record<string, string>) => ReturnType<typeof http> }> = [];
for (const prefix of ['', '/api/gms']) {
  CALLS.push(
    {
      name: `GET ${prefix}/entitiesV2`,
      send: (headers) => http(`${s.url}${prefix}/entitiesV2/${encodeURIComponent(DATASET)}`, { headers }),
    },
    {
      name: `POST ${prefix}/aspects?action=ingestProposal`,
      send: (headers) =>
        http(`${s.url}${prefix}/aspects?action=ingestProposal`, {
          body: { proposal: mcp(DATASET, 'status', { removed: false }) },
          headers,
        }),
    },
    { name: `POST ${prefix}/api/graphql`, send: (headers) => gql(headers, '{ me { corpUser { urn } } }', {}, `${prefix}/api/graphql`) },
  );
}
CALLS.push({ name: 'POST /api/v2/graphql', send: (headers) => gql(headers, '{ me { corpUser { urn } } }', {}, '/api/v2/graphql') });

describe('a call without a valid token', () => {
  const wronglySigned = () =>
    new SignJWT({ actorType: 'USER', actorId: 'datahub', type: 'PERSONAL', version: '2' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('datahub')
      .setExpirationTime('1d')
      .sign(new TextEncoder().encode('some-other-key-that-is-long-enough-000'));

  const CASES: Array<[string, () => Promise<Record<string, string>>, RegExp]> = [
    ['no Authorization header', async () => ({}), /Authentication required/],
    ['a malformed header', async () => ({ authorization: 'Basic ZGF0YWh1YjpkYXRhaHVi' }), /Malformed Authorization header/],
    ['a token that is not a JWT', async () => bearer('not-a-token'), /Malformed access token/],
    ['a token signed with another key', async () => bearer(await wronglySigned()), /signature/],
    [
      'an expired token',
      async () => {
        const token = await mint(ADMIN_ACTOR, 'ONE_HOUR');
        clock += 2 * 3_600_000;
        return bearer(token);
      },
      /expired at/,
    ],
    [
      'a revoked token',
      async () => {
        const token = await mint(ADMIN_ACTOR);
        await s.services.tokens.revoke(ADMIN_ACTOR, await s.services.tokens.tokenId(token));
        return bearer(token);
      },
      /revoked/,
    ],
  ];

  it.each(CASES)(
    'with %s gets 401 and a JSON body saying why, on REST and GraphQL, directly and under /api/gms',
    async (_name, headers, why) => {
      const h = await headers();
      for (const call of CALLS) {
        const reply = await call.send(h);
        expect(reply.status, call.name).toBe(401);
        expect(reply.body.status, call.name).toBe(401);
        expect(reply.body.message, call.name).toMatch(why);
        expect(reply.headers.get('www-authenticate')).toBe('Bearer');
      }
    },
  );

  it('cannot pick its actor with X-DataHub-Actor', async () => {
    const reply = await http(`${s.url}/aspects?action=ingestProposal`, {
      body: { proposal: mcp(DATASET, 'status', { removed: false }) },
      headers: { 'x-datahub-actor': ADMIN_ACTOR },
    });
    expect(reply.status).toBe(401);
  });

  it('still reaches /health, /config, the resource docs and the explorer page', async () => {
    for (const path of ['/health', '/config', '/api/gms/health', '/api/gms/config', '/resource/docs', '/api/graphiql']) {
      expect((await http(`${s.url}${path}`)).status, path).toBe(200);
    }
  });
});

describe('a valid token', () => {
  it('works on every API, directly and under /api/gms, and acts as its user', async () => {
    const token = await mint(ADMIN_ACTOR);
    for (const call of CALLS) expect((await call.send(bearer(token))).status, call.name).toBe(200);
    const me = await gql(bearer(token), '{ me { corpUser { urn username } platformPrivileges { managePolicies manageTokens } } }');
    expect(me.body.data.me).toEqual({
      corpUser: { urn: ADMIN_ACTOR, username: 'datahub' },
      platformPrivileges: { managePolicies: true, manageTokens: true },
    });
  });

  it('has exactly its user’s privileges, whatever X-DataHub-Actor says', async () => {
    const token = await mint(BOB);
    const write = await http(`${s.url}/aspects?action=ingestProposal`, {
      body: { proposal: mcp(DATASET, 'status', { removed: false }) },
      headers: { ...bearer(token), 'x-datahub-actor': ADMIN_ACTOR },
    });
    expect(write.status).toBe(403);
    expect(write.body.exceptionClass).toBe('com.linkedin.restli.server.RestLiServiceException');
    expect(write.body.message).toContain(BOB);
    const me = await gql(bearer(token), '{ me { corpUser { urn } platformPrivileges { managePolicies generatePersonalAccessTokens } } }');
    expect(me.body.data.me).toEqual({
      corpUser: { urn: BOB },
      platformPrivileges: { managePolicies: false, generatePersonalAccessTokens: true },
    });
  });

  it('ADMIN_TOKEN is accepted as the admin user', async () => {
    const reply = await http(`${s.url}/aspects?action=ingestProposal`, {
      body: { proposal: mcp(DATASET, 'datasetProperties', { description: 'by admin' }) },
      headers: bearer(ADMIN_SECRET),
    });
    expect(reply.status).toBe(200);
    const read = await http(`${s.url}/entitiesV2/${encodeURIComponent(DATASET)}`, { headers: bearer(ADMIN_SECRET) });
    expect(read.body.aspects.datasetProperties.created.actor).toBe(ADMIN_ACTOR);
    expect((await http(`${s.url}/entitiesV2/x`, { headers: bearer(`${ADMIN_SECRET}x`) })).status).toBe(401);
  });
});

const CREATE = `mutation($i: CreateAccessTokenInput!) { createAccessToken(input: $i) { accessToken metadata { id urn type name description actorUrn ownerUrn createdAt expiresAt } } }`;
const LIST = `query($i: ListAccessTokenInput!) { listAccessTokens(input: $i) { start count total tokens { id name actorUrn ownerUrn expiresAt } } }`;

describe('the token API', () => {
  it('lets users create tokens for themselves, shown once, that work at once', async () => {
    const bobToken = await mint(BOB);
    const reply = await gql(bearer(bobToken), CREATE, {
      i: { type: 'PERSONAL', actorUrn: BOB, duration: 'ONE_WEEK', name: 'laptop', description: 'for the CLI' },
    });
    expect(reply.body.errors).toBeUndefined();
    const created = reply.body.data.createAccessToken;
    expect(created.metadata).toMatchObject({
      type: 'ACCESS_TOKEN',
      name: 'laptop',
      description: 'for the CLI',
      actorUrn: BOB,
      ownerUrn: BOB,
      createdAt: clock,
      expiresAt: clock + 7 * 86_400_000,
    });
    expect(created.metadata.urn).toBe(`urn:li:dataHubAccessToken:${created.metadata.id}`);
    const me = await gql(bearer(created.accessToken), '{ me { corpUser { urn } } }');
    expect(me.body.data.me.corpUser.urn).toBe(BOB);
    const meta = await gql(bearer(bobToken), 'query($t: String!) { getAccessTokenMetadata(token: $t) { id name ownerUrn } }', {
      t: created.accessToken,
    });
    expect(meta.body.data.getAccessTokenMetadata).toEqual({ id: created.metadata.id, name: 'laptop', ownerUrn: BOB });
  });

  it('answers an actorUrn that is not a user urn with 400', async () => {
    const admin = bearer(await mint(ADMIN_ACTOR));
    for (const actorUrn of ['not-an-urn', 'urn:li:corpGroup:team']) {
      const reply = await gql(admin, CREATE, { i: { type: 'PERSONAL', actorUrn, duration: 'ONE_HOUR', name: 'x' } });
      expect(reply.body.errors[0].extensions, actorUrn).toMatchObject({ code: 400, type: 'BAD_REQUEST' });
    }
  });

  it('refuses a token for someone else without Manage All Access Tokens; the admin may', async () => {
    const input = { type: 'PERSONAL', actorUrn: CAROL, duration: 'ONE_HOUR', name: 'for carol' };
    const refused = await gql(bearer(await mint(BOB)), CREATE, { i: input });
    expect(refused.body.errors[0]).toMatchObject({ message: UNAUTHORIZED_MESSAGE, extensions: { code: 403, type: 'UNAUTHORIZED' } });
    const allowed = await gql(bearer(await mint(ADMIN_ACTOR)), CREATE, { i: input });
    expect(allowed.body.data.createAccessToken.metadata).toMatchObject({ actorUrn: CAROL, ownerUrn: ADMIN_ACTOR });
  });

  it('refuses even self-service tokens once the all-users policy is switched off', async () => {
    const admin = bearer(await mint(ADMIN_ACTOR));
    const policy = 'urn:li:dataHubPolicy:7';
    const update = 'mutation($u: String!, $i: PolicyUpdateInput!) { updatePolicy(urn: $u, input: $i) }';
    const base = {
      type: 'PLATFORM',
      name: 'All Users - Base Platform Privileges',
      privileges: ['VIEW_ANALYTICS', 'GENERATE_PERSONAL_ACCESS_TOKENS'],
      actors: { allUsers: true, resourceOwners: false, allGroups: false },
    };
    const carol = bearer(await mint(CAROL));
    try {
      expect((await gql(admin, update, { u: policy, i: { ...base, state: 'INACTIVE' } })).body.errors).toBeUndefined();
      const refused = await gql(carol, CREATE, { i: { type: 'PERSONAL', actorUrn: CAROL, duration: 'ONE_HOUR', name: 'mine' } });
      expect(refused.body.errors[0].extensions.code).toBe(403);
    } finally {
      await gql(admin, update, { u: policy, i: { ...base, state: 'ACTIVE' } });
    }
    expect(
      (await gql(carol, CREATE, { i: { type: 'PERSONAL', actorUrn: CAROL, duration: 'ONE_HOUR', name: 'mine' } })).body.errors,
    ).toBeUndefined();
  });

  it('lists one’s own tokens only when asked by ownerUrn (value or values), and everyone’s for admins', async () => {
    const dave = 'urn:li:corpuser:dave';
    const daveToken = await mint(dave);
    for (const name of ['one', 'two'])
      await gql(bearer(daveToken), CREATE, { i: { type: 'PERSONAL', actorUrn: dave, duration: 'ONE_MONTH', name } });
    const unfiltered = await gql(bearer(daveToken), LIST, { i: {} });
    expect(unfiltered.body.errors[0].extensions.code).toBe(403);
    for (const filter of [
      { field: 'ownerUrn', values: [dave] },
      { field: 'ownerUrn', value: dave },
    ]) {
      const own = await gql(bearer(daveToken), LIST, { i: { filters: [filter] } });
      expect(own.body.errors).toBeUndefined();
      expect(own.body.data.listAccessTokens.tokens.map((t: Json) => t.name).sort()).toEqual(['one', 'test', 'two']);
      expectEach(own.body.data.listAccessTokens.tokens, (t: Json) => t.ownerUrn === dave);
      expect(own.body.data.listAccessTokens.total).toBe(3);
    }
    const someoneElses = await gql(bearer(daveToken), LIST, { i: { filters: [{ field: 'ownerUrn', values: [ADMIN_ACTOR] }] } });
    expect(someoneElses.body.errors[0].extensions.code).toBe(403);
    const all = await gql(bearer(await mint(ADMIN_ACTOR)), LIST, { i: { count: 1000 } });
    expect(all.body.data.listAccessTokens.tokens.some((t: Json) => t.ownerUrn === dave)).toBe(true);
    expect(all.body.data.listAccessTokens.tokens.some((t: Json) => t.ownerUrn === ADMIN_ACTOR)).toBe(true);
  });

  it('revokes a token for its owner (it fails at once), refuses other users', async () => {
    const erin = 'urn:li:corpuser:erin';
    const erinToken = await mint(erin);
    const created = (
      await gql(bearer(erinToken), CREATE, { i: { type: 'PERSONAL', actorUrn: erin, duration: 'ONE_DAY', name: 'soon revoked' } })
    ).body.data.createAccessToken;
    const revoke = 'mutation($id: String!) { revokeAccessToken(tokenId: $id) }';
    const byBob = await gql(bearer(await mint(BOB)), revoke, { id: created.metadata.id });
    expect(byBob.body.errors[0].extensions.code).toBe(403);
    expect((await gql(bearer(created.accessToken), '{ me { corpUser { urn } } }')).status).toBe(200);
    const byErin = await gql(bearer(erinToken), revoke, { id: created.metadata.id });
    expect(byErin.body).toMatchObject({ data: { revokeAccessToken: true } });
    const after = await gql(bearer(created.accessToken), '{ me { corpUser { urn } } }');
    expect(after.status).toBe(401);
    expect(after.body.message).toMatch(/revoked/);
  });

  it('never stores the token text: the database holds only a hash', async () => {
    const token = (
      await gql(bearer(await mint(ADMIN_ACTOR)), CREATE, {
        i: { type: 'PERSONAL', actorUrn: ADMIN_ACTOR, duration: 'NO_EXPIRY', name: 'secret' },
      })
    ).body.data.createAccessToken.accessToken;
    const signature = token.split('.')[2];
    expect(signature.length).toBeGreaterThan(20);
    if (!TEST_DATABASE_URL) {
      for (const file of readdirSync(s.dir)) {
        const bytes = readFileSync(join(s.dir, file)).toString('latin1');
        expect(bytes.includes(token), file).toBe(false);
        expect(bytes.includes(signature), file).toBe(false);
      }
    } else {
      // Every row of every table of the test server's database, as text.
      const client = new pg.Client({ connectionString: s.databaseUrl });
      await client.connect();
      try {
        const tables = await client.query<{ name: string }>(
          "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'",
        );
        expect(tables.rows.length).toBeGreaterThan(3);
        for (const { name } of tables.rows) {
          const hits = await client.query(`SELECT count(*)::int AS n FROM "${name}" t WHERE t::text LIKE '%' || $1 || '%'`, [signature]);
          expect(hits.rows[0].n, name).toBe(0);
        }
      } finally {
        await client.end();
      }
    }
  });
});

describe('policies', () => {
  const LIST_POLICIES =
    'query($i: ListPoliciesInput!) { listPolicies(input: $i) { total policies { urn name type state privileges editable actors { users allUsers resourceOwners resolvedUsers { urn } } resources { type resources allResources } } } }';
  const CREATE_POLICY = 'mutation($i: PolicyUpdateInput!) { createPolicy(input: $i) }';

  it('are listed for admins, with the built-in ones not editable, and refused to others', async () => {
    const admin = bearer(await mint(ADMIN_ACTOR));
    const listed = (await gql(admin, LIST_POLICIES, { i: { start: 0, count: 100 } })).body.data.listPolicies;
    const root = listed.policies.find((p: Json) => p.urn === 'urn:li:dataHubPolicy:0');
    expect(root).toMatchObject({
      name: 'Root User - All Platform Privileges',
      type: 'PLATFORM',
      state: 'ACTIVE',
      editable: false,
      actors: { users: [ADMIN_ACTOR], resolvedUsers: [{ urn: ADMIN_ACTOR }] },
    });
    expect(root.privileges).toContain('MANAGE_POLICIES');
    const refused = await gql(bearer(await mint(BOB)), LIST_POLICIES, { i: {} });
    expect(refused.body.errors[0]).toMatchObject({ message: UNAUTHORIZED_MESSAGE, extensions: { code: 403 } });
  });

  it('are created, take effect on the next request, are updated and deleted; built-in ones cannot be changed', async () => {
    const admin = bearer(await mint(ADMIN_ACTOR));
    const frank = 'urn:li:corpuser:frank';
    const frankToken = bearer(await mint(frank));
    const dataset = 'urn:li:dataset:(urn:li:dataPlatform:hive,auth.frank,PROD)';
    const write = () =>
      http(`${s.url}/aspects?action=ingestProposal`, {
        body: { proposal: mcp(dataset, 'datasetProperties', { description: 'frank' }) },
        headers: frankToken,
      });
    expect((await write()).status).toBe(403);

    const input = {
      type: 'METADATA',
      name: 'Frank edits hive',
      state: 'ACTIVE',
      privileges: ['EDIT_ENTITY'],
      actors: { users: [frank], resourceOwners: false, allUsers: false, allGroups: false },
      resources: { type: 'dataset', allResources: true },
    };
    const urn = (await gql(admin, CREATE_POLICY, { i: input })).body.data.createPolicy;
    expect(urn).toMatch(/^urn:li:dataHubPolicy:/);
    expect((await write()).status).toBe(200);

    const granted = await gql(frankToken, 'query($i: GetGrantedPrivilegesInput!) { getGrantedPrivileges(input: $i) { privileges } }', {
      i: { actorUrn: frank, resourceSpec: { resourceType: 'DATASET', resourceUrn: dataset } },
    });
    expect(granted.body.data.getGrantedPrivileges.privileges).toContain('EDIT_ENTITY');
    const entityPrivileges = await gql(frankToken, 'query($u: String!) { dataset(urn: $u) { privileges { canEditTags canEditOwners } } }', {
      u: dataset,
    });
    expect(entityPrivileges.body.data.dataset.privileges).toEqual({ canEditTags: true, canEditOwners: true });

    const narrowed = await gql(admin, 'mutation($u: String!, $i: PolicyUpdateInput!) { updatePolicy(urn: $u, input: $i) }', {
      u: urn,
      i: { ...input, resources: { type: 'chart', allResources: false } },
    });
    expect(narrowed.body.data.updatePolicy).toBe(urn);
    expect((await write()).status).toBe(403);

    expect((await gql(admin, 'mutation($u: String!) { deletePolicy(urn: $u) }', { u: urn })).body.data.deletePolicy).toBe(urn);
    const listed = (await gql(admin, LIST_POLICIES, { i: { count: 1000 } })).body.data.listPolicies.policies.map((p: Json) => p.urn);
    expect(listed).not.toContain(urn);

    const builtIn = await gql(admin, 'mutation($u: String!) { deletePolicy(urn: $u) }', { u: 'urn:li:dataHubPolicy:0' });
    expect(builtIn.body.errors[0]).toMatchObject({ extensions: { code: 400 } });
    expect(builtIn.body.errors[0].message).toMatch(/built in/);
  });

  it('grant through a group listed on the user or on the group, and through resource filters by domain', async () => {
    const grace = 'urn:li:corpuser:grace';
    const token = bearer(await mint(grace));
    const inDomain = 'urn:li:dataset:(urn:li:dataPlatform:hive,auth.marketing,PROD)';
    const elsewhere = 'urn:li:dataset:(urn:li:dataPlatform:hive,auth.finance,PROD)';
    const admin = bearer(ADMIN_SECRET);
    for (const urn of [inDomain, elsewhere])
      await http(`${s.url}/aspects?action=ingestProposal`, {
        body: { proposal: mcp(urn, 'datasetProperties', { description: 'x' }) },
        headers: admin,
      });
    await http(`${s.url}/aspects?action=ingestProposal`, {
      body: { proposal: mcp(inDomain, 'domains', { domains: ['urn:li:domain:marketing'] }) },
      headers: admin,
    });
    await http(`${s.url}/aspects?action=ingestProposal`, {
      body: { proposal: mcp(grace, 'groupMembership', { groups: ['urn:li:corpGroup:marketers'] }) },
      headers: admin,
    });
    await grantPolicy(s.services, 'marketers-edit-marketing', {
      privileges: ['EDIT_ENTITY'],
      actors: { groups: ['urn:li:corpGroup:marketers'] },
      resources: { filter: { criteria: [{ field: 'DOMAIN', values: ['urn:li:domain:marketing'], condition: 'EQUALS' }] } },
    });
    const write = (urn: string) =>
      http(`${s.url}/aspects?action=ingestProposal`, {
        body: { proposal: mcp(urn, 'datasetProperties', { description: 'grace' }) },
        headers: token,
      });
    expect((await write(inDomain)).status).toBe(200);
    expect((await write(elsewhere)).status).toBe(403);
  });
});
