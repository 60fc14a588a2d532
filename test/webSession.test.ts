/**
 * Browser sessions: signing in with a native user's password (or an invite or a reset link) sets a
 * session cookie that authenticates every call, as DataHub's frontend server does for its web app;
 * pages of other sites cannot use it; and offboarding (suspending or removing a user) ends it, and
 * the user's tokens, at the next request.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, mcp, runCatalog, startTestServer, tempDir, type TestServer } from './helpers.js';

type Json = Record<string, any>;

const ADMIN_SECRET = 'a-fixed-admin-secret-for-session-tests';
const CLIENT = { id: '__datahub_system', secret: 'session-tests-system-secret' };
const ADMIN = { authorization: `Bearer ${ADMIN_SECRET}` };
const SYSTEM = { authorization: `Basic ${CLIENT.id}:${CLIENT.secret}` };
const ALICE = 'urn:li:corpuser:alice';
const PASSWORD = 'alice-Pa55word';
const HOUR = 3_600_000;
const ME = '{ me { corpUser { urn } } }';

let s: TestServer;
let clock = Date.UTC(2026, 10, 26);

beforeAll(async () => {
  s = await startTestServer({ auth: true, adminToken: ADMIN_SECRET, systemClient: CLIENT, now: () => clock });
  await s.services.nativeUsers.setPassword(ALICE, PASSWORD);
});
afterAll(async () => s?.close());

interface Answer {
  status: number;
  body: any;
  location: string | null;
  /** Set-Cookie headers by cookie name. */
  cookies: Map<string, string>;
}

