/**
 * Secrets stay out of sight: access tokens are seen only with MANAGE_ACCESS_TOKENS and policies only
 * with MANAGE_POLICIES, through every read that could show them (listUrns, search and its totals,
 * facets, scroll, autocomplete, browse, counts, entity and aspect reads, REST and GraphQL); other
 * users get DataHub's 403s. The SQLite file that holds the signing key is the service's alone
 * (0600, its -wal and -shm too), and TOKEN_SIGNING_KEY, when set, is the only signing key. An
 * ingestion secret a run used shows in no form in its result or the change log, whatever it holds.
 */
import { chmodSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ACTOR, SYSTEM_ACTOR } from '../src/actors.js';
import { UNAUTHORIZED_MESSAGE } from '../src/auth/authorizer.js';
import { bootstrapAccess } from '../src/domains/access/bootstrap.js';
import { PLATFORM_PRIVILEGES } from '../src/auth/privileges.js';
import { aspectValue } from '../src/registry/aspectValues.js';
import { loadRegistry } from '../src/registry/registry.js';
import { buildProposal } from '../src/write/proposals.js';
import { MASK, secretForms } from '../src/domains/ingestion/secretMask.js';
import { createServices } from '../src/domains/services.js';
import { openStore } from '../src/store/index.js';
import {
  BACKEND,
  enc,
  grantPolicy,
  http,
  openTestStore,
  searchUrns,
  startTestServer,
  tempDir,
  type Reply,
  type TestServer,
} from './helpers.js';

type Json = Record<string, any>;

const ALICE = 'urn:li:corpuser:alice';
const KEEPER = 'urn:li:corpuser:tokenkeeper';
const POLICY = 'urn:li:dataHubPolicy:0';
const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,shared.visible,PROD)';

let s: TestServer;
/** The folder the file source may read. */
const fileRoot = tempDir('secrets-root-');
/** Bearer tokens of the admin, of an ordinary user, and of a user who may manage tokens (only). */
let admin: string;
let alice: string;
let keeper: string;
/** Urns of the tokens minted here, and of Alice's. */
let tokenUrns: string[];
let aliceTokenUrn: string;

async function mint(actorUrn: string, name: string): Promise<{ token: string; urn: string }> {
  const { accessToken, metadata } = await s.services.tokens.mint({ actorUrn, duration: 'ONE_DAY', name });
  return { token: accessToken, urn: metadata.urn };
}

beforeAll(async () => {
  s = await startTestServer({ auth: true, ingestionFileRoot: fileRoot });
  await grantPolicy(s.services, 'token-keeper', { type: 'PLATFORM', privileges: ['MANAGE_ACCESS_TOKENS'], actors: { users: [KEEPER] } });
  await s.services.writePath.apply(
    [buildProposal(s.services.registry, DATASET, 'datasetProperties', 'UPSERT', { description: 'visible to all' })],
    { actor: SYSTEM_ACTOR },
  );
  const [adminMinted, aliceMinted, keeperMinted] = [
    await mint(ADMIN_ACTOR, 'admin-secret'),
    await mint(ALICE, 'alice-secret'),
    await mint(KEEPER, 'keeper-secret'),
  ];
  [admin, alice, keeper] = [adminMinted.token, aliceMinted.token, keeperMinted.token];
  tokenUrns = [adminMinted, aliceMinted, keeperMinted].map((m) => m.urn).sort();
  aliceTokenUrn = aliceMinted.urn;
});
afterAll(async () => {
  await s?.close();
  rmSync(fileRoot, { recursive: true, force: true });
});

const rest = (token: string, path: string, body?: unknown): Promise<Reply> =>
  http(`${s.url}${path}`, { ...(body !== undefined ? { body } : {}), headers: { authorization: `Bearer ${token}` } });

async function gql(token: string, query: string, variables: Json = {}): Promise<Json> {
  const reply = await rest(token, '/api/graphql', { query, variables });
  expect(reply.status).toBe(200);
  return reply.body;
}

