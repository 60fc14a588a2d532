/**
 * What the attack corpus (test/attacks.test.ts) runs on: a real `catalog serve` process, requests
 * sent from a chosen loopback address (the failed-authentication throttle counts per address, so
 * each attack comes from one of its own), and a watch kept on the process while an attack runs:
 * GET /health every ~50 ms and its resident memory (VmRSS) sampled, both from a worker thread so
 * the load the test itself generates does not delay them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { Agent, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { CATALOG_CMD, freePort, waitHealthy } from '../helpers.js';

export interface Catalog {
  url: string;
  port: number;
  /** The server's own pid: CATALOG_CMD runs node itself (tsx is a loader in it, not a wrapper process). */
  pid: number;
  proc: ChildProcess;
  stdout(): string;
  stderr(): string;
  stop(): Promise<void>;
}

/** Variables of the test's environment a catalog would read, left out so each start says all it means. */
const CATALOG_VARIABLES =
  /^(AUTH_ENABLED|ADMIN_TOKEN|ADMIN_TOKEN_FILE|HOST|PORT|DATABASE_URL|TOKEN_SIGNING_KEY|CATALOG_TOKEN|CATALOG_SERVER|DATAHUB_.*|INGESTION_FILE_ROOT|LOG_LEVEL|METRICS_ACCESS)$/;

/** Starts `catalog serve` with `env` (and a free PORT), its output in files under `dir`; resolves once /health answers. */
export async function spawnCatalog(dir: string, name: string, env: Record<string, string>): Promise<Catalog> {
  const port = await freePort();
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !CATALOG_VARIABLES.test(k)));
  const [outFile, errFile] = [join(dir, `${name}.stdout`), join(dir, `${name}.stderr`)];
  const [out, err] = [openSync(outFile, 'w'), openSync(errFile, 'w')];
  const [cmd, ...args] = CATALOG_CMD;
  const proc = spawn(cmd, [...args, 'serve'], { env: { ...base, PORT: String(port), ...env }, stdio: ['ignore', out, err] });
  closeSync(out);
  closeSync(err);
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((done) => proc.once('exit', () => done()));
  const stop = async () => {
    if (proc.exitCode !== null || proc.signalCode !== null) return;
    proc.kill('SIGTERM');
    const killer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(killer);
  };
  try {
    await Promise.race([
      waitHealthy(url, 60_000),
      exited.then(() => {
        throw new Error(`catalog ${name} exited (${proc.exitCode}): ${readFileSync(errFile, 'utf8')}`);
      }),
    ]);
  } catch (e) {
    await stop();
    throw e;
  }
  return {
    url,
    port,
    pid: proc.pid!,
    proc,
    stdout: () => readFileSync(outFile, 'utf8'),
    stderr: () => readFileSync(errFile, 'utf8'),
    stop,
  };
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  body: any;
}

const agents = new Map<string, Agent>();
/** A keep-alive agent per source address, so floods reuse connections as a client would. */
function agentFrom(address: string): Agent {
  const known = agents.get(address);
  if (known) return known;
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  agents.set(address, agent);
  return agent;
}

export function closeAgents(): void {
  for (const a of agents.values()) a.destroy();
  agents.clear();
}

export interface CallInit {
  method?: string;
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  /** The loopback address the request comes from (127.0.0.1 by default). */
  from?: string;
}

/** One request, answered in full. */
export function call(url: string, init: CallInit = {}): Promise<Answer> {
  const payload = init.body === undefined ? undefined : Buffer.from(JSON.stringify(init.body));
  return new Promise((resolve, reject) => {
    const from = init.from ?? '127.0.0.1';
    const req = httpRequest(url, {
      method: init.method ?? (payload ? 'POST' : 'GET'),
      agent: agentFrom(from),
      localAddress: from,
      headers: { ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}), ...init.headers },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        let body: unknown;
        try {
          body = text ? JSON.parse(text) : undefined;
        } catch {
          body = undefined;
        }
        resolve({ status: res.statusCode!, headers: res.headers, text, body });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** `n` tasks, `width` at a time and at most `perSecond` started a second; answers their results in order. */
export async function inWaves<T>(n: number, width: number, task: (i: number) => Promise<T>, perSecond = Infinity): Promise<T[]> {
  const results: T[] = new Array(n);
  let next = 0;
  const began = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(width, n) }, async () => {
      while (next < n) {
        const i = next++;
        // At a rate, as the attack was reported: the i-th starts no sooner than i / perSecond seconds in.
        const wait = began + (i * 1000) / perSecond - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        results[i] = await task(i);
      }
    }),
  );
  return results;
}

/** How many of each status. */
export function statuses(answers: { status: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const a of answers) counts[a.status] = (counts[a.status] ?? 0) + 1;
  return counts;
}

