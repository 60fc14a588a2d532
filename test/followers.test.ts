/**
 * Followers of the change log (GET /events/stream) hold a connection each: one caller may hold a
 * few, the service a bounded number, and one that stops reading is dropped once it has stalled past
 * the bound, so it holds neither memory nor the readers who keep up.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantPolicy, http, mcp, startTestServer, type TestServer } from './helpers.js';

let s: TestServer;
const log: string[] = [];
beforeAll(async () => {
  s = await startTestServer({
    auth: true,
    adminToken: 'followers-admin-token-0123456789',
    followerLimits: { perCaller: 2, total: 3, stallMs: 2500 },
    log: (line) => log.push(line),
  });
});
afterAll(async () => s?.close());

const admin = { authorization: 'Bearer followers-admin-token-0123456789' };

/** Opens a stream and answers its response, unread (paused) until told otherwise. */
function follow(headers: Record<string, string>, query = ''): Promise<IncomingMessage & { stop(): void }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${s.url}/events/stream${query}`, { headers });
    req.on('response', (res) => {
      res.pause();
      resolve(Object.assign(res, { stop: () => req.destroy() }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function mintFor(user: string): Promise<Record<string, string>> {
  const { accessToken } = await s.services.tokens.mint({ actorUrn: user, duration: 'ONE_DAY', name: 't' });
  return { authorization: `Bearer ${accessToken}` };
}

async function until(condition: () => boolean, ms = 3000): Promise<void> {
  for (let waited = 0; !condition() && waited < ms; waited += 20) await new Promise((r) => setTimeout(r, 20));
}

describe('following the change log', () => {
  it('lets one caller hold a few streams, and the service a bounded number, each refusal saying why', async () => {
    const [a, b] = [await follow(admin), await follow(admin)];
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const third = await http(`${s.url}/events/stream`, { headers: admin });
    expect(third.status).toBe(429);
    expect(third.body.message).toMatch(/You are following the change log 2 times already/);
    // Another caller takes the last place the service has.
    await grantPolicy(s.services, 'reader-follows', {
      type: 'PLATFORM',
      privileges: ['GET_METADATA_CHANGE_LOG_EVENTS'],
      actors: { users: ['urn:li:corpuser:reader'] },
    });
    const other = await mintFor('urn:li:corpuser:reader');
    const c = await follow(other);
    expect(c.statusCode).toBe(200);
    const fourth = await http(`${s.url}/events/stream`, { headers: other });
    expect(fourth.status).toBe(429);
    expect(fourth.body.message).toMatch(/The change log has 3 followers already/);
    for (const f of [a, b, c]) f.stop();
    await until(() => s.services.changeFeed.followerCount === 0);
    expect(s.services.changeFeed.followerCount).toBe(0);
    const again = await follow(admin);
    expect(again.statusCode).toBe(200);
    again.stop();
    await until(() => s.services.changeFeed.followerCount === 0);
  });

  it('drops a follower that stops reading, while one that reads gets every event', async () => {
    const stalled = await follow(admin, '?after=0');
    const reading = await follow(admin, '?after=0');
    let received = '';
    reading.setEncoding('utf8');
    reading.on('data', (chunk: string) => (received += chunk));
    reading.resume();
    // Some 12 MB of events, more than the sockets between the two hold, in small batches: the reader
    // runs in this process too, and reads between them.
    const description = 'd'.repeat(4000);
    for (let batch = 0; batch < 30; batch++) {
      const proposals = Array.from({ length: 100 }, (_, i) =>
        mcp(`urn:li:dataset:(urn:li:dataPlatform:hive,followers.t${batch}_${i},PROD)`, 'datasetProperties', { description }),
      );
      expect((await http(`${s.url}/aspects?action=ingestProposalBatch`, { body: { proposals }, headers: admin })).status).toBe(200);
    }
    await until(() => s.services.changeFeed.followerCount === 1, 10_000);
    expect(s.services.changeFeed.followerCount).toBe(1);
    expect(log.some((l) => /change log follower dropped: it stopped reading/.test(l))).toBe(true);
    await until(() => received.includes('followers.t29_99'), 10_000);
    expect(received).toContain('followers.t29_99');
    stalled.stop();
    reading.stop();
  });
});
