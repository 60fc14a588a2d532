/**
 * dbt datasets become siblings of the warehouse tables they describe as soon as dbt ingestion writes
 * their lineage and sub-types (DataHub's sibling association), read back over REST and GraphQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enc, http, mcp, startTestServer, type TestServer } from './helpers.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s.close());

const SYSTEM = 'urn:li:corpuser:__datahub_system';
const dbt = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:dbt,${name},PROD)`;
const snowflake = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:snowflake,${name},PROD)`;
const lineage = (...upstreams: string[]) => ({
  upstreams: upstreams.map((dataset) => ({ auditStamp: { time: 0, actor: 'urn:li:corpuser:unknown' }, dataset, type: 'TRANSFORMED' })),
});

async function ingest(...proposals: unknown[]): Promise<void> {
  for (const proposal of proposals) expect((await http(`${s.url}/aspects?action=ingestProposal`, { body: { proposal } })).status).toBe(200);
}

async function siblingsOf(urn: string): Promise<{ siblings: string[]; primary: boolean } | undefined> {
  const reply = await http(`${s.url}/aspects/${enc(urn)}?aspect=siblings&version=0`);
  if (reply.status === 404) return undefined;
  expect(reply.status).toBe(200);
  return reply.body.aspect['com.linkedin.common.Siblings'];
}

async function graphSiblings(urn: string): Promise<unknown> {
  const reply = await http(`${s.url}/api/graphql`, {
    body: { query: 'query($urn: String!) { dataset(urn: $urn) { siblings { isPrimary siblings { urn } } } }', variables: { urn } },
  });
  expect(reply.body.errors).toBeUndefined();
  return reply.body.data.dataset.siblings;
}

describe('sibling association', () => {
  it('makes a dbt source and the table it reads siblings, dbt primary', async () => {
    const source = dbt('analytics.raw.orders');
    const table = snowflake('analytics.raw.orders');
    await ingest(mcp(source, 'subTypes', { typeNames: ['Source'] }), mcp(source, 'upstreamLineage', lineage(table)));
    expect(await siblingsOf(source)).toEqual({ siblings: [table], primary: true });
    expect(await siblingsOf(table)).toEqual({ siblings: [source], primary: false });
    expect(await graphSiblings(source)).toEqual({ isPrimary: true, siblings: [{ urn: table }] });
    expect(await graphSiblings(table)).toEqual({ isPrimary: false, siblings: [{ urn: source }] });
  });

  it('does so whichever of lineage and sub-types comes last', async () => {
    const source = dbt('analytics.raw.customers');
    const table = snowflake('analytics.raw.customers');
    await ingest(mcp(source, 'upstreamLineage', lineage(table)));
    expect(await siblingsOf(source)).toBeUndefined();
    await ingest(mcp(source, 'subTypes', { typeNames: ['source'] }));
    expect(await siblingsOf(source)).toEqual({ siblings: [table], primary: true });
    expect(await siblingsOf(table)).toEqual({ siblings: [source], primary: false });
  });

  it('makes a table with one dbt upstream the sibling of that dbt model', async () => {
    const model = dbt('analytics.marts.revenue');
    const table = snowflake('analytics.marts.revenue');
    await ingest(
      mcp(model, 'subTypes', { typeNames: ['Model'] }),
      mcp(table, 'upstreamLineage', lineage(model, snowflake('analytics.raw.x'))),
    );
    expect(await siblingsOf(model)).toEqual({ siblings: [table], primary: true });
    expect(await siblingsOf(table)).toEqual({ siblings: [model], primary: false });
    expect(await graphSiblings(table)).toEqual({ isPrimary: false, siblings: [{ urn: model }] });
  });

  it('writes them as the system actor, with a change log like any write, in the same commit', async () => {
    const model = dbt('analytics.marts.audit');
    const table = snowflake('analytics.marts.audit');
    const before = (await s.services.store.readChangeLog(0, 1_000_000)).length;
    await ingest(mcp(table, 'upstreamLineage', lineage(model)));
    for (const urn of [model, table]) {
      const read = await http(`${s.url}/entitiesV2/${enc(urn)}`);
      expect(read.body.aspects.siblings.created.actor).toBe(SYSTEM);
    }
    const events = (await s.services.store.readChangeLog(0, 1_000_000)).slice(before);
    const siblingEvents = events.filter((e) => e.aspectName === 'siblings');
    expect(siblingEvents.map((e) => [e.entityUrn, e.created.actor])).toEqual([
      [model, SYSTEM],
      [table, SYSTEM],
    ]);
  });

  it('leaves pairs alone when either side already has siblings', async () => {
    const source = dbt('analytics.raw.payments');
    const table = snowflake('analytics.raw.payments');
    const other = snowflake('elsewhere.payments');
    await ingest(mcp(table, 'siblings', { siblings: [other], primary: true }));
    await ingest(mcp(source, 'subTypes', { typeNames: ['Source'] }), mcp(source, 'upstreamLineage', lineage(table)));
    expect(await siblingsOf(source)).toBeUndefined();
    expect(await siblingsOf(table)).toEqual({ siblings: [other], primary: true });

    const model = dbt('analytics.marts.kept');
    const downstream = snowflake('analytics.marts.kept');
    await ingest(mcp(model, 'siblings', { siblings: [other], primary: false }));
    await ingest(mcp(downstream, 'upstreamLineage', lineage(model)));
    expect(await siblingsOf(downstream)).toBeUndefined();
    expect(await siblingsOf(model)).toEqual({ siblings: [other], primary: false });
  });

  it('associates nothing for a table with two dbt upstreams, or a source with two upstreams', async () => {
    const table = snowflake('analytics.marts.joined');
    const [a, b] = [dbt('analytics.marts.a'), dbt('analytics.marts.b')];
    await ingest(mcp(table, 'upstreamLineage', lineage(a, b)));
    for (const urn of [table, a, b]) expect(await siblingsOf(urn)).toBeUndefined();

    const source = dbt('analytics.raw.two');
    const [t1, t2] = [snowflake('analytics.raw.t1'), snowflake('analytics.raw.t2')];
    await ingest(mcp(source, 'subTypes', { typeNames: ['Source'] }), mcp(source, 'upstreamLineage', lineage(t1, t2)));
    for (const urn of [source, t1, t2]) expect(await siblingsOf(urn)).toBeUndefined();
  });

  it('pairs each side once when both sides are written at the same moment, whichever locks first', async () => {
    // Each write locks the entity it names and then the sibling it reveals: written at once, the two
    // sides of a pair lock the same two entities in opposite orders (on PostgreSQL, a deadlock that
    // the store retries). Every write still succeeds, and every pair ends up associated both ways.
    const pairs = Array.from({ length: 12 }, (_, i) => ({ source: dbt(`race.raw.t${i}`), table: snowflake(`race.raw.t${i}`) }));
    await ingest(...pairs.map(({ source }) => mcp(source, 'subTypes', { typeNames: ['Source'] })));
    const replies = await Promise.all(
      pairs.flatMap(({ source, table }) => [
        http(`${s.url}/aspects?action=ingestProposal`, { body: { proposal: mcp(source, 'upstreamLineage', lineage(table)) } }),
        http(`${s.url}/aspects?action=ingestProposal`, { body: { proposal: mcp(table, 'upstreamLineage', lineage(source)) } }),
      ]),
    );
    expect(replies.map((r) => r.status)).toEqual(replies.map(() => 200));
    for (const { source, table } of pairs) {
      expect(await siblingsOf(source)).toEqual({ siblings: [table], primary: true });
      expect(await siblingsOf(table)).toEqual({ siblings: [source], primary: false });
    }
  });
});