/** A REST refusal: 403 whose message starts with DataHub's text. */
function expectRefused(reply: Reply, text: string): void {
  expect(reply.status, reply.text).toBe(403);
  expect(reply.body.message.startsWith(text), reply.body.message).toBe(true);
}

function expectGqlRefused(body: Json, message?: string): void {
  expect(body.errors?.[0]?.extensions, JSON.stringify(body)).toMatchObject({ code: 403, type: 'UNAUTHORIZED' });
  if (message) expect(body.errors[0].message.startsWith(message), body.errors[0].message).toBe(true);
}

describe('the registry says which types are hidden', () => {
  it('tokens need MANAGE_ACCESS_TOKENS, policies MANAGE_POLICIES, and every read privilege is a platform privilege', () => {
    const registry = loadRegistry();
    expect(registry.entity('dataHubAccessToken')?.readPrivilege).toBe('MANAGE_ACCESS_TOKENS');
    expect(registry.entity('dataHubPolicy')?.readPrivilege).toBe('MANAGE_POLICIES');
    expect(registry.aspects.get('corpUserCredentials')?.readPrivilege).toBe('MANAGE_USER_CREDENTIALS');
    for (const e of [...registry.entities.values(), ...registry.aspects.values()]) {
      if (e.readPrivilege) expect(PLATFORM_PRIVILEGES as readonly string[], e.name).toContain(e.readPrivilege);
    }
  });
});

describe("a user's password hash", () => {
  const USER = 'urn:li:corpuser:native-user';
  const credentials = { salt: 'c2FsdA', hashedPassword: 'aGFzaA', passwordResetToken: 'reset-me' };
  beforeAll(async () => {
    await s.services.writePath.apply(
      [
        buildProposal(s.services.registry, USER, 'corpUserInfo', 'UPSERT', { active: true, displayName: 'Native' }),
        buildProposal(s.services.registry, USER, 'corpUserCredentials', 'UPSERT', credentials),
      ],
      { actor: SYSTEM_ACTOR },
    );
  });

  it('is left out of entity reads and the change log for an ordinary user, and refused when asked for', async () => {
    const v2 = await rest(alice, `/entitiesV2/${enc(USER)}`);
    expect(v2.status).toBe(200);
    expect(Object.keys(v2.body.aspects)).toContain('corpUserInfo');
    expect(Object.keys(v2.body.aspects)).not.toContain('corpUserCredentials');
    const snapshot = await rest(alice, `/entities/${enc(USER)}`);
    expect(JSON.stringify(snapshot.body)).not.toContain('hashedPassword');
    expectRefused(await rest(alice, `/entitiesV2/${enc(USER)}?aspects=List(corpUserCredentials)`), 'User is unauthorized to get entity');
    expectRefused(await rest(alice, `/aspects/${enc(USER)}?aspect=corpUserCredentials&version=0`), 'User is unauthorized to get aspect');
    // The token keeper may read the change log, but not user credentials.
    await grantPolicy(s.services, 'feed-reader-2', {
      type: 'PLATFORM',
      privileges: ['GET_METADATA_CHANGE_LOG_EVENTS'],
      actors: { users: [KEEPER] },
    });
    const feed = await rest(keeper, '/events?limit=10000');
    expect(feed.status).toBe(200);
    expect(feed.body.events.length, 'events the keeper may read').toBeGreaterThan(0);
    expect(feed.body.events.filter((e: { aspectName: string }) => e.aspectName === 'corpUserCredentials')).toEqual([]);
  });

  it('is read by whoever manages user credentials (the admin)', async () => {
    const v2 = await rest(admin, `/entitiesV2/${enc(USER)}?aspects=List(corpUserCredentials)`);
    expect(v2.status).toBe(200);
    expect(v2.body.aspects.corpUserCredentials.value).toEqual(credentials);
    expect((await rest(admin, `/aspects/${enc(USER)}?aspect=corpUserCredentials&version=0`)).status).toBe(200);
  });
});

