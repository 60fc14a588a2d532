/**
 * The app's edits of data products, applications and its own content (posts, views, queries, page
 * templates, settings): each mutation as the app sends it, its effect read back through the app's
 * own query, REST entitiesV2 and search; refused (403, nothing written) without DataHub's privilege;
 * refused (400, nothing written) for bad input.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ACTOR } from '../src/actors.js';
import { UNAUTHORIZED_MESSAGE } from '../src/auth/authorizer.js';
import { enc, grantPolicy, http, startTestServer, type TestServer } from './helpers.js';
import { webApp } from './webApp.js';

type Json = Record<string, any>;

let s: TestServer;
const { signIn, headers, gql, run: ok, write, expectOperationError } = webApp(() => s);
beforeAll(async () => {
  s = await startTestServer({ auth: true });
  // The first to sign in is whom requests go as by default.
  await signIn(ADMIN_ACTOR);
  await write(DOMAIN, 'domainProperties', { name: 'Sales' });
  for (const t of [T1, T2]) await write(t, 'datasetProperties', { name: t.split(',')[1] });
});
afterAll(async () => s.close());

const DOMAIN = 'urn:li:domain:sales';
const T1 = 'urn:li:dataset:(urn:li:dataPlatform:hive,sales.orders,PROD)';
const T2 = 'urn:li:dataset:(urn:li:dataPlatform:hive,sales.customers,PROD)';

/** The entity as REST entitiesV2 shows it (aspects by name; 404 once deleted). */
async function rest(urn: string): Promise<{ status: number; aspects: Json }> {
  const reply = await http(`${s.url}/entitiesV2/${enc(urn)}`, { headers: await headers() });
  return { status: reply.status, aspects: reply.body?.aspects ?? {} };
}

/** Urns search finds for `query` among entities of `type`. */
async function found(type: string, query: string): Promise<string[]> {
  const reply = await gql(
    ADMIN_ACTOR,
    'query($i: SearchAcrossEntitiesInput!) { searchAcrossEntities(input: $i) { searchResults { entity { urn } } } }',
    { i: { types: [type], query, start: 0, count: 50 } },
  );
  return reply.data.searchAcrossEntities.searchResults.map((r: Json) => r.entity.urn);
}

/** The entity as the app's list page (a search) shows it, or undefined when it is not listed. */
async function listed(name: string, types: string[], urn: string): Promise<Json | undefined> {
  const data = await ok(name, { input: { types, query: '*', start: 0, count: 100 } });
  return data.searchAcrossEntities.searchResults.map((r: Json) => r.entity).find((e: Json) => e.urn === urn);
}
const productAssets = async (urn: string) => (await listed('getDataProductsList', ['DATA_PRODUCT'], urn))?.properties.numAssets;
const applicationAssets = async (urn: string) => (await listed('getApplicationsList', ['APPLICATION'], urn))?.properties.numAssets;

/** The mutation is refused for a user without privileges, with DataHub's message, and writes nothing. */
async function refused(
  name: string,
  variables: Json,
  user = `urn:li:corpuser:nobody${Math.random()}`,
  message = UNAUTHORIZED_MESSAGE,
): Promise<void> {
  await signIn(user);
  await expectOperationError(user, name, variables, 403, message);
}

/** The mutation is a client's mistake: 400 naming the problem, nothing written. */
const rejected = (name: string, variables: Json, message: RegExp) => expectOperationError(ADMIN_ACTOR, name, variables, 400, message);

