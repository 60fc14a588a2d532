/**
 * DataHub's frontend server logging people in through `/auth/*`, as its AuthServiceClient calls
 * them: with the system client's Basic credentials, sign-up with an invite token, password checks,
 * a session token used on GraphQL, the reset flow; and every refusal on the way. No password, invite
 * or reset token is kept in clear in the database.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeJwt } from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, startTestServer, TEST_DATABASE_URL, type TestServer } from './helpers.js';

type Json = Record<string, any>;

const ADMIN_SECRET = 'a-fixed-admin-secret-for-frontend-tests';
const CLIENT = { id: '__datahub_system', secret: 'frontend-system-secret' };
const SYSTEM = { authorization: `Basic ${CLIENT.id}:${CLIENT.secret}` };
const ADMIN = { authorization: `Bearer ${ADMIN_SECRET}` };
const ALICE = 'urn:li:corpuser:alice';
const BOB = 'urn:li:corpuser:bob';
const FIRST_PASSWORD = 'first-Pa55word-of-alice';
const SECOND_PASSWORD = 'second-Pa55word-of-alice';
const HOUR = 3_600_000;

let s: TestServer;
let clock = Date.UTC(2026, 10, 24);
/** Every token handed out, to look for in the database afterwards. */
const secrets: string[] = [FIRST_PASSWORD, SECOND_PASSWORD];

beforeAll(async () => {
  s = await startTestServer({ auth: true, adminToken: ADMIN_SECRET, systemClient: CLIENT, now: () => clock });
});
afterAll(async () => s?.close());

const auth = (endpoint: string, body: unknown, headers: Record<string, string> = SYSTEM) =>
  http(`${s.url}/auth/${endpoint}`, { body, headers });
const gql = (headers: Record<string, string>, query: string, variables: Json = {}) =>
  http(`${s.url}/api/v2/graphql`, { body: { query, variables }, headers });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const CREATE_INVITE = 'mutation($i: CreateInviteTokenInput!) { createInviteToken(input: $i) { inviteToken } }';
const GET_INVITE = 'query($i: GetInviteTokenInput!) { getInviteToken(input: $i) { inviteToken } }';
const CREATE_RESET = 'mutation($i: CreateNativeUserResetTokenInput!) { createNativeUserResetToken(input: $i) { resetToken } }';

async function inviteToken(query: string, roleUrn?: string): Promise<string> {
  const r = await gql(ADMIN, query, { i: roleUrn ? { roleUrn } : {} });
  expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
  const token = (r.body.data.createInviteToken ?? r.body.data.getInviteToken).inviteToken as string;
  secrets.push(token);
  return token;
}

async function resetToken(userUrn: string): Promise<string> {
  const r = await gql(ADMIN, CREATE_RESET, { i: { userUrn } });
  expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
  secrets.push(r.body.data.createNativeUserResetToken.resetToken);
  return r.body.data.createNativeUserResetToken.resetToken;
}

const signUpBody = (inviteToken: string, userUrn = ALICE) => ({
  userUrn,
  fullName: 'Alice Liddell',
  email: 'alice@example.com',
  title: 'Data Scientist',
  password: FIRST_PASSWORD,
  inviteToken,
});

async function passwordMatches(userUrn: string, password: string): Promise<boolean> {
  const r = await auth('verifyNativeUserCredentials', { userUrn, password });
  expect(r.status, r.text).toBe(200);
  return r.body.doesPasswordMatch;
}

async function session(userId: string): Promise<string> {
  const r = await auth('generateSessionTokenForUser', { userId });
  expect(r.status, r.text).toBe(200);
  return r.body.accessToken;
}

