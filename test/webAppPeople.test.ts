/**
 * The app's users, groups and roles pages, with authentication on: listing people, assigning roles
 * (which grant their privileges from the next request), group members (whose group's role counts at
 * once, on every replica), suspending and removing people, and each user's own settings. Effects are read back through
 * the app's own queries and REST `entitiesV2`; refusals are DataHub's 403s, bad input a 400 that
 * writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ACTOR } from '../src/actors.js';
import { UNAUTHORIZED_MESSAGE } from '../src/auth/authorizer.js';
import { ASSIGN_ROLES_REFUSED } from '../src/domains/access/roles.js';
import { openStore } from '../src/store/index.js';
import { mcp, serveStore, startTestServer, type TestServer } from './helpers.js';
import { webApp } from './webApp.js';

type Json = any;

const ADMIN_SECRET = 'people-admin-secret-for-tests';
const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,people.orders,PROD)';
const TAG = 'urn:li:tag:pii';
const BOB = 'urn:li:corpuser:bob';
const CAROL = 'urn:li:corpuser:carol';
const DAN = 'urn:li:corpuser:dan';
const ERIN = 'urn:li:corpuser:erin';
const FRANK = 'urn:li:corpuser:frank';
const GHOST = 'urn:li:corpuser:ghost';
const ANALYSTS = 'urn:li:corpGroup:analysts';
const LDAP_GROUP = 'urn:li:corpGroup:ldap-finance';
const READER = 'urn:li:dataHubRole:Reader';
const EDITOR = 'urn:li:dataHubRole:Editor';

let s: TestServer;
// Users are signed in the first time they act; the admin, with the admin token, is whom requests go as by default.
const { tokens, send, run, expectOperationError, entityV2: aspects, ingest } = webApp(() => s, { signInOnUse: true });

/** Whether `user` may tag the dataset, through the app's own mutation. */
async function canTag(user: string, url = s.url): Promise<boolean> {
  const body = await send('addTag', { input: { tagUrn: TAG, resourceUrn: DATASET } }, user, { url });
  if (body.errors) {
    expect(body.errors[0].extensions.code).toBe(403);
    return false;
  }
  await run('removeTag', { input: { tagUrn: TAG, resourceUrn: DATASET } }, ADMIN_ACTOR);
  return true;
}

const listUsers = async (query = '') => (await run('listUsers', { input: { start: 0, count: 50, query } }, ADMIN_ACTOR)).listUsers;
const userRow = async (urn: string) => (await listUsers()).users.find((u: Json) => u.urn === urn);

beforeAll(async () => {
  s = await startTestServer({ auth: true, adminToken: ADMIN_SECRET });
  tokens.set(ADMIN_ACTOR, ADMIN_SECRET);
  for (const [urn, name] of [
    [BOB, 'Bob Stone'],
    [CAROL, 'Carol King'],
    [DAN, 'Dan Reyes'],
    [ERIN, 'Erin Wu'],
    [FRANK, 'Frank Ode'],
  ] as const) {
    await ingest(mcp(urn, 'corpUserInfo', { active: true, displayName: name, email: `${urn.split(':')[3]}@example.com` }));
  }
  await ingest(mcp(DATASET, 'datasetProperties', { description: 'Orders' }));
  await ingest(mcp(TAG, 'tagProperties', { name: 'pii' }));
  await ingest(mcp(LDAP_GROUP, 'corpGroupInfo', { displayName: 'Finance (LDAP)', admins: [], members: [], groups: [] }));
  await ingest(mcp(LDAP_GROUP, 'origin', { type: 'EXTERNAL', externalType: 'ldap' }));
});
afterAll(async () => s?.close());

describe('the roles page', () => {
  it("lists DataHub's default roles, each with the policies that grant its privileges", async () => {
    const { listRoles } = await run('listRoles', { input: { start: 0, count: 10, query: '' } }, ADMIN_ACTOR);
    expect(listRoles.total).toBe(3);
    expect(listRoles.roles.map((r: Json) => [r.urn, r.name])).toEqual([
      ['urn:li:dataHubRole:Admin', 'Admin'],
      [EDITOR, 'Editor'],
      [READER, 'Reader'],
    ]);
    const editor = listRoles.roles.find((r: Json) => r.urn === EDITOR);
    expect(editor.description).toBe('Can read and edit all metadata. Cannot take administrative actions.');
    expect(editor.policies.relationships.map((r: Json) => r.entity.name).sort()).toEqual([
      'Editors - Edit Metadata Entities',
      'Editors - Metadata Policy',
      'Editors - Platform Policy',
    ]);
  });
});

