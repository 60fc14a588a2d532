/**
 * What operators see of the traffic: one access log line per request at `info` (method, path,
 * status, time, actor, request id), requests slower than a threshold at `warn`, and the event loop
 * watched, so that a stall is logged at `warn` with the requests that were running through it.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
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

declare module 'fastify' {
  interface FastifyInstance {
    /** How many requests are being served now. */
    requestsInFlight(): number;
  }
}

/** A client's request id is kept when it is a plain token of at most this many characters. */
const REQUEST_ID = /^[\w.:/-]{1,128}$/;
/** The requests a stall warning names at most (the longest running first). */
const STALL_NAMED = 20;

/** The request id: a proxy's `x-request-id` when it is a plain token, else one of ours. */
export function requestId(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

export function installRequestLog(app: FastifyInstance, options: RequestLogOptions): void {
  // By request, not by id: a client may send the same id twice.
  const running = new Map<FastifyRequest, { began: number }>();
  /** Requests that ended lately: a stall is only seen once it is over, and its requests may be done by then. */
  let ended: Array<{ request: FastifyRequest; began: number; ended: number }> = [];
  const end = (request: FastifyRequest) => {
    const r = running.get(request);
    if (!r) return;
    running.delete(request);
    ended.push({ request, began: r.began, ended: performance.now() });
    if (ended.length > ENDED_KEPT) ended = ended.slice(-ENDED_KEPT / 2);
  };
  const named = (request: FastifyRequest, ms: number, done: boolean) => ({
    reqId: request.id,
    method: request.method,
    url: shown(request.url),
    ms: Math.round(ms),
    done,
  });

  app.decorate('requestsInFlight', () => running.size);
  app.addHook('onRequest', async (request, reply) => {
    running.set(request, { began: performance.now() });
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
      ...ended.filter((r) => r.ended >= from).map((r) => named(r.request, r.ended - r.began, true)),
      ...[...running].map(([request, r]) => named(request, now - r.began, false)),
    ]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, STALL_NAMED);
    ended = ended.filter((r) => r.ended >= now - ENDED_KEPT_MS);
    app.log.warn({ stalledMs: Math.round(stalled), requests }, 'event loop blocked');
  }, WATCH_MS);
  watch.unref();
  app.addHook('onClose', async () => clearInterval(watch));
}
