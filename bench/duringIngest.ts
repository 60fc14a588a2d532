/**
 * Reads while a bulk ingest is written: the latency of GET /entitiesV2 and /health, from two
 * clients reading one request after another, first with nothing else running, then while one
 * ingestProposalBatch of 10,000 proposals (new datasetProperties of loaded datasets) is written.
 * A write that held the event loop in one piece would show here as one read waiting for all of it.
 */
import { datasetUrn, random, someDataset } from './catalog.js';
import { call, ok } from './client.js';
import { figure, percentile, type Figure } from './stats.js';
import type { Target } from './measure.js';

export const BULK_PROPOSALS = 10_000;
const READERS = 2;
/** Pause between one client's reads, so the reads sample the batch rather than load the service. */
const READ_GAP_MS = 5;
/** How long the reads run with nothing else going on. */
const QUIET_MS = 2_000;

export interface DuringIngest {
  quiet: { p50: Figure; p99: Figure; max: Figure };
  busy: { p50: Figure; p99: Figure; max: Figure };
  /** Seconds the batch took. */
  batchSeconds: Figure;
  reads: number;
  failures: number;
}

function batchBody(n: number, seed: number): string {
  const r = random(seed);
  const proposals = Array.from({ length: BULK_PROPOSALS }, (_, k) => {
    const urn = datasetUrn(someDataset(n, r));
    return {
      entityType: 'dataset',
      entityUrn: urn,
      changeType: 'UPSERT',
      aspectName: 'datasetProperties',
      aspect: {
        value: JSON.stringify({ name: urn, description: `re-ingested, pass ${seed}, item ${k}`, customProperties: { pass: String(seed) } }),
        contentType: 'application/json',
      },
    };
  });
  return JSON.stringify({ proposals });
}

/** Reads from READERS clients until `until` settles; answers their latencies in ms. */
async function readUntil(t: Target, n: number, until: Promise<unknown>, seed: number): Promise<{ latencies: number[]; failures: number }> {
  const r = random(seed);
  const latencies: number[] = [];
  let failures = 0;
  let done = false;
  void until.finally(() => (done = true));
  await Promise.all(
    Array.from({ length: READERS }, async (_, c) => {
      for (let i = 0; !done; i++) {
        const path = (i + c) % 2 === 0 ? `/entitiesV2/${encodeURIComponent(datasetUrn(someDataset(n, r)))}` : '/health';
        const began = performance.now();
        const answer = await call(`${t.url}${path}`, t.token, 'GET');
        latencies.push(performance.now() - began);
        if (answer.status !== 200) failures++;
        await new Promise((resolve) => setTimeout(resolve, READ_GAP_MS));
      }
    }),
  );
  return { latencies, failures };
}

const summary = (xs: number[]) => ({ p50: percentile(xs, 50), p99: percentile(xs, 99), max: Math.max(...xs) });

export async function readsDuringBulkIngest(t: Target, n: number, repeats: number): Promise<DuringIngest> {
  const quiet: Array<ReturnType<typeof summary>> = [];
  const busy: Array<ReturnType<typeof summary>> = [];
  const seconds: number[] = [];
  let reads = 0;
  let failures = 0;
  for (let run = 0; run < repeats; run++) {
    const idle = await readUntil(t, n, new Promise((resolve) => setTimeout(resolve, QUIET_MS)), 100 + run);
    const body = batchBody(n, run + 1);
    const began = performance.now();
    const batch = ok(`${t.url}/aspects?action=ingestProposalBatch`, t.token, 'POST', body).then(() => (performance.now() - began) / 1000);
    const during = await readUntil(t, n, batch, 200 + run);
    seconds.push(await batch);
    quiet.push(summary(idle.latencies));
    busy.push(summary(during.latencies));
    reads += during.latencies.length;
    failures += idle.failures + during.failures;
  }
  const fig = (xs: Array<ReturnType<typeof summary>>) => ({
    p50: figure(xs.map((x) => x.p50)),
    p99: figure(xs.map((x) => x.p99)),
    max: figure(xs.map((x) => x.max)),
  });
  return { quiet: fig(quiet), busy: fig(busy), batchSeconds: figure(seconds), reads, failures };
}
