import Fastify, { type FastifyInstance } from 'fastify';
import { buildSchema, graphql } from 'graphql';
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, hasChromium, launchChromium } from '../../../test/chromium.js';
import { DEFAULT_QUERY, explorerRoutes } from './explorer.js';

/** Just enough of DataHub's schema to answer the explorer's default query. */
const schema = buildSchema(`
  enum EntityType { DATASET CORP_USER }
  input SearchInput { type: EntityType!, query: String!, start: Int, count: Int }
  interface Entity { urn: String!, type: EntityType! }
  type Dataset implements Entity { urn: String!, type: EntityType! }
  type SearchResult { entity: Entity! }
  type SearchResults { start: Int!, count: Int!, total: Int!, searchResults: [SearchResult!]! }
  type Query { search(input: SearchInput!): SearchResults }
`);

const DATASETS = ['hive,logging_events', 'hive,fct_users_created', 'kafka,SampleKafkaDataset'].map((name) => ({
  __typename: 'Dataset',
  urn: `urn:li:dataset:(urn:li:dataPlatform:${name},PROD)`,
  type: 'DATASET',
}));

const rootValue = {
  search: ({ input }: { input: { start?: number; count?: number } }) => {
    const start = input.start ?? 0;
    const page = DATASETS.slice(start, start + (input.count ?? 10));
    return { start, count: page.length, total: DATASETS.length, searchResults: page.map((entity) => ({ entity })) };
  },
};

interface GraphqlCall {
  query: string;
  authorization: string | undefined;
}

/** The explorer plus a stand-in `POST /api/graphql`, recording what reached it. */
async function buildApp(calls: GraphqlCall[] = []): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(explorerRoutes({ endpoint: '/api/graphql' }));
  app.post<{ Body: { query: string; variables?: Record<string, unknown>; operationName?: string } }>('/api/graphql', async (request) => {
    const { query, variables, operationName } = request.body;
    calls.push({ query, authorization: request.headers.authorization });
    return graphql({ schema, source: query, rootValue, variableValues: variables, operationName });
  });
  return app;
}

