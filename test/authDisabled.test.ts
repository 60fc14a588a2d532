/**
 * AUTH_ENABLED=false: anyone who reaches the port acts as anyone, so nothing minted then may outlive
 * it. No session or access token is handed out, by any of the routes that mint one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, startTestServer, type TestServer } from './helpers.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ auth: false });
});
afterAll(async () => s.close());

const ADMIN = 'urn:li:corpuser:datahub';
const OFF = /Authentication is off \(AUTH_ENABLED=false\), so no session or access token is minted/;

describe('with authentication off', () => {
  it('refuses to mint a session token for DataHub’s frontend server', async () => {
    const r = await http(`${s.url}/auth/generateSessionTokenForUser`, { body: { userId: 'datahub' } });
    expect(r.status).toBe(403);
    expect(r.body.message).toMatch(OFF);
    expect(r.text).not.toMatch(/eyJ/);
  });

  it('refuses to mint an access token through GraphQL, and stores none', async () => {
    const r = await http(`${s.url}/api/graphql`, {
      headers: { 'x-datahub-actor': ADMIN },
      body: {
        query:
          'mutation { createAccessToken(input: {type: PERSONAL, actorUrn: "urn:li:corpuser:datahub", duration: NO_EXPIRY, name: "kept"}) { accessToken } }',
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.errors[0].message).toMatch(OFF);
    expect(r.body.data?.createAccessToken ?? null).toBeNull();
    expect(await s.services.store.listUrns({ aspect: 'dataHubAccessTokenInfo', start: 0, limit: 10 })).toEqual([]);
  });

  it('refuses the web sign-in, which would mint a session', async () => {
    await s.services.nativeUsers.setPassword(ADMIN, 'a-password-for-the-admin');
    const r = await http(`${s.url}/logIn`, { body: { username: 'datahub', password: 'a-password-for-the-admin' } });
    expect(r.status).toBe(403);
    expect(r.body.message).toMatch(OFF);
    expect(r.headers.get('set-cookie')).toBeNull();
  });
});
