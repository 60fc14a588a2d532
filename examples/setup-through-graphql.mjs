#!/usr/bin/env node
/**
 * The part of the sample catalog that people make in the web app rather than ingest: roles for the
 * Fernbrook team, a data product with its assets, and an ingestion source that loads the sample files
 * (made, not run: run it from the app's Ingestion page).
 * Each is made through the GraphQL mutations the app sends, so it goes through the same checks and the
 * same write path. Run it after `catalog ingest examples/`; running it again changes nothing.
 *
 *   node examples/setup-through-graphql.mjs [--server http://localhost:8080] [--token $TOKEN]
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    server: { type: 'string', default: process.env.CATALOG_SERVER || 'http://localhost:8080' },
    token: { type: 'string', default: process.env.CATALOG_TOKEN || '' },
  },
});

async function graphql(query, variables = {}) {
  const response = await fetch(`${values.server}/api/v2/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(values.token ? { authorization: `Bearer ${values.token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = await response.json().catch(() => ({}));
  if (!response.ok || body.errors) throw new Error(`${response.status}: ${JSON.stringify(body.errors ?? body)}`);
  return body.data;
}

const user = (id) => `urn:li:corpuser:${id}`;
const dataset = (platform, name) => `urn:li:dataset:(urn:li:dataPlatform:${platform},${name},PROD)`;

/** Who does what at Fernbrook: the data platform lead administers, engineers edit, the rest read. */
const ROLES = {
  'urn:li:dataHubRole:Admin': [user('amara.okafor')],
  'urn:li:dataHubRole:Editor': [user('priya.raman'), user('tomas.lindqvist'), user('mei.tanaka')],
  'urn:li:dataHubRole:Reader': [user('jonah.whitfield'), user('sofia.marchetti')],
};

const PRODUCT = 'urn:li:dataProduct:customer-360';
const PRODUCT_ASSETS = [
  dataset('snowflake', 'fernbrook.marts.dim_customers'),
  dataset('snowflake', 'fernbrook.staging.stg_customers'),
  dataset('postgres', 'shopfront.public.customers'),
];

const SOURCE_NAME = 'Fernbrook sample files';
/** The service reads a `file` recipe's path itself: this folder, as seen from the machine it runs on. */
const SAMPLE_FILES = fileURLToPath(new URL('.', import.meta.url));

for (const [roleUrn, actors] of Object.entries(ROLES)) {
  await graphql('mutation($input: BatchAssignRoleInput!) { batchAssignRole(input: $input) }', { input: { roleUrn, actors } });
  console.log(`${roleUrn.split(':').pop()}: ${actors.join(', ')}`);
}

const { entityExists } = await graphql('query($urn: String!) { entityExists(urn: $urn) }', { urn: PRODUCT });
if (!entityExists) {
  await graphql('mutation($input: CreateDataProductInput!) { createDataProduct(input: $input) { urn } }', {
    input: {
      id: 'customer-360',
      domainUrn: 'urn:li:domain:commerce',
      properties: {
        name: 'Customer 360',
        description: 'Who our customers are and how they shop: the tables the CRM and marketing teams start from.',
      },
    },
  });
}
await graphql('mutation($input: BatchSetDataProductInput!) { batchSetDataProduct(input: $input) }', {
  input: { dataProductUrn: PRODUCT, resourceUrns: PRODUCT_ASSETS },
});
console.log(`${PRODUCT}: ${PRODUCT_ASSETS.length} assets`);

const { listIngestionSources } = await graphql(
  'query($input: ListIngestionSourcesInput!) { listIngestionSources(input: $input) { ingestionSources { urn name } } }',
  {
    input: { start: 0, count: 100, query: '*' },
  },
);
let source = listIngestionSources.ingestionSources.find((s) => s.name === SOURCE_NAME)?.urn;
if (!source) {
  const recipe = { source: { type: 'file', config: { path: SAMPLE_FILES } } };
  ({ createIngestionSource: source } = await graphql(
    'mutation($input: UpdateIngestionSourceInput!) { createIngestionSource(input: $input) }',
    {
      input: {
        name: SOURCE_NAME,
        type: 'file',
        description: 'The sample catalog, read from the files of examples/.',
        schedule: { interval: '0 5 * * *', timezone: 'Europe/London' },
        config: { recipe: JSON.stringify(recipe), executorId: 'default' },
      },
    },
  ));
}
console.log(`${source}: ${SOURCE_NAME}, run it from the app's Ingestion page`);
