/**
 * Connections, as the app's settings make them: `upsertConnection` keeps the details encrypted, and
 * only those who manage connections write or read them, in clear.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPSERT_CONNECTION_REFUSED } from '../src/domains/ingestion/connections.js';
import { grantPolicy, http, startTestServer, type TestServer } from './helpers.js';
import { webAppOperation } from './webAppOperations.js';

type Json = any;

const ADMIN_TOKEN = 'connections-test-admin-token-of-some-length';
const BLOB = JSON.stringify({ account: 'fernbrook', password: 'a-password-nobody-should-see' });
let s: TestServer;
let alice: string;

const run = async (token: string, operation: string, variables: Json) =>
  (
    await http(`${s.url}/api/v2/graphql`, {
      body: { query: webAppOperation(operation), variables },
      headers: { authorization: `Bearer ${token}` },
    })
  ).body;

beforeAll(async () => {
  s = await startTestServer({ auth: true, adminToken: ADMIN_TOKEN });
  alice = (await s.services.tokens.mint({ actorUrn: 'urn:li:corpuser:alice', duration: 'ONE_DAY', name: 'alice' })).accessToken;
});
afterAll(async () => s?.close());

describe('connections', () => {
  const input = {
    id: 'snowflake-prod',
    type: 'JSON',
    platformUrn: 'urn:li:dataPlatform:snowflake',
    name: 'Snowflake (prod)',
    json: { blob: BLOB },
  };

  it('are kept encrypted and read back in clear by those who manage them', async () => {
    const written = await run(ADMIN_TOKEN, 'upsertConnection', { input });
    expect(written.errors).toBeUndefined();
    expect(written.data.upsertConnection).toMatchObject({
      urn: 'urn:li:dataHubConnection:snowflake-prod',
      details: { type: 'JSON', json: { blob: BLOB } },
      platform: { urn: 'urn:li:dataPlatform:snowflake' },
    });
    const read = await run(ADMIN_TOKEN, 'connection', { urn: 'urn:li:dataHubConnection:snowflake-prod' });
    expect(read.data.connection.details.json.blob).toBe(BLOB);
    const stored = await http(`${s.url}/entitiesV2/${encodeURIComponent('urn:li:dataHubConnection:snowflake-prod')}`, {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(stored.text).not.toContain('a-password-nobody-should-see');
    expect(stored.body.aspects.dataHubConnectionDetails.value.json.encryptedBlob).not.toBe(BLOB);
  });

  it('are refused to anyone else, to write and to read', async () => {
    const refused = await run(alice, 'upsertConnection', { input: { ...input, id: 'other' } });
    expect(refused.errors[0].message).toBe(UPSERT_CONNECTION_REFUSED);
    const notRead = await run(alice, 'connection', { urn: 'urn:li:dataHubConnection:snowflake-prod' });
    expect(notRead.errors[0].extensions.code).toBe(403);
    await grantPolicy(s.services, 'alice-connections', {
      type: 'PLATFORM',
      privileges: ['MANAGE_CONNECTIONS'],
      actors: { users: ['urn:li:corpuser:alice'] },
    });
    const granted = await run(alice, 'connection', { urn: 'urn:li:dataHubConnection:snowflake-prod' });
    expect(granted.errors, JSON.stringify(granted.errors)).toBeUndefined();
    expect(granted.data.connection.details.json.blob).toBe(BLOB);
  });

  it('refuse a platform that is no platform, writing nothing', async () => {
    const bad = await run(ADMIN_TOKEN, 'upsertConnection', { input: { ...input, id: 'bad', platformUrn: 'urn:li:corpuser:x' } });
    expect(bad.errors[0].message).toMatch(/is not a data platform urn/);
    expect(
      (
        await http(`${s.url}/entities?action=exists`, {
          body: { urn: 'urn:li:dataHubConnection:bad' },
          headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        })
      ).body.value,
    ).toBe(false);
  });
});
