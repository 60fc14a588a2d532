/**
 * The web UI in a real browser (Debian's Chromium, driven by playwright-core), against the service
 * with authentication on and the sample catalog of `examples/` loaded: what a data engineer does on
 * a first visit, found the way a person finds it, by labels, roles and names. Screenshots of the main
 * pages are written to `test-artifacts/ui/` for people to look at; nothing compares their pixels.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UI_DIR } from '../../src/api/webUi.js';
import { CHROMIUM, hasChromium, launchChromium } from '../../test/chromium.js';
import { expectEach, expectOrdered, http, startTestServer, type TestServer } from '../../test/helpers.js';
import { exampleProposals } from '../../test/sampleCatalog.js';

const ARTIFACTS = resolve(import.meta.dirname, '../../test-artifacts/ui');
const ADMIN_SECRET = 'browser-test-admin-secret';
const ADMIN = { authorization: `Bearer ${ADMIN_SECRET}` };
const ADMIN_PASSWORD = 'correct horse battery staple';
const FCT_ORDERS = 'urn:li:dataset:(urn:li:dataPlatform:snowflake,fernbrook.marts.fct_orders,PROD)';

if (!hasChromium()) console.warn(`skipping the web UI browser tests: ${CHROMIUM} not found (apt-get install -y chromium)`);

type Json = Record<string, any>;

let s: TestServer;
let browser: Browser;

async function gql(query: string, variables: Json = {}, headers: Record<string, string> = ADMIN): Promise<Json> {
  const r = await http(`${s.url}/api/graphql`, { body: { query, variables }, headers });
  expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
  return r.body.data;
}

/** A new native user with the given password, invited as an admin would. */
async function inviteUser(page: Page, email: string, password: string): Promise<void> {
  const { createInviteToken } = await gql('mutation { createInviteToken(input: {}) { inviteToken } }');
  await page.goto(`${s.url}/signup?invite_token=${createInviteToken.inviteToken}`);
  await page.getByLabel('Full name').fill('Robin Reader');
  await page.getByLabel('Email (your user name)').fill(email);
  await page.getByLabel('Title').fill('Analyst');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.getByRole('heading', { name: /Welcome/ }).waitFor();
}