describe('listUrns', () => {
  it('refuses token and policy urns to an ordinary user, with DataHub’s text', async () => {
    for (const entity of ['dataHubAccessToken', 'dataHubPolicy']) {
      expectRefused(await rest(alice, '/entities?action=listUrns', { entity, start: 0, count: 100 }), 'User is unauthorized to search.');
    }
    expect((await rest(alice, '/entities?action=listUrns', { entity: 'dataset', start: 0, count: 100 })).body.value.entities).toContain(
      DATASET,
    );
  });

  it('lists every token to the admin and to a token manager, who still cannot list policies', async () => {
    for (const token of [admin, keeper]) {
      const listed = (await rest(token, '/entities?action=listUrns', { entity: 'dataHubAccessToken', start: 0, count: 100 })).body.value;
      expect(listed.entities).toEqual(tokenUrns);
      expect(listed.total).toBe(tokenUrns.length);
    }
    expect(
      (await rest(admin, '/entities?action=listUrns', { entity: 'dataHubPolicy', start: 0, count: 100 })).body.value.entities,
    ).toContain(POLICY);
    expectRefused(
      await rest(keeper, '/entities?action=listUrns', { entity: 'dataHubPolicy', start: 0, count: 100 }),
      'User is unauthorized to search.',
    );
  });
});

describe('REST search', () => {
  const search = (token: string, entity: string) => rest(token, '/entities?action=search', { entity, input: '*', start: 0, count: 100 });

  it('refuses every search-like read of tokens to an ordinary user', async () => {
    const refused = 'User is unauthorized to search.';
    expectRefused(await search(alice, 'dataHubAccessToken'), refused);
    expectRefused(await search(alice, 'dataHubPolicy'), refused);
    expectRefused(
      await rest(alice, '/entities?action=searchAcrossEntities', {
        entities: ['dataset', 'dataHubAccessToken'],
        input: 'secret',
        start: 0,
        count: 10,
      }),
      refused,
    );
    expectRefused(
      await rest(alice, '/entities?action=scrollAcrossEntities', { entities: ['dataHubAccessToken'], input: '*', count: 10 }),
      refused,
    );
    expectRefused(
      await rest(alice, '/entities?action=autocomplete', {
        entity: 'dataHubAccessToken',
        query: 'urn:li:corpuser:ali',
        field: 'ownerUrn',
        limit: 10,
      }),
      refused,
    );
    expectRefused(await rest(alice, '/entities?action=browse', { entity: 'dataHubAccessToken', path: '/', start: 0, limit: 10 }), refused);
    expectRefused(
      await rest(alice, '/aspects?action=getCount', { aspect: 'dataHubAccessTokenInfo' }),
      'User is unauthorized to get entity counts.',
    );
  });

  it('finds no token through a search across every type, for anyone: totals and facets count none', async () => {
    for (const token of [alice, admin]) {
      const r = (await rest(token, '/entities?action=searchAcrossEntities', { entities: [], input: 'secret', start: 0, count: 10 })).body
        .value;
      // The one match is the entity type named `dataHubSecret` (ingestion secrets), as in DataHub: no token.
      expect(r.numEntities).toBe(1);
      expect(searchUrns(r)).toEqual(['urn:li:entityType:datahub.dataHubSecret']);
      expect(r.metadata.searchResultMetadatas.length, 'facets').toBeGreaterThan(0);
      for (const facet of r.metadata.searchResultMetadatas)
        expect(Object.keys(facet.aggregations).filter((k) => /token/i.test(k))).toEqual([]);
    }
    const all = (await rest(alice, '/entities?action=searchAcrossEntities', { entities: [], input: '*', start: 0, count: 1000 })).body
      .value;
    expect(searchUrns(all)).toContain(DATASET);
    expect(searchUrns(all).some((urn: string) => /^urn:li:(dataHubAccessToken|dataHubPolicy):/.test(urn))).toBe(false);
  });

  it('shows tokens to those who may see them, with exact totals and facets', async () => {
    for (const token of [admin, keeper]) {
      const r = (await search(token, 'dataHubAccessToken')).body.value;
      expect(r.numEntities).toBe(tokenUrns.length);
      expect(searchUrns(r).sort()).toEqual(tokenUrns);
      const scrolled = (
        await rest(token, '/entities?action=scrollAcrossEntities', { entities: ['dataHubAccessToken'], input: 'secret', count: 10 })
      ).body.value;
      expect(scrolled.numEntities).toBe(tokenUrns.length);
      const suggestions = (
        await rest(token, '/entities?action=autocomplete', {
          entity: 'dataHubAccessToken',
          query: 'urn:li:corpuser:ali',
          field: 'ownerUrn',
          limit: 10,
        })
      ).body.value.suggestions;
      expect(suggestions).toEqual([ALICE]);
      expect((await rest(token, '/entities?action=browse', { entity: 'dataHubAccessToken', path: '/', start: 0, limit: 10 })).status).toBe(
        200,
      );
      expect((await rest(token, '/aspects?action=getCount', { aspect: 'dataHubAccessTokenInfo' })).body.value).toBe(tokenUrns.length);
    }
    const policies = (await search(admin, 'dataHubPolicy')).body.value;
    const listed = (await rest(admin, '/entities?action=listUrns', { entity: 'dataHubPolicy', start: 0, count: 1000 })).body.value;
    expect(policies.numEntities).toBe(listed.total);
    const filter = { or: [{ and: [{ field: 'privileges', value: 'MANAGE_ACCESS_TOKENS', condition: 'EQUAL' }] }] };
    const granting = (await rest(admin, '/entities?action=search', { entity: 'dataHubPolicy', input: '*', filter, start: 0, count: 100 }))
      .body.value;
    const privileges = granting.metadata.searchResultMetadatas.find((f: Json) => f.name === 'privileges');
    // the root user's policy, the Admin role's and the token keeper's
    expect(granting.numEntities).toBe(3);
    expect(privileges.aggregations.MANAGE_ACCESS_TOKENS).toBe(3);
  });
});

