/** Each measurement of the benchmark, against a running service. */
import { catalogProposals, datasetUrn, random, someDataset, type WireProposal } from './catalog.js';
import { ok } from './client.js';
import { load, throughputAndLatency, type LoadRun } from './load.js';
import { figure, type Figure } from './stats.js';

export interface Target {
  url: string;
  token: string;
}

export interface Settings {
  /** Seconds of each HTTP load run. */
  seconds: number;
  /** Runs of each figure. */
  repeats: number;
  /** Searches per run, one after another. */
  searches: number;
}

const BATCH = 100;
const BATCH_SENDERS = 4;

function chunks<T>(xs: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += size) out.push(xs.slice(i, i + size));
  return out;
}

/**
 * Loads entities [from, to) with ingestProposalBatch, 100 proposals a request from four senders,
 * in `segments` timed parts (request bodies are made before each part's clock starts). Answers the
 * aspects per second of each part, and the batches of the last part for the bare-loop limit.
 */
export async function batchedIngest(
  t: Target,
  from: number,
  to: number,
  segments: number,
): Promise<{ rates: number[]; proposals: number; lastBatches: WireProposal[][] }> {
  const rates: number[] = [];
  let proposals = 0;
  let lastBatches: WireProposal[][] = [];
  const step = Math.ceil((to - from) / segments);
  for (let start = from; start < to; start += step) {
    const batches = chunks([...catalogProposals(start, Math.min(to, start + step))], BATCH);
    const bodies = batches.map((b) => JSON.stringify({ proposals: b }));
    let next = 0;
    const began = performance.now();
    await Promise.all(
      Array.from({ length: BATCH_SENDERS }, async () => {
        while (next < bodies.length) await ok(`${t.url}/aspects?action=ingestProposalBatch`, t.token, 'POST', bodies[next++]);
      }),
    );
    const seconds = (performance.now() - began) / 1000;
    const count = batches.reduce((n, b) => n + b.length, 0);
    rates.push(count / seconds);
    proposals += count;
    lastBatches = batches;
  }
  return { rates, proposals, lastBatches };
}

async function repeat(settings: Settings, run: () => Promise<LoadRun>): Promise<LoadRun[]> {
  const runs: LoadRun[] = [];
  for (let i = 0; i < settings.repeats; i++) runs.push(await run());
  return runs;
}

export interface HttpFigures {
  rps: Figure;
  p50: Figure;
  p99: Figure;
  failures: number;
}

/** Throughput at saturation; p50 and p99 at half that rate. */
export async function httpFigures(settings: Settings, spec: Parameters<typeof throughputAndLatency>[0]): Promise<HttpFigures> {
  const saturated: LoadRun[] = [];
  const latency: LoadRun[] = [];
  for (let i = 0; i < settings.repeats; i++) {
    const r = await throughputAndLatency(spec);
    saturated.push(r.saturated);
    latency.push(r.latency);
  }
  return {
    rps: figure(saturated.map((r) => r.rps)),
    p50: figure(latency.map((r) => r.p50)),
    p99: figure(latency.map((r) => r.p99)),
    failures: [...saturated, ...latency].reduce((n, r) => n + r.failures, 0),
  };
}

export const WRITE_CONNECTIONS = 32;
export const READ_CONNECTIONS = 32;

/** ingestProposal from 32 connections: each a new datasetProperties version of a loaded dataset. */
export async function singleIngest(t: Target, settings: Settings, n: number): Promise<{ rps: Figure; failures: number }> {
  const r = random(42);
  let counter = 0;
  const runs = await repeat(settings, () =>
    load({
      url: t.url,
      connections: WRITE_CONNECTIONS,
      seconds: settings.seconds,
      method: 'POST',
      headers: { authorization: `Bearer ${t.token}` },
      next: () => {
        const urn = datasetUrn(someDataset(n, r));
        const proposal = {
          entityType: 'dataset',
          entityUrn: urn,
          changeType: 'UPSERT',
          aspectName: 'datasetProperties',
          aspect: {
            value: JSON.stringify({ name: urn, description: `edited ${++counter} times`, customProperties: {} }),
            contentType: 'application/json',
          },
        };
        return { path: '/aspects?action=ingestProposal', body: JSON.stringify({ proposal }) };
      },
    }),
  );
  return { rps: figure(runs.map((x) => x.rps)), failures: runs.reduce((k, x) => k + x.failures, 0) };
}

/**
 * The same load against the bare route that makes the service's durable commit on `backend` and
 * nothing else (bench/bareServer.ts): the limit of a durable single ingest.
 */
let sent = 0;
const BARE_PROPOSAL = {
  entityType: 'dataset',
  entityUrn: 'urn:li:dataset:(urn:li:dataPlatform:snowflake,bench.schema.table_00000,PROD)',
  changeType: 'UPSERT',
  aspectName: 'datasetProperties',
  aspect: { value: '', contentType: 'application/json' },
};
const bareValue = (n: number) => JSON.stringify({ name: BARE_PROPOSAL.entityUrn, description: `edited ${n} times`, customProperties: {} });
export async function bareDurableWrites(bareUrl: string, backend: 'sqlite' | 'postgres', settings: Settings): Promise<Figure> {
  const runs = await repeat(settings, () =>
    load({
      url: bareUrl,
      connections: WRITE_CONNECTIONS,
      seconds: settings.seconds,
      method: 'POST',
      // A body of the size and shape the service is sent, each one different.
      next: () => ({
        path: `/durable/${backend}`,
        body: JSON.stringify({ proposal: { ...BARE_PROPOSAL, aspect: { ...BARE_PROPOSAL.aspect, value: bareValue(++sent) } } }),
      }),
    }),
  );
  return figure(runs.map((x) => x.rps));
}