describe('data products', () => {
  it('are created in a domain, renamed, given assets, taken back and deleted', async () => {
    const created = await ok('createDataProduct', {
      input: { id: 'orders', domainUrn: DOMAIN, properties: { name: 'Orders', description: 'All about orders' } },
    });
    const urn = created.createDataProduct.urn;
    expect(urn).toBe('urn:li:dataProduct:orders');

    let page = (await ok('getDataProduct', { urn })).dataProduct;
    expect(page.properties).toMatchObject({ name: 'Orders', description: 'All about orders' });
    expect(await productAssets(urn)).toBe(0);
    expect(page.domain.domain.urn).toBe(DOMAIN);
    expect(page.ownership.owners.map((o: Json) => o.owner.urn)).toEqual([ADMIN_ACTOR]);
    expect(await found('DATA_PRODUCT', 'Orders')).toContain(urn);

    await ok('updateDataProduct', { urn, input: { name: 'Order facts' } });
    await ok('batchSetDataProduct', { input: { dataProductUrn: urn, resourceUrns: [T1, T2] } });
    page = (await ok('getDataProduct', { urn })).dataProduct;
    expect(page.properties).toMatchObject({ name: 'Order facts', description: 'All about orders' });
    expect(await productAssets(urn)).toBe(2);
    expect((await rest(urn)).aspects.dataProductProperties.value.assets.map((a: Json) => a.destinationUrn)).toEqual([T1, T2]);
    expect(await found('DATA_PRODUCT', 'facts')).toContain(urn);

    await ok('batchSetDataProduct', { input: { dataProductUrn: null, resourceUrns: [T1] } });
    expect(await productAssets(urn)).toBe(1);

    await ok('deleteDataProduct', { urn });
    expect((await ok('getDataProduct', { urn })).dataProduct?.properties ?? null).toBeNull();
    expect((await rest(urn)).aspects.dataProductProperties).toBeUndefined();
    expect(await found('DATA_PRODUCT', 'facts')).not.toContain(urn);
  });

  it('gets a UUID when no id is given', async () => {
    const created = await ok('createDataProduct', { input: { domainUrn: DOMAIN, properties: { name: 'Anon' } } });
    expect(created.createDataProduct.urn).toMatch(/^urn:li:dataProduct:[0-9a-f-]{36}$/);
  });

  it('needs MANAGE_DATA_PRODUCTS on the domain; assigning assets needs EDIT_ENTITY_DATA_PRODUCTS on them', async () => {
    const user = 'urn:li:corpuser:pm';
    await refused('createDataProduct', { input: { id: 'pm1', domainUrn: DOMAIN, properties: { name: 'PM' } } }, user);
    await grantPolicy(s.services, 'pm-products', {
      type: 'METADATA',
      privileges: ['MANAGE_DATA_PRODUCTS'],
      actors: { users: [user] },
      resources: { filter: { criteria: [{ field: 'URN', values: [DOMAIN], condition: 'EQUALS' }] } },
    });
    await ok('createDataProduct', { input: { id: 'pm1', domainUrn: DOMAIN, properties: { name: 'PM' } } }, user);
    await refused('batchSetDataProduct', { input: { dataProductUrn: 'urn:li:dataProduct:pm1', resourceUrns: [T1] } }, user);
    await refused('deleteDataProduct', { urn: 'urn:li:dataProduct:pm1' });
    await refused('updateDataProduct', { urn: 'urn:li:dataProduct:pm1', input: { name: 'x' } });
  });

  it('refuses a missing domain, product or asset with 400', async () => {
    await rejected(
      'createDataProduct',
      { input: { domainUrn: 'urn:li:domain:none', properties: { name: 'X' } } },
      /Domain provided dos not exist/,
    );
    await rejected('createDataProduct', { input: { id: 'pm1', domainUrn: DOMAIN, properties: { name: 'X' } } }, /already exists/);
    await rejected('updateDataProduct', { urn: 'urn:li:dataProduct:none', input: { name: 'x' } }, /dos not exist/);
    await rejected('batchSetDataProduct', { input: { dataProductUrn: 'urn:li:dataProduct:none', resourceUrns: [T1] } }, /does not exist/);
    await rejected(
      'batchSetDataProduct',
      { input: { dataProductUrn: 'urn:li:dataProduct:pm1', resourceUrns: ['urn:li:dataset:(urn:li:dataPlatform:hive,none,PROD)'] } },
      /does not exist/,
    );
  });
});