describe('REST reads of a hidden entity', () => {
  it('refuse policies and tokens to an ordinary user, with DataHub’s texts; the token’s own user included', async () => {
    for (const urn of [POLICY, aliceTokenUrn]) {
      expectRefused(await rest(alice, `/entitiesV2/${enc(urn)}`), `User is unauthorized to get entity ${urn}`);
      expectRefused(await rest(alice, `/entities/${enc(urn)}`), `User is unauthorized to get entity ${urn}`);
    }
    expectRefused(
      await rest(alice, `/aspects/${enc(POLICY)}?aspect=dataHubPolicyInfo`),
      `User is unauthorized to get aspect for ${POLICY}`,
    );
    expectRefused(
      await rest(alice, `/entitiesV2?ids=List(${enc(DATASET)},${enc(POLICY)})`),
      `User is unauthorized to get entities [${DATASET}, ${POLICY}]`,
    );
    expect((await rest(alice, `/entitiesV2/${enc(aliceTokenUrn)}`)).text).not.toContain('alice-secret');
  });

  it('the message says what is missing', async () => {
    const reply = await rest(alice, `/entitiesV2/${enc(POLICY)}`);
    expect(reply.body.message).toBe(`User is unauthorized to get entity ${POLICY} ${ALICE} needs MANAGE_POLICIES.`);
  });

  it('serve them to those who may see them, and everything else to everyone', async () => {
    const policy = (await rest(admin, `/entitiesV2/${enc(POLICY)}`)).body;
    expect(policy.aspects.dataHubPolicyInfo.value.privileges).toContain('MANAGE_POLICIES');
    expect((await rest(admin, `/aspects/${enc(POLICY)}?aspect=dataHubPolicyInfo`)).status).toBe(200);
    const token = (await rest(keeper, `/entitiesV2/${enc(tokenUrns[0]!)}`)).body;
    expect(token.aspects.dataHubAccessTokenInfo.value.name).toMatch(/-secret$/);
    expectRefused(await rest(keeper, `/entities/${enc(POLICY)}`), `User is unauthorized to get entity ${POLICY}`);
    expect((await rest(alice, `/entitiesV2/${enc(DATASET)}`)).body.aspects.datasetProperties.value.description).toBe('visible to all');
  });
});

