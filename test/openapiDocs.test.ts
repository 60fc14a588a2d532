/**
 * The OpenAPI description (`/openapi/v3/api-docs`) and Swagger UI (`/openapi/swagger-ui/index.html`):
 * every aspect of the registry is typed in the description, its schemas accept what the service
 * accepts and refuse what it refuses, and Swagger UI loads in a real browser, offline, and makes a
 * call that succeeds with the token given under Authorize.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRegistry } from '../src/registry/registry.js';
import { isUrn } from '../src/urn.js';
import { hasChromium, launchChromium } from './chromium.js';
import { http, startTestServer, type TestServer } from './helpers.js';

const ADMIN_TOKEN = 'openapi-docs-admin-token-0123456789';
const registry = loadRegistry();

let s: TestServer;
let doc: any;
beforeAll(async () => {
  s = await startTestServer({ auth: true, adminToken: ADMIN_TOKEN });
  const r = await http(`${s.url}/openapi/v3/api-docs`);
  expect(r.status, r.text).toBe(200);
  doc = r.body;
});
afterAll(async () => s?.close());

/** The description's schema of an aspect, compiled with the description as its document. */
function aspectValidator() {
  const ajv = new Ajv({ strict: false, allErrors: true });
  ajv.addFormat('urn', { type: 'string', validate: (v: string) => isUrn(v) });
  ajv.addSchema(doc, 'api-docs');
  return (aspect: string) => {
    const fqn = registry.aspects.get(aspect)!.type.name;
    return ajv.getSchema(`api-docs#/components/schemas/${fqn}`)!;
  };
}

/** Every aspect value in our example files (examples/*.json: proposals with their aspect as JSON text or object). */
function exampleValues(): Array<{ aspect: string; value: unknown }> {
  const dir = join(import.meta.dirname, '..', 'examples');
  const out: Array<{ aspect: string; value: unknown }> = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const items = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    for (const item of Array.isArray(items) ? items : [items]) {
      if (typeof item?.aspectName !== 'string' || item.changeType === 'PATCH') continue;
      const aspect = item.aspect?.json ?? (typeof item.aspect?.value === 'string' ? JSON.parse(item.aspect.value) : undefined);
      if (aspect !== undefined) out.push({ aspect: item.aspectName, value: aspect });
    }
  }
  return out;
}

