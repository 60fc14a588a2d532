/**
 * The change log feed: `GET /events` pages through MetadataChangeLog events from an offset;
 * `GET /events/stream` sends them as Server-Sent Events and keeps the connection open for new ones.
 * Each SSE message carries its offset as `id`, so a consumer reconnecting with `Last-Event-ID` (or
 * `?after=`) resumes exactly after the last event it saw.
 */
import { setImmediate } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { MAX_FEED_PAGE, type ChangeFeed, type FeedEvent } from '../../domains/changeLog/changeFeed.js';
import { callerOf } from '../caller.js';
import { Param, queryCheck } from './params.js';
import { read, type RestResource } from './resource.js';
import { LONG_MAX } from './restli.js';

const DEFAULT_LIMIT = 100;
const KEEP_ALIVE_MS = 15_000;

const afterParam = (doc: string) => Param.optional(Param.integer(doc, { max: LONG_MAX }));

/** The header is read as the `after` parameter is, and refused in the same words. */
const lastEventId = queryCheck(Type.Object({ 'Last-Event-ID': afterParam('the id of the last event an EventSource received') }));

/** Where a stream starts: `after`, else the `Last-Event-ID` an EventSource sends when it reconnects. */
function streamStart(request: FastifyRequest, after: number | undefined): number {
  if (after !== undefined) return after;
  const last = request.headers['last-event-id'];
  return lastEventId(typeof last === 'string' ? { 'Last-Event-ID': [last] } : {})['Last-Event-ID'] ?? 0;
}

/** Each event's message, made once for all the followers sent it (the feed shares its pages among them). */
const messages = new WeakMap<FeedEvent, string>();
function message(event: FeedEvent): string {
  let text = messages.get(event);
  if (text === undefined) {
    text = `id: ${event.offset}\ndata: ${JSON.stringify(event)}\n\n`;
    messages.set(event, text);
  }
  return text;
}

async function stream(request: FastifyRequest, reply: FastifyReply, feed: ChangeFeed, after: number | undefined): Promise<void> {
  let cursor = streamStart(request, after);
  // Checked once, before the stream opens: a refusal is an ordinary error answer. The caller's share
  // first, as it costs nothing: a flood of streams is refused before any is authorized.
  const follower = feed.follow(callerOf(request));
  let reader: Awaited<ReturnType<ChangeFeed['reader']>>;
  try {
    reader = await feed.reader(request.actor);
  } catch (err) {
    follower.leave();
    throw err;
  }
  reply.hijack();
  const out = reply.raw;
  out.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  out.on('close', follower.leave);
  // A consumer that stops reading fills its socket; past the bound it is dropped rather than held for
  // ever, and resumes exactly where it was by reconnecting with Last-Event-ID.
  const write = async (text: string) => {
    if (out.write(text)) return;
    const drained = await new Promise<boolean>((done) => {
      const finish = (taken: boolean) => {
        clearTimeout(timer);
        out.off('drain', onDrain);
        follower.signal.removeEventListener('abort', onAbort);
        done(taken);
      };
      const onDrain = () => finish(true);
      const onAbort = () => finish(true);
      const timer = setTimeout(() => finish(false), feed.limits.stallMs);
      out.once('drain', onDrain);
      follower.signal.addEventListener('abort', onAbort, { once: true });
    });
    if (!drained) {
      request.log.warn(
        { actor: request.actor, offset: cursor, stallMs: feed.limits.stallMs },
        'change log follower dropped: it stopped reading',
      );
      out.destroy();
      follower.leave();
    }
  };
  let quietSince = Date.now();
  try {
    await write(': connected\n\n');
    while (!follower.signal.aborted) {
      const { events, lastOffset, more } = await reader.next(cursor);
      for (const event of events) await write(message(event));
      cursor = lastOffset;
      if (events.length > 0) quietSince = Date.now();
      // A follower catching up on a long log reads page after page; on SQLite every read is synchronous
      // and a local socket takes every write, so without a turn for other requests between pages one
      // follower would hold the service until it caught up.
      if (more) {
        await setImmediate();
        continue;
      }
      if (Date.now() - quietSince > KEEP_ALIVE_MS) {
        await write(': keep-alive\n\n');
        quietSince = Date.now();
      }
      await feed.wait(follower.signal);
    }
  } catch (err) {
    request.log.warn({ err }, 'change log stream ended by an error');
  } finally {
    follower.leave();
    // The stream ends when its follower leaves or the server closes, and its connection with it: left
    // open as an idle keep-alive connection, it would hold the server's close until the client let go.
    const socket = out.socket;
    out.end(() => socket?.end());
  }
}

export const eventsResource: RestResource = {
  name: 'events',
  doc: 'The change log: every applied change as a MetadataChangeLog event (entityType, entityUrn, changeType, aspectName, aspect, previousAspectValue, systemMetadata, previousSystemMetadata, created), with a strictly increasing offset in commit order.',
  reads: [
    read({
      path: '/events',
      route: '/events',
      doc: 'The next events after an offset, oldest first.',
      params: Type.Object({
        after: afterParam('the offset of the last event already seen (default 0: from the start)'),
        limit: Param.optional(
          Param.integer(`how many events at most (default ${DEFAULT_LIMIT}, at most ${MAX_FEED_PAGE})`, { min: 1, max: MAX_FEED_PAGE }),
        ),
      }),
      returns: '{events: [MetadataChangeLog with offset], lastOffset}: lastOffset is the offset to ask after next',
      handler: async ({ after, limit }, { services, actor }) => {
        const { events, lastOffset } = await (await services.changeFeed.reader(actor)).page(after ?? 0, limit ?? DEFAULT_LIMIT);
        return { events, lastOffset };
      },
    }),
    read({
      path: '/events/stream',
      route: '/events/stream',
      doc: 'Server-Sent Events: every event after the offset, then new ones as they commit; each message has the event offset as its id. Reconnect with ?after=<id> or the Last-Event-ID header.',
      params: Type.Object({ after: afterParam('the offset of the last event already seen (default: Last-Event-ID, else 0)') }),
      returns: 'text/event-stream: `id: <offset>` and `data: <MetadataChangeLog JSON>` per event',
      handler: async ({ after }, { services, request }, reply) => stream(request, reply, services.changeFeed, after),
    }),
  ],
  actions: [],
};