describe('GraphQL', () => {
  const SEARCH =
    'query($i: SearchAcrossEntitiesInput!) { searchAcrossEntities(input: $i) { total searchResults { entity { urn } } facets { field aggregations { value count } } } }';
  const COUNTS = 'query($i: EntityCountInput) { getEntityCounts(input: $i) { counts { entityType count } } }';
  const ENTITY = 'query($u: String!) { entity(urn: $u) { urn ... on AccessTokenMetadata { name ownerUrn } } }';

  it('refuses searches, counts and autocomplete of tokens and policies to an ordinary user', async () => {
    expectGqlRefused(await gql(alice, SEARCH, { i: { types: ['ACCESS_TOKEN'], query: '*' } }), 'User is unauthorized to search.');
    expectGqlRefused(
      await gql(alice, 'query { search(input: {type: DATAHUB_POLICY, query: "*"}) { total } }'),
      'User is unauthorized to search.',
    );
    expectGqlRefused(await gql(alice, 'query { scrollAcrossEntities(input: {types: [ACCESS_TOKEN], query: "*"}) { total } }'));
    expectGqlRefused(await gql(alice, COUNTS, { i: { types: ['ACCESS_TOKEN'] } }));
    expectGqlRefused(
      await gql(
        alice,
        'query { autoCompleteForMultiple(input: {types: [ACCESS_TOKEN], query: "urn:li:corpuser:ali", field: "ownerUrn"}) { suggestions { suggestions } } }',
      ),
    );
  });

  it('counts no hidden type by default, and counts tokens for the admin who asks', async () => {
    const counts = (await gql(alice, COUNTS, { i: {} })).data.getEntityCounts.counts.map((c: Json) => c.entityType);
    expect(counts).toContain('DATASET');
    expect(counts).not.toContain('ACCESS_TOKEN');
    expect(counts).not.toContain('DATAHUB_POLICY');
    const tokens = (await gql(admin, COUNTS, { i: { types: ['ACCESS_TOKEN'] } })).data.getEntityCounts.counts;
    expect(tokens).toEqual([{ entityType: 'ACCESS_TOKEN', count: tokenUrns.length }]);
    const found = (await gql(admin, SEARCH, { i: { types: ['ACCESS_TOKEN'], query: 'secret' } })).data.searchAcrossEntities;
    expect(found.total).toBe(tokenUrns.length);
    expect(found.searchResults.map((r: Json) => r.entity.urn).sort()).toEqual(tokenUrns);
  });

  it('refuses reading a token or policy by urn with DataHub’s text, and serves it to those who may', async () => {
    for (const u of [tokenUrns[0], POLICY]) expectGqlRefused(await gql(alice, ENTITY, { u }), UNAUTHORIZED_MESSAGE);
    expectGqlRefused(
      await gql(alice, 'query($u: [String!]!) { entities(urns: $u) { urn } }', { u: [DATASET, tokenUrns[0]] }),
      UNAUTHORIZED_MESSAGE,
    );
    const read = await gql(keeper, ENTITY, { u: tokenUrns[0] });
    expect(read.errors).toBeUndefined();
    expect(read.data.entity.name).toMatch(/-secret$/);
    expect((await gql(alice, ENTITY, { u: DATASET })).data.entity.urn).toBe(DATASET);
  });

  it('still lists one’s own tokens through listAccessTokens', async () => {
    const own = await gql(alice, 'query($i: ListAccessTokenInput!) { listAccessTokens(input: $i) { total tokens { name } } }', {
      i: { filters: [{ field: 'ownerUrn', values: [ALICE] }] },
    });
    expect(own.data.listAccessTokens.tokens.map((t: Json) => t.name)).toEqual(['alice-secret']);
  });
});

