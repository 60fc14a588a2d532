/**
 * What an operator sees and does: the access log, slow requests, event loop stalls with what was
 * running, the page at `/`, and a graceful shutdown on SIGTERM that answers what is in flight.
 */
import { spawn } from 'node:child_process';
import { Writable } from 'node:stream';
import { join } from 'node:path';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { bootstrapAccess } from '../src/domains/access/bootstrap.js';
import { buildServer } from '../src/server.js';
import { createServices } from '../src/domains/services.js';
import {
  BACKEND,
  CATALOG_CMD,
  createTestDatabase,
  freePort,
  http,
  mcp,
  openTestStore,
  TEST_DATABASE_URL,
  tempDir,
  waitHealthy,
} from './helpers.js';

interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

/** A server whose log lines are kept, with a route that holds the event loop for `ms`. */
async function loggedServer(requestLog: { access: boolean; slowMs: number; stallMs: number }) {
  const lines: LogLine[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString().split('\n')) if (text) lines.push(JSON.parse(text) as LogLine);
      done();
    },
  });
  const { store, drop } = await openTestStore(tempDir());
  const services = createServices(store);
  await bootstrapAccess(services);
  const app = await buildServer({ services, logger: pino({ level: 'info' }, sink), auth: { enabled: false }, requestLog });
  app.get('/test/block', async (request) => {
    const until = Date.now() + Number((request.query as { ms?: string }).ms ?? 0);
    while (Date.now() < until) {
      // holds the event loop, as a long synchronous piece of work would
    }
    return 'done';
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    url,
    lines,
    async close() {
      await app.close();
      await store.close();
      await drop();
    },
  };
}

describe('the access log', () => {
  it('has one line per request at info: method, url, status, time, actor and request id', async () => {
    const s = await loggedServer({ access: true, slowMs: 60_000, stallMs: 60_000 });
    try {
      const r = await http(`${s.url}/entitiesV2/${encodeURIComponent('urn:li:tag:logged')}`, {
        headers: { 'x-datahub-actor': 'urn:li:corpuser:reader', 'x-request-id': 'trace-42' },
      });
      expect(r.status).toBe(200);
      expect(r.headers.get('x-request-id')).toBe('trace-42');
      await http(`${s.url}/nothing-here`);
      const requests = s.lines.filter((l) => l.msg === 'request');
      expect(requests).toHaveLength(2);
      expect(requests[0]).toMatchObject({
        level: 30,
        reqId: 'trace-42',
        method: 'GET',
        url: '/entitiesV2/urn%3Ali%3Atag%3Alogged',
        status: 200,
        actor: 'urn:li:corpuser:reader',
      });
      expect(typeof requests[0]?.ms).toBe('number');
      expect(requests[1]).toMatchObject({ method: 'GET', url: '/nothing-here', status: 404 });
    } finally {
      await s.close();
    }
  });

  it('can be turned off; slow requests are still logged, at warn', async () => {
    const s = await loggedServer({ access: false, slowMs: 30, stallMs: 60_000 });
    try {
      await http(`${s.url}/health`);
      await http(`${s.url}/test/block?ms=60`);
      expect(s.lines.filter((l) => l.msg === 'request')).toEqual([]);
      const slow = s.lines.filter((l) => l.msg === 'slow request');
      expect(slow).toHaveLength(1);
      expect(slow[0]).toMatchObject({ level: 40, url: '/test/block?ms=60', status: 200 });
    } finally {
      await s.close();
    }
  });
});

describe('the event loop watch', () => {
  it('logs a stall at warn with the requests that were running', async () => {
    const s = await loggedServer({ access: false, slowMs: 60_000, stallMs: 100 });
    try {
      await http(`${s.url}/test/block?ms=400`);
      await new Promise((r) => setTimeout(r, 120));
      // A loaded machine may stall the loop on its own too (a collection, a compile): the stall the
      // request caused is the one naming it.
      const stalls = s.lines.filter((l) => l.msg === 'event loop blocked');
      const blocked = stalls.find((l) => (l.requests as Array<{ url: string }>).some((r) => r.url === '/test/block?ms=400'));
      expect(blocked, JSON.stringify(stalls)).toBeDefined();
      expect(blocked!.level).toBe(40);
      expect(blocked!.stalledMs as number).toBeGreaterThanOrEqual(300);
      expect(blocked!.requests).toEqual([expect.objectContaining({ method: 'GET', url: '/test/block?ms=400' })]);
    } finally {
      await s.close();
    }
  });
});

