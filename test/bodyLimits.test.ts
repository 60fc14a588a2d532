/**
 * Fair limits on request bodies (api/bodyLimits.ts): who may send how much, refused before it is
 * read, and how many large bodies are read at once. The limits are set small here so the test sends
 * kilobytes; their defaults are in DEFAULT_BODY_LIMITS.
 */
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantPolicy, http, mcp, startTestServer, type TestServer } from './helpers.js';

const KiB = 1024;
const LIMITS = { small: 16 * KiB, document: 32 * KiB, ingest: 256 * KiB, largeInFlight: 3, largeInFlightPerCaller: 2 };
const ADMIN_TOKEN = 'body-limits-admin-token-0123456789';
const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

let s: TestServer;
let reader: Record<string, string>;
let writer: Record<string, string>;

beforeAll(async () => {
  s = await startTestServer({ auth: true, adminToken: ADMIN_TOKEN, limits: { bodyLimits: LIMITS } });
  const mint = async (user: string) => ({
    authorization: `Bearer ${(await s.services.tokens.mint({ actorUrn: user, duration: 'ONE_DAY', name: 'test' })).accessToken}`,
  });
  reader = await mint('urn:li:corpuser:reader');
  writer = await mint('urn:li:corpuser:writer');
  await grantPolicy(s.services, 'writer-edits', {
    privileges: ['EDIT_ENTITY'],
    actors: { users: ['urn:li:corpuser:writer'] },
    resources: { allResources: true },
  });
});
/** Requests still sending when the tests end (a failed one leaves some): ended, so the server can close. */
const sending: Array<{ destroy(): void }> = [];
afterAll(async () => {
  for (const r of sending) r.destroy();
  await s?.close();
});

/** A batch of `n` datasets whose JSON is some `n` × 1.1 KiB. */
function batch(n: number, name = 'bodies') {
  const proposals = Array.from({ length: n }, (_, i) =>
    mcp(`urn:li:dataset:(urn:li:dataPlatform:hive,${name}.t${i},PROD)`, 'datasetProperties', { description: 'x'.repeat(1000) }),
  );
  return { proposals };
}

const ingest = (headers: Record<string, string>, body: unknown) => http(`${s.url}/aspects?action=ingestProposalBatch`, { body, headers });