describe('the change log feed', () => {
  const tokenEvents = (events: Array<{ entityType: string }>) =>
    events.filter((e) => e.entityType === 'dataHubAccessToken' || e.entityType === 'dataHubPolicy');

  it('is refused without GET_METADATA_CHANGE_LOG_EVENTS, paged or streamed', async () => {
    expectRefused(await rest(alice, '/events?limit=10'), UNAUTHORIZED_MESSAGE);
    expectRefused(await rest(alice, '/events/stream'), UNAUTHORIZED_MESSAGE);
  });

  it('leaves out the tokens and policies a reader may not see, and moves past them', async () => {
    await grantPolicy(s.services, 'feed-reader', {
      type: 'PLATFORM',
      privileges: ['GET_METADATA_CHANGE_LOG_EVENTS'],
      actors: { users: [ALICE] },
    });
    const all = await rest(admin, '/events?limit=10000');
    expect(all.status).toBe(200);
    expect(tokenEvents(all.body.events).length).toBeGreaterThan(0);
    const seen = await rest(alice, '/events?limit=10000');
    expect(seen.status, seen.text).toBe(200);
    expect(tokenEvents(seen.body.events)).toEqual([]);
    expect(seen.body.events.some((e: { entityUrn: string }) => e.entityUrn === DATASET)).toBe(true);
    // The next page starts after the last event read, seen or not.
    expect(seen.body.lastOffset).toBe(all.body.lastOffset);
  });
});

describe("a run's rows and related entities", () => {
  it('leave out tokens, policies and password hashes for an ordinary user', async () => {
    // Everything the service writes itself carries the default run id: tokens, policies, password hashes.
    const rows = await rest(alice, '/runs?action=describe', { runId: 'no-run-id-provided', start: 0, count: 10_000, includeAspect: true });
    expect(rows.status, rows.text).toBe(200);
    const kinds = rows.body.value.map((r: { urn: string; aspectName: string }) => `${r.urn.split(':')[2]} ${r.aspectName}`);
    expect(kinds.length).toBeGreaterThan(0);
    expect(kinds.filter((k: string) => /^dataHub(AccessToken|Policy) |corpUserCredentials$/.test(k))).toEqual([]);
    expect(JSON.stringify(rows.body)).not.toContain('hashedPassword');
    const all = await rest(admin, '/runs?action=describe', { runId: 'no-run-id-provided', start: 0, count: 10_000 });
    expect(all.body.value.some((r: { urn: string }) => r.urn.startsWith('urn:li:dataHubAccessToken:'))).toBe(true);
  });

  it('leave out policies among related entities, from the counts too, and refuse a policy as the start', async () => {
    const role = 'urn:li:dataHubRole:Reader';
    await grantPolicy(s.services, 'role-bound', { type: 'PLATFORM', privileges: ['VIEW_ANALYTICS'], actors: { users: [], roles: [role] } });
    const path = (token: string) => rest(token, `/relationships?urn=${enc(role)}&types=List(IsAssociatedWithRole)&direction=INCOMING`);
    const seen = await path(alice);
    expect(seen.status, seen.text).toBe(200);
    expect(seen.body).toMatchObject({ total: 0, entities: [] });
    const all = await path(admin);
    expect(all.body.entities).toContain('urn:li:dataHubPolicy:role-bound');
    expectRefused(
      await rest(alice, `/relationships?urn=${enc(POLICY)}&types=List(IsAssociatedWithRole)&direction=OUTGOING`),
      'User is unauthorized to get entity',
    );
  });
});