/** A request as a browser makes it, redirects not followed. */
async function call(
  path: string,
  init: { method?: string; body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const res = await fetch(`${s.url}${path}`, {
    method: init.method ?? (init.body !== undefined ? 'POST' : 'GET'),
    redirect: 'manual',
    headers: {
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(init.cookie ? { cookie: init.cookie } : {}),
      ...init.headers,
    },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  const text = await res.text();
  const cookies = new Map(res.headers.getSetCookie().map((c) => [c.slice(0, c.indexOf('=')), c]));
  return { status: res.status, body: text ? JSON.parse(text) : undefined, location: res.headers.get('location'), cookies };
}

const logIn = (username: string, password: string, headers: Record<string, string> = {}) =>
  call('/logIn', { body: { username, password }, headers });

/** The Cookie header a browser sends back after this answer. */
function cookieHeader(answer: Answer): string {
  return [...answer.cookies.values()].map((c) => c.slice(0, c.indexOf(';'))).join('; ');
}

async function signedIn(username = 'alice', password = PASSWORD): Promise<string> {
  const r = await logIn(username, password);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return cookieHeader(r);
}

const gql = (query: string, init: { cookie?: string; headers?: Record<string, string> } = {}, variables: Json = {}) =>
  call('/api/v2/graphql', { body: { query, variables }, ...init });

async function meWith(init: { cookie?: string; headers?: Record<string, string> }): Promise<Answer> {
  return gql(ME, init);
}

async function adminMutation(query: string, variables: Json): Promise<void> {
  const r = await gql(query, { headers: ADMIN }, variables);
  expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
}

const setStatus = (urn: string, status: string) =>
  adminMutation('mutation($u: String!, $s: CorpUserStatus!) { updateUserStatus(urn: $u, status: $s) }', { u: urn, s: status });

describe('POST /logIn', () => {
  it('sets the session cookie (HttpOnly) and the actor cookie (for scripts) for a day', async () => {
    const r = await logIn('alice', PASSWORD);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({});
    const session = r.cookies.get('catalog_session')!;
    expect(session).toMatch(/^catalog_session=eyJ[\w-]+\.[\w-]+\.[\w-]+; /);
    expect(session.split('; ').slice(1).sort()).toEqual(['HttpOnly', 'Max-Age=86400', 'Path=/', 'SameSite=Lax']);
    const actor = r.cookies.get('actor')!;
    expect(actor.split('; ').sort()).toEqual(['Max-Age=86400', 'Path=/', 'SameSite=Lax', `actor=${ALICE}`]);
  });

  it('marks both cookies Secure when the browser came over https (through a TLS proxy)', async () => {
    const r = await logIn('alice', PASSWORD, { 'x-forwarded-proto': 'https' });
    expect(r.cookies.get('catalog_session')).toMatch(/; Secure/);
    expect(r.cookies.get('actor')).toMatch(/; Secure/);
  });

  it('takes the user as a name or a corpuser urn', async () => {
    expect((await logIn(ALICE, PASSWORD)).status).toBe(200);
  });

  it('answers the same 401 for a wrong password, an unknown user and a user without a password', async () => {
    for (const [username, password] of [
      ['alice', 'not-her-password'],
      ['alice', ''],
      ['nobody-at-all', PASSWORD],
      ['datahub', PASSWORD],
    ]) {
      const r = await logIn(username!, password!);
      expect(r.status, username).toBe(401);
      expect(r.body.message).toBe('Invalid Credentials');
      expect(r.cookies.size).toBe(0);
    }
    const noPassword = await call('/logIn', { body: { username: 'alice' } });
    expect(noPassword.status).toBe(401);
  });

  it('refuses an empty user name with a 400', async () => {
    for (const body of [{ password: PASSWORD }, { username: '  ', password: PASSWORD }, { username: 'urn:li:corpuser:', password: 'x' }]) {
      const r = await call('/logIn', { body });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe('User name must not be empty.');
    }
    const notAnObject = await call('/logIn', { body: ['alice'] });
    expect(notAnObject.status).toBe(400);
    expect(notAnObject.body.message).toMatch(/takes a JSON object with username and password/);
  });

  it('never signs anyone in as the system actor', async () => {
    const r = await logIn('__datahub_system', PASSWORD);
    expect(r.status).toBe(401);
    expect(r.body.message).toBe('Invalid Credentials');
  });
});

describe('the session cookie', () => {
  it('authenticates GraphQL and REST by itself', async () => {
    const cookie = await signedIn();
    const me = await meWith({ cookie });
    expect(me.status).toBe(200);
    expect(me.body.data.me.corpUser.urn).toBe(ALICE);
    const rest = await call(`/entitiesV2/${encodeURIComponent(ALICE)}`, { cookie });
    expect(rest.status).toBe(200);
    expect((await meWith({})).status).toBe(401);
  });

  it('gives way to an Authorization header', async () => {
    const cookie = await signedIn();
    const me = await meWith({ cookie, headers: ADMIN });
    expect(me.body.data.me.corpUser.urn).toBe('urn:li:corpuser:datahub');
    const bad = await meWith({ cookie, headers: { authorization: 'Bearer not-a-token' } });
    expect(bad.status).toBe(401);
  });

  it('is refused with a 401 saying why when it is not a token of ours, or has expired', async () => {
    const garbage = await meWith({ cookie: 'catalog_session=not-a-token' });
    expect(garbage.status).toBe(401);
    expect(garbage.body.message).toBe('Malformed access token: not a signed JWT');
    const cookie = await signedIn();
    clock += 25 * HOUR;
    try {
      const expired = await meWith({ cookie });
      expect(expired.status).toBe(401);
      expect(expired.body.message).toMatch(/^Access token expired at /);
    } finally {
      clock -= 25 * HOUR;
    }
  });

  it('cannot make a GET run GraphQL, so no link can run a mutation', async () => {
    const cookie = await signedIn();
    const query = encodeURIComponent('mutation { updateCorpUserViewsSettings(input: {}) }');
    const r = await call(`/api/v2/graphql?query=${query}`, { cookie });
    expect(r.status).toBe(405);
  });
});

describe('requests from other sites', () => {
  it('are refused when the session cookie would authenticate them', async () => {
    const cookie = await signedIn();
    const crossSite = await meWith({ cookie, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.status).toBe(403);
    expect(crossSite.body.message).toBe(
      'Refused: the browser says this POST came from another site (Sec-Fetch-Site: cross-site), and it would act with the session cookie',
    );
    expect((await meWith({ cookie, headers: { 'sec-fetch-site': 'same-site' } })).status).toBe(403);
    const otherOrigin = await meWith({ cookie, headers: { origin: 'http://evil.example' } });
    expect(otherOrigin.status).toBe(403);
    expect(otherOrigin.body.message).toMatch(/came from http:\/\/evil\.example, not from the catalog's own origin/);
    expect((await meWith({ cookie, headers: { origin: 'null' } })).status).toBe(403);
  });

  it('pass from our own pages', async () => {
    const cookie = await signedIn();
    const host = new URL(s.url).host;
    const own = await meWith({ cookie, headers: { 'sec-fetch-site': 'same-origin', origin: `http://${host}` } });
    expect(own.status).toBe(200);
    expect((await meWith({ cookie, headers: { 'sec-fetch-site': 'none' } })).status).toBe(200);
  });

  it('pass with an Authorization header, which no other site can make a browser send', async () => {
    const r = await meWith({ headers: { ...ADMIN, 'sec-fetch-site': 'cross-site', origin: 'http://evil.example' } });
    expect(r.status).toBe(200);
    expect(r.body.data.me.corpUser.urn).toBe('urn:li:corpuser:datahub');
  });

  it('cannot sign a visitor in as someone else', async () => {
    const r = await logIn('alice', PASSWORD, { 'sec-fetch-site': 'cross-site' });
    expect(r.status).toBe(403);
    expect(r.cookies.size).toBe(0);
  });
});

describe('/logOut', () => {
  it('clears both cookies: GET goes to the sign-in page, POST answers 200', async () => {
    const out = await call('/logOut');
    expect(out.status).toBe(302);
    expect(out.location).toBe('/login');
    for (const name of ['catalog_session', 'actor']) {
      expect(out.cookies.get(name)).toMatch(new RegExp(`^${name}=; `));
      expect(out.cookies.get(name)).toMatch(/Max-Age=0/);
      expect(out.cookies.get(name)).toMatch(/Path=\//);
    }
    const posted = await call('/logOut', { method: 'POST' });
    expect(posted.status).toBe(200);
    expect(posted.cookies.get('catalog_session')).toMatch(/Max-Age=0/);
  });
});

describe('/authenticate', () => {
  it('sends a signed-in browser on to where it was going, on this site only', async () => {
    const cookie = await signedIn();
    const go = async (uri: string) => (await call(`/authenticate?redirect_uri=${encodeURIComponent(uri)}`, { cookie })).location;
    expect(await go('/search?query=orders&page=2')).toBe('/search?query=orders&page=2');
    expect(await go('//evil.example/x')).toBe('/');
    expect(await go('/\\evil.example')).toBe('/');
    expect(await go('https://evil.example/')).toBe('/');
    expect(await go('javascript:alert(1)')).toBe('/');
    expect(await go('/sök')).toBe('/');
    expect((await call('/authenticate', { cookie })).location).toBe('/');
  });

  it('sends anyone else to the sign-in page, with where they were going', async () => {
    const r = await call(`/authenticate?redirect_uri=${encodeURIComponent('/dataset/x?tab=Schema')}`);
    expect(r.status).toBe(302);
    expect(r.location).toBe(`/login?redirect_uri=${encodeURIComponent('/dataset/x?tab=Schema')}`);
    const evil = await call(`/authenticate?redirect_uri=${encodeURIComponent('//evil.example')}`);
    expect(evil.location).toBe('/login?redirect_uri=%2F');
  });

  it('clears cookies that no longer sign anyone in, so the web app stops counting itself signed in', async () => {
    const r = await call('/authenticate?redirect_uri=%2F', { cookie: `catalog_session=stale; actor=${ALICE}` });
    expect(r.location).toBe('/login?redirect_uri=%2F');
    expect(r.cookies.get('actor')).toMatch(/Max-Age=0/);
  });
});

describe('GET /session', () => {
  it('says who is signed in, and that authentication is on', async () => {
    expect((await call('/session')).body).toEqual({ authEnabled: true, actor: null });
    expect((await call('/session', { cookie: await signedIn() })).body).toEqual({ authEnabled: true, actor: ALICE });
    expect((await call('/session', { cookie: 'catalog_session=stale' })).body).toEqual({ authEnabled: true, actor: null });
  });

  it('with authentication off, names whom requests act as', async () => {
    const open = await startTestServer();
    try {
      const plain = await http(`${open.url}/session`);
      expect(plain.body).toEqual({ authEnabled: false, actor: 'urn:li:corpuser:__datahub_system' });
      const named = await http(`${open.url}/session`, { headers: { 'x-datahub-actor': ALICE } });
      expect(named.body).toEqual({ authEnabled: false, actor: ALICE });
    } finally {
      await open.close();
    }
  });
});

describe('with authentication off', () => {
  it("refuses a browser's write from another site, which could otherwise act as anyone", async () => {
    const open = await startTestServer();
    try {
      const mutation = { query: 'mutation { createTag(input: { name: "Forged" }) }' };
      for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { origin: 'https://elsewhere.example' }]) {
        const forged = await http(`${open.url}/api/graphql`, { body: mutation, headers });
        expect(forged.status).toBe(403);
        expect(forged.body.message).toContain('authentication is off');
      }
      const tags = await http(`${open.url}/api/graphql`, {
        body: { query: '{ search(input: { type: TAG, query: "Forged" }) { total } }' },
      });
      expect(tags.body.data.search.total).toBe(0);
      // The same write from the catalog's own page, or from a program, goes through.
      const own = await http(`${open.url}/api/graphql`, { body: mutation, headers: { 'sec-fetch-site': 'same-origin', origin: open.url } });
      expect(own.body.errors).toBeUndefined();
      expect((await http(`${open.url}/api/graphql`, { body: { query: '{ me { corpUser { urn } } }' } })).status).toBe(200);
    } finally {
      await open.close();
    }
  });
});

describe('POST /signUp', () => {
  it('creates the user of an invite link, gives the invite’s role, and signs them in', async () => {
    const created = await gql(
      'mutation($i: CreateInviteTokenInput!) { createInviteToken(input: $i) { inviteToken } }',
      { headers: ADMIN },
      {
        i: { roleUrn: 'urn:li:dataHubRole:Reader' },
      },
    );
    const inviteToken = created.body.data.createInviteToken.inviteToken;
    const body = { fullName: 'Carol Hill', email: 'carol@example.com', title: 'Analyst', password: 'carol-Pa55word', inviteToken };
    const r = await call('/signUp', { body });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.cookies.get('actor')).toMatch(/^actor=urn:li:corpuser:carol%40example\.com;/);
    const me = await meWith({ cookie: cookieHeader(r) });
    expect(me.body.data.me.corpUser.urn).toBe('urn:li:corpuser:carol@example.com');
    const role = await s.services.store.getAspect('urn:li:corpuser:carol@example.com', 'roleMembership', 0);
    expect(role?.value).toEqual({ roles: ['urn:li:dataHubRole:Reader'] });
    expect((await logIn('carol@example.com', 'carol-Pa55word')).status).toBe(200);

    const again = await call('/signUp', { body });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('This user already exists! Cannot create a new user.');
  });

  it('refuses a missing field or a bad invite with a 400, and signs nobody in', async () => {
    const body = { fullName: 'Dan', email: 'dan@example.com', title: 'Engineer', password: 'dan-Pa55word', inviteToken: 'not-an-invite' };
    const missing = await call('/signUp', { body: { ...body, inviteToken: '' } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Invite token must not be empty.');
    expect((await call('/signUp', { body: { ...body, fullName: undefined } })).body.message).toBe('Full name must not be empty.');
    const bad = await call('/signUp', { body });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/Invalid invite token/);
    expect(bad.cookies.size).toBe(0);
  });
});

describe('POST /resetNativeUserCredentials', () => {
  it('sets the new password with a reset link and signs the user in; the old password then fails', async () => {
    const user = 'urn:li:corpuser:erin@example.com';
    await s.services.nativeUsers.setPassword(user, 'erin-old-Pa55word');
    const created = await gql(
      'mutation($i: CreateNativeUserResetTokenInput!) { createNativeUserResetToken(input: $i) { resetToken } }',
      { headers: ADMIN },
      { i: { userUrn: user } },
    );
    const resetToken = created.body.data.createNativeUserResetToken.resetToken;
    const r = await call('/resetNativeUserCredentials', { body: { email: 'erin@example.com', password: 'erin-new-Pa55word', resetToken } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await meWith({ cookie: cookieHeader(r) })).body.data.me.corpUser.urn).toBe(user);
    expect((await logIn('erin@example.com', 'erin-old-Pa55word')).status).toBe(401);
    expect((await logIn('erin@example.com', 'erin-new-Pa55word')).status).toBe(200);

    const spent = await call('/resetNativeUserCredentials', {
      body: { email: 'erin@example.com', password: 'erin-3rd-Pa55word', resetToken },
    });
    expect(spent.status).toBe(400);
    expect(spent.body.message).toBe('Invalid reset token. Please ask your administrator to send you an updated link!');
    const missing = await call('/resetNativeUserCredentials', { body: { email: 'erin@example.com', password: 'x' } });
    expect(missing.body.message).toBe('Reset token must not be empty.');
  });
});

describe('offboarding', () => {
  it("a suspended user's cookie and token are refused at the next request, and work again once reactivated", async () => {
    const frank = 'urn:li:corpuser:frank';
    await s.services.nativeUsers.setPassword(frank, 'frank-Pa55word');
    const cookie = await signedIn('frank', 'frank-Pa55word');
    const { accessToken } = await s.services.tokens.mint({ actorUrn: frank, duration: 'ONE_DAY', name: 'frank' });
    const pat = { authorization: `Bearer ${accessToken}` };
    expect((await meWith({ cookie })).status).toBe(200);
    expect((await meWith({ headers: pat })).status).toBe(200);

    await setStatus(frank, 'SUSPENDED');
    const message = `User ${frank} is suspended: an administrator must reactivate it before it can act`;
    for (const init of [{ cookie }, { headers: pat }]) {
      const r = await meWith(init);
      expect(r.status).toBe(401);
      expect(r.body.message).toBe(message);
    }
    const again = await logIn('frank', 'frank-Pa55word');
    expect(again.status).toBe(401);
    expect(again.body.message).toBe('Invalid Credentials');
    const minted = await http(`${s.url}/auth/generateSessionTokenForUser`, { body: { userId: 'frank' }, headers: SYSTEM });
    expect(minted.status).toBe(401);
    expect(minted.body.message).toBe(message);
    const verified = await http(`${s.url}/auth/verifyNativeUserCredentials`, {
      body: { userUrn: frank, password: 'frank-Pa55word' },
      headers: SYSTEM,
    });
    expect(verified.body).toEqual({ doesPasswordMatch: false });
    expect((await call('/session', { cookie })).body.actor).toBeNull();

    await setStatus(frank, 'ACTIVE');
    expect((await meWith({ cookie })).status).toBe(200);
    expect((await meWith({ headers: pat })).status).toBe(200);
    expect((await logIn('frank', 'frank-Pa55word')).status).toBe(200);
  });

  it("a removed user's session ends, and its tokens are revoked", async () => {
    const gina = 'urn:li:corpuser:gina';
    await s.services.nativeUsers.setPassword(gina, 'gina-Pa55word');
    const cookie = await signedIn('gina', 'gina-Pa55word');
    const { accessToken } = await s.services.tokens.mint({ actorUrn: gina, duration: 'ONE_DAY', name: 'gina' });
    expect((await meWith({ cookie })).status).toBe(200);

    await adminMutation('mutation($u: String!) { removeUser(urn: $u) }', { u: gina });
    const session = await meWith({ cookie });
    expect(session.status).toBe(401);
    expect(session.body.message).toBe(`User ${gina} does not exist here: it was removed, or never created`);
    const token = await meWith({ headers: { authorization: `Bearer ${accessToken}` } });
    expect(token.status).toBe(401);
    expect(token.body.message).toBe('Access token has been revoked');
    expect((await logIn('gina', 'gina-Pa55word')).status).toBe(401);
    const minted = await http(`${s.url}/auth/generateSessionTokenForUser`, { body: { userId: 'gina' }, headers: SYSTEM });
    expect(minted.status).toBe(401);
    expect(minted.body.message).toBe(`User ${gina} does not exist here: it was removed, or never created`);
  });

  it("a soft-deleted user's session ends", async () => {
    const hank = 'urn:li:corpuser:hank';
    await s.services.nativeUsers.setPassword(hank, 'hank-Pa55word');
    const cookie = await signedIn('hank', 'hank-Pa55word');
    // What `datahub delete --soft` sends.
    const soft = await http(`${s.url}/aspects?action=ingestProposal`, {
      body: { proposal: mcp(hank, 'status', { removed: true }) },
      headers: ADMIN,
    });
    expect(soft.status, soft.text).toBe(200);
    const r = await meWith({ cookie });
    expect(r.status).toBe(401);
    expect(r.body.message).toBe(`User ${hank} has been removed`);
  });
});

describe('catalog user password', () => {
  const setPassword = (name: string, input: string) =>
    runCatalog(['user', 'password', name, '--database-url', s.databaseUrl], { ...process.env, CATALOG_SERVER: '' }, input);

  // Each command is a process of its own: the first two (on different users) run at once.
  it.concurrent("sets a user's password from standard input, never showing it, and the user then signs in", async () => {
    const password = 'ivy-cli-Pa55word';
    const r = await setPassword('ivy', `${password}\nsecond line ignored\n`);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('password set for urn:li:corpuser:ivy (a new user, active)');
    expect(r.stdout + r.stderr).not.toContain(password);
    const signedInIvy = await logIn('ivy', password);
    expect(signedInIvy.status).toBe(200);
    expect((await meWith({ cookie: cookieHeader(signedInIvy) })).body.data.me.corpUser.urn).toBe('urn:li:corpuser:ivy');
    const status = await s.services.store.getAspect('urn:li:corpuser:ivy', 'corpUserStatus', 0);
    expect(status?.value.status).toBe('ACTIVE');
  });

  it.concurrent('lets the operator sign in as the admin', async () => {
    expect((await logIn('datahub', 'admin-cli-Pa55word')).status).toBe(401);
    const r = await setPassword('datahub', 'admin-cli-Pa55word\n');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toContain('a new user');
    const admin = await logIn('datahub', 'admin-cli-Pa55word');
    expect(admin.status).toBe(200);
    const me = await gql('{ me { corpUser { urn } platformPrivileges { managePolicies } } }', { cookie: cookieHeader(admin) });
    expect(me.body.data.me).toEqual({ corpUser: { urn: 'urn:li:corpuser:datahub' }, platformPrivileges: { managePolicies: true } });
  });

  it('refuses an empty password, and the system actor, with exit code 1 and changes nothing', async () => {
    const [empty, nothing, system] = await Promise.all([
      setPassword('ivy', '\n'),
      setPassword('ivy', ''),
      setPassword('__datahub_system', 'x\n'),
    ]);
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain('the password must not be empty; nothing was changed');
    expect(nothing.code).toBe(1);
    expect((await logIn('ivy', 'ivy-cli-Pa55word')).status).toBe(200);
    expect(system.code).toBe(1);
    expect(system.stderr).toContain("is the system's own actor");
  });
});

describe("scripts/webapp-proxy.mjs, serving DataHub's web app beside the catalog", () => {
  const INDEX = '<!doctype html><title>DataHub web app stand-in</title>';
  let proxy: ChildProcess;
  let base: string;

  beforeAll(async () => {
    const dist = tempDir('webapp-dist-');
    writeFileSync(join(dist, 'index.html'), INDEX);
    const script = resolve(import.meta.dirname, '../scripts/webapp-proxy.mjs');
    proxy = spawn(process.execPath, [script, dist, '--port', '0', '--catalog', s.url], { stdio: ['ignore', 'pipe', 'inherit'] });
    base = await new Promise<string>((found, failed) => {
      let output = '';
      proxy.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const listening = /on (http:\/\/\S+),/.exec(output);
        if (listening) found(listening[1]!);
      });
      proxy.once('exit', (code) => failed(new Error(`the proxy exited (${code}): ${output}`)));
    });
  });
  afterAll(() => {
    proxy?.kill();
  });

  /** A request as the browser sends it to the page's own origin. */
  const browser = (path: string, init: { body?: unknown; cookie?: string } = {}) =>
    fetch(`${base}${path}`, {
      method: init.body !== undefined ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        ...(init.body !== undefined ? { 'content-type': 'application/json', origin: base, 'sec-fetch-site': 'same-origin' } : {}),
        ...(init.cookie ? { cookie: init.cookie } : {}),
      },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });

  it('listens on loopback only', async () => {
    expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const port = new URL(base).port;
    const outside = Object.values(networkInterfaces())
      .flat()
      .find((a) => a && a.family === 'IPv4' && !a.internal);
    if (outside) await expect(fetch(`http://${outside.address}:${port}/`)).rejects.toThrow();
  });

  it("serves the app's page for its own routes", async () => {
    for (const path of ['/', '/login', '/search?query=x']) expect(await (await browser(path)).text()).toBe(INDEX);
  });

  it('signs in through the catalog and calls GraphQL with the cookie it set', async () => {
    const signIn = await browser('/logIn', { body: { username: 'alice', password: PASSWORD } });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.slice(0, c.indexOf(';')))
      .join('; ');
    expect(cookie).toMatch(/catalog_session=eyJ.*; actor=urn:li:corpuser:alice/);
    const me = await browser('/api/v2/graphql', { body: { query: ME }, cookie });
    expect(me.status).toBe(200);
    expect((await me.json()).data.me.corpUser.urn).toBe(ALICE);
    const session = await browser('/session', { cookie });
    expect(await session.json()).toEqual({ authEnabled: true, actor: ALICE });
    // Acting as someone takes a session: a header naming an actor is not one.
    const named = await fetch(`${base}/api/v2/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-datahub-actor': ALICE },
      body: JSON.stringify({ query: ME }),
    });
    expect(named.status).toBe(401);
  });

  it('sends a browser without a session to the sign-in page', async () => {
    const r = await browser(`/authenticate?redirect_uri=${encodeURIComponent('/search')}`);
    expect(r.status).toBe(302);
    expect(r.headers.get('location')).toBe('/login?redirect_uri=%2Fsearch');
    const out = await browser('/logOut');
    expect(out.status).toBe(302);
    expect(out.headers.getSetCookie().join('\n')).toMatch(/catalog_session=;/);
  });
});
