/**
 * Two service processes on one PostgreSQL database behave as one service: a write through one is
 * read, searched and browsed through the other at once, concurrent writers on one aspect from
 * both produce versions with no gap and no lost update, and a token revoked or a policy changed
 * through one counts at once on the other. Authentication is on, as by default: the two race to
 * bootstrap, and exactly one of them mints the first admin token and says where it wrote it. Needs
 * TEST_DATABASE_URL (CI sets it).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CATALOG_CMD,
  createTestDatabase,
  enc,
  freePort,
  http as plainHttp,
  mcp,
  searchUrns,
  TEST_DATABASE_URL,
  tempDir,
  waitHealthy,
} from './helpers.js';

if (!TEST_DATABASE_URL) console.warn('TEST_DATABASE_URL is not set: the replica tests (PostgreSQL only) are skipped');

describe.skipIf(!TEST_DATABASE_URL)('two replicas on one PostgreSQL database', () => {
  const procs: ChildProcess[] = [];
  let urls: string[] = [];
  let drop: () => Promise<void>;
  const output = ['', ''];
  let adminToken = '';
  /** Requests as the admin, with the token one of the replicas wrote at its first start. */
  const http = (url: string, init: Parameters<typeof plainHttp>[1] = {}) =>
    plainHttp(url, { ...init, headers: { authorization: `Bearer ${adminToken}`, ...init.headers } });

  beforeAll(async () => {
    // An empty database: both processes start at once and race to migrate it.
    const db = await createTestDatabase();
    drop = db.drop;
    const ports = [await freePort(), await freePort()];
    const [cmd, ...args] = CATALOG_CMD;
    const tokenDir = tempDir();
    for (const [n, port] of ports.entries()) {
      const proc = spawn(cmd, [...args, 'serve', '--port', String(port), '--host', '127.0.0.1'], {
        env: {
          ...process.env,
          DATABASE_URL: db.url,
          LOG_LEVEL: 'warn',
          AUTH_ENABLED: 'true',
          ADMIN_TOKEN: '',
          ADMIN_TOKEN_FILE: join(tokenDir, `replica-${n}`, 'admin-token'),
          DATABASE_POOL_SIZE: '4',
          MAX_ASPECT_VERSIONS: '0',
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const i = procs.push(proc) - 1;
      proc.stdout!.on('data', (chunk: Buffer) => (output[i] += chunk.toString()));
    }
    urls = ports.map((p) => `http://127.0.0.1:${p}`);
    await Promise.all(urls.map((u) => waitHealthy(u, 60_000)));
    // The banner is printed right after listening; give the slower process a moment to finish it.
    for (let waited = 0; !output.some((o) => o.includes('Lost it?')) && waited < 5000; waited += 100)
      await new Promise((r) => setTimeout(r, 100));
    const files = output.flatMap((o) => [...o.matchAll(/^ {2}(\/\S+admin-token)$/gm)].map((m) => m[1]!));
    expect(files).toHaveLength(1);
    adminToken = readFileSync(files[0]!, 'utf8').trim();
  }, 90_000);

  afterAll(async () => {
    for (const p of procs) p.kill('SIGKILL');
    await new Promise((r) => setTimeout(r, 200));
    await drop?.();
  });

  it('serves through one what was written through the other, at once', async () => {
    const [a, b] = urls;
    const urn = 'urn:li:dataset:(urn:li:dataPlatform:hive,replicated.orders,PROD)';
    const w = await http(`${a}/aspects?action=ingestProposal`, {
      body: { proposal: mcp(urn, 'datasetProperties', { description: 'written through a zebracorn' }) },
    });
    expect(w.status).toBe(200);
    expect((await http(`${b}/entitiesV2/${enc(urn)}`)).body.aspects.datasetProperties.value.description).toBe(
      'written through a zebracorn',
    );
    expect(
      searchUrns(
        (await http(`${b}/entities?action=search`, { body: { entity: 'dataset', input: 'zebracorn', start: 0, count: 10 } })).body.value,
      ),
    ).toEqual([urn]);
    const browse = await http(`${b}/entities?action=browse`, {
      body: { entity: 'dataset', path: '/prod/hive/replicated', start: 0, limit: 10 },
    });
    expect(browse.body.value.groups).toEqual([{ name: 'orders', count: 1 }]);
  });

  it('keeps versions 1..N gapless with concurrent writers on one aspect from both processes', async () => {
    const urn = 'urn:li:tag:contended';
    const writes = 40;
    const replies = await Promise.all(
      Array.from({ length: writes }, (_, i) =>
        http(`${urls[i % 2]}/aspects?action=ingestProposal`, {
          body: { proposal: mcp(urn, 'tagProperties', { name: 'contended', description: `write ${i}` }) },
        }),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(writes).fill(200));
    const descriptions = new Set<string>();
    for (let v = 0; v < writes; v++) {
      const r = await http(`${urls[v % 2]}/aspects/${enc(urn)}?aspect=tagProperties&version=${v}`);
      expect(r.status, `version ${v}`).toBe(200);
      descriptions.add(r.body.aspect['com.linkedin.tag.TagProperties'].description);
    }
    expect((await http(`${urls[0]}/aspects/${enc(urn)}?aspect=tagProperties&version=${writes}`)).status).toBe(404);
    // Every write is one of the versions: none was lost.
    expect(descriptions.size).toBe(writes);
  });

  it('counts a token revoked, and a policy granted, through one replica at once on the other', async () => {
    const [a, b] = urls as [string, string];
    const user = 'urn:li:corpuser:replicated-user';
    const create = 'mutation($i: CreateAccessTokenInput!) { createAccessToken(input: $i) { accessToken metadata { id } } }';
    const created = (
      await http(`${a}/api/graphql`, {
        body: { query: create, variables: { i: { type: 'PERSONAL', actorUrn: user, duration: 'ONE_DAY', name: 'r' } } },
      })
    ).body.data.createAccessToken;
    const asUser = { authorization: `Bearer ${created.accessToken}` };
    const urn = 'urn:li:tag:replicated-policy';
    const write = (url: string) =>
      http(`${url}/aspects?action=ingestProposal`, { body: { proposal: mcp(urn, 'tagProperties', { name: 'p' }) }, headers: asUser });
    expect((await write(b)).status).toBe(403);

    const policy = {
      type: 'METADATA',
      name: 'replicated',
      state: 'ACTIVE',
      privileges: ['EDIT_ENTITY'],
      actors: { users: [user], resourceOwners: false, allUsers: false, allGroups: false },
    };
    const made = await http(`${a}/api/graphql`, {
      body: { query: 'mutation($i: PolicyUpdateInput!) { createPolicy(input: $i) }', variables: { i: policy } },
    });
    expect(made.body.errors).toBeUndefined();
    expect((await write(b)).status).toBe(200);

    const revoked = await http(`${a}/api/graphql`, {
      body: { query: 'mutation($id: String!) { revokeAccessToken(tokenId: $id) }', variables: { id: created.metadata.id } },
    });
    expect(revoked.body.data.revokeAccessToken).toBe(true);
    const refused = await write(b);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toMatch(/revoked/);
  });

  it('refuses a suspended user at its next request on the other replica, and takes it back once reactivated', async () => {
    const [a, b] = urls as [string, string];
    const user = 'urn:li:corpuser:replicated-leaver';
    const created = await http(`${a}/api/graphql`, {
      body: {
        query: 'mutation($i: CreateAccessTokenInput!) { createAccessToken(input: $i) { accessToken } }',
        variables: { i: { type: 'PERSONAL', actorUrn: user, duration: 'NO_EXPIRY', name: 'kept' } },
      },
    });
    const asUser = { authorization: `Bearer ${created.body.data.createAccessToken.accessToken}` };
    const me = () => plainHttp(`${b}/api/graphql`, { body: { query: '{ me { corpUser { urn } } }' }, headers: asUser });
    expect(
      (await http(`${a}/aspects?action=ingestProposal`, { body: { proposal: mcp(user, 'corpUserInfo', { active: true }) } })).status,
    ).toBe(200);
    expect((await me()).body.data.me.corpUser.urn).toBe(user);
    const status = (s: string) =>
      http(`${a}/api/graphql`, { body: { query: `mutation { updateUserStatus(urn: "${user}", status: ${s}) }` } });
    expect((await status('SUSPENDED')).body.errors).toBeUndefined();
    const refused = await me();
    expect(refused.status).toBe(401);
    expect(refused.body.message).toMatch(/suspended/);
    expect((await status('ACTIVE')).body.errors).toBeUndefined();
    expect((await me()).body.data.me.corpUser.urn).toBe(user);
  });
});
