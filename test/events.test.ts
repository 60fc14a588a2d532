/** The change log feed: paging from any offset, and Server-Sent Events that resume without loss or repeats. */
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEach, expectOrdered, grantPolicy, http, mcp, startTestServer, type TestServer } from './helpers.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s.close());

const tag = (n: number) => `urn:li:tag:feed-${n}`;
const write = (urn: string, value: Record<string, unknown>) =>
  http(`${s.url}/aspects?action=ingestProposal`, { body: { proposal: mcp(urn, 'tagProperties', value) } });

/** The last offset so far, so each test looks only at its own events. */
async function head(): Promise<number> {
  let after = 0;
  for (;;) {
    const page = await http(`${s.url}/events?after=${after}&limit=10000`);
    if (page.body.events.length === 0) return after;
    after = page.body.lastOffset;
  }
}

/** A Server-Sent Events reader over fetch: yields `{id, data}` messages. */
async function openStream(query: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const res = await fetch(`${s.url}/events/stream${query}`, { headers, signal: controller.signal });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const next = async (): Promise<{ id: number; data: any }> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const id = /^id: (\d+)$/m.exec(block);
        const data = /^data: (.*)$/m.exec(block);
        if (id && data) return { id: Number(id[1]), data: JSON.parse(data[1]!) };
        continue; // a comment (connected, keep-alive)
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended');
      buffer += value;
    }
  };
  return { res, next, close: () => controller.abort() };
}

describe('GET /events', () => {
  it('pages through every change in commit order, in MetadataChangeLog shape, from any offset', async () => {
    const start = await head();
    await write(tag(1), { name: 'one' });
    await write(tag(1), { name: 'one', description: 'changed' });
    await write(tag(2), { name: 'two' });

    const first = await http(`${s.url}/events?after=${start}&limit=2`);
    expect(first.status).toBe(200);
    expect(first.body.events).toHaveLength(2);
    const rest = await http(`${s.url}/events?after=${first.body.lastOffset}&limit=100`);
    const events = [...first.body.events, ...rest.body.events];
    const offsets = events.map((e: any) => e.offset);
    expectOrdered(offsets, (a, b) => a - b, 'offsets');
    expect(new Set(offsets).size).toBe(offsets.length);
    // First write of tag 1: key, browse paths? (tags have none), properties; then the update; then tag 2.
    const props = events.filter((e: any) => e.aspectName === 'tagProperties');
    expect(props.map((e: any) => e.entityUrn)).toEqual([tag(1), tag(1), tag(2)]);
    expect(props[1]).toMatchObject({
      entityType: 'tag',
      changeType: 'UPSERT',
      aspect: { value: JSON.stringify({ name: 'one', description: 'changed' }), contentType: 'application/json' },
      previousAspectValue: { value: JSON.stringify({ name: 'one' }), contentType: 'application/json' },
      systemMetadata: { runId: 'no-run-id-provided' },
      created: { actor: 'urn:li:corpuser:__datahub_system' },
    });
    expect(props[0].previousAspectValue).toBeUndefined();
    expect(events.some((e: any) => e.aspectName === 'tagKey' && e.entityUrn === tag(2))).toBe(true);
    // Asking after the last one answers nothing, and the same offset to ask after again.
    const none = await http(`${s.url}/events?after=${rest.body.lastOffset}`);
    expect(none.body).toEqual({ events: [], lastOffset: rest.body.lastOffset });
  });

  it('refuses offsets and limits that are not numbers in range', async () => {
    for (const q of ['after=-1', 'after=abc', 'limit=0', 'limit=10001', 'limit=x']) {
      const reply = await http(`${s.url}/events?${q}`);
      expect(reply.status, q).toBe(400);
      expect(reply.body.message).toMatch(/after|limit/);
    }
  });
});

describe('GET /events/stream', () => {
  it('sends what follows the offset, then new changes as they commit, and resumes after a reconnect with nothing lost or repeated', async () => {
    const start = await head();
    await write(tag(10), { name: 'before the stream' });
    const stream = await openStream(`?after=${start}`);
    expect(stream.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const seen: Array<{ id: number; data: any }> = [];
    const until = async (urn: string) => {
      for (;;) {
        const m = await stream.next();
        seen.push(m);
        if (m.data.entityUrn === urn && m.data.aspectName === 'tagProperties') return;
      }
    };
    await until(tag(10));
    await write(tag(11), { name: 'while streaming' });
    await until(tag(11));
    stream.close();

    // Missed while away, then picked up from the last id seen.
    await write(tag(12), { name: 'while away' });
    await write(tag(13), { name: 'also while away' });
    const resumed = await openStream('', { 'last-event-id': String(seen.at(-1)!.id) });
    const after: Array<{ id: number; data: any }> = [];
    for (;;) {
      const m = await resumed.next();
      after.push(m);
      if (m.data.entityUrn === tag(13) && m.data.aspectName === 'tagProperties') break;
    }
    resumed.close();

    const all = [...seen, ...after];
    const ids = all.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    expectOrdered(ids, (a, b) => a - b, 'ids');
    // Exactly the events the paged feed has over the same range.
    const paged = await http(`${s.url}/events?after=${start}&limit=1000`);
    const pagedIds = paged.body.events.map((e: any) => e.offset).filter((o: number) => o <= ids.at(-1)!);
    expect(ids).toEqual(pagedIds);
    expect(after.map((m) => m.data.entityUrn)).toContain(tag(12));
    expectEach(all, (m) => m.data.offset === m.id);
  });

  it('refuses a malformed offset with 400', async () => {
    expect((await http(`${s.url}/events/stream?after=x`)).status).toBe(400);
    expect((await http(`${s.url}/events/stream`, { headers: { 'last-event-id': 'nope' } })).status).toBe(400);
  });
});

describe('with authentication on', () => {
  it('needs a token, and GET_METADATA_CHANGE_LOG_EVENTS, for the feed and the stream', async () => {
    const secured = await startTestServer({ auth: true });
    let closed = false;
    const close = async () => {
      if (!closed) await secured.close();
      closed = true;
    };
    try {
      expect((await http(`${secured.url}/events`)).status).toBe(401);
      expect((await http(`${secured.url}/events/stream`)).status).toBe(401);
      const token = (await secured.services.tokens.mint({ actorUrn: 'urn:li:corpuser:reader', duration: 'ONE_HOUR', name: 'r' }))
        .accessToken;
      expect((await http(`${secured.url}/api/gms/events`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(403);
      await grantPolicy(secured.services, 'reads-the-feed', {
        type: 'PLATFORM',
        privileges: ['GET_METADATA_CHANGE_LOG_EVENTS'],
        actors: { users: ['urn:li:corpuser:reader'] },
      });
      expect((await http(`${secured.url}/api/gms/events`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
      // A follower still connected does not keep the server from closing: its stream is ended, and its
      // connection, which the client would otherwise keep open (idle) for a minute, past this test's timeout.
      const client = new Agent({ keepAliveTimeout: 60_000, keepAliveMaxTimeout: 60_000 });
      const open = await request(`${secured.url}/events/stream`, { headers: { authorization: `Bearer ${token}` }, dispatcher: client });
      expect(open.statusCode).toBe(200);
      const drained = open.body.text();
      await close();
      expect(await drained).toContain(': connected');
      await client.close();
    } finally {
      await close();
    }
  });
});