describe('GET /api/graphiql', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp();
  });
  afterAll(() => app.close());

  it('serves a page that loads only local assets', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/graphiql' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("connect-src 'self'");
    const html = res.body;
    expect(html).toContain('<title>metadata-catalog GraphQL explorer</title>');
    // No external URL of any kind: no scheme-qualified or protocol-relative links, no CDN.
    expect(html).not.toMatch(/https?:/i);
    expect(html).not.toMatch(/(src|href)\s*=\s*["']?\/\//i);
    expect(html).not.toMatch(/unpkg|jsdelivr|cdnjs|esm\.sh/i);
    const links = [...html.matchAll(/(?:src|href)="([^"]*)"/g)].map((m) => m[1]!);
    expect(links.filter((l) => !l.startsWith('data:')).sort()).toEqual([
      expect.stringMatching(/^\/api\/graphiql\/assets\/explorer\.js\?v=[0-9a-f]{16}$/),
      expect.stringMatching(/^\/api\/graphiql\/assets\/graphiql\.min\.css\?v=[0-9a-f]{16}$/),
      expect.stringMatching(/^\/api\/graphiql\/assets\/graphiql\.min\.js\?v=[0-9a-f]{16}$/),
      expect.stringMatching(/^\/api\/graphiql\/assets\/react-dom\.production\.min\.js\?v=[0-9a-f]{16}$/),
      expect.stringMatching(/^\/api\/graphiql\/assets\/react\.production\.min\.js\?v=[0-9a-f]{16}$/),
    ]);
    expect(html).toContain('"endpoint":"/api/graphql"');
  });

  it('serves every linked asset with its content type and long-lived caching', async () => {
    const html = (await app.inject({ method: 'GET', url: '/api/graphiql' })).body;
    const links = [...html.matchAll(/(?:src|href)="(\/api\/graphiql\/assets\/[^"]*)"/g)].map((m) => m[1]!);
    expect(links).toHaveLength(5);
    for (const link of links) {
      const res = await app.inject({ method: 'GET', url: link });
      expect(res.statusCode, link).toBe(200);
      expect(res.headers['content-type'], link).toBe(link.includes('.css') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8');
      expect(res.headers['cache-control'], link).toBe('public, max-age=31536000, immutable');
      expect(res.headers.etag, link).toMatch(/^"[0-9a-f]{16}"$/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.rawPayload.length, link).toBeGreaterThan(100);
    }
  });

  it('ships GraphiQL as a UMD bundle needing only the React globals', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/graphiql/assets/graphiql.min.js' });
    expect(res.body.slice(0, 400)).toContain('.GraphiQL=t(e.React,e.ReactDOM)');
    // Unversioned links (the source map, an old page) are revalidated rather than cached for good.
    expect(res.headers['cache-control']).toBe('no-cache');
    const map = await app.inject({ method: 'GET', url: '/api/graphiql/assets/graphiql.min.js.map' });
    expect(map.statusCode).toBe(200);
    expect(map.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('answers a matching If-None-Match with 304, and gzips for clients that accept it', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/graphiql/assets/react.production.min.js' });
    const etag = first.headers.etag as string;
    const again = await app.inject({
      method: 'GET',
      url: '/api/graphiql/assets/react.production.min.js',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const zipped = await app.inject({
      method: 'GET',
      url: '/api/graphiql/assets/graphiql.min.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('accept-encoding');
    expect(zipped.headers.etag).toMatch(/-gz"$/);
    const plain = await app.inject({ method: 'GET', url: '/api/graphiql/assets/graphiql.min.js' });
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    const { gunzipSync } = await import('node:zlib');
    expect(gunzipSync(zipped.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it('404s an unknown asset, including attempts to escape the asset folder', async () => {
    for (const url of [
      '/api/graphiql/assets/nope.js',
      '/api/graphiql/assets/..%2fpackage.json',
      '/api/graphiql/assets/%2e%2e%2f%2e%2e%2fpackage.json',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('links its assets under the prefix it is registered with', async () => {
    const prefixed = Fastify();
    await prefixed.register(explorerRoutes({ endpoint: '/api/gms/api/graphql' }), { prefix: '/api/gms' });
    try {
      const html = (await prefixed.inject({ method: 'GET', url: '/api/gms/api/graphiql' })).body;
      const link = /src="(\/api\/gms\/api\/graphiql\/assets\/graphiql\.min\.js\?v=[0-9a-f]+)"/.exec(html)?.[1];
      expect(link).toBeDefined();
      expect((await prefixed.inject({ method: 'GET', url: link! })).statusCode).toBe(200);
    } finally {
      await prefixed.close();
    }
  });
});

/** What CodeMirror 5 (GraphiQL 3's editor) hangs on its wrapper element. */
interface CodeMirrorElement {
  CodeMirror: { getValue(): string; setValue(value: string): void };
}

const editorValue = (editor: Locator) => editor.evaluate((el) => (el as unknown as CodeMirrorElement).CodeMirror.getValue());
const setEditorValue = (editor: Locator, value: string) =>
  editor.evaluate((el, v) => (el as unknown as CodeMirrorElement).CodeMirror.setValue(v), value);

if (!hasChromium()) console.warn(`skipping the GraphiQL browser test: ${CHROMIUM} not found (apt-get install -y chromium)`);

describe.skipIf(!hasChromium())('the GraphiQL explorer in headless Chromium', () => {
  const calls: GraphqlCall[] = [];
  let app: FastifyInstance;
  let base: string;
  let browser: Browser;

  beforeAll(async () => {
    app = await buildApp(calls);
    base = await app.listen({ host: '127.0.0.1', port: 0 });
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('runs a query and shows the result, sending the headers set in the Headers pane, without leaving localhost', async () => {
    const page = await browser.newPage();
    const requested: string[] = [];
    const problems: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
    });

    await page.goto(`${base}/api/graphiql`);
    const queryEditor = page.locator('.graphiql-query-editor .CodeMirror');
    await queryEditor.waitFor({ timeout: 15_000 });
    expect(await page.title()).toBe('metadata-catalog GraphQL explorer');
    expect(await editorValue(queryEditor)).toBe(DEFAULT_QUERY);

    // The user sets a token in the Headers pane...
    await page.getByRole('button', { name: 'Headers', exact: true }).click();
    const headersEditor = page.locator('section.graphiql-editor-tool .graphiql-editor:not(.hidden) .CodeMirror');
    await headersEditor.waitFor();
    await setEditorValue(headersEditor, '{ "Authorization": "Bearer explorer-test-token" }');

    // ...writes a query, and runs it.
    const query = '{ search(input: {type: DATASET, query: "*", start: 0, count: 2}) { total searchResults { entity { urn type } } } }';
    await setEditorValue(queryEditor, query);
    await page.locator('button.graphiql-execute-button').click();

    const response = page.locator('.graphiql-response .CodeMirror');
    await expect.poll(() => editorValue(response), { timeout: 15_000 }).toContain('"total"');
    const shown = JSON.parse(await editorValue(response));
    expect(shown).toEqual({
      data: {
        search: {
          total: 3,
          searchResults: [
            { entity: { urn: 'urn:li:dataset:(urn:li:dataPlatform:hive,logging_events,PROD)', type: 'DATASET' } },
            { entity: { urn: 'urn:li:dataset:(urn:li:dataPlatform:hive,fct_users_created,PROD)', type: 'DATASET' } },
          ],
        },
      },
    });

    const searchCall = calls.find((call) => call.query.includes('search('));
    expect(searchCall?.authorization).toBe('Bearer explorer-test-token');
    // GraphiQL also introspected the schema for its docs and autocompletion.
    expect(calls.some((call) => call.query.includes('__schema'))).toBe(true);

    const origin = new URL(base).origin;
    const offsite = requested.filter((url) => !url.startsWith(`${origin}/`) && !url.startsWith('data:'));
    expect(offsite).toEqual([]);
    expect(requested.some((url) => url.startsWith(`${origin}/api/graphiql/assets/graphiql.min.js`))).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('runs a query against the real catalog server and shows its answer', async () => {
    const { startTestServer, http, mcp } = await import('../../../test/helpers.js');
    const server = await startTestServer();
    try {
      const urn = 'urn:li:dataset:(urn:li:dataPlatform:hive,explored.table,PROD)';
      await http(`${server.url}/aspects?action=ingestProposal`, {
        body: { proposal: mcp(urn, 'datasetProperties', { description: 'seen in a browser' }) },
      });
      const page = await browser.newPage();
      await page.goto(`${server.url}/api/graphiql`);
      const queryEditor = page.locator('.graphiql-query-editor .CodeMirror');
      await queryEditor.waitFor({ timeout: 15_000 });
      await setEditorValue(queryEditor, `{ dataset(urn: "${urn}") { urn exists properties { description } } }`);
      await page.locator('button.graphiql-execute-button').click();
      const response = page.locator('.graphiql-response .CodeMirror');
      await expect.poll(() => editorValue(response), { timeout: 15_000 }).toContain('seen in a browser');
      expect(JSON.parse(await editorValue(response))).toEqual({
        data: { dataset: { urn, exists: true, properties: { description: 'seen in a browser' } } },
        extensions: {},
      });
      await page.close();
    } finally {
      await server.close();
    }
  });
});

describe.skipIf(!hasChromium())('the GraphQL explorer on a catalog that wants a token', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => browser?.close());

  it('says how to give a token, fetches the schema again once one is pasted, and keeps headers across reloads only when asked', async () => {
    const { startTestServer } = await import('../../../test/helpers.js');
    const server = await startTestServer({ auth: true });
    const token = (await server.services.tokens.mint({ actorUrn: 'urn:li:corpuser:datahub', duration: 'ONE_DAY', name: 'explorer' }))
      .accessToken;
    const page = await browser.newPage();
    const introspections: Array<string | undefined> = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && (request.postData() ?? '').includes('__schema'))
        introspections.push(request.headers().authorization);
    });
    const response = page.locator('.graphiql-response .CodeMirror');
    const docs = page.locator('.graphiql-doc-explorer');
    const note = page.locator('.explorer-note');
    const open = async () => {
      await page.goto(`${server.url}/api/graphiql`);
      await page.locator('.graphiql-query-editor .CodeMirror').waitFor({ timeout: 15_000 });
    };
    const headersEditor = async () => {
      const tab = page.getByRole('button', { name: 'Headers', exact: true });
      if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
      const editor = page.locator('section.graphiql-editor-tool .graphiql-editor:not(.hidden) .CodeMirror');
      await editor.waitFor();
      return editor;
    };
    const stored = () => page.evaluate(() => Object.values(window.localStorage).join('\n'));
    try {
      await open();
      // Without a token the schema cannot be fetched: the answer says what to do, and shows no stack trace.
      await expect.poll(() => editorValue(response), { timeout: 15_000 }).toContain('Not authenticated');
      const refusal = await editorValue(response);
      expect(refusal).toContain('give a token in the Headers pane below');
      expect(refusal).not.toMatch(/stackTrace|RestLiServiceException|HTTP Status/);
      await page.getByRole('button', { name: 'Show Documentation Explorer' }).click();
      await expect.poll(() => docs.textContent(), { timeout: 15_000 }).toContain('Error fetching schema');

      // The token pasted: the schema is fetched again with it, and the docs show it.
      await setEditorValue(await headersEditor(), `{ "Authorization": "Bearer ${token}" }`);
      await expect.poll(() => introspections.includes(`Bearer ${token}`), { timeout: 15_000 }).toBe(true);
      await expect.poll(() => docs.textContent(), { timeout: 15_000 }).toContain('Root Types');

      // Not kept unless asked.
      expect(await page.locator('#keep-headers').isChecked()).toBe(false);
      expect(await note.textContent()).toBe('Headers are not stored: a reload forgets them.');
      // GraphiQL stores its tabs as they change, and the page takes the headers out after it: on a busy
      // machine that can take more than a second.
      await expect.poll(stored, { timeout: 15_000 }).not.toContain(token);
      await open();
      expect(await editorValue(await headersEditor())).not.toContain(token);

      // Kept when asked, with the note saying so: the reloaded page fetches the schema with the kept token.
      await setEditorValue(await headersEditor(), `{ "Authorization": "Bearer ${token}" }`);
      await page.locator('#keep-headers').check();
      expect(await note.textContent()).toContain('the token in them, are stored in this browser’s local storage');
      await expect.poll(stored, { timeout: 15_000 }).toContain(token);
      introspections.length = 0;
      await open();
      expect(await page.locator('#keep-headers').isChecked()).toBe(true);
      expect(await editorValue(await headersEditor())).toContain(token);
      await expect.poll(() => introspections.includes(`Bearer ${token}`), { timeout: 15_000 }).toBe(true);
      expect(await note.textContent()).toContain('stored in this browser’s local storage');

      // Unticked: forgotten.
      await page.locator('#keep-headers').uncheck();
      await expect.poll(stored, { timeout: 15_000 }).not.toContain(token);
      await open();
      expect(await editorValue(await headersEditor())).not.toContain(token);

      // Unticked right after an edit made while ticked: GraphiQL's write of that edit, half a second
      // later, must not put the token back.
      await page.locator('#keep-headers').check();
      await setEditorValue(await headersEditor(), `{ "Authorization": "Bearer ${token}" }`);
      await page.waitForTimeout(200);
      await page.locator('#keep-headers').uncheck();
      await page.waitForTimeout(1_500);
      expect(await stored()).not.toContain(token);
    } finally {
      await page.close();
      await server.close();
    }
  });
});
