/**
 * An ingestion run left RUNNING by a process that died (kill -9 mid-run) is marked FAILURE, saying
 * the service stopped while it ran, when the service starts (through `catalog serve`'s own start
 * up). On SQLite, which one process serves, that is every run left RUNNING, even one killed a moment
 * ago; on PostgreSQL a run whose heartbeat is fresh may be another live replica's, and is left alone
 * until the heartbeat goes stale.
 */
import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '../src/actors.js';
import { startServer } from '../src/cli/serve.js';
import { loadConfig } from '../src/config.js';
import { buildProposal } from '../src/write/proposals.js';
import { executorReport, INTERRUPTED_MESSAGE, STALE_MS } from '../src/domains/ingestion/runLiveness.js';
import { createServices, type Services } from '../src/domains/services.js';
import { openStore } from '../src/store/index.js';
import { BACKEND, http, openTestStore, tempDir } from './helpers.js';

type Json = any;

const request = (id: string) => `urn:li:dataHubExecutionRequest:${id}`;

/** A request and its result, written as the process running it would have. */
async function leave(services: Services, id: string, result: Json): Promise<void> {
  const urn = request(id);
  const input = { task: 'RUN_INGEST', args: {}, executorId: 'default', source: { type: 'MANUAL_INGESTION_SOURCE' }, requestedAt: 1 };
  await services.writePath.apply(
    [
      buildProposal(services.registry, urn, 'dataHubExecutionRequestInput', 'UPSERT', input),
      buildProposal(services.registry, urn, 'dataHubExecutionRequestResult', 'UPSERT', result),
    ],
    { actor: SYSTEM_ACTOR },
  );
}

describe('runs left RUNNING by a process that died', () => {
  it('are marked FAILURE at start, through the write path; on PostgreSQL a run with a fresh heartbeat is left until it goes stale', async () => {
    const dir = tempDir();
    const { store, url, drop } = await openTestStore(dir);
    try {
      const now = Date.now();
      const before = createServices(store);
      // Left by a version that recorded no executor: its start is long past.
      await leave(before, 'legacy', { status: 'RUNNING', startTimeMs: now - 10 * 60_000 });
      await leave(before, 'stale', {
        status: 'RUNNING',
        startTimeMs: now - 10 * 60_000,
        report: 'read 3 files',
        structuredReport: executorReport('a-dead-process', now - STALE_MS - 60_000),
      });
      await leave(before, 'elsewhere', {
        status: 'RUNNING',
        startTimeMs: now - 60_000,
        structuredReport: executorReport('a-live-replica', now),
      });
      await leave(before, 'done', { status: 'SUCCESS', startTimeMs: now - 60_000, durationMs: 5 });
      await store.close();

      const server = await startServer(
        loadConfig({ DATABASE_URL: url, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', AUTH_ENABLED: 'false' }),
      );
      try {
        const result = async (id: string) =>
          (
            await http(`${server.url}/api/graphql`, {
              body: {
                query: 'query($u: String!) { executionRequest(urn: $u) { result { status report durationMs } } }',
                variables: { u: request(id) },
              },
            })
          ).body.data.executionRequest.result;
        expect(await result('legacy')).toMatchObject({ status: 'FAILURE', report: INTERRUPTED_MESSAGE });
        expect(await result('stale')).toMatchObject({ status: 'FAILURE', report: `read 3 files\n${INTERRUPTED_MESSAGE}` });
        expect((await result('stale')).durationMs).toBeGreaterThanOrEqual(10 * 60_000);
        expect(await result('done')).toMatchObject({ status: 'SUCCESS' });
        // Written as every write is: the change log says so.
        const events = (await http(`${server.url}/events?limit=10000`)).body.events as Json[];
        const failures = events.filter((e) => e.aspectName === 'dataHubExecutionRequestResult' && e.aspect?.value?.includes('FAILURE'));
        if (BACKEND === 'sqlite') {
          // No other process serves this database: a fresh heartbeat was a process killed a moment ago.
          expect(await result('elsewhere')).toMatchObject({ status: 'FAILURE', report: INTERRUPTED_MESSAGE });
          expect(failures.map((e) => e.entityUrn).sort()).toEqual([request('elsewhere'), request('legacy'), request('stale')]);
          return;
        }
        expect(await result('elsewhere')).toMatchObject({ status: 'RUNNING' });
        expect(failures.map((e) => e.entityUrn).sort()).toEqual([request('legacy'), request('stale')]);
      } finally {
        await server.close();
      }

      // The live replica's run, once its heartbeat is stale, is failed by the next sweep.
      const again = await openStore(url);
      try {
        const later = createServices(again, { now: () => Date.now() + STALE_MS + 1000 });
        expect(await later.ingestion.failAbandoned()).toBe(1);
        const value = (await again.getLatestAspects([request('elsewhere')], ['dataHubExecutionRequestResult'])).get(
          request('elsewhere'),
        )?.[0]?.value as Json;
        expect(value).toMatchObject({ status: 'FAILURE', report: INTERRUPTED_MESSAGE });
        // The record of who ran it goes with the RUNNING state.
        expect(value.structuredReport).toBeUndefined();
      } finally {
        await again.close();
      }
    } finally {
      await drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
