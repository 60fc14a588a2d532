/**
 * A write answered with success survives `kill -9` of the server: the process is killed right after
 * the answer, restarted on the same database, and the data is read back. Search answers the same
 * after the restart, though its in-memory index died with the process and is built anew.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  CATALOG_CMD,
  createTestDatabase,
  enc,
  expectEach,
  freePort,
  http,
  mcp,
  tempDir,
  TEST_DATABASE_URL,
  waitHealthy,
} from './helpers.js';

const running: ChildProcess[] = [];
afterAll(() => {
  for (const p of running.splice(0)) p.kill('SIGKILL');
});

/** `database`: a SQLite file, or a PostgreSQL URL; `logged`, when given, is told each line the process logs. */
async function startProcess(
  database: string,
  port: number,
  env: Record<string, string> = {},
  logged?: (line: { msg: string; [key: string]: unknown }) => void,
): Promise<{ url: string; proc: ChildProcess }> {
  const [cmd, ...args] = CATALOG_CMD;
  const url = database.startsWith('postgres') ? database : `sqlite:${database}`;
  const proc = spawn(cmd, [...args, 'serve', '--port', String(port), '--host', '127.0.0.1'], {
    env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: logged ? 'info' : 'warn', AUTH_ENABLED: 'false', ...env },
    stdio: ['ignore', logged ? 'pipe' : 'ignore', 'inherit'],
  });
  running.push(proc);
  if (logged) {
    let rest = '';
    proc.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) if (line.startsWith('{')) logged(JSON.parse(line));
    });
  }
  const served = `http://127.0.0.1:${port}`;
  await waitHealthy(served);
  return { url: served, proc };
}

/** Resolves with the first logged line `test` holds for, from lines logged so far and later. */
function logWatch(): { logged: (line: { msg: string }) => void; next: (test: RegExp) => Promise<{ msg: string; [key: string]: unknown }> } {
  const lines: Array<{ msg: string }> = [];
  const waiting: Array<{ test: RegExp; done: (line: { msg: string }) => void }> = [];
  return {
    logged(line) {
      lines.push(line);
      for (const w of waiting.splice(0))
        if (w.test.test(line.msg)) w.done(line);
        else waiting.push(w);
    },
    next(test) {
      const seen = lines.find((l) => test.test(l.msg));
      if (seen) return Promise.resolve(seen);
      return new Promise((done) => waiting.push({ test, done }));
    },
  };
}

function exited(proc: ChildProcess): Promise<void> {
  return new Promise((done) => (proc.exitCode !== null || proc.signalCode !== null ? done() : proc.once('exit', () => done())));
}

