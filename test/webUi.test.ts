/**
 * The web UI as the server hands it out: one page shell for every page of the UI, without a token
 * and never cached; built assets cached for good; nothing from another site; a page nobody serves
 * is a 404 that still shows the UI's not-found page to a browser and a Rest.li error to a program.
 */
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UI_DIR, UI_PAGES } from '../src/api/webUi.js';
import { http, startTestServer, type TestServer } from './helpers.js';

const built = existsSync(`${UI_DIR}index.html`);
if (!built) console.warn(`skipping the web UI's serving tests: it is not built in ${UI_DIR} (npm run build)`);

describe.skipIf(!built)('the web UI, as served', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ auth: true, adminToken: 'web-ui-test-admin' });
  });
  afterAll(async () => s?.close());

  const page = (path: string, accept = 'text/html') => http(`${s.url}${path}`, { method: 'GET', headers: { accept } });

  it('answers every page of the UI with its shell, without a token, never cached, with a strict content policy', async () => {
    const shell = readFileSync(`${UI_DIR}index.html`, 'utf8');
    for (const path of UI_PAGES.map((p) => p.replace('*', 'urn%3Ali%3Atag%3Ax'))) {
      const r = await page(path);
      expect(r.status, path).toBe(200);
      expect(r.text).toBe(shell);
      expect(r.headers.get('cache-control')).toBe('no-cache');
      expect(r.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(r.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
  });

  it('serves the built assets the shell names, cached for good, and names nothing elsewhere', async () => {
    const shell = (await page('/')).text;
    expect(shell).not.toMatch(/https?:\/\//);
    const assets = [...shell.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) {
      const r = await page(asset, '*/*');
      expect(r.status, asset).toBe(200);
      expect(r.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(r.text.length).toBeGreaterThan(100);
    }
    expect((await page('/index.html', '*/*')).status).toBe(404);
  });

  it('answers an unknown path with 404: the UI to a browser, a Rest.li error to a program', async () => {
    const browser = await page('/no/such/page');
    expect(browser.status).toBe(404);
    expect(browser.text).toBe(readFileSync(`${UI_DIR}index.html`, 'utf8'));
    const program = await page('/no/such/page', 'application/json');
    expect(program.status).toBe(404);
    expect(program.body.message).toBe('No resource for GET /no/such/page');
    // A real API path still needs a token.
    expect((await page('/entitiesV2/urn%3Ali%3Atag%3Ax', 'application/json')).status).toBe(401);
  });
});
