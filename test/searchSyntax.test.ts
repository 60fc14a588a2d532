/**
 * DataHub's search syntax (its guide, docs/how/search.md), as a data engineer types it on the sample
 * catalog: each form asked through GraphQL's `searchAcrossEntities` (what the web app's search bar
 * sends) and REST's `/entities?action=search` (the structured prefix escaped as `\/q`, as DataHub's
 * clients send it there), both answering the same entities. What a form should find is held against
 * searches that find it another way: single words, and filters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, startTestServer, type TestServer } from './helpers.js';
import { loadExamples } from './sampleCatalog.js';

type Json = any;

let s: TestServer;

beforeAll(async () => {
  s = await startTestServer();
  await loadExamples(s.url);
});
afterAll(async () => s?.close());

const dataset = (platform: string, name: string) => `urn:li:dataset:(urn:li:dataPlatform:${platform},${name},PROD)`;
const COURIERS = dataset('postgres', 'shopfront.public.couriers');
const COURIER_PINGS = dataset('kafka', 'fernbrook.deliveries.courier_pings');
const FCT_ORDERS = dataset('snowflake', 'fernbrook.marts.fct_orders');
const STG_ORDERS = dataset('snowflake', 'fernbrook.staging.stg_orders');
const ORDERS_PLACED = dataset('kafka', 'fernbrook.orders.placed');
const DAILY_REVENUE = dataset('snowflake', 'fernbrook.marts.agg_daily_revenue');
const DIM_CUSTOMERS = dataset('snowflake', 'fernbrook.marts.dim_customers');
const CUSTOMERS = dataset('postgres', 'shopfront.public.customers');

/** The datasets a query finds through GraphQL, in the order found. */
async function viaGraphql(query: string): Promise<string[]> {
  const r = await http(`${s.url}/api/graphql`, {
    body: {
      query: `query($q: String!) { searchAcrossEntities(input: {types: [DATASET], query: $q, start: 0, count: 100}) {
        total searchResults { entity { urn } } } }`,
      variables: { q: query },
    },
  });
  expect(r.body.errors, `${query}: ${JSON.stringify(r.body.errors)}`).toBeUndefined();
  const found = r.body.data.searchAcrossEntities;
  expect(found.total).toBe(found.searchResults.length);
  return found.searchResults.map((x: Json) => x.entity.urn);
}

/** The datasets a query (or a filter) finds through REST. */
async function viaRest(input: string, filter?: Json): Promise<string[]> {
  const r = await http(`${s.url}/entities?action=search`, {
    body: { entity: 'dataset', input, ...(filter ? { filter } : {}), start: 0, count: 100 },
  });
  expect(r.status, `${input}: ${r.text}`).toBe(200);
  return r.body.value.metadata.urns;
}

/** The datasets a query finds, the same through GraphQL and REST (`/q` sent escaped there), in urn order. */
async function find(query: string): Promise<string[]> {
  const graphql = await viaGraphql(query);
  const rest = await viaRest(query.replace(/^\/q /, '\\/q '));
  expect(new Set(rest), `${query}: REST and GraphQL`).toEqual(new Set(graphql));
  return [...graphql].sort();
}

const filtered = async (field: string, condition: string, values: string[]) =>
  (await viaRest('*', { or: [{ and: [{ field, condition, values }] }] })).sort();

/**
 * Of `urns`, those whose own aspect holds what `has` looks for. A filter on tags or terms matches an
 * entity's columns too (DataHub expands it); `tags:`, `glossaryTerms:` and `_exists_:` in the query
 * text read the entity's own field, as DataHub's query string does.
 */
async function ownedBy(urns: string[], aspect: string, has: (value: Json) => boolean): Promise<string[]> {
  const out: string[] = [];
  for (const urn of urns) {
    const r = await http(`${s.url}/aspects/${encodeURIComponent(urn)}?aspect=${aspect}&version=0`);
    if (r.status === 200 && has(Object.values(r.body.aspect)[0])) out.push(urn);
  }
  return out.sort();
}

const union = (a: string[], b: string[]) => [...new Set([...a, ...b])].sort();
const intersection = (a: string[], b: string[]) => a.filter((x) => b.includes(x)).sort();
const minus = (a: string[], b: string[]) => a.filter((x) => !b.includes(x)).sort();