// Each test has a database and processes of its own: they run at once, one test's process starting
// while the other's answers.
// Each test starts the service two or three times: on a busy 2-core machine a start can take seconds.
describe.concurrent('durability', { timeout: 90_000 }, () => {
  it('keeps every acknowledged write across kill -9 and restart', async () => {
    const dir = tempDir();
    const db = join(dir, 'catalog.db');
    const procs: ChildProcess[] = [];
    try {
      const port = await freePort();
      const first = await startProcess(db, port);
      procs.push(first.proc);
      const urns = Array.from({ length: 20 }, (_, i) => `urn:li:tag:durable-${i}`);
      // Writes in flight at once, then the kill right after the last answer.
      const replies = await Promise.all(
        urns.map((u, i) =>
          http(`${first.url}/aspects?action=ingestProposal`, { body: { proposal: mcp(u, 'tagProperties', { name: `t${i}` }) } }),
        ),
      );
      expectEach(replies, (r) => r.status === 200);
      const batch = await http(`${first.url}/aspects?action=ingestProposalBatch`, {
        body: { proposals: [mcp(urns[0]!, 'tagProperties', { name: 'changed' }), mcp(urns[1]!, 'status', { removed: true })] },
      });
      expect(batch.status).toBe(200);
      first.proc.kill('SIGKILL');
      await exited(first.proc);

      const second = await startProcess(db, port);
      procs.push(second.proc);
      for (const [i, u] of urns.entries()) {
        const read = await http(`${second.url}/entitiesV2/${enc(u)}`);
        expect(read.body.aspects.tagProperties.value.name).toBe(i === 0 ? 'changed' : `t${i}`);
      }
      expect(
        (await http(`${second.url}/aspects/${enc(urns[0]!)}?aspect=tagProperties&version=1`)).body.aspect['com.linkedin.tag.TagProperties']
          .name,
      ).toBe('t0');
      expect((await http(`${second.url}/entitiesV2/${enc(urns[1]!)}`)).body.aspects.status.value).toEqual({ removed: true });
    } finally {
      for (const p of procs) p.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('starts from its search index snapshot, written at shutdown, with the writes since replayed after kill -9', async () => {
    const dir = tempDir();
    const db = join(dir, 'catalog.db');
    const env = { SEARCH_INDEX_SNAPSHOT: join(dir, 'search-index') };
    const procs: ChildProcess[] = [];
    try {
      const port = await freePort();
      const first = await startProcess(db, port, env);
      procs.push(first.proc);
      // Past the 2,000 documents a start indexes before it serves: larger catalogs are the ones loaded.
      const proposals = Array.from({ length: 2_100 }, (_, i) => mcp(`urn:li:tag:t${i}`, 'tagProperties', { name: `tag ${i}` }));
      expect((await http(`${first.url}/aspects?action=ingestProposalBatch`, { body: { proposals } })).status).toBe(200);
      first.proc.kill('SIGTERM');
      await exited(first.proc);

      const secondLog = logWatch();
      const second = await startProcess(db, port, env, secondLog.logged);
      procs.push(second.proc);
      // The tags and the built-in entities (platforms, roles, policies).
      const loaded = await secondLog.next(/^search index (loaded|built)/);
      expect(loaded).toMatchObject({ from: 'snapshot', replayed: 0 });
      expect(loaded.documents).toBeGreaterThan(2_100);
      const late = mcp('urn:li:tag:late', 'tagProperties', { name: 'written after the snapshot' });
      expect((await http(`${second.url}/aspects?action=ingestProposal`, { body: { proposal: late } })).status).toBe(200);
      second.proc.kill('SIGKILL');
      await exited(second.proc);

      const thirdLog = logWatch();
      const third = await startProcess(db, port, env, thirdLog.logged);
      procs.push(third.proc);
      // The write's change-log events (its aspect and the key aspect made with it) replayed.
      const reloaded = await thirdLog.next(/^search index (loaded|built)/);
      expect(reloaded).toMatchObject({ from: 'snapshot', documents: (loaded.documents as number) + 1 });
      expect(reloaded.replayed).toBeGreaterThanOrEqual(1);
      const found = await http(`${third.url}/entities?action=search`, { body: { entity: 'tag', input: 'snapshot', start: 0, count: 5 } });
      expect(found.body.value.entities.map((e: { entity: string }) => e.entity)).toEqual(['urn:li:tag:late']);
    } finally {
      for (const p of procs) p.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });

  /** Searches of every kind the index answers: words, filters, negation, facets, deep pages. */
  const searches = [
    { entity: 'dataset', input: 'orders', start: 0, count: 5 },
    { entity: 'dataset', input: 'daily orders', start: 0, count: 10 },
    { entity: 'dataset', input: '*', start: 7, count: 4 },
    {
      entity: 'dataset',
      input: '*',
      start: 0,
      count: 10,
      filter: { or: [{ and: [{ field: 'platform', values: ['urn:li:dataPlatform:kafka'], condition: 'EQUAL' }] }] },
    },
    {
      entity: 'dataset',
      input: 'orders',
      start: 2,
      count: 10,
      filter: { or: [{ and: [{ field: 'tags', values: ['urn:li:tag:gold'], condition: 'EQUAL', negated: true }] }] },
    },
  ];

  for (const backend of ['sqlite', ...(TEST_DATABASE_URL ? ['postgres'] : [])])
    it(`searches exactly as before after kill -9 and restart (${backend})`, async () => {
      const dir = tempDir();
      const pgDb = backend === 'postgres' ? await createTestDatabase() : undefined;
      const procs: ChildProcess[] = [];
      try {
        const database = pgDb?.url ?? join(dir, 'catalog.db');
        const port = await freePort();
        const first = await startProcess(database, port);
        procs.push(first.proc);
        const proposals = Array.from({ length: 60 }, (_, i) => {
          const urn = `urn:li:dataset:(urn:li:dataPlatform:${i % 3 === 0 ? 'kafka' : 'hive'},db.orders_${i % 4 === 0 ? 'daily' : 'raw'}_${i},PROD)`;
          return [
            mcp(urn, 'datasetProperties', { name: `orders_${i}`, description: i % 2 ? 'daily orders of a store' : 'refunds' }),
            ...(i % 5 === 0 ? [mcp(urn, 'globalTags', { tags: [{ tag: 'urn:li:tag:gold' }] })] : []),
            ...(i % 7 === 0 ? [mcp(urn, 'status', { removed: true })] : []),
          ];
        }).flat();
        expect((await http(`${first.url}/aspects?action=ingestProposalBatch`, { body: { proposals } })).status).toBe(200);
        // A change after the first write of each: the index holds replaced documents too.
        const changed = mcp('urn:li:dataset:(urn:li:dataPlatform:hive,db.orders_raw_1,PROD)', 'datasetProperties', { name: 'refund_1' });
        expect((await http(`${first.url}/aspects?action=ingestProposal`, { body: { proposal: changed } })).status).toBe(200);
        const ask = (url: string) =>
          Promise.all(searches.map(async (body) => (await http(`${url}/entities?action=search`, { body })).body.value));
        const before = await ask(first.url);
        expect(before[0].numEntities).toBeGreaterThan(10);
        expect(before[3].entities.length).toBeGreaterThan(0);
        first.proc.kill('SIGKILL');
        await exited(first.proc);

        const second = await startProcess(database, port);
        procs.push(second.proc);
        expect(await ask(second.url)).toEqual(before);
      } finally {
        for (const p of procs) p.kill('SIGKILL');
        rmSync(dir, { recursive: true, force: true });
        await pgDb?.drop();
      }
    });
});
