/**
 * What operators see of the traffic: one access log line per request at `info` (method, path,
 * status, time, actor, request id), requests slower than a threshold at `warn`, and the event loop
 * watched, so that a stall is logged at `warn` with the requests that were running through it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface RequestLogOptions {
  /** A line per request at info. */
  access: boolean;
  /** Requests slower than this are logged at warn, access log or not. */
  slowMs: number;
  /** The event loop held longer than this is logged at warn. */
  stallMs: number;
}

export const DEFAULT_REQUEST_LOG: RequestLogOptions = { access: true, slowMs: 1_000, stallMs: 200 };

/** The longest URL a log line repeats. */
const URL_SHOWN = 300;
/** How often the event loop is sampled. */
const WATCH_MS = 50;
/** How many ended requests, and for how long, are kept to name in a stall. */
const ENDED_KEPT = 1_000;
const ENDED_KEPT_MS = 60_000;

const shown = (url: string) => (url.length > URL_SHOWN ? `${url.slice(0, URL_SHOWN)}…` : url);

export function installRequestLog(app: FastifyInstance, options: RequestLogOptions): void {
  const running = new Map<string, { method: string; url: string; began: number }>();
  /** Requests that ended lately: a stall is only seen once it is over, and its requests may be done by then. */
  let ended: Array<{ reqId: string; method: string; url: string; began: number; ended: number }> = [];
  const end = (request: FastifyRequest) => {
    const r = running.get(request.id);
    if (!r) return;
    running.delete(request.id);
    ended.push({ reqId: request.id, ...r, ended: performance.now() });
    if (ended.length > ENDED_KEPT) ended = ended.slice(-ENDED_KEPT / 2);
  };

  app.addHook('onRequest', async (request, reply) => {
    running.set(request.id, { method: request.method, url: shown(request.url), began: performance.now() });
    reply.header('x-request-id', request.id);
    // Answered, or the client went away before the answer: either way it no longer runs.
    reply.raw.once('close', () => end(request));
  });
  app.addHook('onResponse', async (request, reply) => {
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    const line = { method: request.method, url: shown(request.url), status: reply.statusCode, ms, actor: request.actor || undefined };
    if (ms > options.slowMs) request.log.warn(line, 'slow request');
    else if (options.access) request.log.info(line, 'request');
  });

  let expected = performance.now() + WATCH_MS;
  const watch = setInterval(() => {
    const now = performance.now();
    const stalled = now - expected;
    expected = now + WATCH_MS;
    if (stalled <= options.stallMs) return;
    const from = now - stalled - WATCH_MS;
    const requests = [
      ...ended.filter((r) => r.ended >= from).map((r) => ({ reqId: r.reqId, method: r.method, url: r.url, ms: Math.round(r.ended - r.began), done: true })),
      ...[...running].map(([reqId, r]) => ({ reqId, method: r.method, url: r.url, ms: Math.round(now - r.began), done: false })),
    ];
    ended = ended.filter((r) => r.ended >= now - ENDED_KEPT_MS);
    app.log.warn({ stalledMs: Math.round(stalled), requests }, 'event loop blocked');
  }, WATCH_MS);
  watch.unref();
  app.addHook('onClose', async () => clearInterval(watch));
}
