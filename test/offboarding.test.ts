/**
 * Offboarding and what must not leak (issue 25): removing a user takes its grants, groups, role,
 * tokens and sessions with it in one write, so whoever signs up under the name next inherits
 * nothing; a password reset ends the sessions begun before, on every replica; sign-ups and resets
 * racing for one user have one winner; a password check takes as long for a user that does not
 * exist; and a user with no role learns nothing from deleteReferences, getCount or a reset link.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '../src/actors.js';
import { ACCESS_GENERATION } from '../src/auth/accessGeneration.js';
import { buildProposal } from '../src/write/proposals.js';
import { grantPolicy, serveStore, startTestServer, type TestServer } from './helpers.js';

type Json = Record<string, any>;

const ADMIN_SECRET = 'a-fixed-admin-secret-for-offboarding-tests';
const CLIENT = { id: '__datahub_system', secret: 'offboarding-tests-system-secret' };
const ADMIN = { authorization: `Bearer ${ADMIN_SECRET}` };
const SYSTEM = { authorization: `Basic ${CLIENT.id}:${CLIENT.secret}` };
const INVALID_RESET = 'Invalid reset token. Please ask your administrator to send you an updated link!';

let s: TestServer;
const clock = () => Date.now();

beforeAll(async () => {
  // Password checks are timed here by the hundred: failed sign-ins are not throttled (test/authThrottle.test.ts is about that).
  const unthrottled = { free: 1_000_000, firstLockMs: 1, maxLockMs: 1, forgetAfterMs: 1 };
  s = await startTestServer({
    auth: true,
    adminToken: ADMIN_SECRET,
    systemClient: CLIENT,
    now: clock,
    limits: { authThrottle: { user: unthrottled, address: unthrottled } },
  });
});
afterAll(async () => s?.close());

/** A request as a browser or a script makes it; `cookie` answers the session cookies it set. */
async function call(path: string, init: { body?: unknown; headers?: Record<string, string>; url?: string } = {}) {
  const res = await fetch(`${init.url ?? s.url}${path}`, {
    method: init.body !== undefined ? 'POST' : 'GET',
    redirect: 'manual',
    headers: { ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}), ...init.headers },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  const text = await res.text();
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.slice(0, c.indexOf(';')))
    .join('; ');
  return { status: res.status, body: text ? JSON.parse(text) : undefined, cookie };
}

const gql = (query: string, variables: Json, headers: Record<string, string>, url?: string) =>
  call('/api/v2/graphql', { body: { query, variables }, headers, ...(url ? { url } : {}) });

async function admin(query: string, variables: Json = {}): Promise<Json> {
  const r = await gql(query, variables, ADMIN);
  expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
  return r.body.data;
}

