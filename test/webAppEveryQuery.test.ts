/**
 * Every query operation of the web app (../shared/fixtures/datahub/web-app-graphql), as the app sends
 * it, against the sample catalog (examples/*.json) and DataHub's bootstrap file, with a few objects of
 * kinds neither holds added: no operation may answer an `errors` entry. Variables are built from each
 * operation's variable definitions and the served schema: an urn of the kind the root field reads,
 * required input fields filled, enums at their first value, pages from 0 of 10. The search page is
 * also paged through to the end, so every entity type the catalog holds shows as a search result.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  buildSchema,
  type GraphQLInputType,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  Kind,
  type OperationDefinitionNode,
  parse,
  typeFromAST,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcp, startTestServer, type TestServer } from './helpers.js';
import { bootstrapItems, exampleProposals, loadBootstrap, loadExamples } from './sampleCatalog.js';
import { webApp } from './webApp.js';
import { webAppOperation, webAppOperationNames } from './webAppOperations.js';

type Json = any;

const schema = buildSchema(readFileSync(resolve(import.meta.dirname, '../src/api/graphql/schema.graphql'), 'utf8'));

/** Operations that cannot meaningfully run on this catalog, and why. */
const SKIPPED: Record<string, string> = {};

const ROLE = 'urn:li:role:snowflake-finance-reader';
const MODEL_GROUP = 'urn:li:mlModelGroup:(urn:li:dataPlatform:sagemaker,churn-models,PROD)';
const VIEW = 'urn:li:dataHubView:marts';
const SOURCE = 'urn:li:dataHubIngestionSource:snowflake-nightly';
const RUN = 'urn:li:dataHubExecutionRequest:snowflake-nightly-1';
const CONNECTION = 'urn:li:dataHubConnection:snowflake-prod';
const VERSION_SET = 'urn:li:versionSet:(dim-customers,dataset)';
const FCT_ORDERS = 'urn:li:dataset:(urn:li:dataPlatform:snowflake,fernbrook.marts.fct_orders,PROD)';
const FLOW = 'urn:li:dataFlow:(airflow,fernbrook_marts_nightly,prod)';
const ME = 'urn:li:corpuser:datahub';

/** Objects of kinds neither catalog holds, as ingestion or the app would write them. */
const EXTRAS = [
  mcp(ROLE, 'roleProperties', { name: 'FINANCE_READER', type: 'READ' }),
  mcp(MODEL_GROUP, 'mlModelGroupProperties', { description: 'Churn models' }),
  mcp(VIEW, 'dataHubViewInfo', {
    name: 'Marts',
    type: 'GLOBAL',
    definition: {
      entityTypes: ['dataset'],
      filter: { or: [{ and: [{ field: 'origin', value: 'PROD', values: ['PROD'], condition: 'EQUAL' }] }] },
    },
    created: { time: 1, actor: ME },
    lastModified: { time: 1, actor: ME },
  }),
  mcp(SOURCE, 'dataHubIngestionSourceInfo', {
    name: 'Snowflake nightly',
    type: 'snowflake',
    config: { recipe: '{}', executorId: 'default' },
  }),
  mcp(RUN, 'dataHubExecutionRequestInput', {
    task: 'RUN_INGEST',
    args: { recipe: '{}' },
    executorId: 'default',
    source: { type: 'MANUAL_INGESTION_SOURCE', ingestionSource: SOURCE },
    requestedAt: 1,
  }),
  mcp(CONNECTION, 'dataHubConnectionDetails', { type: 'JSON', name: 'Snowflake (prod)', json: { encryptedBlob: '{}' } }),
  // upsertConnection always writes the platform (its input requires one).
  mcp(CONNECTION, 'dataPlatformInstance', { platform: 'urn:li:dataPlatform:snowflake' }),
  mcp(VERSION_SET, 'versionSetProperties', { latest: FCT_ORDERS, versioningScheme: 'LEXICOGRAPHIC_STRING' }),
];

/** Where an operation's variables point: an entity type (as urns spell it) and an urn of it. */
interface Target {
  entityType: string;
  urn: string;
  /** The operation reads entities of any type: `urns` lists one of each. */
  anyType: boolean;
}

/** Entities shown first for their type: the ones with the most on their pages (runs, for the job). */
const FIRST = [FCT_ORDERS, `urn:li:dataJob:(${FLOW},build_fct_orders)`];

