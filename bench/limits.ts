/**
 * What this machine can do at best, measured in the same run as the service: the same aspect rows
 * written by a bare better-sqlite3 loop, and a bare Fastify route under the same HTTP load.
 */
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrations } from '../src/store/sqlite/migrations.js';
import type { WireProposal } from './catalog.js';
import { freePort, stopProcess, waitHealthy } from './service.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * Aspects per second of a bare loop: the proposals' rows inserted into the service's own schema
 * (same pragmas: WAL, synchronous FULL), one transaction per batch, into a fresh database.
 */
export function bareSqliteIngest(batches: readonly WireProposal[][]): number {
  const dir = mkdtempSync(join(tmpdir(), 'catalog-bench-bare-'));
  try {
    const db = new Database(join(dir, 'bare.db'));
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    for (const m of migrations) db.exec(m);
    const insert = db.prepare(
      `INSERT OR REPLACE INTO aspect (urn, aspect, version, value, system_metadata, created_on, created_by, run_id)
       VALUES (?, ?, 0, ?, ?, ?, ?, ?)`,
    );
    const writeBatch = db.transaction((batch: readonly WireProposal[]) => {
      for (const p of batch)
        insert.run(
          p.entityUrn,
          p.aspectName,
          p.aspect.value,
          JSON.stringify(p.systemMetadata),
          Date.now(),
          'urn:li:corpuser:datahub',
          p.systemMetadata.runId,
        );
    });
    let aspects = 0;
    const began = performance.now();
    for (const batch of batches) {
      writeBatch(batch);
      aspects += batch.length;
    }
    const seconds = (performance.now() - began) / 1000;
    db.close();
    return aspects / seconds;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface BareServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the bare Fastify app in its own process. Its durable SQLite route writes under `dataDir`
 * (the file system the service's database is on); its PostgreSQL route, when `postgresServer` is
 * given, in a database of its own there.
 */
export async function startBareServer(dataDir: string, postgresServer?: string): Promise<BareServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'bench/bareServer.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      BARE_DATA_DIR: mkdtempSync(join(dataDir, 'catalog-bench-durable-')),
      ...(postgresServer ? { BARE_POSTGRES_URL: postgresServer } : {}),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const url = `http://127.0.0.1:${port}`;
  await waitHealthy(`${url}/health`, child, () => output);
  return { url, stop: () => stopProcess(child) };
}
