/**
 * The service under test, as users run it: `catalog serve` in its own process, from the build in
 * dist/. Start-up is timed from spawning the process to its first healthy answer.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface Service {
  url: string;
  pid: number;
  /** Milliseconds from spawn to the first 200 from /health. */
  startupMs: number;
  /**
   * Milliseconds from spawn until the search index is ready in memory (until then SQL answers
   * searches), and whether it was loaded from its snapshot or built from every document.
   */
  searchIndexBuilt: Promise<{ ms: number; from: 'snapshot' | 'documents' }>;
  /** Resident and peak resident memory of the process, in bytes. */
  memory(): { rss: number; peak: number };
  stop(): Promise<void>;
}

/** A TCP port free at the time of asking. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Reads VmRSS and VmHWM of a process (Linux). */
export function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/** Polls until `url` answers 200, or the process exits, or `timeoutMs` passes. */
export async function waitHealthy(url: string, child: ChildProcess, output: () => string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the process exited with ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`no healthy answer from ${url} within ${timeoutMs} ms:\n${output()}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Stops a child process with SIGTERM and waits for it to exit. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  await exited;
}

export interface ServiceOptions {
  databaseUrl: string;
  adminToken: string;
  env?: Record<string, string>;
  /** Node options before the program, e.g. --cpu-prof for profiling. */
  nodeArgs?: string[];
}

/** A service started on a large kept catalog (--reuse) may take minutes to build its search index. */
const STARTUP_TIMEOUT_MS = 600_000;

export async function startService(options: ServiceOptions): Promise<Service> {
  const port = await freePort();
  const began = performance.now();
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), `${ROOT}bin/catalog.js`, 'serve'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: options.databaseUrl,
      AUTH_ENABLED: 'true',
      ADMIN_TOKEN: options.adminToken,
      // Info, for the line saying the search index is built; requests are not logged.
      LOG_LEVEL: 'info',
      ACCESS_LOG: 'false',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let built: (ready: { ms: number; from: 'snapshot' | 'documents' }) => void = () => undefined;
  const searchIndexBuilt = new Promise<{ ms: number; from: 'snapshot' | 'documents' }>((resolve) => (built = resolve));
  const keep = (chunk: Buffer) => {
    const text = chunk.toString();
    if (text.includes('search index built in memory')) built({ ms: performance.now() - began, from: 'documents' });
    if (text.includes('search index loaded from its snapshot')) built({ ms: performance.now() - began, from: 'snapshot' });
    output = (output + text).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  await waitHealthy(`${url}/health`, child, () => output, STARTUP_TIMEOUT_MS);
  const startupMs = performance.now() - began;
  return {
    url,
    pid: child.pid!,
    startupMs,
    searchIndexBuilt,
    memory: () => memoryOf(child.pid!),
    stop: () => stopProcess(child),
  };
}