describe('the root user', () => {
  it('holds every platform privilege of this build, also in a catalog made before one was added', async () => {
    const info = aspectValue('dataHubPolicyInfo', (await s.services.store.getAspect(POLICY, 'dataHubPolicyInfo', 0))!.value);
    expect([...info.privileges].sort()).toEqual([...PLATFORM_PRIVILEGES].sort());
    // An older catalog's root policy, without the privileges added since: the next start brings them.
    const older = { ...info, privileges: info.privileges.filter((p) => !p.startsWith('GET_')) };
    await s.services.writePath.apply([buildProposal(s.services.registry, POLICY, 'dataHubPolicyInfo', 'UPSERT', older)], {
      actor: SYSTEM_ACTOR,
    });
    await bootstrapAccess(s.services);
    const after = (await s.services.store.getAspect(POLICY, 'dataHubPolicyInfo', 0))!.value as { privileges: string[] };
    expect([...after.privileges].sort()).toEqual([...PLATFORM_PRIVILEGES].sort());
  });
});

describe.skipIf(BACKEND !== 'sqlite')('the SQLite file', () => {
  const mode = (file: string) => statSync(file).mode & 0o777;

  it('is the service’s alone after start: the database, its -wal and its -shm are 0600', () => {
    const path = s.databaseUrl.slice('sqlite:'.length);
    for (const file of [path, `${path}-wal`, `${path}-shm`]) expect(mode(file).toString(8), file).toBe('600');
  });

  it('is tightened when an earlier start left it readable by others, and says so', async () => {
    const path = join(tempDir('catalog-mode-'), 'catalog.db');
    const first = await openStore(`sqlite:${path}`);
    await first.ensureSetting('probe', 'x');
    await first.close();
    chmodSync(path, 0o644);
    const warnings: Error[] = [];
    const listen = (w: Error) => warnings.push(w);
    process.on('warning', listen);
    try {
      const again = await openStore(`sqlite:${path}`);
      await again.ensureSetting('probe', 'y');
      await new Promise((done) => setImmediate(done));
      expect(mode(path).toString(8)).toBe('600');
      for (const file of [`${path}-wal`, `${path}-shm`]) expect(mode(file).toString(8), file).toBe('600');
      await again.close();
    } finally {
      process.off('warning', listen);
    }
    expect(warnings.map((w) => w.message).join('\n')).toContain(`${path} was readable by others (mode 0644)`);
  });
});

describe('TOKEN_SIGNING_KEY', () => {
  it('is the only key when set: tokens of the stored key fail, and no key is stored', async () => {
    const dir = tempDir('catalog-key-');
    const { store, drop } = await openTestStore(dir);
    try {
      const configured = createServices(store, { tokenSigningKey: 'k'.repeat(40) });
      const fromConfig = await configured.tokens.mint({ actorUrn: ALICE, duration: 'ONE_DAY', name: 'configured' });
      expect(await configured.tokens.verify(fromConfig.accessToken)).toBe(ALICE);
      // Nothing was stored: the first to ask for the stored key's setting gets to write it.
      expect(await store.ensureSetting('token-signing-key', 'probe')).toBe('probe');

      const stored = createServices(store);
      const fromStored = await stored.tokens.mint({ actorUrn: ALICE, duration: 'ONE_DAY', name: 'stored' });
      await expect(configured.tokens.verify(fromStored.accessToken)).rejects.toThrow(/signature does not match/);
      await expect(stored.tokens.verify(fromConfig.accessToken)).rejects.toThrow(/signature does not match/);
    } finally {
      await store.close();
      await drop();
    }
  });
});

