/**
 * Access checks keep what they load (policies, tokens, groups, roles) for as long as the access
 * generation stays the same, and every write that changes any of it bumps the generation: requests
 * in a steady state read no policy, token or membership, and a change counts on the very next
 * request, through this server and, on PostgreSQL, through another replica of the same database.
 * Reads are counted at the store contract, the seam every service reads through.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '../src/actors.js';
import { ACCESS_GENERATION } from '../src/auth/accessGeneration.js';
import { READER_ROLE } from '../src/domains/builtIns/roles.js';
import { buildProposal, deleteEntityProposal } from '../src/write/proposals.js';
import type { Services } from '../src/domains/services.js';
import { EXPORT_FORMAT, importCatalog } from '../src/domains/entities/transfer.js';
import { openStore } from '../src/store/index.js';
import type { Store } from '../src/store/types.js';
import { enc, grantPolicy, http, mcp, openTestStore, serveStore, TEST_DATABASE_URL, tempDir } from './helpers.js';

/** What requests read of access state, counted as they pass through the store contract. */
interface Reads {
  generation: number;
  policies: number;
  tokens: number;
  memberships: number;
}

function counting(store: Store): { store: Store; reads: Reads } {
  const reads: Reads = { generation: 0, policies: 0, tokens: 0, memberships: 0 };
  const tally = (method: string | symbol, args: any[]) => {
    if (method === 'generation') reads.generation++;
    if (method === 'listUrns' && args[0]?.aspect === 'dataHubPolicyInfo') reads.policies++;
    if (method === 'getLatestAspects' && args[1]?.includes('dataHubPolicyInfo')) reads.policies++;
    if (method === 'getAspect' && args[1] === 'dataHubAccessTokenInfo') reads.tokens++;
    if (method === 'getLatestAspects' && args[1]?.some((a: string) => /Membership$/.test(a))) reads.memberships++;
    if (method === 'related' && args[0]?.types?.includes('IsPartOf')) reads.memberships++;
  };
  const proxy = new Proxy(store, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      return (...args: any[]) => {
        tally(prop, args);
        return value.apply(target, args);
      };
    },
  });
  return { store: proxy, reads };
}

const USER = 'urn:li:corpuser:cached-user';
const GROUP = 'urn:li:corpGroup:cached-group';
const TAG = 'urn:li:tag:cached';

interface Replica {
  url: string;
  services: Services;
  reads: Reads;
  close(): Promise<void>;
}

async function replica(store: Store): Promise<Replica> {
  const counted = counting(store);
  const server = await serveStore(counted.store, { auth: true });
  return { ...server, reads: counted.reads };
}

let dir: string;
let drop: () => Promise<void>;
let databaseUrl: string;
let a: Replica;
let token: string;

beforeAll(async () => {
  dir = tempDir();
  const opened = await openTestStore(dir);
  ({ drop } = opened);
  databaseUrl = opened.url;
  a = await replica(opened.store);
  ({ accessToken: token } = await a.services.tokens.mint({ actorUrn: USER, duration: 'ONE_DAY', name: 'cached' }));
});
afterAll(async () => {
  await a.close();
  await a.services.store.close();
  await drop();
  rmSync(dir, { recursive: true, force: true });
});

const asUser = () => ({ authorization: `Bearer ${token}` });
/** A write that needs EDIT_ENTITY on the tag: 403 until a policy grants it. */
const editTag = (r: Replica, headers = asUser()) =>
  http(`${r.url}/aspects?action=ingestProposal`, { body: { proposal: mcp(TAG, 'tagProperties', { name: 'cached' }) }, headers });
/** A read that checks a platform privilege (the user's credentials aspect is MANAGE_USER_CREDENTIALS'). */
const readUser = (r: Replica) => http(`${r.url}/entitiesV2/${enc(USER)}`, { headers: asUser() });
const write = (services: Services, urn: string, aspect: string, value: Record<string, unknown>) =>
  services.writePath.apply([buildProposal(services.registry, urn, aspect, 'UPSERT', value)], { actor: SYSTEM_ACTOR });