/** Sends a body in pieces, holding the request open until `finish` is called; resolves its answer. */
function slowBody(path: string, headers: Record<string, string>, declared: number | undefined) {
  const req = httpRequest(`${s.url}${path}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', ...(declared !== undefined ? { 'content-length': declared } : {}) },
  });
  const answer = new Promise<{ status: number; headers: Record<string, unknown>; text: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text }));
    });
    req.on('error', reject);
  });
  sending.push(req);
  return {
    answer,
    write: (text: string) => new Promise<void>((done) => req.write(text, () => done())),
    end: (text = '') => req.end(text),
    destroy: () => req.destroy(),
  };
}

describe('request bodies', () => {
  it('takes a large ingest batch from a caller allowed to write', async () => {
    const r = await ingest(writer, batch(100, 'writer'));
    expect(r.status, r.text).toBe(200);
  });

  it('refuses a large ingest batch from a caller no policy lets write, before reading it, and stores nothing', async () => {
    const before = await s.services.store.readChangeLog(0, 100_000);
    const r = await ingest(reader, batch(100, 'reader'));
    expect(r.status).toBe(413);
    expect(r.body.message).toMatch(/The request body is \d+ bytes; at most 16 KiB is accepted for a caller no policy lets write/);
    expect((await s.services.store.readChangeLog(0, 100_000)).length).toBe(before.length);
  });

  it('holds every caller, the admin too, to the ingest limit, and other endpoints to the small one', async () => {
    const tooBig = await ingest(admin, batch(300, 'admin'));
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toMatch(/at most 256 KiB is accepted for an ingest batch/);
    const search = await http(`${s.url}/entities?action=search`, {
      body: { entity: 'dataset', input: 'x'.repeat(20 * KiB), start: 0, count: 1 },
      headers: admin,
    });
    expect(search.status).toBe(413);
    expect(search.body.message).toMatch(/at most 16 KiB is accepted for this endpoint/);
  });

  it('answers a GraphQL body over its limit with a 413 that says so, not an empty 400', async () => {
    const r = await http(`${s.url}/api/graphql`, {
      body: { query: '{ me { corpUser { urn } } }', variables: { padding: 'x'.repeat(40 * KiB) } },
      headers: admin,
    });
    expect(r.status).toBe(413);
    expect(r.body.message).toMatch(/at most 32 KiB is accepted for a GraphQL request/);
  });

  it('refuses a body without a token before reading it', async () => {
    const r = await ingest({}, batch(100, 'anonymous'));
    expect(r.status).toBe(401);
  });

  it('cuts off a body that declares no length once it passes the limit', async () => {
    const body = JSON.stringify(batch(30, 'chunked'));
    const sending = slowBody('/aspects?action=ingestProposalBatch', reader, undefined);
    await sending.write(body.slice(0, 10 * KiB));
    await sending.write(body.slice(10 * KiB, 20 * KiB));
    sending.end(body.slice(20 * KiB));
    const r = await sending.answer;
    expect(r.status).toBe(413);
    expect(r.text).toMatch(/over 16 KiB/);
  });

  it('answers a client that sends its whole body before it reads, instead of resetting the connection', async () => {
    // DataHub's Python emitter sends the whole body, then reads. Closing the connection with its bytes
    // unread makes the kernel reset it: the client's send fails with "Broken pipe" and the 413 is lost.
    const declared = 8 * 1024 * KiB;
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => {
        const url = new URL(s.url);
        const socket = connect(Number(url.port), url.hostname);
        let received = '';
        socket.on('data', (d: Buffer) => (received += d.toString()));
        const head = `POST /aspects?action=ingestProposalBatch HTTP/1.1\r\nhost: ${url.host}\r\nauthorization: ${writer.authorization}\r\ncontent-type: application/json\r\ncontent-length: ${declared}\r\n\r\n`;
        return new Promise<string>((resolve) => {
          socket.on('error', (e) => resolve(`${e.message} after ${JSON.stringify(received.slice(0, 12))}`));
          socket.write(head + ' '.repeat(declared), (e) => {
            if (e) return;
            socket.on('close', () => resolve(received.slice(0, received.indexOf('\r\n'))));
          });
        });
      }),
    );
    expect(answers).toEqual(Array(4).fill('HTTP/1.1 413 Payload Too Large'));
  });

  it('reads a few large bodies at a time: per caller, then overall; a place frees once answered', async () => {
    const body = JSON.stringify(batch(30, 'inflight'));
    // Every body here is held open after its first kilobyte, so none takes a place and gives it back
    // while the others wait to be placed (a probe sent in a loop would race them for the places).
    const holding = async (headers: Record<string, string>, n: number) => {
      const sent = Array.from({ length: n }, () => slowBody('/aspects?action=ingestProposalBatch', headers, body.length));
      for (const o of sent) await o.write(body.slice(0, 1000));
      return sent;
    };
    /** The one of `sent` answered while the others are held, within ten seconds; the others. */
    const refusedOne = async (sent: Array<ReturnType<typeof slowBody>>) => {
      const first = await Promise.race(sent.map((o, i) => o.answer.then((a) => ({ a, i }))));
      return { refused: first.a, rest: sent.filter((_, i) => i !== first.i) };
    };
    // Three large bodies of one caller at once: two are read, the third is refused with a hint to retry.
    const admins = await refusedOne(await holding(admin, 3));
    expect(admins.refused.status).toBe(503);
    expect(admins.refused.headers['retry-after']).toBe('1');
    expect(JSON.parse(admins.refused.text).message).toMatch(/already sending 2 large request bodies/);
    // A small body from the same caller still passes.
    expect((await ingest(admin, batch(1, 'small'))).status).toBe(200);
    // Another caller takes the last place overall; its next large body waits its turn.
    const writers = await refusedOne(await holding(writer, 2));
    expect(writers.refused.status).toBe(503);
    expect(JSON.parse(writers.refused.text).message).toMatch(/reading 3 large request bodies already/);
    const held = [...admins.rest, ...writers.rest];
    for (const o of held) o.end(body.slice(1000));
    for (const o of held) expect((await o.answer).status).toBe(200);
    // Answered, they gave their places back.
    expect((await ingest(admin, JSON.parse(body))).status).toBe(200);
  });

  it('frees the place of a body whose sender went away', async () => {
    const body = JSON.stringify(batch(30, 'abandoned'));
    const gone = [0, 1].map(() => slowBody('/aspects?action=ingestProposalBatch', writer, body.length));
    for (const g of gone) await g.write(body.slice(0, 1000));
    for (const g of gone) {
      g.answer.catch(() => undefined);
      g.destroy();
    }
    let last = await ingest(writer, JSON.parse(body));
    for (let tries = 0; tries < 100 && last.status !== 200; tries++) {
      await new Promise((r) => setTimeout(r, 50));
      last = await ingest(writer, JSON.parse(body));
    }
    expect(last.status, last.text).toBe(200);
  });
});