describe('plain search', () => {
  it('requires every word, AND being the default', async () => {
    const orders = await find('orders');
    const revenue = await find('revenue');
    expect(await find('orders revenue')).toEqual(intersection(orders, revenue));
    expect(await find('orders revenue')).toContain(DAILY_REVENUE);
  });

  it('excludes -term', async () => {
    const orders = await find('orders');
    const revenue = await find('revenue');
    expect(orders).toContain(DAILY_REVENUE);
    const found = await find('orders -revenue');
    expect(found).toEqual(minus(orders, revenue));
    expect(found).toContain(STG_ORDERS);
    expect(found).not.toContain(DAILY_REVENUE);
    expect(found).not.toContain(FCT_ORDERS);
  });

  it('requires +term', async () => {
    expect(await find('+orders +revenue')).toEqual(intersection(await find('orders'), await find('revenue')));
  });

  it('finds either of a | b', async () => {
    const orders = await find('orders');
    const couriers = await find('couriers');
    const found = await find('orders | couriers');
    expect(found).toEqual(union(orders, couriers));
    expect(found).toContain(COURIERS);
    expect(found).toContain(STG_ORDERS);
  });

  it('groups with parentheses, as the guide shows', async () => {
    const [orders, revenue, customers] = await Promise.all([find('orders'), find('revenue'), find('customers')]);
    const found = await find('orders + (-revenue | customers)');
    expect(found).toEqual(union(minus(orders, revenue), intersection(intersection(orders, revenue), customers)));
    expect(found).toContain(DIM_CUSTOMERS);
    expect(found).not.toContain(DAILY_REVENUE);
  });

  it('matches a quoted phrase whole and in order', async () => {
    expect(await find('"daily revenue"')).toEqual([DAILY_REVENUE]);
    expect(await find('revenue daily')).toContain(DAILY_REVENUE);
    expect(await find('"revenue daily"')).toEqual([]);
    // A quoted word is matched whole, not as a prefix.
    expect(await find('couri')).toContain(COURIERS);
    expect(await find('"couri"')).toEqual([]);
  });

  it('searches text that does not parse as its words', async () => {
    const words = await find('orders revenue');
    expect(await find('orders (revenue')).toEqual(words);
    expect(await find('"orders revenue')).toEqual(words);
    expect(await find('orders) revenue')).toEqual(words);
    // Nested deeper than is read: its words.
    expect(await find(`${'orders | ('.repeat(80)}revenue${')'.repeat(80)}`)).toEqual(words);
  });

  it('answers a query nested as deep as is read, by SQL too (a phrase is looked for there)', async () => {
    // Each level: the phrase, or (not couriers, and the phrase, or the next level); the last is nothing.
    const deep = `${'"daily revenue" | (-couriers "daily revenue" | ('.repeat(15)}zzz${'))'.repeat(15)}`;
    expect(await find(deep)).toEqual([DAILY_REVENUE]);
  });
});

describe('field:value', () => {
  it('finds a tag by its name, as by its urn', async () => {
    const tagged = await ownedBy(await filtered('tags', 'EQUAL', ['urn:li:tag:PII']), 'globalTags', (v) =>
      v.tags.some((t: Json) => t.tag === 'urn:li:tag:PII'),
    );
    expect(tagged).toContain(COURIERS);
    expect(tagged).not.toContain(FCT_ORDERS);
    expect(await find('tags:PII')).toEqual(tagged);
    expect(await find('tags:pii')).toEqual(tagged);
    expect(await find('tags:urn:li:tag:PII')).toEqual(tagged);
    // Not a tag whose name only ends like it.
    expect(await find('tags:II')).toEqual([]);
  });

  it('finds an owner, a platform and a glossary term by the last part of their urns', async () => {
    const owned = await filtered('owners', 'EQUAL', ['urn:li:corpuser:sofia.marchetti']);
    expect(owned.length).toBeGreaterThan(0);
    expect(await find('owners:sofia.marchetti')).toEqual(owned);
    const snowflake = await filtered('platform', 'EQUAL', ['urn:li:dataPlatform:snowflake']);
    expect(snowflake).toContain(FCT_ORDERS);
    expect(snowflake).not.toContain(COURIERS);
    expect(await find('platform:snowflake')).toEqual(snowflake);
    const termed = await filtered('glossaryTerms', 'EQUAL', ['urn:li:glossaryTerm:Commerce.NetRevenue']);
    expect(termed).toContain(DAILY_REVENUE);
    expect(await find('glossaryTerms:Commerce.NetRevenue')).toEqual(termed);
  });

  it('combines with words and the other operators', async () => {
    const pii = await find('tags:PII');
    expect(await find('courier tags:PII')).toEqual(intersection(await find('courier'), pii));
    expect(await find('courier -tags:PII')).toEqual(minus(await find('courier'), pii));
    expect(await find('tags:PII | platform:kafka')).toEqual(union(pii, await find('platform:kafka')));
  });

  it('reads a name that is no field as words', async () => {
    expect(await find('orders:placed')).toEqual(await find('orders placed'));
  });
});