/** Urns of the loaded data by entity type (as urns spell it), those of FIRST first, then first seen first. */
function sampleUrns(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  function add(urn: string) {
    const type = urn.split(':')[2]!;
    const list = out.get(type) ?? [];
    if (!list.includes(urn)) out.set(type, [...list, urn]);
  }
  for (const urn of FIRST) add(urn);
  for (const item of exampleProposals()) add(item.entityUrn);
  for (const item of bootstrapItems()) add(item.entityUrn ?? (Object.values(item.proposedSnapshot)[0] as Json).urn);
  for (const item of EXTRAS) add(item.entityUrn as string);
  return out;
}

/** The entity type (as urns spell it) a root field reads, where its name does not say it. */
const ROOT_TYPES: Record<string, string> = {
  corpUser: 'corpuser',
  view: 'dataHubView',
  connection: 'dataHubConnection',
  ingestionSource: 'dataHubIngestionSource',
  executionRequest: 'dataHubExecutionRequest',
  versionedDataset: 'dataset',
};

/** The entity type of operations whose root field reads any entity (`entity`, `aggregateAcrossEntities` …). */
const OPERATION_TYPES: Record<string, string> = {
  getQuery: 'query',
  getSchemaField: 'schemaField',
  getStructuredProperty: 'structuredProperty',
  getContainerEntitySummary: 'container',
  getDomainEntitySummary: 'domain',
  listDataProductAssets: 'dataProduct',
  searchAcrossVersions: 'versionSet',
  getDataPlatforms: 'dataPlatform',
  getUsers: 'corpuser',
  getUserOwnedAssets: 'corpuser',
};

function operationOf(document: string, name: string): OperationDefinitionNode {
  return parse(document).definitions.find(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION && d.name?.value === name,
  )!;
}

