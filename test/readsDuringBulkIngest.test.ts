/**
 * Reads keep answering while a bulk ingest is written (issue 29): the service runs as deployed, in
 * its own process on a SQLite file with durable commits, and two clients read /health and
 * /entitiesV2 one request after another while one ingestProposalBatch of 10,000 proposals is
 * written. A write that held the event loop for its statements, its COMMIT or its indexing in one
 * piece shows here as a read waiting for it. SQLite only: PostgreSQL's writes never ran on the
 * event loop.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKEND, CATALOG_CMD, enc, freePort, http, mcp, tempDir, waitHealthy } from './helpers.js';

const BATCH = 10_000;
/** Datasets there before the batch, which the reads fetch; the batch adds 10,000 more. */
const SEEDED = 500;
/**
 * The longest a read may wait, as a share of the whole batch: a batch that let requests in every few
 * milliseconds keeps each read near a hundredth of it (40 ms of a 6 s batch on a quiet machine),
 * while one that held the event loop for its indexing or its COMMIT in one piece holds a read for a
 * tenth or more. A share, not milliseconds, because a busy machine slows the batch and the reads
 * alike; the issue's own bound (p99 under 20 ms at scale) is measured by `npm run bench`.
 */
const READ_SHARE_OF_BATCH = 1 / 25;
const READ_GAP_MS = 5;

const dataset = (i: number) => `urn:li:dataset:(urn:li:dataPlatform:hive,during.table_${i},PROD)`;

describe.skipIf(BACKEND !== 'sqlite')('reads during a 10,000-proposal batch (SQLite)', () => {
  const dir = tempDir();
  let proc: ChildProcess | undefined;
  let url = '';
  /** Node's options for the service (SERVICE_NODE_ARGS), to profile it while the test runs: `--cpu-prof --cpu-prof-dir=…`. */
  const nodeArgs = process.env.SERVICE_NODE_ARGS?.split(' ').filter(Boolean) ?? [];

  beforeAll(async () => {
    const port = await freePort();
    const [cmd, ...args] = CATALOG_CMD;
    proc = spawn(cmd, [...nodeArgs, ...args, 'serve', '--port', String(port), '--host', '127.0.0.1'], {
      env: { ...process.env, DATABASE_URL: `sqlite:${join(dir, 'catalog.db')}`, LOG_LEVEL: 'warn', AUTH_ENABLED: 'false' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    url = `http://127.0.0.1:${port}`;
    await waitHealthy(url, 30_000);
    const seed = Array.from({ length: SEEDED }, (_, i) => mcp(dataset(i), 'datasetProperties', { name: `table_${i}` }));
    const r = await http(`${url}/aspects?action=ingestProposalBatch`, { body: { proposals: seed } });
    expect(r.status, r.text).toBe(200);
  }, 60_000);

  afterAll(async () => {
    // A profiled service writes its profile as it exits.
    if (proc && proc.exitCode === null) {
      const exited = new Promise((resolve) => proc?.once('exit', resolve));
      proc.kill(nodeArgs.length > 0 ? 'SIGINT' : 'SIGKILL');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers every read within a small share of the batch, and the batch is all there afterwards', async () => {
    const proposals = Array.from({ length: BATCH }, (_, k) =>
      mcp(dataset(SEEDED + k), 'datasetProperties', { name: `table_${SEEDED + k}`, description: `written during reads, ${k}` }),
    );
    let written = false;
    let batchMs = 0;
    const batchBegan = performance.now();
    const batch = http(`${url}/aspects?action=ingestProposalBatch`, { body: { proposals } }).finally(() => {
      written = true;
      batchMs = performance.now() - batchBegan;
    });
    const reads: Array<{ path: string; ms: number; status: number }> = [];
    await Promise.all(
      [0, 1].map(async (client) => {
        for (let i = 0; !written; i++) {
          const path = (i + client) % 2 === 0 ? `/entitiesV2/${enc(dataset(i % SEEDED))}` : '/health';
          const began = performance.now();
          const r = await http(`${url}${path}`, { method: 'GET' });
          reads.push({ path, ms: performance.now() - began, status: r.status });
          await new Promise((resolve) => setTimeout(resolve, READ_GAP_MS));
        }
      }),
    );
    const r = await batch;
    expect(r.status, r.text).toBe(200);

    // The reads sampled the whole batch, not only its first moments.
    expect(reads.length).toBeGreaterThan(40);
    expect(reads.filter((read) => read.status !== 200)).toEqual([]);
    const bound = batchMs * READ_SHARE_OF_BATCH;
    const slow = reads.filter((read) => read.ms >= bound).map((read) => `${read.path} ${Math.round(read.ms)} ms`);
    expect(slow, `of ${reads.length} reads, the batch taking ${Math.round(batchMs)} ms`).toEqual([]);

    // The batch's last dataset is there to read, and to find.
    const last = await http(`${url}/entitiesV2/${enc(dataset(SEEDED + BATCH - 1))}`, { method: 'GET' });
    expect(last.body.aspects.datasetProperties.value.description).toBe(`written during reads, ${BATCH - 1}`);
  }, 120_000);
});
