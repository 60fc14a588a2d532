/**
 * `examples/setup-through-graphql.mjs` makes what people make in the app (roles, a data product, an
 * ingestion source) through
 * the app's GraphQL mutations, on the loaded sample catalog, and changes nothing when run again.
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, startTestServer, type TestServer } from './helpers.js';
import { loadExamples } from './sampleCatalog.js';

type Json = any;

const SCRIPT = resolve(import.meta.dirname, '../examples/setup-through-graphql.mjs');
const PRODUCT = 'urn:li:dataProduct:customer-360';

let s: TestServer;

const setup = () => promisify(execFile)(process.execPath, [SCRIPT, '--server', s.url], { env: { ...process.env, CATALOG_TOKEN: '' } });
const aspects = async (urn: string) => (await http(`${s.url}/entitiesV2/${encodeURIComponent(urn)}`)).body.aspects;

beforeAll(async () => {
  s = await startTestServer({ ingestionFileRoot: resolve(import.meta.dirname, '../examples') });
  await loadExamples(s.url);
});
afterAll(async () => s?.close());

describe('the sample catalog made through the app’s mutations', () => {
  it('gives the team their roles and makes a data product of the customer tables', async () => {
    const { stdout } = await setup();
    expect(stdout).toContain(`${PRODUCT}: 3 assets`);
    expect((await aspects('urn:li:corpuser:amara.okafor')).roleMembership.value).toEqual({ roles: ['urn:li:dataHubRole:Admin'] });
    expect((await aspects('urn:li:corpuser:priya.raman')).roleMembership.value).toEqual({ roles: ['urn:li:dataHubRole:Editor'] });
    expect((await aspects('urn:li:corpuser:sofia.marchetti')).roleMembership.value).toEqual({ roles: ['urn:li:dataHubRole:Reader'] });
    const product = await aspects(PRODUCT);
    expect(product.dataProductProperties.value.name).toBe('Customer 360');
    expect(product.dataProductProperties.value.assets.map((a: Json) => a.destinationUrn).sort()).toEqual([
      'urn:li:dataset:(urn:li:dataPlatform:postgres,shopfront.public.customers,PROD)',
      'urn:li:dataset:(urn:li:dataPlatform:snowflake,fernbrook.marts.dim_customers,PROD)',
      'urn:li:dataset:(urn:li:dataPlatform:snowflake,fernbrook.staging.stg_customers,PROD)',
    ]);
    expect(product.domains.value.domains).toEqual(['urn:li:domain:commerce']);
    // An ingestion source of the sample files, which runs them when asked.
    const sources = await s.services.search.search(
      { entities: ['dataHubIngestionSource'], input: '*', start: 0, count: 10 },
      'urn:li:corpuser:__datahub_system',
    );
    expect(sources.total).toBe(1);
    const info = (await aspects(sources.urns[0]!)).dataHubIngestionSourceInfo.value;
    expect(info).toMatchObject({ name: 'Fernbrook sample files', type: 'file' });
    expect(JSON.parse(info.config.recipe).source.config.path).toBe(resolve(import.meta.dirname, '../examples') + '/');
    const gql = async (query: string, variables: Json) => (await http(`${s.url}/api/v2/graphql`, { body: { query, variables } })).body.data;
    const run = (
      await gql('mutation($u: String!) { createIngestionExecutionRequest(input: {ingestionSourceUrn: $u}) }', { u: sources.urns[0] })
    ).createIngestionExecutionRequest;
    let status = 'RUNNING';
    for (let i = 0; i < 200 && ['RUNNING', 'PENDING', null, undefined].includes(status); i++) {
      await new Promise((r) => setTimeout(r, 50));
      status = (await gql('query($u: String!) { executionRequest(urn: $u) { result { status } } }', { u: run })).executionRequest.result
        ?.status;
    }
    expect(status).toBe('SUCCESS');
  });

  it('changes nothing when run again', async () => {
    const before = (await http(`${s.url}/events?after=0&limit=10000`)).body.lastOffset;
    await setup();
    expect((await http(`${s.url}/events?after=${before}&limit=10`)).body.events).toEqual([]);
  });
});