const remove = (services: Services, urn: string) =>
  services.writePath.apply([deleteEntityProposal(services.registry, urn)], { actor: SYSTEM_ACTOR });
const reset = (reads: Reads) => Object.assign(reads, { generation: 0, policies: 0, tokens: 0, memberships: 0 });

describe('access checks, between changes', () => {
  it('read the generation on every request, and policies, tokens and memberships only once', async () => {
    await grantPolicy(a.services, 'cached-group-edits', { privileges: ['EDIT_ENTITY'], actors: { groups: [GROUP] } });
    expect((await readUser(a)).status).toBe(200);
    reset(a.reads);
    for (let i = 0; i < 5; i++) {
      expect((await readUser(a)).status).toBe(200);
      expect((await editTag(a)).status).toBe(403);
    }
    // Every request asked whether anything changed; none loaded what it had loaded before.
    expect(a.reads.generation).toBeGreaterThanOrEqual(10);
    expect(a.reads).toMatchObject({ policies: 0, tokens: 0, memberships: 0 });
  });

  it('keep their cache through ordinary metadata writes, which leave the generation alone', async () => {
    const before = await a.services.store.generation(ACCESS_GENERATION);
    await write(a.services, 'urn:li:dataset:(urn:li:dataPlatform:hive,cached.orders,PROD)', 'datasetProperties', { description: 'x' });
    await write(a.services, USER, 'corpUserInfo', { active: true, displayName: 'Cached User' });
    expect(await a.services.store.generation(ACCESS_GENERATION)).toBe(before);
    reset(a.reads);
    expect((await readUser(a)).status).toBe(200);
    expect(a.reads).toMatchObject({ policies: 0, tokens: 0, memberships: 0 });
  });
});

/** Each change through `writer` counts on the next request through `reader`. */
function changesCountAtOnce(replicas: () => { writer: Replica; reader: Replica }) {
  it('a policy granted, narrowed and deleted', async () => {
    const { writer, reader } = replicas();
    const urn = await grantPolicy(writer.services, 'cached-user-edits', { privileges: ['EDIT_ENTITY'], actors: { users: [USER] } });
    reset(reader.reads);
    expect((await editTag(reader)).status).toBe(200);
    expect(reader.reads.policies).toBeGreaterThan(0);
    await grantPolicy(writer.services, 'cached-user-edits', {
      privileges: ['EDIT_ENTITY'],
      actors: { users: [USER] },
      resources: { type: 'dataset' },
    });
    expect((await editTag(reader)).status).toBe(403);
    await grantPolicy(writer.services, 'cached-user-edits', { privileges: ['EDIT_ENTITY'], actors: { users: [USER] } });
    expect((await editTag(reader)).status).toBe(200);
    await remove(writer.services, urn);
    expect((await editTag(reader)).status).toBe(403);
  });

  it('a group joined, its member soft-deleted and restored, and a role given and taken', async () => {
    const { writer, reader } = replicas();
    expect((await editTag(reader)).status).toBe(403);
    await write(writer.services, GROUP, 'corpGroupInfo', { admins: [], members: [USER], groups: [] });
    expect((await editTag(reader)).status).toBe(200);
    // The group's edges to its members are not read while it is soft-deleted.
    await write(writer.services, GROUP, 'status', { removed: true });
    expect((await editTag(reader)).status).toBe(403);
    await write(writer.services, GROUP, 'status', { removed: false });
    expect((await editTag(reader)).status).toBe(200);
    await write(writer.services, GROUP, 'corpGroupInfo', { admins: [], members: [], groups: [] });
    expect((await editTag(reader)).status).toBe(403);

    await grantPolicy(writer.services, 'cached-readers-edit', { privileges: ['EDIT_ENTITY'], actors: { roles: [READER_ROLE] } });
    expect((await editTag(reader)).status).toBe(403);
    await write(writer.services, USER, 'roleMembership', { roles: [READER_ROLE] });
    expect((await editTag(reader)).status).toBe(200);
    await write(writer.services, USER, 'roleMembership', { roles: [] });
    expect((await editTag(reader)).status).toBe(403);
  });

  it('a token revoked, and one minted', async () => {
    const { writer, reader } = replicas();
    const minted = await writer.services.tokens.mint({ actorUrn: USER, duration: 'ONE_DAY', name: 'short-lived' });
    const headers = { authorization: `Bearer ${minted.accessToken}` };
    expect((await editTag(reader, headers)).status).toBe(403);
    await writer.services.tokens.revoke(USER, minted.metadata.id);
    const refused = await editTag(reader, headers);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toMatch(/revoked/);
  });

  it("a user suspended, reactivated, soft-deleted and restored: its token's answer follows", async () => {
    const { writer, reader } = replicas();
    expect((await readUser(reader)).status).toBe(200);
    const status = (value: string) =>
      write(writer.services, USER, 'corpUserStatus', { status: value, lastModified: { actor: SYSTEM_ACTOR, time: 1 } });
    await status('SUSPENDED');
    const suspended = await readUser(reader);
    expect(suspended.status).toBe(401);
    expect(suspended.body.message).toBe(`User ${USER} is suspended: an administrator must reactivate it before it can act`);
    await status('ACTIVE');
    expect((await readUser(reader)).status).toBe(200);
    await write(writer.services, USER, 'status', { removed: true });
    expect((await readUser(reader)).body.message).toBe(`User ${USER} has been removed`);
    await write(writer.services, USER, 'status', { removed: false });
    expect((await readUser(reader)).status).toBe(200);
  });

  it('a user deleted: its session ends', async () => {
    const { writer, reader } = replicas();
    const leaver = 'urn:li:corpuser:cached-leaver';
    await write(writer.services, leaver, 'corpUserInfo', { active: true, displayName: 'Leaver' });
    const session = { authorization: `Bearer ${await writer.services.tokens.mintSession('cached-leaver')}` };
    const me = () => http(`${reader.url}/api/graphql`, { body: { query: '{ me { corpUser { urn } } }' }, headers: session });
    expect((await me()).status).toBe(200);
    // Only the user's info and key: deleting them is what bumps the generation.
    await remove(writer.services, leaver);
    const refused = await me();
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe(`User ${leaver} does not exist here: it was removed, or never created`);
  });
}

