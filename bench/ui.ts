/**
 * The web UI's speed, measured in Chromium as a person meets it, each figure beside the API call the
 * page makes for it (timed from here, one client): results after a keystroke on the search page,
 * an entity page's content, and a lineage graph of 100 nodes. The reader is a user signed up
 * through an invite, as people join; the graph is of a hub dataset the bench writes with 99
 * datasets downstream of it.
 */
import type { Browser, Page } from 'playwright-core';
import { hasChromium, launchChromium } from '../test/chromium.js';
import { datasetUrn, random, someDataset } from './catalog.js';
import { ok } from './client.js';
import type { Target } from './measure.js';
import { figure, percentile, type Figure } from './stats.js';

const HUB = 'urn:li:dataset:(urn:li:dataPlatform:hive,bench.lineage_hub,PROD)';
const FANOUT = 99;
const WORDS = ['customer', 'payment', 'orders', 'events'];

export interface UiFigures {
  keystroke: { page: Figure; api: Figure; samples: number };
  entity: { page: Figure; api: Figure; samples: number };
  lineage: { page: Figure; api: Figure; nodes: number };
}

export const uiBenchAvailable = hasChromium;

/** The UI's own GraphQL documents, as the pages send them. */
async function documents(): Promise<{ SEARCH: string; ENTITY: string; LINEAGE: string; TYPES: string[] }> {
  const ui = (path: string) => import(new URL(`../ui/src/${path}`, import.meta.url).href);
  const [search, entity, types] = await Promise.all([ui('graphql/search.ts'), ui('graphql/entity.ts'), ui('entity/types.ts')]);
  return { SEARCH: search.SEARCH, ENTITY: entity.ENTITY, LINEAGE: entity.LINEAGE, TYPES: types.SEARCHABLE_TYPES };
}

async function writeHub(t: Target): Promise<void> {
  const proposal = (urn: string, aspectName: string, value: unknown) => ({
    entityType: 'dataset',
    entityUrn: urn,
    changeType: 'UPSERT',
    aspectName,
    aspect: { value: JSON.stringify(value), contentType: 'application/json' },
  });
  const proposals = [proposal(HUB, 'datasetProperties', { name: 'lineage_hub', description: 'Feeds 99 datasets' })];
  for (let i = 0; i < FANOUT; i++) {
    const urn = `urn:li:dataset:(urn:li:dataPlatform:hive,bench.fed_by_hub_${i},PROD)`;
    proposals.push(proposal(urn, 'datasetProperties', { name: `fed_by_hub_${i}` }));
    proposals.push(
      proposal(urn, 'upstreamLineage', {
        upstreams: [{ dataset: HUB, type: 'TRANSFORMED', auditStamp: { time: 0, actor: 'urn:li:corpuser:datahub' } }],
      }),
    );
  }
  await ok(`${t.url}/aspects?action=ingestProposalBatch`, t.token, 'POST', { proposals });
}

async function timeApi(t: Target, query: string, variables: unknown, times: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < times; i++) {
    const began = performance.now();
    await ok(`${t.url}/api/graphql`, t.token, 'POST', { query, variables });
    out.push(performance.now() - began);
  }
  return out;
}

/** Milliseconds from a keystroke to the results of what has been typed, measured inside the page. */
async function keystrokes(page: Page, url: string, word: string): Promise<number[]> {
  await page.goto(`${url}/search`);
  const box = page.getByRole('searchbox', { name: 'Search' });
  await box.waitFor();
  await page.evaluate(() => {
    document.querySelector('input[type=search]')!.addEventListener('keydown', () => {
      (window as any).keyAt = performance.now();
    });
  });
  const out: number[] = [];
  for (let i = 1; i <= word.length; i++) {
    await box.press(word[i - 1]!);
    const typed = word.slice(0, i);
    await page.waitForFunction(
      (q) => {
        const heading = document.querySelector('#results-heading')?.textContent ?? '';
        const settled = document.querySelector('.result-list')?.getAttribute('aria-busy') === 'false';
        if (!heading.includes(`“${q}”`) || !settled) return false;
        (window as any).doneAt = performance.now();
        return true;
      },
      typed,
      { polling: 'raf', timeout: 30_000 },
    );
    // The first letters match most of the catalog; people judge by the rest.
    if (i >= 3) out.push(await page.evaluate(() => (window as any).doneAt - (window as any).keyAt));
  }
  return out;
}