describe('the OpenAPI description', () => {
  it('is served without a token, as OpenAPI 3.1, with the token scheme every call needs', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: '/openapi' }]);
    expect(doc.components.securitySchemes.bearerAuth).toEqual({ type: 'http', scheme: 'bearer' });
  });

  it('types every aspect of the registry, field by field', () => {
    const missing = [...registry.aspects.values()].filter((a) => !doc.components.schemas[a.type.name]).map((a) => a.name);
    expect(missing).toEqual([]);
    const properties = doc.components.schemas['com.linkedin.dataset.DatasetProperties'];
    expect(properties.properties.description).toEqual({ type: 'string' });
    expect(properties.properties.customProperties).toEqual({ type: 'object', additionalProperties: { type: 'string' } });
    expect(properties.additionalProperties).toBe(false);
  });

  it('has the entity endpoints of every entity type, each aspect named in its requests', () => {
    for (const entity of registry.entities.values()) {
      const base = `/v3/entity/${entity.name}`;
      expect(Object.keys(doc.paths[base] ?? {}).sort(), base).toEqual(['get', 'patch', 'post']);
      expect(doc.paths[`${base}/batchGet`]?.post, base).toBeDefined();
      expect(Object.keys(doc.paths[`${base}/{urn}`] ?? {}).sort(), base).toEqual(['delete', 'get', 'head', 'parameters']);
    }
    const aspect = { $ref: '#/components/schemas/datasetPropertiesAspect' };
    expect(doc.components.schemas.DatasetEntity.properties.datasetProperties).toEqual(aspect);
    expect(doc.components.schemas.datasetPropertiesAspect.properties.value).toEqual({
      $ref: '#/components/schemas/com.linkedin.dataset.DatasetProperties',
    });
    expect(doc.paths['/v3/entity/dataset/{urn}/datasetProperties'].post.requestBody.content['application/json'].schema).toEqual(aspect);
  });

  it('is also served a group at a time, as Swagger UI reads it: one per entity type, and the common endpoints', async () => {
    const config = (await http(`${s.url}/openapi/v3/api-docs/swagger-config`)).body;
    expect(config.urls).toHaveLength(registry.entities.size + 1);
    expect(config.urls).toContainEqual({ name: 'common', url: '/openapi/v3/api-docs/common' });
    expect(config['urls.primaryName']).toBe('dataset');
    const dataset = (await http(`${s.url}/openapi/v3/api-docs/dataset`)).body;
    const paths = Object.keys(dataset.paths);
    expect(paths.every((p) => p.startsWith('/v3/entity/dataset'))).toBe(true);
    expect(dataset.paths['/v3/entity/dataset/{urn}/datasetProperties']).toEqual(doc.paths['/v3/entity/dataset/{urn}/datasetProperties']);
    expect(dataset.components.schemas['com.linkedin.dataset.DatasetProperties']).toEqual(
      doc.components.schemas['com.linkedin.dataset.DatasetProperties'],
    );
    expect(dataset.components.schemas['com.linkedin.chart.ChartInfo']).toBeUndefined();
    const common = (await http(`${s.url}/openapi/v3/api-docs/common`)).body;
    expect(Object.keys(common.paths).sort()).toEqual([
      '/relationships/v1/',
      '/v1/trace/write/{traceId}',
      '/v2/entity/batch/{entityName}',
      '/v2/timeline/v1/{urn}',
    ]);
    const unknown = await http(`${s.url}/openapi/v3/api-docs/nope`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/No OpenAPI group nope/);
  });

  it('accepts every aspect value of our examples, as the service does, and refuses a misspelt field, as it does', async () => {
    const schemaOf = aspectValidator();
    const values = exampleValues();
    expect(values.length).toBeGreaterThan(20);
    for (const { aspect, value } of values) {
      const validate = schemaOf(aspect);
      expect(validate(value), `${aspect}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
    const misspelt = { descripton: 'typo' };
    expect(schemaOf('datasetProperties')(misspelt)).toBe(false);
    const refused = await http(`${s.url}/aspects?action=ingestProposal`, {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      body: {
        proposal: {
          entityType: 'dataset',
          entityUrn: 'urn:li:dataset:(urn:li:dataPlatform:hive,db.docs,PROD)',
          changeType: 'UPSERT',
          aspectName: 'datasetProperties',
          aspect: { value: JSON.stringify(misspelt), contentType: 'application/json' },
        },
      },
    });
    expect(refused.status).toBe(422);
    // A value of the wrong type: refused by both.
    expect(schemaOf('status')({ removed: 'yes' })).toBe(false);
  });
});

describe.skipIf(!hasChromium())('Swagger UI in headless Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => browser?.close());

  it('loads from local files only, lists the endpoints, and a call made with the token under Authorize succeeds', async () => {
    const page = await browser.newPage();
    const elsewhere: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(s.url)) elsewhere.push(r.url());
    });
    await page.goto(`${s.url}/openapi/swagger-ui/index.html`);
    // The tags are closed at first: open the datasets'.
    await page.locator('#operations-tag-dataset').waitFor({ timeout: 25_000 });

    await page
      .getByRole('button', { name: /Authorize/ })
      .first()
      .click();
    await page.locator('.auth-container input').first().fill(ADMIN_TOKEN);
    await page.locator('.auth-btn-wrapper button.authorize').click();
    await page.locator('.btn-done, button.close-modal').first().click();

    // Open the scroll of datasets, try it out, and execute.
    await page.locator('#operations-tag-dataset').click();
    const operation = page.locator('#operations-dataset-scrollDataset');
    await operation.locator('.opblock-summary').click();
    await operation.getByRole('button', { name: 'Try it out' }).click();
    const answered = page.waitForResponse((r) => r.url().includes('/openapi/v3/entity/dataset?'));
    await operation.getByRole('button', { name: 'Execute' }).click();
    const response = await answered;
    expect(response.status()).toBe(200);
    expect(response.request().headers().authorization).toBe(`Bearer ${ADMIN_TOKEN}`);
    await operation.locator('.live-responses-table .response-col_status').filter({ hasText: '200' }).first().waitFor();
    expect(elsewhere).toEqual([]);
  });

  it('is refused nothing without a token, but a call without one is answered 401', async () => {
    const page = await browser.newPage();
    const bare = await page.request.get(`${s.url}/openapi/v3/entity/dataset`);
    expect(bare.status()).toBe(401);
    const files = await page.request.get(`${s.url}/openapi/swagger-ui/swagger-ui-bundle.js`);
    expect(files.status()).toBe(200);
    // The package's example initializer pointed at a petstore on the internet: ours points here.
    const init = await (await page.request.get(`${s.url}/openapi/swagger-ui/swagger-initializer.js`)).text();
    expect(init).toContain('v3/api-docs');
    expect(init).not.toContain('petstore');
    expect((await page.request.get(`${s.url}/openapi/swagger-ui/swagger-ui-bundle.js.map`)).status()).toBe(404);
  });
});