describe('assigning a role', () => {
  it('Reader lets a user read but not edit; Editor lets them edit, from the next request; no role takes it back', async () => {
    expect(await canTag(BOB)).toBe(false);

    expect((await run('batchAssignRole', { input: { roleUrn: READER, actors: [BOB] } }, ADMIN_ACTOR)).batchAssignRole).toBe(true);
    expect((await aspects(BOB)).roleMembership.value).toEqual({ roles: [READER] });
    expect((await userRow(BOB)).roles.relationships.map((r: Json) => r.entity.name)).toEqual(['Reader']);
    const read = await run('getDataset', { urn: DATASET }, BOB);
    expect(read.dataset.urn).toBe(DATASET);
    expect(read.dataset.privileges.canEditTags).toBe(false);
    expect(await canTag(BOB)).toBe(false);

    await run('batchAssignRole', { input: { roleUrn: EDITOR, actors: [BOB] } }, ADMIN_ACTOR);
    expect((await run('getDataset', { urn: DATASET }, BOB)).dataset.privileges.canEditTags).toBe(true);
    expect(await canTag(BOB)).toBe(true);
    const { listRoles } = await run('listRoles', { input: { start: 0, count: 10 } }, ADMIN_ACTOR);
    expect(listRoles.roles.find((r: Json) => r.urn === EDITOR).users.relationships.map((r: Json) => r.entity.urn)).toContain(BOB);

    await run('batchAssignRole', { input: { roleUrn: null, actors: [BOB] } }, ADMIN_ACTOR);
    expect((await aspects(BOB)).roleMembership.value).toEqual({ roles: [] });
    expect(await canTag(BOB)).toBe(false);
  });

  it('takes effect at once on another replica of the same database', async () => {
    const store = await openStore(s.databaseUrl);
    const replica = await serveStore(store, { auth: true, adminToken: ADMIN_SECRET });
    try {
      expect(await canTag(FRANK, replica.url)).toBe(false);
      await run('batchAssignRole', { input: { roleUrn: EDITOR, actors: [FRANK] } }, ADMIN_ACTOR);
      expect(await canTag(FRANK, replica.url)).toBe(true);
      await run('batchAssignRole', { input: { roleUrn: READER, actors: [FRANK] } }, ADMIN_ACTOR, { url: replica.url });
      expect(await canTag(FRANK)).toBe(false);
    } finally {
      await replica.close();
      await store.close();
    }
  });

  it('Admin makes a user an administrator of people and roles', async () => {
    await expectOperationError(ERIN, 'listUsers', { input: {} }, 403, UNAUTHORIZED_MESSAGE);
    await run('batchAssignRole', { input: { roleUrn: 'urn:li:dataHubRole:Admin', actors: [ERIN] } }, ADMIN_ACTOR);
    expect((await run('listUsers', { input: { start: 0, count: 50 } }, ERIN)).listUsers.total).toBeGreaterThanOrEqual(4);
    await run('batchAssignRole', { input: { roleUrn: READER, actors: [DAN] } }, ERIN);
    expect((await aspects(DAN)).roleMembership.value).toEqual({ roles: [READER] });
  });

  it('is refused without MANAGE_POLICIES, with DataHub’s message', async () => {
    await expectOperationError(CAROL, 'batchAssignRole', { input: { roleUrn: EDITOR, actors: [CAROL] } }, 403, ASSIGN_ROLES_REFUSED);
    expect((await aspects(CAROL)).roleMembership).toBeUndefined();
  });

  it('to a role that does not exist, or to something that cannot hold one, is a 400 that writes nothing', async () => {
    await expectOperationError(
      ADMIN_ACTOR,
      'batchAssignRole',
      { input: { roleUrn: 'urn:li:dataHubRole:Owner', actors: [CAROL] } },
      400,
      /Role urn:li:dataHubRole:Owner does not exist/,
    );
    await expectOperationError(ADMIN_ACTOR, 'batchAssignRole', { input: { roleUrn: EDITOR, actors: [CAROL, DATASET] } }, 400);
    expect((await aspects(CAROL)).roleMembership).toBeUndefined();
  });

  it('skips actors that do not exist, as DataHub does', async () => {
    await run('batchAssignRole', { input: { roleUrn: READER, actors: [GHOST] } }, ADMIN_ACTOR);
    expect((await aspects(GHOST)).roleMembership).toBeUndefined();
  });

  it('through an invite token that is not valid is a 400', async () => {
    await expectOperationError(CAROL, 'acceptRole', { input: { inviteToken: 'not-a-token' } }, 400, /invite token is invalid/);
    expect((await aspects(CAROL)).roleMembership).toBeUndefined();
  });
});