/** Milliseconds from navigation to a selector's first appearance, measured inside the page. */
async function pageLoad(page: Page, url: string, ready: string): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  const handle = await page.waitForFunction((selector) => (document.querySelector(selector) ? performance.now() : 0), ready, {
    polling: 'raf',
    timeout: 60_000,
  });
  return Number(await handle.jsonValue());
}

export async function uiFigures(t: Target, n: number, repeats: number): Promise<UiFigures> {
  const { SEARCH, ENTITY, LINEAGE, TYPES } = await documents();
  await writeHub(t);
  const invite = await ok(`${t.url}/api/graphql`, t.token, 'POST', { query: 'mutation { createInviteToken(input: {}) { inviteToken } }' });
  const browser: Browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
    const signUp = await context.request.post(`${t.url}/signUp`, {
      data: {
        fullName: 'Bench Reader',
        email: `reader-${Date.now()}@bench.example`,
        title: 'reader',
        password: 'bench-reader-password',
        inviteToken: invite.body.data.createInviteToken.inviteToken,
      },
    });
    if (!signUp.ok()) throw new Error(`signing up the bench's reader: ${signUp.status()} ${await signUp.text()}`);
    const page = await context.newPage();

    const samples: number[] = [];
    const perRun: number[] = [];
    for (let r = 0; r < repeats; r++) {
      const run: number[] = [];
      for (const word of WORDS) run.push(...(await keystrokes(page, t.url, word)));
      samples.push(...run);
      perRun.push(percentile(run, 95));
    }
    const searchApi: number[] = [];
    for (let r = 0; r < repeats; r++) {
      const run: number[] = [];
      for (const word of WORDS) {
        for (let i = 3; i <= word.length; i++) {
          const input = { types: TYPES, query: word.slice(0, i), start: 0, count: 20, orFilters: [], searchFlags: { maxAggValues: 12 } };
          run.push(...(await timeApi(t, SEARCH, { input }, 1)));
        }
      }
      searchApi.push(percentile(run, 95));
    }

    const pick = random(4242);
    const entityRuns: number[] = [];
    const entityApi: number[] = [];
    for (let r = 0; r < repeats; r++) {
      const loads: number[] = [];
      const api: number[] = [];
      for (let i = 0; i < 10; i++) {
        const urn = datasetUrn(someDataset(n, pick));
        loads.push(await pageLoad(page, `${t.url}/entity/${encodeURIComponent(urn)}`, '.entity-head h1'));
        api.push(...(await timeApi(t, ENTITY, { urn }, 1)));
      }
      entityRuns.push(percentile(loads, 95));
      entityApi.push(percentile(api, 95));
    }

    const lineageRuns: number[] = [];
    const lineageApi: number[] = [];
    let nodes = 0;
    for (let r = 0; r < repeats; r++) {
      lineageRuns.push(
        await pageLoad(page, `${t.url}/entity/${encodeURIComponent(HUB)}?tab=lineage`, `.react-flow__node:nth-of-type(${FANOUT + 1})`),
      );
      nodes = await page.locator('.react-flow__node').count();
      const input = (direction: string) => ({
        urn: HUB,
        direction,
        types: TYPES,
        query: '*',
        start: 0,
        count: 200,
        orFilters: [{ and: [{ field: 'degree', values: ['1'] }] }],
      });
      const began = performance.now();
      await Promise.all(['UPSTREAM', 'DOWNSTREAM'].map((d) => timeApi(t, LINEAGE, { input: input(d) }, 1)));
      lineageApi.push(performance.now() - began);
    }
    return {
      keystroke: { page: figure(perRun), api: figure(searchApi), samples: samples.length },
      entity: { page: figure(entityRuns), api: figure(entityApi), samples: repeats * 10 },
      lineage: { page: figure(lineageRuns), api: figure(lineageApi), nodes },
    };
  } finally {
    await browser.close();
  }
}