describe('applications', () => {
  it('are created, assigned to assets, unassigned and deleted', async () => {
    const urn = (
      await ok('createApplication', {
        input: { id: 'billing', domainUrn: DOMAIN, properties: { name: 'Billing', description: 'Invoices' } },
      })
    ).createApplication.urn;
    expect(urn).toBe('urn:li:application:billing');
    expect((await ok('getApplication', { urn })).application.properties).toMatchObject({ name: 'Billing', description: 'Invoices' });
    expect(await applicationAssets(urn)).toBe(0);
    expect(await found('APPLICATION', 'Billing')).toContain(urn);

    await ok('batchSetApplication', { input: { applicationUrn: urn, resourceUrns: [T1, T2] } });
    expect(await applicationAssets(urn)).toBe(2);
    expect((await rest(T1)).aspects.applications.value).toEqual({ applications: [urn] });

    await ok('batchSetApplication', { input: { applicationUrn: null, resourceUrns: [T2] } });
    expect(await applicationAssets(urn)).toBe(1);

    // The app has no operation for it; DataHub's schema does.
    const renamed = await http(`${s.url}/api/graphql`, {
      body: {
        query:
          'mutation($urn: String!) { updateApplication(urn: $urn, input: { name: "Billing v2" }) { urn properties { name description } } }',
        variables: { urn },
      },
      headers: await headers(ADMIN_ACTOR),
    });
    expect(renamed.body.data.updateApplication).toEqual({ urn, properties: { name: 'Billing v2', description: 'Invoices' } });
    expect(await found('APPLICATION', 'v2')).toContain(urn);

    await ok('deleteApplication', { urn });
    expect((await ok('getApplication', { urn })).application?.properties ?? null).toBeNull();
    expect(await applicationAssets(urn)).toBeUndefined();
    // Its assets no longer name it.
    expect((await rest(T1)).aspects.applications?.value.applications ?? []).toEqual([]);
  });

  it('are refused without privileges and for bad input', async () => {
    await refused('createApplication', { input: { id: 'x', properties: { name: 'X' } } });
    await ok('createApplication', { input: { id: 'crm', properties: { name: 'CRM' } } });
    await refused('batchSetApplication', { input: { applicationUrn: 'urn:li:application:crm', resourceUrns: [T1] } });
    await refused('deleteApplication', { urn: 'urn:li:application:crm' });
    await rejected('createApplication', { input: { id: 'crm', properties: { name: 'CRM' } } }, /already exists/);
    await rejected('batchSetApplication', { input: { applicationUrn: 'urn:li:application:none', resourceUrns: [T1] } }, /does not exist/);
    await rejected('deleteApplication', { urn: 'urn:li:application:none' }, /does not exist/);
  });
});

describe('posts', () => {
  const content = (title: string) => ({ contentType: 'TEXT', title, description: 'All hands' });

  it('are announced, edited and taken down', async () => {
    await ok('createPost', { input: { postType: 'HOME_PAGE_ANNOUNCEMENT', content: content('Welcome aboard') } });
    const list = async () => (await ok('listPosts', { input: { start: 0, count: 50 } })).listPosts.posts;
    const post = (await list()).find((p: Json) => p.content.title === 'Welcome aboard');
    expect(post).toMatchObject({ postType: 'HOME_PAGE_ANNOUNCEMENT', content: { contentType: 'TEXT', description: 'All hands' } });
    expect((await rest(post.urn)).aspects.postInfo.value.content.title).toBe('Welcome aboard');
    expect(await found('POST', 'Welcome')).toContain(post.urn);

    await ok('updatePost', {
      input: {
        urn: post.urn,
        postType: 'HOME_PAGE_ANNOUNCEMENT',
        content: { ...content('Welcome!'), contentType: 'LINK', link: 'https://wiki/welcome' },
      },
    });
    expect((await list()).find((p: Json) => p.urn === post.urn).content).toMatchObject({ title: 'Welcome!', link: 'https://wiki/welcome' });

    await ok('deletePost', { urn: post.urn });
    expect((await list()).map((p: Json) => p.urn)).not.toContain(post.urn);
    expect(await found('POST', 'Welcome')).not.toContain(post.urn);
  });

  it('need the announcement privileges; a missing post is a 400', async () => {
    const reader = 'urn:li:corpuser:reader';
    await signIn(reader);
    await expectOperationError(
      reader,
      'createPost',
      { input: { postType: 'HOME_PAGE_ANNOUNCEMENT', content: content('nope') } },
      403,
      'Unauthorized to create posts. Please contact your DataHub administrator if this needs corrective action.',
    );
    await grantPolicy(s.services, 'announcers', {
      type: 'PLATFORM',
      privileges: ['CREATE_GLOBAL_ANNOUNCEMENTS'],
      actors: { users: ['urn:li:corpuser:reader'] },
    });
    await ok('createPost', { input: { postType: 'HOME_PAGE_ANNOUNCEMENT', content: content('yes') } }, reader);
    await rejected(
      'updatePost',
      { input: { urn: 'urn:li:post:none', postType: 'HOME_PAGE_ANNOUNCEMENT', content: content('x') } },
      /doesn't exist/,
    );
    await rejected(
      'createPost',
      {
        input: {
          postType: 'ENTITY_ANNOUNCEMENT',
          content: content('x'),
          resourceUrn: 'urn:li:dataset:(urn:li:dataPlatform:hive,none,PROD)',
        },
      },
      /does not exist/,
    );
  });
});

