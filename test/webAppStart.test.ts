/**
 * The web app's start: the operations it sends on every page (app config, the signed-in user, global
 * settings, onboarding steps, views, the home page template), sent as the app sends them over HTTP,
 * answer without errors and with what the catalog holds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ACTOR } from '../src/actors.js';
import { bootstrapHomePage } from '../src/domains/builtIns/homePage.js';
import { loadConfig } from '../src/config.js';
import { DEFAULT_FEATURE_FLAGS } from '../src/featureFlags.js';
import { CATALOG_VERSION } from '../src/version.js';
import { grantPolicy, mcp, startTestServer, type TestServer } from './helpers.js';
import { webApp } from './webApp.js';

type Json = Record<string, any>;

const JDOE = 'urn:li:corpuser:jdoe';
const ROE = 'urn:li:corpuser:roe';
const JDOE_VIEW = 'urn:li:dataHubView:jdoe-tables';
const JDOE_SHARED_VIEW = 'urn:li:dataHubView:jdoe-shared';
const ROE_VIEW = 'urn:li:dataHubView:roe-private';
const ROE_GLOBAL_VIEW = 'urn:li:dataHubView:roe-global';
const JDOE_TEMPLATE = 'urn:li:dataHubPageTemplate:jdoe-home';
const LINKS_MODULE = 'urn:li:dataHubPageModule:jdoe-links';
const DEFAULT_TEMPLATE = 'urn:li:dataHubPageTemplate:home_default_1';
const PATHS = ['/api/v2/graphql', '/api/graphql'];

let s: TestServer;
const { signIn, run, ingest } = webApp(() => s);

beforeAll(async () => {
  s = await startTestServer({ auth: true });
  await signIn(ADMIN_ACTOR, JDOE, ROE);
  await ingest(mcp(JDOE, 'corpUserInfo', { active: true, displayName: 'Jane Doe', email: 'jdoe@example.com' }), ADMIN_ACTOR);
  await ingest(
    mcp(
      JDOE_VIEW,
      'dataHubViewInfo',
      view('Tables I use', 'PERSONAL', JDOE, 1000, { or: [{ and: [criterion('platform', ['urn:li:dataPlatform:snowflake'])] }] }),
    ),
    ADMIN_ACTOR,
  );
  await ingest(
    mcp(
      JDOE_SHARED_VIEW,
      'dataHubViewInfo',
      view('Finance', 'GLOBAL', JDOE, 2000, {
        or: [{ and: [criterion('domains', ['urn:li:domain:finance'])] }, { and: [criterion('tags', ['urn:li:tag:pii'])] }],
      }),
    ),
    ADMIN_ACTOR,
  );
  await ingest(
    mcp(ROE_VIEW, 'dataHubViewInfo', view('Roe only', 'PERSONAL', ROE, 3000, { or: [{ and: [criterion('origin', ['PROD'])] }] })),
    ADMIN_ACTOR,
  );
  await ingest(
    mcp(
      ROE_GLOBAL_VIEW,
      'dataHubViewInfo',
      view('Dashboards', 'GLOBAL', ROE, 4000, { or: [{ and: [criterion('_entityType', ['DASHBOARD'])] }] }),
    ),
    ADMIN_ACTOR,
  );
}, 60_000);
afterAll(async () => s?.close());

const stamp = (actor: string, time: number) => ({ time, actor });
const criterion = (field: string, values: string[]) => ({ field, value: values[0], values, condition: 'EQUAL', negated: false });
const view = (name: string, type: string, creator: string, time: number, filter: Json) => ({
  name,
  description: `${name}, saved by ${creator}`,
  type,
  definition: { entityTypes: ['dataset', 'dashboard'], filter },
  created: stamp(creator, time),
  lastModified: stamp(creator, time),
});

describe('appConfig', () => {
  it.each(PATHS)('tells the app, on %s, what this service serves', async (path) => {
    const { appConfig } = await run('appConfig', {}, JDOE, { path });
    expect(appConfig.appVersion).toBe(CATALOG_VERSION);
    expect(appConfig.authConfig.tokenAuthEnabled).toBe(true);
    // DataHub's defaults (its application.yaml), every one of the schema's flags.
    expect(appConfig.featureFlags).toEqual({
      ...Object.fromEntries(Object.entries(DEFAULT_FEATURE_FLAGS).filter(([name]) => name !== 'showSimplifiedHomepageByDefault')),
      __typename: 'FeatureFlagsConfig',
    });
    expect(appConfig.featureFlags).toMatchObject({
      themeV2Enabled: true,
      themeV2Default: true,
      showNavBarRedesign: true,
      showHomePageRedesign: false,
      showIntroducePage: true,
      entityVersioningEnabled: false,
    });
    expect(appConfig.testsConfig.enabled).toBe(false);
    expect(appConfig.managedIngestionConfig.enabled).toBe(true);
    expect(appConfig.viewsConfig.enabled).toBe(true);
    expect(appConfig.analyticsConfig.enabled).toBe(true);
    expect(appConfig.lineageConfig.supportsImpactAnalysis).toBe(true);
    expect(appConfig.searchBarConfig.apiVariant).toBe('AUTOCOMPLETE_FOR_MULTIPLE');
    expect(appConfig.homePageConfig.firstInPersonalSidebar).toBe('YOUR_ASSETS');
  });

  it('serves the flags as the deployment sets them, and a user without settings gets its default appearance', async () => {
    const set = await startTestServer({
      featureFlags: { ...loadConfig({ SHOW_HOME_PAGE_REDESIGN: 'true', SHOW_SIMPLIFIED_HOMEPAGE_BY_DEFAULT: 'true' }).featureFlags },
    });
    try {
      const app = webApp(() => set, { path: '/api/graphql' });
      const { appConfig } = await app.run('appConfig', {});
      expect(appConfig.featureFlags).toMatchObject({ showHomePageRedesign: true, showIntroducePage: true });
      expect(appConfig.featureFlags).not.toHaveProperty('showSimplifiedHomepageByDefault');
      const { me } = await app.run('getMe', {});
      expect(me.corpUser.settings.appearance.showSimplifiedHomepage).toBe(true);
    } finally {
      await set.close();
    }
  });

  it("lists DataHub's privileges for the policy editor", async () => {
    const { policiesConfig } = (await run('appConfig', {}, JDOE)).appConfig;
    expect(policiesConfig.enabled).toBe(true);
    expect(policiesConfig.platformPrivileges).toContainEqual({
      type: 'VIEW_MANAGE_TAGS',
      displayName: 'View Manage Tags',
      description: "View the 'Manage Tags' page.",
      __typename: 'Privilege',
    });
    const dataset = policiesConfig.resourcePrivileges.find((r: Json) => r.resourceType === 'dataset');
    expect(dataset).toMatchObject({ resourceTypeDisplayName: 'Datasets', entityType: 'DATASET' });
    expect(dataset.privileges.map((p: Json) => p.type)).toEqual(
      expect.arrayContaining(['VIEW_ENTITY_PAGE', 'EDIT_DATASET_COL_TAGS', 'EDIT_LINEAGE']),
    );
    expect(policiesConfig.resourcePrivileges.at(-1).resourceType).toBe('all');
  });
});

describe('me', () => {
  it.each(PATHS)('on %s: the root user holds every platform privilege', async (path) => {
    const { me } = await run('getMe', {}, ADMIN_ACTOR, { path });
    expect(me.corpUser.urn).toBe(ADMIN_ACTOR);
    expect(me.corpUser.info.displayName).toBe('DataHub');
    const flags = Object.entries(me.platformPrivileges).filter(([k]) => k !== '__typename');
    expect(flags.length).toBe(26);
    expect(flags.filter(([, v]) => v !== true)).toEqual([]);
  });

  it('a user holds what policies grant, the newest privileges included', async () => {
    const before = (await run('getMe', {}, JDOE)).me.platformPrivileges;
    // DataHub's base policy for all users.
    expect(before).toMatchObject({
      viewAnalytics: true,
      generatePersonalAccessTokens: true,
      manageTags: false,
      viewManageTags: false,
      manageApplications: false,
      manageFeatures: false,
      manageHomePageTemplates: false,
    });
    await grantPolicy(s.services, 'jdoe-platform', {
      type: 'PLATFORM',
      privileges: ['VIEW_MANAGE_TAGS', 'MANAGE_FEATURES'],
      actors: { users: [JDOE] },
    });
    await grantPolicy(s.services, 'jdoe-applications', {
      type: 'METADATA',
      privileges: ['EDIT_ENTITY', 'DELETE_ENTITY'],
      resources: { type: 'application', allResources: false },
      actors: { users: [JDOE] },
    });
    // Privileges on some datasets do not make one a manager of applications.
    await grantPolicy(s.services, 'roe-datasets', {
      type: 'METADATA',
      privileges: ['EDIT_ENTITY', 'DELETE_ENTITY'],
      resources: { type: 'dataset' },
      actors: { users: [ROE] },
    });
    const after = (await run('getMe', {}, JDOE)).me.platformPrivileges;
    expect(after).toMatchObject({
      viewManageTags: true,
      manageFeatures: true,
      manageApplications: true,
      manageTags: false,
      manageHomePageTemplates: false,
    });
    expect((await run('getMe', {}, ROE)).me.platformPrivileges.manageApplications).toBe(false);
  });

  it("reads the user's own settings: appearance, default view and home page", async () => {
    // Before a user stores any setting, DataHub answers the object with its defaults: the app reads it.
    const fresh = (await run('getMe', {}, ROE)).me.corpUser;
    expect(fresh.settings).toMatchObject({ appearance: { showSimplifiedHomepage: false, showThemeV2: null }, views: null, homePage: null });

    await ingest(
      mcp(LINKS_MODULE, 'dataHubPageModuleProperties', {
        name: 'Team links',
        type: 'LINK',
        visibility: { scope: 'PERSONAL' },
        params: { linkParams: { linkUrl: 'https://wiki.example.com', description: 'Team wiki' } },
        created: stamp(JDOE, 5000),
        lastModified: stamp(JDOE, 5000),
      }),
      ADMIN_ACTOR,
    );
    await ingest(
      mcp(JDOE_TEMPLATE, 'dataHubPageTemplateProperties', {
        rows: [{ modules: [LINKS_MODULE, 'urn:li:dataHubPageModule:your_assets'] }],
        surface: { surfaceType: 'HOME_PAGE' },
        visibility: { scope: 'PERSONAL' },
        created: stamp(JDOE, 5000),
        lastModified: stamp(JDOE, 5000),
      }),
      ADMIN_ACTOR,
    );
    // A user may write their own settings.
    await ingest(
      mcp(JDOE, 'corpUserSettings', {
        appearance: { showSimplifiedHomepage: false, showThemeV2: true },
        views: { defaultView: JDOE_VIEW },
        homePage: { pageTemplate: JDOE_TEMPLATE, dismissedAnnouncements: ['urn:li:post:welcome'] },
      }),
      JDOE,
    );

    const { corpUser } = (await run('getMe', {}, JDOE)).me;
    expect(corpUser.info).toMatchObject({ displayName: 'Jane Doe', email: 'jdoe@example.com' });
    expect(corpUser.settings.appearance).toMatchObject({ showSimplifiedHomepage: false, showThemeV2: true });
    expect(corpUser.settings.views.defaultView.urn).toBe(JDOE_VIEW);
    const home = corpUser.settings.homePage;
    expect(home.dismissedAnnouncementUrns).toEqual(['urn:li:post:welcome']);
    expect(home.pageTemplate).toMatchObject({
      urn: JDOE_TEMPLATE,
      type: 'DATAHUB_PAGE_TEMPLATE',
      properties: { surface: { surfaceType: 'HOME_PAGE' }, visibility: { scope: 'PERSONAL' } },
    });
    const [links, assets] = home.pageTemplate.properties.rows[0].modules;
    expect(links).toMatchObject({
      urn: LINKS_MODULE,
      exists: true,
      properties: {
        name: 'Team links',
        type: 'LINK',
        params: { linkParams: { linkUrl: 'https://wiki.example.com', imageUrl: null, description: 'Team wiki' } },
      },
    });
    expect(assets.properties).toMatchObject({ name: 'Your Assets', type: 'OWNED_ASSETS', visibility: { scope: 'GLOBAL' } });
  });

  it("does not show another user's personal view as one's default", async () => {
    await ingest(mcp(ROE, 'corpUserSettings', { appearance: { showThemeV2: false }, views: { defaultView: JDOE_VIEW } }), ROE);
    const { settings } = (await run('getMe', {}, ROE)).me.corpUser;
    expect(settings.appearance).toMatchObject({ showThemeV2: false, showSimplifiedHomepage: null });
    expect(settings.views.defaultView).toBeNull();
    expect(settings.homePage).toBeNull();
  });
});

describe('global settings', () => {
  it("serve DataHub's default home page, seeded at first start", async () => {
    const { globalHomePageSettings } = await run('getHomePageSettings', {}, JDOE);
    const template = globalHomePageSettings.defaultTemplate;
    expect(template).toMatchObject({
      urn: DEFAULT_TEMPLATE,
      properties: { surface: { surfaceType: 'HOME_PAGE' }, visibility: { scope: 'GLOBAL' }, assetSummary: null },
    });
    expect(template.properties.rows.map((r: Json) => r.modules.map((m: Json) => [m.urn, m.properties.name, m.properties.type]))).toEqual([
      [['urn:li:dataHubPageModule:your_assets', 'Your Assets', 'OWNED_ASSETS']],
      [['urn:li:dataHubPageModule:top_domains', 'Domains', 'DOMAINS']],
    ]);
    expect((await run('getDocPropagationSettings', {}, JDOE)).docPropagationSettings.docColumnPropagation).toBe(true);
  });

  it('answer what an administrator stored, which a restart keeps', async () => {
    expect((await run('getGlobalViewsSettings', {}, JDOE)).globalViewsSettings.defaultView).toBeNull();
    await ingest(
      mcp('urn:li:globalSettings:0', 'globalSettingsInfo', {
        views: { defaultView: JDOE_SHARED_VIEW },
        docPropagation: { enabled: true, columnPropagationEnabled: false },
        applications: { enabled: true },
      }),
      ADMIN_ACTOR,
    );
    await ingest(
      mcp(DEFAULT_TEMPLATE, 'dataHubPageTemplateProperties', {
        rows: [{ modules: ['urn:li:dataHubPageModule:top_domains'] }],
        surface: { surfaceType: 'HOME_PAGE' },
        visibility: { scope: 'GLOBAL' },
        created: stamp(ADMIN_ACTOR, 6000),
        lastModified: stamp(ADMIN_ACTOR, 6000),
      }),
      ADMIN_ACTOR,
    );
    // The next start's seeding fills only what is missing: the home page setting, not the edited template.
    await bootstrapHomePage(s.services);

    expect((await run('getGlobalViewsSettings', {}, JDOE)).globalViewsSettings.defaultView).toBe(JDOE_SHARED_VIEW);
    expect((await run('getDocPropagationSettings', {}, JDOE)).docPropagationSettings.docColumnPropagation).toBe(false);
    const template = (await run('getHomePageSettings', {}, JDOE)).globalHomePageSettings.defaultTemplate;
    expect(template.properties.rows.map((r: Json) => r.modules.map((m: Json) => m.urn))).toEqual([
      ['urn:li:dataHubPageModule:top_domains'],
    ]);
    const { visualConfig } = (await run('appConfig', {}, JDOE)).appConfig;
    expect(visualConfig.application).toMatchObject({ showApplicationInNavigation: true, showSidebarSectionWhenEmpty: true });
  });
});

describe('batchGetStepStates', () => {
  it("answers the user's stored onboarding steps and leaves out unseen ones", async () => {
    const seen = `${JDOE}-search-results-filters`;
    await ingest(
      mcp(`urn:li:dataHubStepState:${seen}`, 'dataHubStepStateProperties', {
        properties: { state: 'COMPLETE' },
        lastModified: stamp(JDOE, 7000),
      }),
      ADMIN_ACTOR,
    );
    const { batchGetStepStates } = await run(
      'batchGetStepStates',
      {
        input: { ids: [seen, `${JDOE}-lineage-graph`, `${ROE}-search-results-filters`] },
      },
      JDOE,
    );
    expect(batchGetStepStates.results).toEqual([
      { id: seen, properties: [{ key: 'state', value: 'COMPLETE', __typename: 'StringMapEntry' }], __typename: 'StepStateResult' },
    ]);
  });
});

describe('views', () => {
  const urns = (result: Json) => result.views.map((v: Json) => v.urn);

  it("listMyViews: the caller's own views, newest first, by type and name", async () => {
    const mine = (await run('listMyViews', { start: 0, count: 10 }, JDOE)).listMyViews;
    expect(mine).toMatchObject({ start: 0, count: 2, total: 2 });
    expect(urns(mine)).toEqual([JDOE_SHARED_VIEW, JDOE_VIEW]);
    expect(urns((await run('listMyViews', { viewType: 'PERSONAL', start: 0, count: 10 }, JDOE)).listMyViews)).toEqual([JDOE_VIEW]);
    expect(urns((await run('listMyViews', { start: 0, count: 10, query: 'tables' }, JDOE)).listMyViews)).toEqual([JDOE_VIEW]);
    expect(urns((await run('listMyViews', { viewType: 'PERSONAL', start: 0, count: 10 }, ROE)).listMyViews)).toEqual([ROE_VIEW]);
  });

  it("listGlobalViews: everyone's global views, paged", async () => {
    const first = (await run('listGlobalViews', { start: 0, count: 1 }, JDOE)).listGlobalViews;
    expect(first).toMatchObject({ start: 0, count: 1, total: 2 });
    expect(urns(first)).toEqual([ROE_GLOBAL_VIEW]);
    expect(urns((await run('listGlobalViews', { start: 1, count: 1 }, JDOE)).listGlobalViews)).toEqual([JDOE_SHARED_VIEW]);
  });

  it('view: its definition as the app edits it; a personal view only for its creator', async () => {
    const own = (await run('getView', { urn: JDOE_VIEW }, JDOE)).view;
    expect(own).toMatchObject({
      urn: JDOE_VIEW,
      type: 'DATAHUB_VIEW',
      viewType: 'PERSONAL',
      name: 'Tables I use',
      description: `Tables I use, saved by ${JDOE}`,
    });
    expect(own.definition.entityTypes).toEqual(['DATASET', 'DASHBOARD']);
    expect(own.definition.filter).toMatchObject({
      operator: 'AND',
      filters: [{ field: 'platform', values: ['urn:li:dataPlatform:snowflake'], condition: 'EQUAL', negated: false }],
    });

    const shared = (await run('getView', { urn: JDOE_SHARED_VIEW }, ROE)).view;
    expect(shared.definition.filter.operator).toBe('OR');
    expect(shared.definition.filter.filters.map((f: Json) => f.field)).toEqual(['domains', 'tags']);

    expect((await run('getView', { urn: JDOE_VIEW }, ROE)).view).toBeNull();
    expect((await run('getView', { urn: 'urn:li:dataHubView:never-saved' }, JDOE)).view).toBeNull();
  });
});