/**
 * A body that declares `declared` bytes, of which `send` are sent; the answer, and whether the
 * server then closed the connection (the rest is never read). The client keeps connections alive,
 * so a closed one is the server's doing.
 */
export function oversizedBody(
  url: string,
  headers: Record<string, string>,
  declared: number,
  send: number,
  from = '127.0.0.1',
): { answer: Promise<{ status: number; headers: IncomingHttpHeaders; text: string; closed: Promise<boolean> }>; abort(): void } {
  const req = httpRequest(url, {
    method: 'POST',
    agent: new Agent({ keepAlive: true }),
    localAddress: from,
    headers: { ...headers, 'content-type': 'application/json', 'content-length': declared, connection: 'keep-alive' },
  });
  const answer = new Promise<{ status: number; headers: IncomingHttpHeaders; text: string; closed: Promise<boolean> }>(
    (resolve, reject) => {
      req.on('response', (res: IncomingMessage) => {
        const socket = res.socket;
        const closed = new Promise<boolean>((done) => {
          if (socket.destroyed) return done(true);
          const timer = setTimeout(() => done(false), 3000);
          socket.once('close', () => {
            clearTimeout(timer);
            done(true);
          });
        });
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text, closed }));
      });
      // Writing on after the server has answered and closed fails; the answer already counts.
      req.on('error', reject);
    },
  );
  // A prefix of a JSON batch, as a hostile client would start one.
  const prefix = '{"proposals":[';
  req.write(prefix + ' '.repeat(Math.max(0, send - prefix.length)));
  return { answer, abort: () => req.destroy() };
}

export interface Watch {
  attack: string;
  /** GET /health answers during the attack. */
  probes: number;
  failedProbes: number;
  maxHealthMs: number;
  baselineRssMB: number;
  peakRssGrowthMB: number;
}

/** The worker that probes /health and samples VmRSS until told to stop. */
const WATCHER = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const fs = require('node:fs');
const { url, pid } = workerData;
let stopping = false;
let peakRss = 0;
const latencies = [];
let failed = 0;
const rss = () => {
  try {
    const m = /VmRSS:\\s+(\\d+) kB/.exec(fs.readFileSync('/proc/' + pid + '/status', 'utf8'));
    if (m) peakRss = Math.max(peakRss, Number(m[1]) * 1024);
  } catch {}
};
const sampler = setInterval(rss, 20);
const probe = () => new Promise((resolve) => {
  const started = performance.now();
  // A new connection each time (agent: false), as a load balancer's health check makes.
  const req = http.get(url + '/health', { agent: false, timeout: 30000 }, (res) => {
    res.resume();
    res.on('end', () => resolve({ ms: performance.now() - started, ok: res.statusCode === 200 }));
  });
  req.on('timeout', () => req.destroy(new Error('timeout')));
  req.on('error', () => resolve({ ms: performance.now() - started, ok: false }));
});
parentPort.on('message', () => { stopping = true; });
(async () => {
  let first = true;
  while (!stopping) {
    const began = performance.now();
    const r = await probe();
    latencies.push(r.ms);
    if (!r.ok) failed++;
    if (first) { parentPort.postMessage({ ready: true }); first = false; }
    const wait = 50 - (performance.now() - began);
    if (wait > 0) await new Promise((done) => setTimeout(done, wait));
  }
  clearInterval(sampler);
  rss();
  parentPort.postMessage({ latencies, failed, peakRss });
})();
`;

const rssOf = (pid: number): number => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
const MB = 1024 * 1024;

/** What was measured of each attack, in the order run. */
export const watches: Watch[] = [];

/**
 * Runs `attack` against `target` while watching it: answers the attack's result and what was
 * measured (kept in `watches` too). The watch goes on ~150 ms past the attack, for its aftermath.
 */
export async function underAttack<T>(
  target: { url: string; pid: number },
  attack: string,
  run: () => Promise<T>,
): Promise<Watch & { result: T }> {
  const baseline = rssOf(target.pid);
  const worker = new Worker(WATCHER, { eval: true, workerData: { url: target.url, pid: target.pid } });
  const ready = new Promise<void>((done) => worker.on('message', (m) => m.ready && done()));
  const ended = new Promise<any>((done) => worker.on('message', (m) => m.latencies && done(m)));
  await ready;
  let result: T;
  try {
    result = await run();
    await new Promise((r) => setTimeout(r, 150));
  } catch (e) {
    await worker.terminate();
    throw e;
  }
  worker.postMessage('stop');
  const { latencies, failed, peakRss } = await ended;
  await worker.terminate();
  const watch: Watch = {
    attack,
    probes: latencies.length,
    failedProbes: failed,
    maxHealthMs: Math.round(Math.max(...latencies)),
    baselineRssMB: Math.round(baseline / MB),
    peakRssGrowthMB: Math.round((Math.max(peakRss, baseline) - baseline) / MB),
  };
  watches.push(watch);
  return { ...watch, result };
}