describe('the structured prefix /q', () => {
  it('matches a field by a pattern: name: *orders*', async () => {
    const found = await find('/q name: *orders*');
    expect(found).toEqual([FCT_ORDERS, STG_ORDERS].sort());
    // Its name is `placed`: only its qualified name holds orders.
    expect(await find('orders')).toContain(ORDERS_PLACED);
  });

  it('matches a column by its whole name: fieldPaths: order_id', async () => {
    const found = await find('/q fieldPaths: order_id');
    expect(found).toContain(FCT_ORDERS);
    expect(found).toContain(COURIER_PINGS);
    expect(found).not.toContain(COURIERS);
    expect(found).not.toContain(CUSTOMERS);
    expect(found).toEqual(await find('fieldPaths:order_id'));
  });

  it('matches a property by its key: customProperties: materialization*', async () => {
    const found = await find('/q customProperties: materialization*');
    expect(found).toContain(FCT_ORDERS);
    expect(found).not.toContain(ORDERS_PLACED);
    expect(found).not.toContain(COURIERS);
    expect(await find('/q customProperties: materialization=incremental')).toEqual(
      await filtered('customProperties', 'EQUAL', ['materialization=incremental']),
    );
  });

  it('reads OR, AND and NOT', async () => {
    const [orders, couriers, revenue] = await Promise.all([find('orders'), find('couriers'), find('revenue')]);
    expect(await find('/q orders OR couriers')).toEqual(union(orders, couriers));
    expect(await find('/q orders AND NOT revenue')).toEqual(minus(orders, revenue));
    expect(await find('/q orders revenue')).toEqual(intersection(orders, revenue));
    expect(await find('/q couriers OR orders AND revenue')).toEqual(union(couriers, intersection(orders, revenue)));
  });

  it('finds entities with a field, or without it: _exists_', async () => {
    const termed = await ownedBy(await filtered('glossaryTerms', 'EXISTS', []), 'glossaryTerms', (v) => v.terms.length > 0);
    expect(termed.length).toBeGreaterThan(0);
    expect(await find('/q _exists_:glossaryTerms')).toEqual(termed);
    expect(await find('/q -_exists_:glossaryTerms')).toEqual(minus(await find('*'), termed));
  });

  it('matches a structured property by its qualified name, dots as underscores', async () => {
    const restricted = await find('/q structuredProperties.io_fernbrook_dataClassification:Restricted');
    expect(restricted).toEqual([CUSTOMERS, DIM_CUSTOMERS].sort());
    expect(await find('/q structuredProperties.io.fernbrook.dataClassification:restricted')).toEqual(restricted);
    expect(await find('/q _exists_:structuredProperties.io_fernbrook_dataClassification')).toEqual(
      await filtered('structuredProperties.io.fernbrook.dataClassification', 'EXISTS', []),
    );
  });

  it('searches what does not parse as its words, and a field no entity has finds nothing', async () => {
    expect(await find('/q (orders revenue')).toEqual(await find('orders revenue'));
    expect(await find('/q orders AND')).toEqual(await find('orders and'));
    expect(await find('/q noSuchField:true')).toEqual([]);
  });
});

describe('English stemming', () => {
  it('finds the same for a word and its plural', async () => {
    const courier = await find('courier');
    expect(courier).toEqual(
      [
        COURIER_PINGS,
        COURIERS,
        dataset('snowflake', 'fernbrook.marts.fct_deliveries'),
        dataset('snowflake', 'fernbrook.staging.stg_deliveries'),
      ].sort(),
    );
    expect(await find('couriers')).toEqual(courier);
    expect(await find('Couriers')).toEqual(courier);
    expect(await find('deliveries')).toEqual(await find('delivery'));
    expect(await find('delivery')).toContain(dataset('snowflake', 'fernbrook.marts.fct_deliveries'));
  });

  it('stems words within the other forms, not quoted ones', async () => {
    expect(await find('couriers -tags:PII')).toEqual(minus(await find('courier'), await find('tags:PII')));
    expect(await find('/q couriers OR orders')).toEqual(union(await find('courier'), await find('order')));
    expect(await find('"couriers"')).toEqual([COURIERS]);
  });
});