describe('groups', () => {
  it('are created, get members, and their role counts for their members at once', async () => {
    await run('createGroup', { input: { id: 'analysts', name: 'Analysts', description: 'People who analyse' } }, ADMIN_ACTOR);
    await run('batchAssignRole', { input: { roleUrn: EDITOR, actors: [ANALYSTS] } }, ADMIN_ACTOR);
    expect(await canTag(CAROL)).toBe(false);

    expect((await run('addGroupMembers', { groupUrn: ANALYSTS, userUrns: [CAROL, DAN] }, ADMIN_ACTOR)).addGroupMembers).toBe(true);
    expect((await aspects(CAROL)).nativeGroupMembership.value).toEqual({ nativeGroups: [ANALYSTS] });
    expect((await aspects(ANALYSTS)).origin.value).toEqual({ type: 'NATIVE' });
    const { corpGroup } = await run('getGroup', { urn: ANALYSTS, membersCount: 10 }, ADMIN_ACTOR);
    expect(corpGroup.relationships.relationships.map((r: Json) => r.entity.urn).sort()).toEqual([CAROL, DAN]);
    expect(await canTag(CAROL)).toBe(true);

    const { listGroups } = await run('listGroups', { input: { start: 0, count: 10, query: '' } }, ADMIN_ACTOR);
    const row = listGroups.groups.find((g: Json) => g.urn === ANALYSTS);
    expect(row).toMatchObject({
      name: 'analysts',
      info: { displayName: 'Analysts' },
      memberCount: { total: 2 },
      origin: { type: 'NATIVE' },
    });
    expect(row.roles.relationships.map((r: Json) => r.entity.urn)).toEqual([EDITOR]);

    await run('removeGroupMembers', { groupUrn: ANALYSTS, userUrns: [CAROL] }, ADMIN_ACTOR);
    expect((await aspects(CAROL)).nativeGroupMembership.value).toEqual({ nativeGroups: [] });
    expect(await canTag(CAROL)).toBe(false);
    const after = await run('getAllGroupMembers', { urn: ANALYSTS, start: 0, count: 10 }, ADMIN_ACTOR);
    expect(after.corpGroup.relationships.relationships.map((r: Json) => r.entity.urn)).toEqual([DAN]);
  });

  it('ingested without an origin become native on their first change, keeping their members', async () => {
    const legacy = 'urn:li:corpGroup:legacy';
    await ingest(mcp(legacy, 'corpGroupInfo', { displayName: 'Legacy', admins: [], members: [], groups: [] }));
    await ingest(mcp(DAN, 'groupMembership', { groups: [legacy] }));
    await run('addGroupMembers', { groupUrn: legacy, userUrns: [ERIN] }, ADMIN_ACTOR);
    expect((await aspects(DAN)).groupMembership.value).toEqual({ groups: [] });
    expect((await aspects(DAN)).nativeGroupMembership.value.nativeGroups).toEqual([ANALYSTS, legacy]);
    const members = await run('getNativeGroupMembers', { urn: legacy, start: 0, count: 10 }, ADMIN_ACTOR);
    expect(members.corpGroup.relationships.relationships.map((r: Json) => r.entity.urn).sort()).toEqual([DAN, ERIN]);
  });

  it('from an external provider keep the members it gives them', async () => {
    await expectOperationError(
      ADMIN_ACTOR,
      'addGroupMembers',
      { groupUrn: LDAP_GROUP, userUrns: [CAROL] },
      400,
      /ingested from an external provider/,
    );
    expect((await aspects(CAROL)).nativeGroupMembership.value).toEqual({ nativeGroups: [] });
  });

  it('refuse members that are not users, or do not exist, writing nothing; a group that does not exist is a 404', async () => {
    await expectOperationError(ADMIN_ACTOR, 'addGroupMembers', { groupUrn: ANALYSTS, userUrns: [CAROL, GHOST] }, 400, /does not exist/);
    expect((await aspects(CAROL)).nativeGroupMembership.value).toEqual({ nativeGroups: [] });
    await expectOperationError(
      ADMIN_ACTOR,
      'addGroupMembers',
      { groupUrn: 'urn:li:corpGroup:nobody', userUrns: [CAROL] },
      404,
      'Failed to add members to group urn:li:corpGroup:nobody. Group does not exist.',
    );
    await expectOperationError(ADMIN_ACTOR, 'removeGroupMembers', { groupUrn: DATASET, userUrns: [CAROL] }, 400);
  });

  it('refuse member changes to those without EDIT_GROUP_MEMBERS on the group', async () => {
    await expectOperationError(CAROL, 'addGroupMembers', { groupUrn: ANALYSTS, userUrns: [CAROL] }, 403, UNAUTHORIZED_MESSAGE);
    await expectOperationError(CAROL, 'removeGroupMembers', { groupUrn: ANALYSTS, userUrns: [DAN] }, 403, UNAUTHORIZED_MESSAGE);
    await expectOperationError(CAROL, 'listGroups', { input: {} }, 403, UNAUTHORIZED_MESSAGE);
    await expectOperationError(CAROL, 'removeGroup', { urn: ANALYSTS }, 403, UNAUTHORIZED_MESSAGE);
    expect((await aspects(CAROL)).nativeGroupMembership.value).toEqual({ nativeGroups: [] });
  });

  it('removed are gone from the list and from their members, whose role through them ends', async () => {
    await run('addGroupMembers', { groupUrn: ANALYSTS, userUrns: [CAROL] }, ADMIN_ACTOR);
    expect(await canTag(CAROL)).toBe(true);
    expect((await run('removeGroup', { urn: ANALYSTS }, ADMIN_ACTOR)).removeGroup).toBe(true);
    const { listGroups } = await run('listGroups', { input: { start: 0, count: 10 } }, ADMIN_ACTOR);
    expect(listGroups.groups.map((g: Json) => g.urn)).not.toContain(ANALYSTS);
    expect((await aspects(CAROL)).nativeGroupMembership.value.nativeGroups).toEqual([]);
    expect(await canTag(CAROL)).toBe(false);
  });
});