async function logIn(username: string, password: string): Promise<string> {
  const r = await call('/logIn', { body: { username, password } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.cookie;
}

/** Who the credentials act as, or the status and message of the refusal. */
async function me(headers: Record<string, string>, url?: string): Promise<string> {
  const r = await gql('{ me { corpUser { urn } } }', {}, headers, url);
  return r.status === 200 ? r.body.data.me.corpUser.urn : `${r.status} ${r.body.message}`;
}

const invite = async () =>
  (await admin('mutation { createInviteToken(input: {}) { inviteToken } }')).createInviteToken.inviteToken as string;

const resetTokenFor = async (userUrn: string) =>
  (
    await admin('mutation($i: CreateNativeUserResetTokenInput!) { createNativeUserResetToken(input: $i) { resetToken } }', {
      i: { userUrn },
    })
  ).createNativeUserResetToken.resetToken as string;

const signUp = (email: string, password: string, inviteToken: string) =>
  call('/signUp', { body: { fullName: email, email, title: 'Engineer', password, inviteToken } });

const createTag = (id: string, headers: Record<string, string>) =>
  gql('mutation($i: CreateTagInput!) { createTag(input: $i) }', { i: { id, name: id } }, headers);

describe('removeUser', () => {
  it('takes policies, groups, role, tokens and sessions with the user in one write: a new sign-up under the name inherits nothing', async () => {
    const email = 'olga@example.com';
    const olga = `urn:li:corpuser:${email}`;
    const { store, registry, writePath, nativeUsers, tokens, authorizer } = s.services;
    await nativeUsers.setPassword(olga, 'olga-Pa55word');
    // A policy naming her, a native group and an ingested group each granted something, and a role.
    const policy = await grantPolicy(s.services, 'olga-tags', {
      type: 'PLATFORM',
      privileges: ['MANAGE_TAGS'],
      actors: { users: ['urn:li:corpuser:someone-else', olga], allUsers: false, allGroups: false, resourceOwners: false },
    });
    const native = (await admin('mutation { createGroup(input: { id: "olga-native", name: "Native" }) }')).createGroup as string;
    await admin('mutation($i: AddGroupMembersInput!) { addGroupMembers(input: $i) }', { i: { groupUrn: native, userUrns: [olga] } });
    const ingested = 'urn:li:corpGroup:olga-ingested';
    await writePath.apply([buildProposal(registry, ingested, 'corpGroupInfo', 'UPSERT', { admins: [], members: [olga], groups: [] })], {
      actor: SYSTEM_ACTOR,
    });
    for (const [group, privilege] of [
      [native, 'MANAGE_DOMAINS'],
      [ingested, 'MANAGE_GLOSSARIES'],
    ] as const) {
      await grantPolicy(s.services, `group-${privilege}`, {
        type: 'PLATFORM',
        privileges: [privilege],
        actors: { groups: [group], allUsers: false, allGroups: false, resourceOwners: false },
      });
    }
    await admin('mutation($i: BatchAssignRoleInput!) { batchAssignRole(input: $i) }', {
      i: { roleUrn: 'urn:li:dataHubRole:Editor', actors: [olga] },
    });
    const pat = { authorization: `Bearer ${(await tokens.mint({ actorUrn: olga, duration: 'ONE_DAY', name: 'olga' })).accessToken}` };
    const session = { cookie: await logIn(email, 'olga-Pa55word') };
    expect(await authorizer.privileges(olga)).toEqual(expect.arrayContaining(['MANAGE_TAGS', 'MANAGE_DOMAINS', 'MANAGE_GLOSSARIES']));
    expect((await createTag('olga-before', session)).body.errors).toBeUndefined();
    expect(await me(pat)).toBe(olga);

    const generation = await store.generation(ACCESS_GENERATION);
    const events = (await store.readChangeLog(0, 1_000_000)).length;
    await admin('mutation($u: String!) { removeUser(urn: $u) }', { u: olga });
    // One write: the access generation moved once for the user, the policy, the group and the token together.
    expect(await store.generation(ACCESS_GENERATION)).toBe(generation + 1);
    expect((await store.readChangeLog(0, 1_000_000)).length).toBeGreaterThan(events);

    const r = await signUp(email, 'olga-new-Pa55word', await invite());
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const fresh = { cookie: r.cookie };
    expect(await me(fresh)).toBe(olga);
    const refused = await createTag('olga-after', fresh);
    expect(refused.body.errors?.[0]?.extensions?.code, JSON.stringify(refused.body)).toBe(403);
    const held = await authorizer.privileges(olga);
    for (const p of ['MANAGE_TAGS', 'MANAGE_DOMAINS', 'MANAGE_GLOSSARIES', 'EDIT_ENTITY']) expect(held).not.toContain(p);
    const policyActors = (await store.getAspect(policy, 'dataHubPolicyInfo', 0))?.value.actors as Json;
    expect(policyActors.users).toEqual(['urn:li:corpuser:someone-else']);
    expect((await store.getAspect(ingested, 'corpGroupInfo', 0))?.value.members).toEqual([]);
    expect(await store.getAspect(olga, 'roleMembership', 0)).toBeUndefined();
    expect(await store.getAspect(olga, 'nativeGroupMembership', 0)).toBeUndefined();

    expect(await me(pat)).toBe('401 Access token has been revoked');
    expect(await me(session)).toMatch(/^401 Session of urn:li:corpuser:olga@example\.com has ended/);
  });
});

describe('password reset', () => {
  it('ends the sessions begun before it, on every replica, and keeps personal tokens', async () => {
    const email = 'rita@example.com';
    const rita = `urn:li:corpuser:${email}`;
    await s.services.nativeUsers.setPassword(rita, 'rita-Pa55word');
    // A second replica: services of their own (their own caches) on the same database.
    const other = await serveStore(s.services.store, { auth: true, adminToken: ADMIN_SECRET, systemClient: CLIENT, now: clock });
    try {
      const before = { cookie: await logIn(email, 'rita-Pa55word') };
      const pat = {
        authorization: `Bearer ${(await s.services.tokens.mint({ actorUrn: rita, duration: 'ONE_DAY', name: 'r' })).accessToken}`,
      };
      for (const url of [s.url, other.url]) expect(await me(before, url)).toBe(rita);

      // Sending a reset link ends nothing: the password is still hers.
      const resetToken = await resetTokenFor(rita);
      for (const url of [s.url, other.url]) expect(await me(before, url)).toBe(rita);

      const reset = await call('/resetNativeUserCredentials', { body: { email, password: 'rita-new-Pa55word', resetToken } });
      expect(reset.status, JSON.stringify(reset.body)).toBe(200);
      const after = { cookie: reset.cookie };
      for (const url of [s.url, other.url]) {
        expect(await me(before, url)).toMatch(/^401 Session of urn:li:corpuser:rita@example\.com has ended/);
        expect(await me(after, url)).toBe(rita);
        expect(await me(pat, url)).toBe(rita);
      }
    } finally {
      await other.close();
    }
  });

  it('spends a reset token once, however many use it at once', async () => {
    const email = 'sam@example.com';
    const sam = `urn:li:corpuser:${email}`;
    await s.services.nativeUsers.setPassword(sam, 'sam-Pa55word');
    const resetToken = await resetTokenFor(sam);
    const answers = await Promise.all(
      [1, 2, 3, 4].map((i) =>
        call('/auth/resetNativeUserCredentials', { body: { userUrn: sam, password: `sam-${i}-Pa55word`, resetToken }, headers: SYSTEM }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400]);
    for (const a of answers.filter((x) => x.status === 400)) expect(a.body.message).toBe(INVALID_RESET);
    const winner = answers.findIndex((a) => a.status === 200) + 1;
    expect(await s.services.nativeUsers.verifyCredentials(sam, `sam-${winner}-Pa55word`)).toBe(true);
  });
});

describe('sign-up', () => {
  it('has exactly one winner among ten at once for one new user', async () => {
    const email = 'tess@example.com';
    const inviteToken = await invite();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => signUp(email, `tess-${i}-Pa55word`, inviteToken)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect(a.status).toBe(400);
      expect(a.body.message).toBe('This user already exists! Cannot create a new user.');
    }
    const winner = answers.findIndex((a) => a.status === 200);
    expect(await s.services.nativeUsers.verifyCredentials(`urn:li:corpuser:${email}`, `tess-${winner}-Pa55word`)).toBe(true);
    expect(await me({ cookie: answers[winner]!.cookie })).toBe(`urn:li:corpuser:${email}`);
  });
});

describe('password checks', () => {
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

  /** Median times of checks for an existing user (wrong password) and for a user that does not exist, interleaved. */
  async function timings(check: (user: string) => Promise<number>): Promise<number> {
    const existing: number[] = [];
    const missing: number[] = [];
    for (let i = 0; i < 7; i++) {
      for (const [user, into] of [
        ['una', existing],
        [`nobody-${i}`, missing],
      ] as const) {
        const started = process.hrtime.bigint();
        expect(await check(user)).toBe(401);
        into.push(Number(process.hrtime.bigint() - started));
      }
    }
    return median(existing) / median(missing);
  }

  beforeAll(async () => {
    await s.services.nativeUsers.setPassword('urn:li:corpuser:una', 'una-Pa55word');
  });

  it('take as long for a user that does not exist as for a wrong password', async () => {
    const logInRatio = await timings(async (user) => (await call('/logIn', { body: { username: user, password: 'wrong' } })).status);
    const verifyRatio = await timings(async (user) => {
      const r = await call('/auth/verifyNativeUserCredentials', {
        body: { userUrn: `urn:li:corpuser:${user}`, password: 'wrong' },
        headers: SYSTEM,
      });
      return r.body.doesPasswordMatch === false ? 401 : r.status;
    });
    // A name that is no user urn is refused after as long as well (a 400 from the system client's endpoint).
    const malformedRatio = await timings(async (user) => {
      const name = user === 'una' ? user : `${user}(`;
      const r = await call('/logIn', { body: { username: name, password: 'wrong' } });
      return r.status;
    });
    const malformedUrnRatio = await timings(async (user) => {
      const userUrn = `urn:li:corpuser:${user === 'una' ? user : `${user})`}`;
      const r = await call('/auth/verifyNativeUserCredentials', { body: { userUrn, password: 'wrong' }, headers: SYSTEM });
      return r.body.doesPasswordMatch === false || r.status === 400 ? 401 : r.status;
    });
    for (const ratio of [logInRatio, verifyRatio, malformedRatio, malformedUrnRatio]) {
      expect(ratio).toBeGreaterThan(0.5);
      expect(ratio).toBeLessThan(2);
    }
  });
});

describe('a user with no role', () => {
  let nobody: Record<string, string>;
  beforeAll(async () => {
    const { accessToken } = await s.services.tokens.mint({ actorUrn: 'urn:li:corpuser:no-role', duration: 'ONE_DAY', name: 'n' });
    nobody = { authorization: `Bearer ${accessToken}` };
  });

  it('may not list what refers to an entity, even as a dry run', async () => {
    const urn = 'urn:li:corpuser:una';
    const r = await call('/entities?action=deleteReferences', { body: { urn, dryRun: true }, headers: nobody });
    expect(r.status).toBe(403);
    expect(r.body.message).toMatch(/DELETE_ENTITY/);
    expect((await call('/entities?action=deleteReferences', { body: { urn, dryRun: true }, headers: ADMIN })).status).toBe(200);
  });

  it('may not count credentials', async () => {
    const r = await call('/aspects?action=getCount', { body: { aspect: 'corpUserCredentials' }, headers: nobody });
    expect(r.status).toBe(403);
    const allowed = await call('/aspects?action=getCount', { body: { aspect: 'corpUserCredentials' }, headers: ADMIN });
    expect(allowed.body.value).toBeGreaterThan(0);
    expect((await call('/aspects?action=getCount', { body: { aspect: 'corpUserInfo' }, headers: nobody })).status).toBe(200);
  });

  it('learns from a reset link neither whether a user exists nor whether a reset is pending', async () => {
    const vera = 'urn:li:corpuser:vera@example.com';
    await s.services.nativeUsers.setPassword(vera, 'vera-Pa55word');
    const reset = (email: string, resetToken: string) =>
      call('/resetNativeUserCredentials', { body: { email, password: 'x-Pa55word', resetToken }, headers: nobody });
    const answers = [await reset('vera@example.com', 'no-token-pending'), await reset('nobody@example.com', 'no-such-user')];
    await resetTokenFor(vera);
    answers.push(await reset('vera@example.com', 'the-wrong-token'));
    for (const a of answers) {
      expect(a.status).toBe(400);
      expect(a.body.message).toBe(INVALID_RESET);
    }
  });
});
