/**
 * A new catalog holds DataHub's built-in entities, as the web app expects them: data platforms with
 * their names and logos, the system ownership types the owner picker offers, the value types of
 * structured properties and an entity type per registry type. What was ingested since is kept when
 * the service starts again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapCatalog } from '../src/domains/builtIns/firstStart.js';
import { http, mcp, startTestServer, type TestServer } from './helpers.js';
import { webAppOperation } from './webAppOperations.js';

type Json = any;

let s: TestServer;

async function run(operation: string, variables: Json): Promise<Json> {
  const reply = await http(`${s.url}/api/v2/graphql`, { body: { query: webAppOperation(operation), variables } });
  expect(reply.body.errors, JSON.stringify(reply.body.errors)).toBeUndefined();
  return reply.body.data;
}

beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.close());

describe("DataHub's built-in entities", () => {
  it('are data platforms with the display names and logos the app shows', async () => {
    const { dataPlatform } = await run('getDataPlatform', { urn: 'urn:li:dataPlatform:snowflake' });
    expect(dataPlatform.properties).toMatchObject({
      displayName: 'Snowflake',
      type: 'RELATIONAL_DB',
      datasetNameDelimiter: '.',
      logoUrl: '/assets/platforms/snowflakelogo.png',
    });
    const { dataPlatform: kafka } = await run('getDataPlatform', { urn: 'urn:li:dataPlatform:kafka' });
    expect(kafka.properties.type).toBe('MESSAGE_BROKER');
  });

  it('are the system ownership types the owner picker lists', async () => {
    const { listOwnershipTypes } = await run('listOwnershipTypes', { input: { start: 0, count: 20 } });
    expect(listOwnershipTypes.ownershipTypes.map((t: Json) => [t.urn, t.info.name]).sort()).toEqual([
      ['urn:li:ownershipType:__system__business_owner', 'Business Owner'],
      ['urn:li:ownershipType:__system__data_steward', 'Data Steward'],
      ['urn:li:ownershipType:__system__none', 'None'],
      ['urn:li:ownershipType:__system__technical_owner', 'Technical Owner'],
    ]);
  });

  it('are the value types of structured properties and an entity type per registry type', async () => {
    const search = async (type: string) =>
      (
        await http(`${s.url}/api/v2/graphql`, {
          body: {
            query: `{ searchAcrossEntities(input: {types: [${type}], query: "*", count: 100}) { total searchResults { entity { urn } } } }`,
          },
        })
      ).body.data.searchAcrossEntities;
    const types = await search('DATA_TYPE');
    expect(types.searchResults.map((r: Json) => r.entity.urn).sort()).toEqual(
      ['date', 'number', 'rich_text', 'string', 'urn'].map((t) => `urn:li:dataType:datahub.${t}`),
    );
    const entityTypes = await search('ENTITY_TYPE');
    expect(entityTypes.total).toBe(s.services.registry.entities.size);
    expect(entityTypes.searchResults.map((r: Json) => r.entity.urn)).toContain('urn:li:entityType:datahub.dataset');
  });

  it('are written only where absent: what was ingested since survives a restart', async () => {
    const ingested = {
      name: 'snowflake',
      displayName: 'Snowflake (ours)',
      type: 'RELATIONAL_DB',
      datasetNameDelimiter: '.',
      logoUrl: 'https://example.com/snow.png',
    };
    expect(
      (
        await http(`${s.url}/aspects?action=ingestProposal`, {
          body: { proposal: mcp('urn:li:dataPlatform:snowflake', 'dataPlatformInfo', ingested) },
        })
      ).status,
    ).toBe(200);
    const before = (await http(`${s.url}/events?after=0&limit=10000`)).body.lastOffset;
    await bootstrapCatalog(s.services);
    expect((await http(`${s.url}/events?after=${before}&limit=10`)).body.events).toEqual([]);
    const { dataPlatform } = await run('getDataPlatform', { urn: 'urn:li:dataPlatform:snowflake' });
    expect(dataPlatform.properties).toMatchObject({ displayName: 'Snowflake (ours)', logoUrl: 'https://example.com/snow.png' });
  });
});