describe('users', () => {
  it('are listed, and found by name, for those who manage them only', async () => {
    const all = await listUsers();
    expect(all.users.map((u: Json) => u.urn)).toEqual(expect.arrayContaining([ADMIN_ACTOR, BOB, CAROL, DAN]));
    expect(all.total).toBe(all.users.length);
    const found = await listUsers('Carol');
    expect(found.users.map((u: Json) => u.urn)).toEqual([CAROL]);
    expect(found.users[0]).toMatchObject({ username: 'carol', info: { displayName: 'Carol King', email: 'carol@example.com' } });
    await expectOperationError(BOB, 'listUsers', { input: {} }, 403, UNAUTHORIZED_MESSAGE);
  });

  it('are suspended and reactivated', async () => {
    expect((await run('updateUserStatus', { urn: DAN, status: 'SUSPENDED' }, ADMIN_ACTOR)).updateUserStatus).toBe(DAN);
    expect((await userRow(DAN)).status).toBe('SUSPENDED');
    expect((await aspects(DAN)).corpUserStatus.value).toMatchObject({ status: 'SUSPENDED', lastModified: { actor: ADMIN_ACTOR } });
    await run('updateUserStatus', { urn: DAN, status: 'ACTIVE' }, ADMIN_ACTOR);
    expect((await userRow(DAN)).status).toBe('ACTIVE');
    await expectOperationError(BOB, 'updateUserStatus', { urn: DAN, status: 'SUSPENDED' }, 403, UNAUTHORIZED_MESSAGE);
    await expectOperationError(ADMIN_ACTOR, 'updateUserStatus', { urn: GHOST, status: 'SUSPENDED' }, 400);
    await expectOperationError(ADMIN_ACTOR, 'updateUserStatus', { urn: TAG, status: 'SUSPENDED' }, 400);
    expect((await aspects(GHOST)).corpUserStatus).toBeUndefined();
  });

  it('are removed, with their role and memberships, and only by those who manage them', async () => {
    await expectOperationError(BOB, 'removeUser', { urn: DAN }, 403, UNAUTHORIZED_MESSAGE);
    expect((await run('removeUser', { urn: DAN }, ADMIN_ACTOR)).removeUser).toBe(true);
    expect((await listUsers()).users.map((u: Json) => u.urn)).not.toContain(DAN);
    expect(await aspects(DAN)).not.toHaveProperty('corpUserInfo');
    const members = await run('getAllGroupMembers', { urn: 'urn:li:corpGroup:legacy', start: 0, count: 10 }, ADMIN_ACTOR);
    expect(members.corpGroup.relationships.relationships.map((r: Json) => r.entity.urn)).toEqual([ERIN]);
    await expectOperationError(ADMIN_ACTOR, 'removeUser', { urn: DAN }, 400);
  });
});