describe("every query of the web app's pages", () => {
  let s: TestServer;
  const { send } = webApp(() => s);
  const samples = sampleUrns();

  beforeAll(async () => {
    s = await startTestServer();
    await loadBootstrap(s.url);
    await loadExamples(s.url);
    const { ingest } = webApp(() => s);
    await ingest(EXTRAS);
  });
  afterAll(async () => s?.close());

  /** The entity type the operation's urns name. */
  const entityTypeOf = (operation: OperationDefinitionNode): string => {
    const name = operation.name!.value;
    if (OPERATION_TYPES[name]) return OPERATION_TYPES[name];
    const root = (operation.selectionSet.selections[0] as Json).name.value as string;
    const type = ROOT_TYPES[root] ?? root;
    return [...samples.keys()].find((t) => t.toLowerCase() === type.toLowerCase()) ?? 'dataset';
  };

  /** A value of `type` for a variable or input field named `name`; undefined for an optional one left out. */
  const sampleValue = (type: GraphQLInputType, name: string, target: Target, required: boolean): Json => {
    const { entityType, urn, anyType } = target;
    if (!required && !['urn', 'query', 'userUrn', 'requestContext', 'direction'].includes(name)) return undefined;
    if (isNonNullType(type)) return sampleValue(type.ofType, name, target, true);
    if (isListType(type)) {
      if (name === 'urns') return anyType ? everyType() : samples.get(entityType);
      const one = sampleValue(type.ofType, name, target, true);
      return one === undefined ? [] : [one];
    }
    const named = getNamedType(type);
    if (isEnumType(named)) return named.getValues()[0]!.value;
    if (isInputObjectType(named)) {
      const out: Json = {};
      for (const field of Object.values(named.getFields())) {
        const value = sampleValue(field.type, field.name, target, isNonNullType(field.type));
        if (value !== undefined) out[field.name] = value;
      }
      return out;
    }
    if (isScalarType(named)) {
      if (named.name === 'Int' || named.name === 'Long' || named.name === 'Float')
        return /count|limit|size/i.test(name) ? 10 : name === 'start' ? 0 : 1;
      if (named.name === 'Boolean') return true;
      if (/userUrn|actorUrn/.test(name)) return ME;
      if (/urn$/i.test(name)) return name === 'urn' || name === 'assertionUrn' || name === 'versionSetUrn' ? urn : FCT_ORDERS;
      if (name === 'query') return '*';
      return 'fernbrook';
    }
    return undefined;
  };
  /** One urn of every entity type the catalog holds. */
  const everyType = () => [...samples.values()].map((urns) => urns[0]!);

  const errorsOf = (name: string, body: Json): string[] =>
    (body.errors ?? []).map((e: Json) => `${name}: ${e.message} at ${(e.path ?? []).join('.')}`);

  it('answers each without errors, those reading any entity for an entity of each type', async () => {
    const names = webAppOperationNames().filter((n) => operationOf(webAppOperation(n), n).operation === 'query');
    const errors: string[] = [];
    let ran = 0;
    for (const name of names) {
      if (SKIPPED[name]) continue;
      const operation = operationOf(webAppOperation(name), name);
      const anyType = !OPERATION_TYPES[name];
      const root = (operation.selectionSet.selections[0] as Json).name.value;
      // Lineage, incidents, mentions and names are asked of whatever entity a page shows; a page's own
      // query of a few entities of its type.
      const entityType = entityTypeOf(operation);
      const targets: Target[] =
        root === 'entity' && anyType
          ? [...samples].map(([type, urns]) => ({ entityType: type, urn: urns[0]!, anyType }))
          : samples
              .get(entityType)!
              .slice(0, 2)
              .map((urn) => ({ entityType, urn, anyType }));
      const sent = new Set<string>();
      for (const target of targets) {
        const variables: Json = {};
        for (const v of operation.variableDefinitions ?? []) {
          const type = typeFromAST(schema, v.type as Json) as GraphQLInputType;
          const value = sampleValue(type, v.variable.name.value, target, isNonNullType(type));
          if (value !== undefined) variables[v.variable.name.value] = value;
        }
        // Operations that name no entity read the same whatever the target.
        if (sent.has(JSON.stringify(variables))) continue;
        sent.add(JSON.stringify(variables));
        errors.push(...errorsOf(variables.urn ? `${name} of ${variables.urn}` : name, await send(name, variables, ME)));
      }
      ran++;
    }
    expect(errors).toEqual([]);
    expect(ran).toBe(names.length - Object.keys(SKIPPED).length);
  });

  it('shows every entity the catalog holds as a search result, facets naming their entities; searches each type', async () => {
    const errors: string[] = [];
    const types = new Set<string>();
    const unnamed = new Set<string>();
    const named = new Set<string>();
    for (let start = 0, total = 1; start < total; start += 50) {
      const input = { types: [], query: '*', start, count: 50, filters: [], orFilters: [], searchFlags: { getSuggestions: true } };
      const body = await send('getSearchResultsForMultiple', { input }, ME);
      errors.push(...errorsOf(`getSearchResultsForMultiple from ${start}`, body));
      total = body.data?.searchAcrossEntities?.total ?? 0;
      for (const hit of body.data?.searchAcrossEntities?.searchResults ?? []) types.add(hit.entity.type);
      for (const facet of body.data?.searchAcrossEntities?.facets ?? [])
        for (const a of facet.aggregations)
          if (a.value.startsWith('urn:li:')) (a.entity?.urn === a.value ? named : unnamed).add(`${facet.field}: ${a.value}`);
    }
    expect(errors).toEqual([]);
    expect(types.size).toBeGreaterThan(15);
    // The sidebar shows a facet value that is an entity by the entity's name and icon.
    expect([...unnamed]).toEqual([]);
    expect(named.size).toBeGreaterThan(10);
    // Each type on its own, as the search page's type filter, the browse pages and the search bar ask.
    for (const type of types) {
      for (const [op, variables] of [
        ['getSearchResultsForMultiple', { input: { types: [type], query: '*', start: 0, count: 50, filters: [], orFilters: [] } }],
        ['getSearchResults', { input: { type, query: '*', start: 0, count: 50 } }],
        ['getBrowseResults', { input: { type, path: [], start: 0, count: 10 } }],
        ['getBrowseResultsV2', { input: { type, path: [], start: 0, count: 10, query: '*' } }],
        ['getAutoCompleteResults', { input: { type, query: 'a', limit: 10 } }],
        ['getAutoCompleteMultipleResults', { input: { types: [type], query: 'a', limit: 10 } }],
        ['getEntityCounts', { input: { types: [type] } }],
        ['aggregateAcrossEntities', { input: { types: [type], query: '*', facets: [] } }],
      ] as const)
        errors.push(...errorsOf(`${op} ${type}`, await send(op, variables, ME)));
    }
    expect(errors).toEqual([]);
  });

  it('lists recommendations in every scenario', async () => {
    const errors: string[] = [];
    const scenarios = (schema.getType('ScenarioType') as Json).getValues().map((v: Json) => v.value);
    for (const scenario of scenarios) {
      const requestContext = {
        scenario,
        ...(scenario === 'ENTITY_PROFILE' ? { entityRequestContext: { urn: FCT_ORDERS, type: 'DATASET' } } : {}),
      };
      const input = { userUrn: ME, requestContext, limit: 10 };
      errors.push(...errorsOf(`listRecommendations ${scenario}`, await send('listRecommendations', { input }, ME)));
    }
    expect(errors).toEqual([]);
  });
});