describe('a change through this server counts on its next request:', () => {
  changesCountAtOnce(() => ({ writer: a, reader: a }));
});

describe.skipIf(!TEST_DATABASE_URL)('a change through another replica of the PostgreSQL database counts on the next request:', () => {
  let b: Replica;
  beforeAll(async () => {
    b = await replica(await openStore(databaseUrl, { poolSize: 4 }));
    // Both replicas have loaded and cached what they check before anything changes.
    expect((await editTag(a)).status).toBe(403);
    expect((await editTag(b)).status).toBe(403);
  });
  afterAll(async () => {
    await b.close();
    await b.services.store.close();
  });
  changesCountAtOnce(() => ({ writer: b, reader: a }));
});

describe('an import', () => {
  it('that brings policies makes them count at once', async () => {
    const before = await a.services.store.generation(ACCESS_GENERATION);
    const policy = {
      type: 'aspect',
      urn: 'urn:li:dataHubPolicy:imported',
      aspect: 'dataHubPolicyInfo',
      version: 0,
      value: {
        displayName: 'imported',
        description: '',
        type: 'METADATA',
        state: 'ACTIVE',
        privileges: ['EDIT_ENTITY'],
        actors: { users: [USER] },
      },
      systemMetadata: null,
      createdOn: 1,
      createdBy: SYSTEM_ACTOR,
    };
    async function* lines() {
      yield JSON.stringify({ type: 'header', format: EXPORT_FORMAT, version: 1, exportedAt: 1 });
      yield JSON.stringify(policy);
    }
    expect((await editTag(a)).status).toBe(403);
    await importCatalog(a.services.store, a.services.registry, lines());
    expect(await a.services.store.generation(ACCESS_GENERATION)).toBeGreaterThan(before);
    expect((await editTag(a)).status).toBe(200);
    await remove(a.services, policy.urn);
  });
});