describe('views', () => {
  const definition = {
    entityTypes: ['DATASET'],
    filter: { operator: 'AND', filters: [{ field: 'platform', values: ['urn:li:dataPlatform:hive'], condition: 'EQUAL', negated: false }] },
  };

  it('personal ones are made, changed, made the default and deleted', async () => {
    const view = (await ok('createView', { input: { viewType: 'PERSONAL', name: 'Hive tables', definition } })).createView;
    expect(view.urn).toMatch(/^urn:li:dataHubView:[0-9a-f-]{36}$/);
    const mine = async () => (await ok('listMyViews', { start: 0, count: 20 })).listMyViews.views;
    expect((await mine()).find((v: Json) => v.urn === view.urn)).toMatchObject({
      viewType: 'PERSONAL',
      name: 'Hive tables',
      definition: {
        entityTypes: ['DATASET'],
        filter: { operator: 'AND', filters: [{ field: 'platform', values: ['urn:li:dataPlatform:hive'] }] },
      },
    });
    expect(await found('DATAHUB_VIEW', 'Hive')).toContain(view.urn);

    await ok('updateView', { urn: view.urn, input: { name: 'Hive only' } });
    expect((await ok('getView', { urn: view.urn })).view.name).toBe('Hive only');

    // Someone else may neither change nor delete it.
    await refused('updateView', { urn: view.urn, input: { name: 'mine now' } });
    await refused('deleteView', { urn: view.urn });

    await ok('deleteView', { urn: view.urn });
    expect((await mine()).map((v: Json) => v.urn)).not.toContain(view.urn);
    expect((await rest(view.urn)).aspects.dataHubViewInfo).toBeUndefined();
  });

  it('global ones need MANAGE_GLOBAL_VIEWS, and become the default until deleted', async () => {
    await refused('createView', { input: { viewType: 'GLOBAL', name: 'Everyone', definition } });
    const view = (
      await ok('createView', {
        input: {
          viewType: 'GLOBAL',
          name: 'Everyone',
          definition: { ...definition, filter: { operator: 'OR', filters: definition.filter.filters } },
        },
      })
    ).createView;
    expect((await ok('listGlobalViews', { start: 0, count: 20 })).listGlobalViews.views.map((v: Json) => v.urn)).toContain(view.urn);

    await refused('updateGlobalViewsSettings', { input: { defaultView: view.urn } });
    await ok('updateGlobalViewsSettings', { input: { defaultView: view.urn } });
    expect((await ok('getGlobalViewsSettings', {})).globalViewsSettings.defaultView).toBe(view.urn);
    await rejected('updateGlobalViewsSettings', { input: { defaultView: 'urn:li:dataHubView:none' } }, /does not exist/);

    await ok('deleteView', { urn: view.urn });
    expect((await ok('getGlobalViewsSettings', {})).globalViewsSettings.defaultView).toBeNull();
    await rejected('deleteView', { urn: view.urn }, /does not exist/);
  });
});