describe("a user's own settings", () => {
  it('appearance, home page and dismissed announcements are written for the caller and read back by getMe', async () => {
    await run('updateUserSetting', { input: { name: 'SHOW_THEME_V2', value: true } }, BOB);
    await run(
      'updateUserHomePageSettings',
      {
        input: { pageTemplate: 'urn:li:dataHubPageTemplate:home_default_1', newDismissedAnnouncements: ['urn:li:post:a'] },
      },
      BOB,
    );
    await run('updateUserHomePageSettings', { input: { newDismissedAnnouncements: ['urn:li:post:a', 'urn:li:post:b'] } }, BOB);
    const { me } = await run('getMe', {}, BOB);
    expect(me.corpUser.settings.appearance).toEqual({
      __typename: 'CorpUserAppearanceSettings',
      showSimplifiedHomepage: null,
      showThemeV2: true,
    });
    expect(me.corpUser.settings.homePage.pageTemplate.urn).toBe('urn:li:dataHubPageTemplate:home_default_1');
    expect(me.corpUser.settings.homePage.dismissedAnnouncementUrns).toEqual(['urn:li:post:a', 'urn:li:post:b']);

    await run('updateUserHomePageSettings', { input: { removePageTemplate: true } }, BOB);
    expect((await run('getMe', {}, BOB)).me.corpUser.settings.homePage.pageTemplate).toBeNull();
    expect((await aspects(CAROL)).corpUserSettings).toBeUndefined();
  });

  it('default view is set and cleared, starting from DataHub’s first settings', async () => {
    const view = 'urn:li:dataHubView:bob-hive';
    await run('updateCorpUserViewsSettings', { input: { defaultView: view } }, CAROL);
    expect((await aspects(CAROL)).corpUserSettings.value).toEqual({
      appearance: { showSimplifiedHomepage: false },
      views: { defaultView: view },
    });
    await run('updateCorpUserViewsSettings', { input: {} }, CAROL);
    expect((await aspects(CAROL)).corpUserSettings.value.views).toEqual({});
  });

  it('bad input is a 400 that writes nothing', async () => {
    const before = (await aspects(BOB)).corpUserSettings.value;
    await expectOperationError(
      BOB,
      'updateUserHomePageSettings',
      { input: { pageTemplate: 'urn:li:dataHubPageTemplate:home_default_1', removePageTemplate: true } },
      400,
      'Invalid inputs: Cannot specify both pageTemplate and removePageTemplate.',
    );
    await expectOperationError(BOB, 'updateCorpUserViewsSettings', { input: { defaultView: 'not an urn' } }, 400);
    expect((await aspects(BOB)).corpUserSettings.value).toEqual(before);
  });
});