async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto(`${s.url}/login`);
  await page.getByLabel('User name').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${ARTIFACTS}/${name}.png`, fullPage: true });
}

const entityPath = (urn: string, search = '') => `/entity/${encodeURIComponent(urn)}${search}`;

describe.skipIf(!hasChromium())('the web UI in headless Chromium', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    if (!existsSync(`${UI_DIR}index.html`)) throw new Error(`the web UI is not built in ${UI_DIR}: run npm run build`);
    mkdirSync(ARTIFACTS, { recursive: true });
    s = await startTestServer({ auth: true, adminToken: ADMIN_SECRET });
    const proposals = exampleProposals();
    for (let i = 0; i < proposals.length; i += 200) {
      const r = await http(`${s.url}/aspects?action=ingestProposalBatch`, {
        body: { proposals: proposals.slice(i, i + 200) },
        headers: ADMIN,
      });
      expect(r.status, r.text).toBe(200);
    }
    await s.services.nativeUsers.setPassword('urn:li:corpuser:datahub', ADMIN_PASSWORD);
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
    page = await context.newPage();
    // A step that never happens fails with the locator it waited for, well before the test's own limit.
    context.setDefaultTimeout(10_000);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await s?.close();
  });

  it('sends a visitor who is not signed in to the sign-in page, and refuses a wrong password', async () => {
    await page.goto(`${s.url}${entityPath(FCT_ORDERS)}`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await shot(page, 'sign-in');
    await signIn(page, 'datahub', 'not the password');
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Invalid Credentials');
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('signs the admin in, home shows what the catalog holds', async () => {
    await signIn(page, 'datahub', ADMIN_PASSWORD);
    await page.getByRole('heading', { name: 'What the catalog holds' }).waitFor();
    const datasets = page.getByRole('link', { name: /\d+\s*Datasets/ });
    expect(await datasets.textContent()).toMatch(/^26\s*Datasets$/);
    await shot(page, 'home');
  });

  it('searches as you type, narrows by a facet, and keeps it all in a shareable URL', async () => {
    await page.goto(`${s.url}/search`);
    const box = page.getByRole('searchbox', { name: 'Search' });
    await box.fill('orders');
    await page.getByRole('heading', { name: /results? for “orders”/ }).waitFor();
    const all = Number((await page.getByRole('heading', { name: /results? for/ }).textContent())!.match(/\d+/)![0]);
    expect(all).toBeGreaterThan(3);
    await page
      .getByRole('group', { name: 'Platform' })
      .getByLabel(/Snowflake/)
      .check();
    await page.waitForURL(/platform=/);
    await expect
      .poll(async () => Number((await page.getByRole('heading', { name: /results? for/ }).textContent())!.match(/\d+/)![0]))
      .toBeLessThan(all);
    // The count and the list are drawn apart: the list is waited for too, not read once the count changed.
    const titles = () => page.locator('.result-title').allTextContents();
    await expect.poll(async () => (await titles()).every((t) => t.includes('Snowflake'))).toBe(true);
    expectEach(await titles(), (t) => t.includes('Snowflake'));
    await shot(page, 'search');
    // The same URL, opened afresh, shows the same search.
    const shared = page.url();
    const other = await context.newPage();
    await other.goto(shared);
    await other.getByRole('heading', { name: /results? for “orders”/ }).waitFor();
    expect(
      await other
        .getByRole('group', { name: 'Platform' })
        .getByLabel(/Snowflake/)
        .isChecked(),
    ).toBe(true);
    await other.close();
  });

  it('pages and sorts results, and browses by platform and folder', async () => {
    await page.goto(`${s.url}/search?type=DATASET`);
    await page.getByRole('heading', { name: /^26 results$/ }).waitFor();
    const firstPage = await page.locator('.result-title a').allTextContents();
    expect(firstPage).toHaveLength(20);
    // In urn order, not by name: so that sorting by name below has something to change.
    expect(firstPage).not.toEqual([...firstPage].sort((a, b) => a.localeCompare(b)));
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByText('Page 2 of 2').waitFor();
    await expect.poll(() => page.locator('.result-title a').count()).toBe(6);
    const secondPage = await page.locator('.result-title a').allTextContents();
    expect(secondPage.filter((name) => firstPage.includes(name))).toEqual([]);

    await page.getByLabel('Sort by').selectOption({ label: 'Name A–Z' });
    await page.waitForURL(/sort=name/);
    await page.getByText('Page 1 of 2').waitFor();
    // The second page stays on screen until the first, sorted, has arrived.
    await expect.poll(() => page.locator('.result-list[aria-busy="false"] .result-title a').count()).toBe(20);
    const sorted = await page.locator('.result-title a').allTextContents();
    expectOrdered(sorted, (a, b) => a.localeCompare(b), 'names on the sorted page');

    await page.getByRole('link', { name: 'Browse' }).click();
    await page.getByRole('heading', { name: 'Browse by platform' }).waitFor();
    await page.getByRole('link', { name: /Snowflake/ }).click();
    await page.getByRole('link', { name: /fernbrook/ }).click();
    await page.getByRole('link', { name: /marts/ }).click();
    await page.getByRole('link', { name: 'fct_orders', exact: true }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Breadcrumb' }).textContent()).toContain('marts');
    await shot(page, 'browse');
  });

  it('opens a dataset: its description, schema and lineage with impact analysis', async () => {
    await page.getByRole('link', { name: 'fct_orders', exact: true }).first().click();
    await page.getByRole('heading', { name: 'fct_orders', level: 1 }).waitFor();
    expect(await page.locator('.description').textContent()).toContain('Order fact table');
    await page.getByRole('tab', { name: 'Schema' }).click();
    await page.getByRole('button', { name: 'order_id' }).waitFor();
    await page.getByLabel('Filter columns').fill('revenue');
    await expect.poll(() => page.locator('table.columns tbody tr').count()).toBe(1);
    expect(await page.locator('table.columns tbody tr').textContent()).toContain('net_revenue_gbp');
    await shot(page, 'dataset-schema');
    await page.getByRole('tab', { name: 'Lineage' }).click();
    const graph = page.getByRole('figure', { name: 'Lineage graph' });
    await graph.getByText('stg_orders', { exact: true }).waitFor();
    expect(await graph.locator('.react-flow__node').count()).toBeGreaterThan(2);
    expect(await graph.locator('.react-flow__edge').count()).toBeGreaterThan(1);
    const impact = page.getByRole('region', { name: 'Impact analysis' });
    await impact.getByText(/downstream entit/).waitFor();
    expect(await impact.textContent()).toMatch(/Daily net revenue/);
    await shot(page, 'dataset-lineage');
  });

  it("follows a column's lineage, from the schema to a graph of columns", async () => {
    const staging = 'urn:li:dataset:(urn:li:dataPlatform:snowflake,fernbrook.staging.stg_loyalty_points,PROD)';
    await page.goto(`${s.url}${entityPath(staging, '?tab=schema')}`);
    await page.getByRole('button', { name: 'customer_id', exact: true }).click();
    const detail = page.getByRole('region', { name: 'Column customer_id' });
    await detail.getByRole('link', { name: 'points_earned.customer_id' }).waitFor();
    await detail.getByRole('link', { name: "See this column's lineage" }).click();
    await page.getByRole('heading', { name: 'Column lineage of customer_id' }).waitFor();
    const graph = page.getByRole('figure', { name: 'Lineage graph' });
    await graph.getByText('points_earned', { exact: true }).waitFor();
    expect(await graph.locator('.react-flow__node').count()).toBeGreaterThan(1);
    expect(await graph.locator('.react-flow__edge').count()).toBeGreaterThan(0);
    await shot(page, 'column-lineage');
  });

  it("draws a dataset's row counts over time from its profiles", async () => {
    const day = 86_400_000;
    const proposals = [3, 2, 1].map((daysAgo, i) => ({
      entityType: 'dataset',
      entityUrn: FCT_ORDERS,
      changeType: 'UPSERT',
      aspectName: 'datasetProfile',
      aspect: {
        value: JSON.stringify({ timestampMillis: Date.now() - daysAgo * day, rowCount: 1000 + i * 250, columnCount: 10 }),
        contentType: 'application/json',
      },
    }));
    const r = await http(`${s.url}/aspects?action=ingestProposalBatch`, { body: { proposals }, headers: ADMIN });
    expect(r.status, r.text).toBe(200);
    await page.goto(`${s.url}${entityPath(FCT_ORDERS, '?tab=stats')}`);
    const chart = page.getByRole('figure', { name: 'Row count over time' });
    await chart.locator('.recharts-line-dot').first().waitFor();
    expect(await chart.locator('.recharts-line-dot').count()).toBe(3);
    // Oldest first, each higher than the last: the line rises as the row counts do.
    const heights = await chart.locator('.recharts-line-dot').evaluateAll((dots) => dots.map((d) => Number(d.getAttribute('cy'))));
    expect(heights[0]).toBeGreaterThan(heights[1]!);
    expect(heights[1]).toBeGreaterThan(heights[2]!);
    await shot(page, 'dataset-statistics');
  });

  it('adds a tag and an owner, and search finds the dataset by them at once', async () => {
    await page.goto(`${s.url}${entityPath(FCT_ORDERS)}`);
    await page.getByRole('button', { name: 'Add tag' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add tag' });
    await dialog.getByLabel('Find').fill('PII');
    await dialog.getByRole('button', { name: /^PII/ }).click();
    await page.getByRole('button', { name: 'Remove tag PII' }).waitFor();
    await page.getByRole('button', { name: 'Add owner' }).click();
    const owners = page.getByRole('dialog', { name: 'Add owner' });
    await owners.getByLabel('Find').fill('Sofia');
    await owners.getByRole('button', { name: /Sofia Marchetti/ }).click();
    await page.getByRole('button', { name: 'Remove owner Sofia Marchetti' }).waitFor();

    await page.goto(
      `${s.url}/search?tag=${encodeURIComponent('urn:li:tag:PII')}&owner=${encodeURIComponent('urn:li:corpuser:sofia.marchetti')}`,
    );
    await page.getByRole('heading', { name: /results?$/ }).waitFor();
    const titles = await page.locator('.result-title a').allTextContents();
    expect(titles).toContain('fct_orders');
  });

  it('edits a description, rendered as Markdown', async () => {
    await page.goto(`${s.url}${entityPath(FCT_ORDERS)}`);
    await page.getByRole('button', { name: 'Edit description' }).click();
    await page.getByLabel('Description (Markdown)').fill('One row per **order**, with revenue.');
    await page.getByRole('button', { name: 'Save description' }).click();
    await page.locator('.description strong', { hasText: 'order' }).waitFor();
    const stored = await gql('query($u: String!) { dataset(urn: $u) { editableProperties { description } } }', { u: FCT_ORDERS });
    expect(stored.dataset.editableProperties.description).toBe('One row per **order**, with revenue.');
    await shot(page, 'dataset');
  });

  it('creates a glossary term', async () => {
    await page.goto(`${s.url}/glossary`);
    await page.getByRole('heading', { name: 'Glossary' }).waitFor();
    await page.getByRole('button', { name: 'Create glossary term' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create glossary term' });
    await dialog.getByLabel('Name').fill('Churn Rate');
    await dialog.getByLabel('Description').fill('Share of customers who stop ordering in a month.');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { name: 'Churn Rate', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/entity\/urn%3Ali%3AglossaryTerm%3A/);
    await page.goto(`${s.url}/glossary`);
    await page.getByRole('link', { name: 'Churn Rate' }).waitFor();
    await shot(page, 'glossary');
  });

  it('creates an access token, shown once, that works until revoked', async () => {
    await page.goto(`${s.url}/settings?section=tokens`);
    await page.getByLabel('Token name').fill('laptop');
    await page.getByRole('button', { name: 'Create token' }).click();
    const token = await page.getByLabel('New token').inputValue();
    expect(token.split('.')).toHaveLength(3);
    const asToken = { authorization: `Bearer ${token}` };
    expect((await http(`${s.url}/api/graphql`, { body: { query: '{ me { corpUser { urn } } }' }, headers: asToken })).status).toBe(200);
    await page.getByRole('button', { name: 'Done' }).click();
    await shot(page, 'settings-tokens');
    await page.getByRole('button', { name: 'Revoke token laptop' }).click();
    await page.getByText('You have no tokens.').waitFor();
    expect((await http(`${s.url}/api/graphql`, { body: { query: '{ me { corpUser { urn } } }' }, headers: asToken })).status).toBe(401);
  });

  it('signs out', async () => {
    await page.goto(`${s.url}/`);
    await page.getByRole('link', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.goto(`${s.url}/settings`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  });

  it('tells a user without privileges why they cannot edit', async () => {
    const reader = await browser.newContext({ viewport: { width: 1360, height: 900 } });
    reader.setDefaultTimeout(10_000);
    const readerPage = await reader.newPage();
    await inviteUser(readerPage, 'robin@fernbrook.example', 'robin-reads-only');
    await readerPage.goto(`${s.url}${entityPath(FCT_ORDERS)}`);
    await readerPage.getByRole('heading', { name: 'fct_orders', level: 1 }).waitFor();
    for (const name of ['Add tag', 'Add owner', 'Add term', 'Edit description', 'Set domain']) {
      const button = readerPage.getByRole('button', { name, exact: true });
      expect(await button.isDisabled(), name).toBe(true);
      expect(await button.getAttribute('title'), name).toMatch(/privilege/);
    }
    expect(await readerPage.getByRole('note').textContent()).toContain('not change it');
    expect(await readerPage.getByRole('button', { name: /Remove tag/ }).count()).toBe(0);
    await shot(readerPage, 'dataset-read-only');
    await reader.close();
  });

  it('signs a suspended user out at their next request', async () => {
    const user = await browser.newContext({ viewport: { width: 1360, height: 900 } });
    user.setDefaultTimeout(10_000);
    const userPage = await user.newPage();
    await inviteUser(userPage, 'sam@fernbrook.example', 'sam-will-be-suspended');
    await gql('mutation { updateUserStatus(urn: "urn:li:corpuser:sam@fernbrook.example", status: SUSPENDED) }');
    // The very next thing the page asks of the service is refused, and the UI says why.
    await userPage.getByRole('link', { name: 'Browse' }).click();
    await userPage.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await userPage.getByRole('note').textContent()).toMatch(/session has ended/i);
    // And signing in again is refused while suspended.
    await signIn(userPage, 'sam@fernbrook.example', 'sam-will-be-suspended');
    await expect.poll(() => userPage.getByRole('alert').textContent()).toContain('Invalid Credentials');
    await user.close();
  });

  it('says how to load data into an empty catalog, and that authentication is off when it is', async () => {
    const open = await startTestServer();
    const visitor = await browser.newContext({ viewport: { width: 1360, height: 900 } });
    visitor.setDefaultTimeout(10_000);
    try {
      const p = await visitor.newPage();
      await p.goto(`${open.url}/`);
      await p.getByRole('heading', { name: 'The catalog is empty' }).waitFor();
      expect(await p.textContent('body')).toContain('npx catalog ingest examples/');
      expect(await p.getByRole('status').filter({ hasText: 'Authentication is off' }).count()).toBe(1);
      await p.goto(`${open.url}/glossary`);
      await p.getByRole('heading', { name: 'Glossary' }).waitFor();
      expect(await p.getByRole('status').filter({ hasText: 'Authentication is off' }).count()).toBe(1);
      await shot(p, 'empty-catalog');
    } finally {
      await visitor.close();
      await open.close();
    }
  });

  it('shows a clear not-found page for an unknown URL', async () => {
    const response = await page.goto(`${s.url}/no/such/page`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Not found' }).waitFor();
    expect(await page.textContent('body')).toContain('There is no page at /no/such/page');
  });
});