describe('queries', () => {
  it('are saved on datasets, edited and deleted', async () => {
    const statement = { value: 'select * from orders', language: 'SQL' };
    const query = (await ok('createQuery', { input: { properties: { name: 'All orders', statement }, subjects: [{ datasetUrn: T1 }] } }))
      .createQuery;
    expect(query.urn).toMatch(/^urn:li:query:[0-9a-f-]{36}$/);
    const listed = async () => (await ok('listQueries', { input: { datasetUrn: T1, start: 0, count: 20 } })).listQueries.queries;
    expect((await listed()).find((q: Json) => q.urn === query.urn).properties).toMatchObject({
      name: 'All orders',
      source: 'MANUAL',
      statement,
    });

    expect(await found('QUERY', 'orders')).toContain(query.urn);
    await ok('updateQuery', {
      urn: query.urn,
      input: { properties: { name: 'Orders', statement: { value: 'select 1', language: 'SQL' } } },
    });
    const page = (await ok('getQuery', { urn: query.urn })).entity;
    expect(page.properties).toMatchObject({ name: 'Orders', statement: { value: 'select 1' } });
    expect((await rest(query.urn)).aspects.querySubjects.value.subjects).toEqual([{ entity: T1 }]);

    await ok('deleteQuery', { urn: query.urn });
    expect((await listed()).map((q: Json) => q.urn)).not.toContain(query.urn);
    expect(await found('QUERY', 'orders')).not.toContain(query.urn);
  });

  it('need EDIT_ENTITY_QUERIES on their datasets; a missing dataset is a 400', async () => {
    const user = 'urn:li:corpuser:analyst';
    await signIn(user);
    const input = { properties: { statement: { value: 'select 2', language: 'SQL' } }, subjects: [{ datasetUrn: T2 }] };
    await expectOperationError(user, 'createQuery', { input }, 403);
    await grantPolicy(s.services, 'analysts', { type: 'METADATA', privileges: ['EDIT_ENTITY_QUERIES'], actors: { users: [user] } });
    await ok('createQuery', { input }, user);
    await rejected(
      'createQuery',
      { input: { ...input, subjects: [{ datasetUrn: 'urn:li:dataset:(urn:li:dataPlatform:hive,none,PROD)' }] } },
      /does not exist/,
    );
  });
});

describe('onboarding steps and feature settings', () => {
  it('step states are recorded per id and read back', async () => {
    const id = `${ADMIN_ACTOR}-search-tour`;
    const reply = await ok('batchUpdateStepStates', { input: { states: [{ id, properties: [{ key: 'state', value: 'COMPLETE' }] }] } });
    expect(reply.batchUpdateStepStates.results).toEqual([{ __typename: 'UpdateStepStateResult', id, succeeded: true }]);
    const read = await ok('batchGetStepStates', { input: { ids: [id] } });
    expect(read.batchGetStepStates.results[0].properties).toEqual([{ __typename: 'StringMapEntry', key: 'state', value: 'COMPLETE' }]);
  });

  it('doc propagation and applications settings need MANAGE_FEATURES', async () => {
    await refused('updateDocPropagationSettings', { input: { docColumnPropagation: false } });
    await ok('updateDocPropagationSettings', { input: { docColumnPropagation: false } });
    expect((await ok('getDocPropagationSettings', {})).docPropagationSettings.docColumnPropagation).toBe(false);
    await refused('updateApplicationsSettings', { input: { enabled: true } });
    await ok('updateApplicationsSettings', { input: { enabled: true } });
    expect((await rest('urn:li:globalSettings:0')).aspects.globalSettingsInfo.value.applications).toEqual({ enabled: true });
  });
});

