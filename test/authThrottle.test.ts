/**
 * Failed authentication is throttled (api/authThrottle.ts): after a few wrong passwords for a user,
 * or bad tokens from an address, the next attempt waits, with 429 and Retry-After, and is not even
 * checked, so a flood of guesses finds nothing, the right password included. Backoff is short here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, startTestServer, type TestServer } from './helpers.js';

const POLICY = { free: 3, firstLockMs: 400, maxLockMs: 2000, forgetAfterMs: 60_000 };
const SYSTEM = { id: '__datahub_system', secret: 'throttle-test-secret' };
const system = { authorization: `Basic ${SYSTEM.id}:${SYSTEM.secret}` };

let s: TestServer;
const log: string[] = [];
beforeAll(async () => {
  s = await startTestServer({
    auth: true,
    systemClient: SYSTEM,
    log: (line) => log.push(line),
    limits: { authThrottle: { user: POLICY, address: { ...POLICY, free: 8 } } },
  });
  for (const user of ['alice', 'bob', 'carol']) await s.services.nativeUsers.setPassword(`urn:li:corpuser:${user}`, `right-${user}`);
});
afterAll(async () => s?.close());

const logIn = (username: string, password: string) => http(`${s.url}/logIn`, { body: { username, password } });
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('failed sign-ins', () => {
  it('locks a user out after a few wrong passwords, even from the right one, and logs it; then lets them in', async () => {
    for (let i = 0; i < 3; i++) expect((await logIn('alice', 'wrong')).status).toBe(401);
    // The fourth failure locks alice out.
    expect((await logIn('alice', 'wrong')).status).toBe(401);
    const locked = await logIn('alice', 'right-alice');
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/Too many failed sign-in attempts for urn:li:corpuser:alice: try again in 1 s/);
    expect(locked.headers.get('retry-after')).toBe('1');
    expect(locked.headers.get('set-cookie')).toBeNull();
    expect(log.some((l) => /authentication failed 4 times in a row for user urn:li:corpuser:alice: locked out for 400 ms/.test(l))).toBe(
      true,
    );
    await pause(450);
    expect((await logIn('alice', 'right-alice')).status).toBe(200);
    // Success starts alice again from nothing.
    expect((await logIn('alice', 'wrong')).status).toBe(401);
    expect((await logIn('alice', 'right-alice')).status).toBe(200);
  });

  it("counts DataHub's frontend server's checks per user, not per its address", async () => {
    const verify = (password: string) =>
      http(`${s.url}/auth/verifyNativeUserCredentials`, { body: { userUrn: 'urn:li:corpuser:bob', password }, headers: system });
    for (let i = 0; i < 4; i++) expect((await verify('wrong')).body).toEqual({ doesPasswordMatch: false });
    const locked = await verify('right-bob');
    expect(locked.status).toBe(429);
    // Carol, checked through the same frontend, is not held up.
    const carol = await http(`${s.url}/auth/verifyNativeUserCredentials`, {
      body: { userUrn: 'urn:li:corpuser:carol', password: 'right-carol' },
      headers: system,
    });
    expect(carol.body).toEqual({ doesPasswordMatch: true });
  });
});

describe('bad tokens', () => {
  it('lock out the address they come from, whatever token it sends next, until the lock ends', async () => {
    await pause(450);
    const good = {
      authorization: `Bearer ${(await s.services.tokens.mint({ actorUrn: 'urn:li:corpuser:carol', duration: 'ONE_DAY', name: 't' })).accessToken}`,
    };
    const me = (headers: Record<string, string>) =>
      http(`${s.url}/api/graphql`, { body: { query: '{ me { corpUser { urn } } }' }, headers });
    let status = 0;
    for (let i = 0; i < 12 && status !== 429; i++) status = (await me({ authorization: `Bearer not-a-token-${i}` })).status;
    expect(status).toBe(429);
    const refused = await me(good);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/Too many failed sign-in attempts from 127\.0\.0\.1/);
    await pause(2100);
    expect((await me(good)).body.data.me.corpUser.urn).toBe('urn:li:corpuser:carol');
  });
});