export const GRAPHQL_DATASET = `query($urn: String!) { dataset(urn: $urn) {
  urn type name
  platform { urn name }
  properties { name description }
  ownership { owners { owner { ... on CorpUser { urn } } type } }
  globalTags { tags { tag { urn } } }
  glossaryTerms { terms { term { urn } } }
} }`;

export interface ReadFigures {
  entitiesV2: HttpFigures & { bytes: number };
  graphql: HttpFigures & { bytes: number };
}

export async function reads(t: Target, settings: Settings, n: number): Promise<ReadFigures> {
  const r = random(7);
  const headers = { authorization: `Bearer ${t.token}` };
  const v2Path = () => `/entitiesV2/${encodeURIComponent(datasetUrn(someDataset(n, r)))}`;
  const gqlBody = () => JSON.stringify({ query: GRAPHQL_DATASET, variables: { urn: datasetUrn(someDataset(n, r)) } });
  const v2Bytes = (await ok(`${t.url}${v2Path()}`, t.token, 'GET')).bytes;
  const gqlAnswer = await ok(`${t.url}/api/graphql`, t.token, 'POST', gqlBody());
  if (!gqlAnswer.body?.data?.dataset?.properties)
    throw new Error(`GraphQL dataset answered ${JSON.stringify(gqlAnswer.body).slice(0, 300)}`);
  const entitiesV2 = await httpFigures(settings, {
    url: t.url,
    connections: READ_CONNECTIONS,
    seconds: settings.seconds,
    headers,
    next: () => ({ path: v2Path() }),
  });
  const graphql = await httpFigures(settings, {
    url: t.url,
    connections: READ_CONNECTIONS,
    seconds: settings.seconds,
    method: 'POST',
    headers,
    next: () => ({ path: '/api/graphql', body: gqlBody() }),
  });
  return { entitiesV2: { ...entitiesV2, bytes: v2Bytes }, graphql: { ...graphql, bytes: gqlAnswer.bytes } };
}

/** The bare route answering a constant of `bytes`, under the same load. */
export async function bareReads(bareUrl: string, settings: Settings, bytes: number): Promise<HttpFigures> {
  return httpFigures(settings, {
    url: bareUrl,
    connections: READ_CONNECTIONS,
    seconds: settings.seconds,
    next: () => ({ path: `/constant?bytes=${bytes}` }),
  });
}

export const SEARCHES = {
  'one word': { input: 'customer', entity: 'dataset', start: 0, count: 10 },
  'two words': { input: 'customer order', entity: 'dataset', start: 0, count: 10 },
  filtered: {
    input: 'payment',
    entity: 'dataset',
    filter: { or: [{ and: [{ field: 'platform', value: 'urn:li:dataPlatform:snowflake', condition: 'EQUAL' }] }] },
    start: 0,
    count: 10,
  },
} as const;

export type SearchName = keyof typeof SEARCHES;

/** Seconds of searching each run aims at: a run makes fewer searches (at least 3) when they are slow. */
const SEARCH_RUN_SECONDS = 20;

/**
 * Each search from one client, one request after another: its latency is the search's own cost
 * (a search takes long enough that a saturating load measures only the queue). The first search,
 * not counted, sets how many a run makes: `settings.searches`, or fewer when they would take longer
 * than SEARCH_RUN_SECONDS.
 */
export async function searches(
  t: Target,
  settings: Settings,
): Promise<Record<SearchName, HttpFigures & { hits: number; searches: number }>> {
  const out = {} as Record<SearchName, HttpFigures & { hits: number; searches: number }>;
  for (const [name, body] of Object.entries(SEARCHES) as Array<[SearchName, (typeof SEARCHES)[SearchName]]>) {
    const text = JSON.stringify(body);
    const began = performance.now();
    const first = await ok(`${t.url}/entities?action=search`, t.token, 'POST', text);
    const firstSeconds = (performance.now() - began) / 1000;
    const amount = Math.max(3, Math.min(settings.searches, Math.floor(SEARCH_RUN_SECONDS / firstSeconds)));
    const runs = await repeat(settings, () =>
      load({
        url: t.url,
        connections: 1,
        seconds: 0,
        amount,
        timeoutSeconds: 600,
        method: 'POST',
        headers: { authorization: `Bearer ${t.token}` },
        next: () => ({ path: '/entities?action=search', body: text }),
      }),
    );
    out[name] = {
      rps: figure(runs.map((r) => r.rps)),
      p50: figure(runs.map((r) => r.p50)),
      p99: figure(runs.map((r) => r.p99)),
      failures: runs.reduce((n, r) => n + r.failures, 0),
      hits: first.body.value.numEntities,
      searches: amount,
    };
  }
  return out;
}

/** restoreIndices over everything, 1,000 entities a transaction; answers seconds taken. */
export async function restoreIndices(t: Target): Promise<{ seconds: number; entities: number }> {
  const began = performance.now();
  const answer = await ok(`${t.url}/operations?action=restoreIndices`, t.token, 'POST', { batchSize: 1000 });
  const seconds = (performance.now() - began) / 1000;
  const entities = Number(/rowsMigrated=(\d+)/.exec(String(answer.body.value))?.[1] ?? NaN);
  return { seconds, entities };
}