describe('a big batch', () => {
  it('lets other requests be answered while it is written', async () => {
    const s = await loggedServer({ access: false, slowMs: 60_000, stallMs: 60_000 });
    try {
      // Big enough to take a second or more on SQLite, where each statement answers at once.
      const n = BACKEND === 'sqlite' ? 5_000 : 1_000;
      const proposals = Array.from({ length: n }, (_, i) =>
        mcp(`urn:li:dataset:(urn:li:dataPlatform:hive,sliced.t${i},PROD)`, 'datasetProperties', { description: `table ${i}` }),
      );
      let done = false;
      const batch = http(`${s.url}/aspects?action=ingestProposalBatch`, { body: { proposals } }).finally(() => (done = true));
      await new Promise((r) => setTimeout(r, 200));
      // Health checks answered while the batch is still being written: a batch held in one piece allows none.
      let answeredDuring = 0;
      while (!done) {
        const health = await http(`${s.url}/health`);
        if (!done && health.status === 200) answeredDuring++;
      }
      expect((await batch).status).toBe(200);
      expect(answeredDuring).toBeGreaterThanOrEqual(3);
    } finally {
      await s.close();
    }
  });
});

describe('SIGTERM', () => {
  it('answers the requests in flight, closes the database, says so, and exits 0', async () => {
    const dir = tempDir();
    const db = TEST_DATABASE_URL ? await createTestDatabase() : { url: `sqlite:${join(dir, 'catalog.db')}`, drop: async () => undefined };
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const [cmd, ...args] = CATALOG_CMD;
    const serve = () => {
      const env = { ...process.env, DATABASE_URL: db.url, AUTH_ENABLED: 'false', LOG_LEVEL: 'info', ACCESS_LOG: 'false' };
      const proc = spawn(cmd, [...args, 'serve', '--port', String(port), '--host', '127.0.0.1'], {
        env,
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let output = '';
      proc.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
      return { proc, exited, output: () => output };
    };
    const first = serve();
    let second: ReturnType<typeof serve> | undefined;
    try {
      await waitHealthy(url, 30_000);
      // A batch big enough to be in flight when the signal comes (the shutdown line says it was).
      const n = BACKEND === 'sqlite' ? 3_000 : 1_000;
      const proposals = Array.from({ length: n }, (_, i) =>
        mcp(`urn:li:dataset:(urn:li:dataPlatform:hive,drained.t${i},PROD)`, 'datasetProperties', { description: `table ${i}` }),
      );
      const inFlight = http(`${url}/aspects?action=ingestProposalBatch`, { body: { proposals } });
      await new Promise((r) => setTimeout(r, 150));
      first.proc.kill('SIGTERM');
      const answer = await inFlight;
      expect(answer.status, answer.text).toBe(200);
      expect(await first.exited).toBe(0);
      expect(first.output()).toMatch(/"inFlight":1,"msg":"shutting down: finishing the requests in flight"/);
      // The requests' bound ends once they are answered: the database's close has one of its own.
      expect(first.output()).toMatch(
        /"msg":"shutting down: every request answered; closing the database and writing the search index"[\s\S]*stopped: every request answered, database closed/,
      );

      // What it acknowledged is there after a restart.
      second = serve();
      await waitHealthy(url, 30_000);
      const last = proposals.length - 1;
      const r = await http(
        `${url}/entitiesV2/${encodeURIComponent(`urn:li:dataset:(urn:li:dataPlatform:hive,drained.t${last},PROD)`)}?aspects=List(datasetProperties)`,
      );
      expect(r.body.aspects.datasetProperties.value.description).toBe(`table ${last}`);
    } finally {
      first.proc.kill('SIGKILL');
      second?.proc.kill('SIGKILL');
      await second?.exited;
      await db.drop();
    }
  }, 60_000);
});
