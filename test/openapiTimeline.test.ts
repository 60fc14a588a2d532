/**
 * `GET /openapi/v2/timeline/v1/{urn}` as `datahub timeline` calls it (metadata-ingestion's
 * timeline_cli.py): the urn quoted whole in the path, `categories` comma-joined, `startTime`,
 * `endTime` and `raw=True` when given. Answered as DataHub's TimelineControllerV2: a list of change
 * transactions over the week before now unless a span is named, versions counted within the span.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ACTOR } from '../src/actors.js';
import { buildProposal } from '../src/write/proposals.js';
import { grantPolicy, http, startTestServer, type TestServer } from './helpers.js';

const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,sales.orders,PROD)';
const PII = 'urn:li:tag:PII';
const FINANCE = 'urn:li:tag:Finance';
const ALICE = 'urn:li:corpuser:alice';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Python's `urllib.parse.quote(urn, safe="")`, as the CLI's `Urn.url_encode` writes the path. */
const quote = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const T0 = Date.UTC(2030, 0, 1);
let clock = T0;
let s: TestServer;
let admin: string;
let alice: string;

async function writeAt(time: number, writes: Array<[string, unknown]>): Promise<void> {
  clock = time;
  await s.services.writePath.apply(
    writes.map(([aspect, value]) => buildProposal(s.services.registry, DATASET, aspect, 'UPSERT', value)),
    { actor: ADMIN_ACTOR },
  );
}

beforeAll(async () => {
  s = await startTestServer({ auth: true, now: () => clock });
  await writeAt(T0, [['globalTags', { tags: [{ tag: PII }] }]]);
  await writeAt(T0 + HOUR, [['globalTags', { tags: [{ tag: PII }, { tag: FINANCE }] }]]);
  // One write of two aspects: one transaction.
  await writeAt(T0 + 10 * DAY, [
    ['globalTags', { tags: [{ tag: FINANCE }] }],
    ['editableDatasetProperties', { description: 'Orders placed' }],
  ]);
  clock = T0 + 10 * DAY + HOUR;
  admin = (await s.services.tokens.mint({ actorUrn: ADMIN_ACTOR, duration: 'ONE_DAY', name: 'admin' })).accessToken;
  alice = (await s.services.tokens.mint({ actorUrn: ALICE, duration: 'ONE_DAY', name: 'alice' })).accessToken;
});
afterAll(async () => s.close());

const timeline = (query: string, token: string | null = admin, urn = DATASET, prefix = '') =>
  http(`${s.url}${prefix}/openapi/v2/timeline/v1/${quote(urn)}?${query}`, token ? { headers: { authorization: `Bearer ${token}` } } : {});

const tagEvent = (operation: 'ADD' | 'REMOVE', tag: string, time: number) => ({
  entityUrn: DATASET,
  category: 'TAG',
  operation,
  modifier: tag,
  parameters: { tagUrn: tag },
  auditStamp: { time, actor: ADMIN_ACTOR },
  semVerChange: 'MINOR',
  description: operation === 'ADD' ? `Tag '${tag}' added to entity '${DATASET}'.` : `Tag '${tag}' removed from entity '${DATASET}'.`,
});