describe("DataHub's frontend server logs a native user in", () => {
  let invite: string;

  it('hands out invite links to whoever may manage policies, and shows the same one again', async () => {
    invite = await inviteToken(CREATE_INVITE);
    // As DataHub makes them: 32 lowercase letters, which its web app's flows read from the invite link.
    expect(invite).toMatch(/^[a-z]{32}$/);
    expect(await inviteToken(GET_INVITE)).toBe(invite);
    // A link for a role is another link.
    const forReaders = await inviteToken(CREATE_INVITE, 'urn:li:dataHubRole:Reader');
    expect(forReaders).not.toBe(invite);
    expect(await inviteToken(GET_INVITE)).toBe(invite);

    const bob = await s.services.tokens.mint({ actorUrn: BOB, duration: 'ONE_DAY', name: 'bob' });
    const refused = await gql(bearer(bob.accessToken), CREATE_INVITE, { i: {} });
    expect(refused.body.errors[0].message).toBe(
      'Unauthorized to create invite tokens. Please contact your DataHub administrator if this needs corrective action.',
    );
    const notAGet = await gql(bearer(bob.accessToken), GET_INVITE, { i: {} });
    expect(notAGet.body.errors[0].message).toBe(
      'Unauthorized to get invite tokens. Please contact your DataHub administrator if this needs corrective action.',
    );
    const notARole = await gql(ADMIN, CREATE_INVITE, { i: { roleUrn: 'urn:li:corpuser:bob' } });
    expect(notARole.body.errors[0].message).toMatch(/roleUrn must be a dataHubRole urn/);
  });

  it('signs up a native user with an invite token', async () => {
    const r = await auth('signUp', signUpBody(invite));
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual({ isNativeUserCreated: true });
  });

  it('checks the password: the right one matches, a wrong one does not', async () => {
    expect(await passwordMatches(ALICE, FIRST_PASSWORD)).toBe(true);
    expect(await passwordMatches(ALICE, 'not-her-password')).toBe(false);
    expect(await passwordMatches(BOB, FIRST_PASSWORD)).toBe(false);
  });

  it('mints a session token that GraphQL takes as the user, until it expires a day later', async () => {
    const token = await session('alice');
    expect(decodeJwt(token)).toMatchObject({ type: 'SESSION', actorType: 'USER', actorId: 'alice', sub: 'alice' });
    const me = await gql(bearer(token), '{ me { corpUser { urn username isNativeUser properties { fullName email title } } } }');
    expect(me.body.errors, JSON.stringify(me.body.errors)).toBeUndefined();
    expect(me.body.data.me.corpUser).toEqual({
      urn: ALICE,
      username: 'alice',
      isNativeUser: true,
      properties: { fullName: 'Alice Liddell', email: 'alice@example.com', title: 'Data Scientist' },
    });
    // The admin of the frontend's own login file has no password here.
    const admin = await gql(ADMIN, '{ me { corpUser { isNativeUser } } }');
    expect(admin.body.data.me.corpUser.isNativeUser).toBe(false);
    // Session tokens are not personal access tokens: they are not listed among them.
    const listed = await gql(ADMIN, 'query { listAccessTokens(input: {start: 0, count: 100}) { tokens { actorUrn } } }');
    expect(listed.body.data.listAccessTokens.tokens.map((t: Json) => t.actorUrn)).not.toContain(ALICE);

    clock += 25 * HOUR;
    try {
      const expired = await gql(bearer(token), '{ me { corpUser { urn } } }');
      expect(expired.status).toBe(401);
      expect(expired.text).toMatch(/expired/);
    } finally {
      clock -= 25 * HOUR;
    }
  });

  it('gives the user the role of the invite they accept, and no role for a token that is none', async () => {
    const token = await session('alice');
    const forReaders = await inviteToken(GET_INVITE, 'urn:li:dataHubRole:Reader');
    const accept = (inviteToken: string) =>
      gql(bearer(token), 'mutation($i: AcceptRoleInput!) { acceptRole(input: $i) }', { i: { inviteToken } });
    expect((await accept('not-an-invite')).body.errors[0].message).toMatch(/invite token is invalid/);
    const accepted = await accept(forReaders);
    expect(accepted.body.errors, JSON.stringify(accepted.body.errors)).toBeUndefined();
    const stored = await http(`${s.url}/entitiesV2/${encodeURIComponent(ALICE)}?aspects=List(roleMembership)`, { headers: ADMIN });
    expect(stored.body.aspects.roleMembership.value).toEqual({ roles: ['urn:li:dataHubRole:Reader'] });
  });

  it('records the app’s analytics events for the user the frontend names', async () => {
    const r = await auth('track', { type: 'SearchResultsViewEvent', query: 'orders tracked for alice', total: 3, actorUrn: ALICE });
    expect(r.status, r.text).toBe(200);
    const token = await session('alice');
    const recs = await gql(
      bearer(token),
      'query($i: ListRecommendationsInput!) { listRecommendations(input: $i) { modules { moduleId content { value } } } }',
      {
        i: { userUrn: ALICE, requestContext: { scenario: 'SEARCH_BAR' }, limit: 10 },
      },
    );
    expect(recs.body.errors, JSON.stringify(recs.body.errors)).toBeUndefined();
    const recent = recs.body.data.listRecommendations.modules.find((m: Json) => m.moduleId === 'RecentSearches');
    expect(recent.content.map((c: Json) => c.value)).toContain('orders tracked for alice');
    const bad = await auth('track', { query: 'no type' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/has no type/);
  });

  it('answers that single sign-on is not configured, as GMS does', async () => {
    const r = await auth('getSsoSettings', undefined);
    expect(r.status).toBe(404);
    expect(r.text).toBe('');
  });

  it('resets the password with a reset token, once', async () => {
    const bob = await s.services.tokens.mint({ actorUrn: BOB, duration: 'ONE_DAY', name: 'bob' });
    const refused = await gql(bearer(bob.accessToken), CREATE_RESET, { i: { userUrn: ALICE } });
    expect(refused.body.errors[0].message).toBe('Unauthorized to perform this action. Please contact your DataHub administrator.');
    const notNative = await gql(ADMIN, CREATE_RESET, { i: { userUrn: BOB } });
    expect(notNative.body.errors[0].message).toMatch(/does not exist or is a non-native user/);

    const token = await resetToken(ALICE);
    expect(token).toMatch(/^[a-z]{32}$/);
    const wrong = await auth('resetNativeUserCredentials', { userUrn: ALICE, password: SECOND_PASSWORD, resetToken: 'not-the-token' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Invalid reset token. Please ask your administrator to send you an updated link!');
    expect(await passwordMatches(ALICE, FIRST_PASSWORD)).toBe(true);

    const reset = await auth('resetNativeUserCredentials', { userUrn: ALICE, password: SECOND_PASSWORD, resetToken: token });
    expect(reset.status, reset.text).toBe(200);
    expect(reset.body).toEqual({ areNativeUserCredentialsReset: true });
    expect(await passwordMatches(ALICE, FIRST_PASSWORD)).toBe(false);
    expect(await passwordMatches(ALICE, SECOND_PASSWORD)).toBe(true);

    const reused = await auth('resetNativeUserCredentials', { userUrn: ALICE, password: FIRST_PASSWORD, resetToken: token });
    expect(reused.status).toBe(400);
    expect(reused.body.message).toBe('Invalid reset token. Please ask your administrator to send you an updated link!');
    expect(await passwordMatches(ALICE, SECOND_PASSWORD)).toBe(true);
  });

  it('refuses a reset token more than a day old', async () => {
    const token = await resetToken(ALICE);
    clock += 24 * HOUR + 1000;
    const late = await auth('resetNativeUserCredentials', { userUrn: ALICE, password: FIRST_PASSWORD, resetToken: token });
    expect(late.status).toBe(400);
    expect(late.body.message).toBe('Reset token has expired! Please ask your administrator to create a new one');
    expect(await passwordMatches(ALICE, SECOND_PASSWORD)).toBe(true);
  });

  it('refuses a replaced invite token, and a second sign-up as the same user', async () => {
    const fresh = await inviteToken(CREATE_INVITE);
    expect(fresh).not.toBe(invite);
    const stale = await auth('signUp', signUpBody(invite, 'urn:li:corpuser:carol'));
    expect(stale.status).toBe(400);
    expect(stale.body.message).toMatch(/Invalid invite token/);
    const again = await auth('signUp', signUpBody(fresh));
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('This user already exists! Cannot create a new user.');
    expect(await passwordMatches(ALICE, SECOND_PASSWORD)).toBe(true);
    const reserved = await auth('signUp', signUpBody(fresh, 'urn:li:corpuser:datahub'));
    expect(reserved.status).toBe(400);
  });
});

describe('refusals', () => {
  it('refuses a wrong system client secret, and anyone but the system client', async () => {
    const wrong = await auth('generateSessionTokenForUser', { userId: 'alice' }, { authorization: `Basic ${CLIENT.id}:not-the-secret` });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toMatch(/do not match known system client id & client secret/);
    const none = await auth('verifyNativeUserCredentials', { userUrn: ALICE, password: SECOND_PASSWORD }, {});
    expect(none.status).toBe(401);
    const user = await auth('generateSessionTokenForUser', { userId: 'datahub' }, ADMIN);
    expect(user.status).toBe(401);
    expect(user.body.message).toBe('urn:li:corpuser:datahub unauthorized to perform this action.');
  });

  it('refuses a bad body with a 400 naming the problem, and creates nobody', async () => {
    const invite = await inviteToken(GET_INVITE);
    const cases: Array<[string, unknown, RegExp]> = [
      ['signUp', { ...signUpBody(invite, 'urn:li:corpuser:dave'), email: undefined }, /signUp needs email/],
      ['signUp', { ...signUpBody(invite, 'urn:li:corpuser:dave'), password: 42 }, /password must be a string/],
      ['signUp', { ...signUpBody(invite, 'urn:li:corpuser:dave'), password: '' }, /password must not be empty/],
      ['signUp', signUpBody(invite, 'urn:li:dataset:dave'), /must be a corpuser urn|urn/],
      ['signUp', [1, 2], /takes a JSON object/],
      ['generateSessionTokenForUser', {}, /needs userId/],
      ['verifyNativeUserCredentials', { userUrn: ALICE }, /needs password/],
      ['resetNativeUserCredentials', { userUrn: ALICE, password: 'x' }, /needs resetToken/],
    ];
    for (const [endpoint, body, message] of cases) {
      const r = await auth(endpoint, body);
      expect(r.status, `${endpoint} ${JSON.stringify(body)}`).toBe(400);
      expect(r.body.message).toMatch(message);
    }
    const malformed = await http(`${s.url}/auth/signUp`, {
      rawBody: '{"userUrn": ',
      headers: { ...SYSTEM, 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(await passwordMatches('urn:li:corpuser:dave', FIRST_PASSWORD)).toBe(false);
  });
});

describe('at rest', () => {
  it('keeps no password, invite or reset token in clear in the database', async () => {
    expect(secrets.length).toBeGreaterThan(5);
    const found = TEST_DATABASE_URL ? await foundInPostgres(s.databaseUrl, secrets) : foundInFiles(s.dir, secrets);
    expect(found).toEqual([]);
    // …yet the user is there, with credentials (the check is not vacuous).
    expect(await passwordMatches(ALICE, SECOND_PASSWORD)).toBe(true);
  });
});

/** The secrets that appear anywhere in the SQLite files of the test's directory. */
function foundInFiles(dir: string, texts: readonly string[]): string[] {
  const files = readdirSync(dir).map((f) => readFileSync(join(dir, f)).toString('latin1'));
  expect(files.some((f) => f.includes('corpUserCredentials'))).toBe(true);
  return texts.filter((t) => files.some((f) => f.includes(t)));
}

/** The secrets that appear in any row of any table of the PostgreSQL database. */
async function foundInPostgres(url: string, texts: readonly string[]): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = (await client.query("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'")).rows.map(
      (r) => r.table_name as string,
    );
    const found = new Set<string>();
    for (const table of tables) {
      for (const text of texts) {
        const r = await client.query(`SELECT 1 FROM "${table}" t WHERE t::text LIKE $1 LIMIT 1`, [`%${text}%`]);
        if (r.rowCount) found.add(text);
      }
    }
    return [...found];
  } finally {
    await client.end();
  }
}
