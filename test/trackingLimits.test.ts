/**
 * Usage events are rate-limited per person (api/rest/tracking.ts): one user's flood is refused past
 * the limit and stores nothing more, while others, including those DataHub's frontend server
 * reports for, keep theirs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRACKING_EVENTS_PER_MINUTE, TRACKING_PATH } from '../src/api/rest/tracking.js';
import { http, startTestServer, type TestServer } from './helpers.js';

const SYSTEM = { id: '__datahub_system', secret: 'tracking-limit-secret' };
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ auth: true, systemClient: SYSTEM });
});
afterAll(async () => s?.close());

const tokenOf = async (user: string) => ({
  authorization: `Bearer ${(await s.services.tokens.mint({ actorUrn: user, duration: 'ONE_DAY', name: 't' })).accessToken}`,
});
const event = { type: 'SearchEvent', query: 'orders', total: 3 };
/** Events stored, by user. */
async function storedByActor(): Promise<Record<string, number>> {
  const groups = await s.services.store.groupUsage({ by: ['actor'], present: true, order: 'count', limit: 100 });
  return Object.fromEntries(groups.map((g) => [g.values[0], g.count]));
}

describe('tracking events', () => {
  it("refuse one user's flood past the limit, with 429 and Retry-After, and keep the others'", async () => {
    const mallory = await tokenOf('urn:li:corpuser:mallory');
    const answers = [];
    for (let i = 0; i < TRACKING_EVENTS_PER_MINUTE + 5; i++)
      answers.push((await http(`${s.url}${TRACKING_PATH}`, { body: event, headers: mallory })).status);
    expect(answers.filter((st) => st === 200)).toHaveLength(TRACKING_EVENTS_PER_MINUTE);
    const refused = await http(`${s.url}${TRACKING_PATH}`, { body: event, headers: mallory });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/Too many tracking events from urn:li:corpuser:mallory: at most 120 a minute; retry in \d+ s/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The other route counts with the first: the limit is the user's, not the path's.
    expect((await http(`${s.url}/auth/track`, { body: event, headers: mallory })).status).toBe(429);
    // Another user, and a user DataHub's frontend server reports for, still get theirs recorded.
    expect((await http(`${s.url}${TRACKING_PATH}`, { body: event, headers: await tokenOf('urn:li:corpuser:alice') })).status).toBe(200);
    const viaFrontend = await http(`${s.url}/auth/track`, {
      body: { ...event, actorUrn: 'urn:li:corpuser:bob' },
      headers: { authorization: `Basic ${SYSTEM.id}:${SYSTEM.secret}` },
    });
    expect(viaFrontend.status).toBe(200);
    expect(await storedByActor()).toEqual({
      'urn:li:corpuser:mallory': TRACKING_EVENTS_PER_MINUTE,
      'urn:li:corpuser:alice': 1,
      'urn:li:corpuser:bob': 1,
    });
  });
});