describe('an ingestion secret a run used', () => {
  const INGESTER = 'urn:li:corpuser:ingester';
  // A folder inside the file root, named with what JSON escapes and URLs encode.
  const value = join(fileRoot, 'we"ird\\dir &%é?=+');
  const recipe = (path: string) => JSON.stringify({ source: { type: 'file', config: { path } } });
  let ingester: string;

  beforeAll(async () => {
    await grantPolicy(s.services, 'ingest-only', { type: 'PLATFORM', privileges: ['MANAGE_INGESTION'], actors: { users: [INGESTER] } });
    ingester = (await mint(INGESTER, 'ingester')).token;
    mkdirSync(value);
    // Neither an MCE nor an MCP: its failure names the file, so the folder, so the secret.
    writeFileSync(join(value, 'bad.json'), '{"x": 1}');
    const created = await gql(admin, 'mutation($input: CreateSecretInput!) { createSecret(input: $input) }', {
      input: { name: 'TRICKY_PATH', value },
    });
    expect(created.errors, JSON.stringify(created.errors)).toBeUndefined();
  });

  /** A value JSON-escaped up to four times over: the change log holds a report's JSON text as a string in JSON. */
  const escaped = (v: string) => [1, 2, 3, 4].reduce((out) => [...out, JSON.stringify(out.at(-1)).slice(1, -1)], [v]);
  /** The forms of the secret, or of the folder's name alone, found in `text`. */
  const leaks = (text: string) =>
    [value, 'we"ird\\dir &%é?=+'].flatMap((v) => [...secretForms(v), ...escaped(v)]).filter((f) => text.includes(f));

  /** The run's result as the ingester reads it: the reply's text, and the result. */
  async function finished(urn: string): Promise<{ text: string; result: Json }> {
    for (let i = 0; i < 200; i++) {
      const reply = await rest(ingester, '/api/graphql', {
        query:
          'query($urn: String!) { executionRequest(urn: $urn) { result { status report structuredReport { type serializedValue } } } }',
        variables: { urn },
      });
      const result = reply.body.data?.executionRequest?.result;
      if (result && result.status !== 'RUNNING') return { text: reply.text, result };
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`run ${urn} did not end`);
  }

  it('holding quotes, backslashes and URL-encodable characters, shows in no form in its result, to one who may not read secrets', async () => {
    // A test connection whose failure reason echoes the path, and a run whose structured report lists failures by file.
    const test = await gql(ingester, 'mutation($recipe: String!) { createTestConnectionRequest(input: {recipe: $recipe}) }', {
      recipe: recipe(`\${TRICKY_PATH}/nope.json`),
    });
    const source = await gql(ingester, 'mutation($input: UpdateIngestionSourceInput!) { createIngestionSource(input: $input) }', {
      input: { name: 'tricky', type: 'file', config: { recipe: recipe(`\${TRICKY_PATH}`), executorId: 'default' } },
    });
    const request = await gql(ingester, 'mutation($u: String!) { createIngestionExecutionRequest(input: {ingestionSourceUrn: $u}) }', {
      u: source.data.createIngestionSource,
    });
    const tested = await finished(test.data.createTestConnectionRequest);
    const ran = await finished(request.data.createIngestionExecutionRequest);

    for (const { text, result } of [tested, ran]) {
      expect(result.status).toBe('FAILURE');
      expect(leaks(text)).toEqual([]);
      expect(leaks(result.report)).toEqual([]);
      expect(leaks(result.structuredReport.serializedValue)).toEqual([]);
    }
    expect(JSON.parse(tested.result.structuredReport.serializedValue).basic_connectivity.failure_reason).toContain(`${MASK}/nope.json`);
    expect(ran.result.structuredReport.type).toBe('CLI_INGEST');
    expect(ran.result.structuredReport.serializedValue).toContain(`${MASK}/bad.json`);
  });

  it('shows in no form in the change log', async () => {
    const feed = await rest(admin, '/events?limit=10000');
    expect(feed.status).toBe(200);
    expect(feed.text).toContain('dataHubExecutionRequestResult');
    expect(leaks(feed.text)).toEqual([]);
  });
});
