/**
 * HTTP load with autocannon. Latencies are collected from autocannon's per-response event, in
 * fractions of a millisecond (its own histogram rounds to whole milliseconds).
 */
import autocannon from 'autocannon';
import { percentile } from './stats.js';

export interface LoadRun {
  /** Answered requests per second (2xx only). */
  rps: number;
  p50: number;
  p99: number;
  /** Requests that failed or answered other than 2xx. */
  failures: number;
}

export interface LoadSpec {
  url: string;
  connections: number;
  /** How long to run; or, with `amount`, the run ends after that many requests. */
  seconds: number;
  amount?: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Each request's path and body; called for every request, so requests can differ. */
  next: () => { path: string; body?: string };
  /** Requests per second over all connections; saturating when absent. */
  rate?: number;
  /** Seconds before a request counts as timed out (autocannon's default is 10). */
  timeoutSeconds?: number;
}

export async function load(spec: LoadSpec): Promise<LoadRun> {
  const samples: number[] = [];
  let ok = 0;
  let failures = 0;
  const options: autocannon.Options = {
    url: spec.url,
    connections: spec.connections,
    ...(spec.amount ? { amount: spec.amount } : { duration: spec.seconds }),
    // A run ends at autocannon's next sample tick: every 100 ms rather than every second.
    sampleInt: 100,
    ...(spec.rate ? { overallRate: spec.rate } : {}),
    ...(spec.timeoutSeconds ? { timeout: spec.timeoutSeconds } : {}),
    requests: [
      {
        method: spec.method ?? 'GET',
        headers: { 'content-type': 'application/json', ...spec.headers },
        setupRequest: (request) => {
          const { path, body } = spec.next();
          return { ...request, path, ...(body !== undefined ? { body } : {}) };
        },
      },
    ],
  };
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (err, res) => (err ? reject(err) : resolve(res)));
    instance.on('response', (_client, status, _bytes, ms) => {
      if (status >= 200 && status < 300) {
        ok++;
        samples.push(ms);
      } else {
        failures++;
      }
    });
  });
  failures += result.errors + result.timeouts;
  return { rps: ok / result.duration, p50: percentile(samples, 50), p99: percentile(samples, 99), failures };
}

/** Connections of the latency runs: few enough that autocannon's rate limit does not send in bursts. */
export const LATENCY_CONNECTIONS = 4;

/**
 * Saturating throughput, then latency at half of it from LATENCY_CONNECTIONS clients: latency
 * under load, not the queueing of 32 clients at saturation.
 */
export async function throughputAndLatency(spec: Omit<LoadSpec, 'rate'>): Promise<{ saturated: LoadRun; latency: LoadRun }> {
  const saturated = await load(spec);
  const latency = await load({ ...spec, connections: LATENCY_CONNECTIONS, rate: Math.max(1, Math.floor(saturated.rps / 2)) });
  return { saturated, latency };
}
