/**
 * A write answered with success survives `kill -9` of the server: the process is killed right after
 * the answer, restarted on the same database, and the data is read back.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CATALOG_CMD, enc, freePort, http, mcp, tempDir, waitHealthy } from './helpers.js';

const running: ChildProcess[] = [];
afterEach(() => {
  for (const p of running.splice(0)) p.kill('SIGKILL');
});

async function startProcess(dbPath: string, port: number): Promise<{ url: string; proc: ChildProcess }> {
  const [cmd, ...args] = CATALOG_CMD;
  const proc = spawn(cmd, [...args, 'serve', '--port', String(port), '--host', '127.0.0.1'], {
    env: { ...process.env, DATABASE_URL: `sqlite:${dbPath}`, LOG_LEVEL: 'warn', AUTH_ENABLED: 'false' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  running.push(proc);
  const url = `http://127.0.0.1:${port}`;
  await waitHealthy(url);
  return { url, proc };
}

function exited(proc: ChildProcess): Promise<void> {
  return new Promise((done) => (proc.exitCode !== null || proc.signalCode !== null ? done() : proc.once('exit', () => done())));
}

describe('durability', () => {
  it('keeps every acknowledged write across kill -9 and restart', async () => {
    const dir = tempDir();
    const db = join(dir, 'catalog.db');
    try {
      const port = await freePort();
      const first = await startProcess(db, port);
      const urns = Array.from({ length: 20 }, (_, i) => `urn:li:tag:durable-${i}`);
      // Writes in flight at once, then the kill right after the last answer.
      const replies = await Promise.all(
        urns.map((u, i) =>
          http(`${first.url}/aspects?action=ingestProposal`, { body: { proposal: mcp(u, 'tagProperties', { name: `t${i}` }) } }),
        ),
      );
      expect(replies.every((r) => r.status === 200)).toBe(true);
      const batch = await http(`${first.url}/aspects?action=ingestProposalBatch`, {
        body: { proposals: [mcp(urns[0]!, 'tagProperties', { name: 'changed' }), mcp(urns[1]!, 'status', { removed: true })] },
      });
      expect(batch.status).toBe(200);
      first.proc.kill('SIGKILL');
      await exited(first.proc);

      const second = await startProcess(db, port);
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
      for (const p of running.splice(0)) p.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