describe('the timeline as datahub timeline reads it', () => {
  it('answers the week before now when no span is named, each transaction field by field', async () => {
    const reply = await timeline('categories=TAG,DOCUMENTATION');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/application\/json/);
    const time = T0 + 10 * DAY;
    expect(reply.body).toEqual([
      {
        timestamp: time,
        actor: ADMIN_ACTOR,
        semVer: '0.0.0-computed',
        semVerChange: 'MINOR',
        changeEvents: [
          tagEvent('REMOVE', PII, time),
          {
            entityUrn: DATASET,
            category: 'DOCUMENTATION',
            operation: 'ADD',
            parameters: { description: 'Orders placed' },
            auditStamp: { time, actor: ADMIN_ACTOR },
            semVerChange: 'MINOR',
            description: `Documentation for '${DATASET}' has been added: 'Orders placed'.`,
          },
        ],
        versionStamp: 'browsePaths:0;browsePathsV2:0;datasetKey:0;editableDatasetProperties:0;globalTags:0',
      },
    ]);
  });

  it('answers the span named, with versions counted from its start and the raw diffs asked with raw=True', async () => {
    const reply = await timeline(`categories=TAG&startTime=${T0}&endTime=${T0 + 10 * DAY + HOUR}&raw=True`);
    expect(reply.status).toBe(200);
    expect(reply.body.map((t: any) => [t.timestamp, t.semVer, t.semVerChange])).toEqual([
      [T0, '0.0.0-computed', 'MINOR'],
      [T0 + HOUR, '0.1.0-computed', 'MINOR'],
      [T0 + 10 * DAY, '0.2.0-computed', 'MINOR'],
    ]);
    expect(reply.body.map((t: any) => t.changeEvents)).toEqual([
      [tagEvent('ADD', PII, T0)],
      [tagEvent('ADD', FINANCE, T0 + HOUR)],
      [tagEvent('REMOVE', PII, T0 + 10 * DAY)],
    ]);
    // Each a JSON Patch from the version before: applied in turn they give the tags as written.
    expect(reply.body.map((t: any) => t.rawDiff)).toEqual([
      [{ op: 'add', path: '/tags', value: [{ tag: PII }] }],
      [{ op: 'add', path: '/tags/1', value: { tag: FINANCE } }],
      [
        { op: 'replace', path: '/tags/0/tag', value: FINANCE },
        { op: 'remove', path: '/tags/1' },
      ],
    ]);
    expect(reply.body.map((t: any) => t.versionStamp)).toEqual([
      'browsePaths:0;browsePathsV2:0;datasetKey:0;globalTags:1',
      'browsePaths:0;browsePathsV2:0;datasetKey:0;globalTags:2',
      'browsePaths:0;browsePathsV2:0;datasetKey:0;editableDatasetProperties:0;globalTags:0',
    ]);

    const inside = await timeline(`categories=TAG&categories=OWNER&startTime=${T0 + HOUR / 2}&endTime=${T0 + 2 * HOUR}`);
    expect(inside.body.map((t: any) => [t.timestamp, t.semVer, t.changeEvents.length, 'rawDiff' in t])).toEqual([
      [T0 + HOUR, '0.0.0-computed', 1, false],
    ]);
  });

  it('serves the same at /api/gms, and DataHub categories it computes nothing for as no transactions', async () => {
    const reply = await timeline(`categories=TAG&startTime=${T0}`, admin, DATASET, '/api/gms');
    expect(reply.status).toBe(200);
    expect(reply.body).toHaveLength(3);
    const domain = await timeline(`categories=DOMAIN,LIFECYCLE&startTime=${T0}`);
    expect([domain.status, domain.body]).toEqual([200, []]);
  });

  it('answers [] for an entity with no history', async () => {
    const reply = await timeline('categories=TAG', admin, 'urn:li:dataset:(urn:li:dataPlatform:hive,never.written,PROD)');
    expect([reply.status, reply.body]).toEqual([200, []]);
  });
});

describe('the timeline refuses', () => {
  it.each([
    ['no categories', 'startTime=0', /Parameter 'categories' is required/],
    [
      'an unknown category',
      'categories=TAG,COLOUR',
      /'COLOUR', not one of DOCUMENTATION, GLOSSARY_TERM, OWNER, TECHNICAL_SCHEMA, TAG, DOMAIN/,
    ],
    ['a start that is no number', 'categories=TAG&startTime=yesterday', /Parameter 'startTime' must be a whole number/],
    ['an end before 0', 'categories=TAG&endTime=-5', /Parameter 'endTime' must be a whole number from 0/],
    ['a raw flag that is no flag', 'categories=TAG&raw=perhaps', /Parameter 'raw' must be true or false, not 'perhaps'/],
  ])('%s with a 400 naming it', async (_what, query, message) => {
    const reply = await timeline(query);
    expect(reply.status).toBe(400);
    expect(reply.body.error).toMatch(message);
  });

  it('a malformed urn, an unknown entity type and a type with no timeline with a 400; no urn with a 404', async () => {
    for (const [urn, message] of [
      ['not-an-urn', /not-an-urn/],
      ['urn:li:spaceship:enterprise', /Failed to find entity with name spaceship/],
      ['urn:li:corpuser:alice', /Entity Type corpuser not supported/],
    ] as const) {
      const reply = await timeline('categories=TAG', admin, urn);
      expect(reply.status, urn).toBe(400);
      expect(reply.body.error, urn).toMatch(message);
    }
    // No urn: no such endpoint, as at DataHub.
    const empty = await http(`${s.url}/openapi/v2/timeline/v1/?categories=TAG`, { headers: { authorization: `Bearer ${admin}` } });
    expect(empty.status).toBe(404);
  });

  it('a caller without a token (401), and one who may not read the entity (403); a reader gets it', async () => {
    expect((await timeline('categories=TAG', null)).status).toBe(401);
    const policy = await grantPolicy(s.services, 'timeline-test', { privileges: ['VIEW_ENTITY_PAGE'], actors: { users: [ADMIN_ACTOR] } });
    const refused = await timeline('categories=OWNER', alice, policy);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toContain(`User is unauthorized to get entity ${policy}`);
    const read = await timeline('categories=TAG', alice);
    expect([read.status, read.body.length]).toEqual([200, 1]);
  });
});