describe('page templates and modules', () => {
  it('a global template of new modules becomes a data product summary; deleting a module takes it out', async () => {
    const product = (await ok('createDataProduct', { input: { id: 'summary', domainUrn: DOMAIN, properties: { name: 'Summary' } } }))
      .createDataProduct.urn;
    const note = (
      await ok('upsertPageModule', {
        input: { name: 'Read me', type: 'RICH_TEXT', scope: 'GLOBAL', params: { richTextParams: { content: 'Hello' } } },
      })
    ).upsertPageModule.urn;
    const links = (
      await ok('upsertPageModule', {
        input: { name: 'Links', type: 'LINK', scope: 'GLOBAL', params: { linkParams: { linkUrl: 'https://wiki' } } },
      })
    ).upsertPageModule.urn;
    const template = (
      await ok('upsertPageTemplate', { input: { rows: [{ modules: [note, links] }], scope: 'GLOBAL', surfaceType: 'ASSET_SUMMARY' } })
    ).upsertPageTemplate.urn;
    const settings = (await ok('updateAssetSettings', { input: { urn: product, summary: { template } } })).updateAssetSettings;
    expect(settings.assetSummary.templates[0].template.urn).toBe(template);

    const shown = async () =>
      (await ok('getDataProduct', { urn: product })).dataProduct.settings.assetSummary.templates[0].template.properties.rows[0].modules;
    expect((await shown()).map((m: Json) => [m.urn, m.properties.name])).toEqual([
      [note, 'Read me'],
      [links, 'Links'],
    ]);
    expect((await shown())[0].properties.params.richTextParams.content).toBe('Hello');

    await ok('upsertPageModule', {
      input: { urn: note, name: 'Read me first', type: 'RICH_TEXT', scope: 'GLOBAL', params: { richTextParams: { content: 'Hi' } } },
    });
    expect((await shown())[0].properties.name).toBe('Read me first');

    await ok('deletePageModule', { input: { urn: links } });
    expect((await shown()).map((m: Json) => m.urn)).toEqual([note]);
    expect((await rest(template)).aspects.dataHubPageTemplateProperties.value.rows[0].modules).toEqual([note]);

    await ok('deletePageTemplate', { input: { urn: template } });
    expect((await rest(template)).aspects.dataHubPageTemplateProperties).toBeUndefined();
  });

  it('global layouts need MANAGE_HOME_PAGE_TEMPLATES; personal ones are their creator’s', async () => {
    const user = 'urn:li:corpuser:designer';
    await signIn(user);
    await expectOperationError(
      user,
      'upsertPageModule',
      { input: { name: 'x', type: 'RICH_TEXT', scope: 'GLOBAL', params: { richTextParams: { content: 'x' } } } },
      403,
      'User does not have permission to update global modules.',
    );
    const mine = (
      await ok(
        'upsertPageModule',
        { input: { name: 'mine', type: 'RICH_TEXT', scope: 'PERSONAL', params: { richTextParams: { content: 'x' } } } },
        user,
      )
    ).upsertPageModule.urn;
    await refused(
      'deletePageModule',
      { input: { urn: mine } },
      undefined,
      'Attempted to delete personal a page module that was not created by the actor',
    );
    await ok('deletePageModule', { input: { urn: mine } }, user);
    await refused('updateAssetSettings', { input: { urn: T1, summary: { template: 'urn:li:dataHubPageTemplate:home_default_1' } } });

    await rejected(
      'upsertPageTemplate',
      { input: { rows: [{ modules: ['urn:li:dataHubPageModule:none'] }], scope: 'PERSONAL', surfaceType: 'HOME_PAGE' } },
      /does not exist/,
    );
    await rejected('deletePageModule', { input: { urn: 'urn:li:dataHubPageModule:your_assets' } }, /default page module/);
    await rejected('deletePageTemplate', { input: { urn: 'urn:li:dataHubPageTemplate:none' } }, /does not exist/);
    await rejected(
      'updateAssetSettings',
      { input: { urn: 'urn:li:dataProduct:none', summary: { template: 'urn:li:dataHubPageTemplate:home_default_1' } } },
      /does not exist/,
    );
  });
});
