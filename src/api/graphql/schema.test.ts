import { readFileSync } from 'node:fs';
import {
  buildSchema,
  graphql,
  GraphQLEnumType,
  GraphQLInputObjectType,
  type GraphQLInterfaceType,
  GraphQLObjectType,
  type GraphQLSchema,
  validateSchema,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { loadRegistry } from '../../registry/registry.js';
import { buildExecutableSchema, buildSchemaServing, mergeModules } from './schema.js';

const sdl = readFileSync(new URL('./schema.graphql', import.meta.url), 'utf8');

function objectType(schema: GraphQLSchema, name: string): GraphQLObjectType {
  const type = schema.getType(name);
  expect(type, name).toBeInstanceOf(GraphQLObjectType);
  return type as GraphQLObjectType;
}

function inputType(schema: GraphQLSchema, name: string): GraphQLInputObjectType {
  const type = schema.getType(name);
  expect(type, name).toBeInstanceOf(GraphQLInputObjectType);
  return type as GraphQLInputObjectType;
}

describe('GraphQL schema SDL', () => {
  const schema = buildSchema(sdl, { assumeValidSDL: false });

  it('parses, builds and validates', () => {
    expect(validateSchema(schema)).toEqual([]);
    expect(schema.getQueryType()?.name).toBe('Query');
    expect(schema.getMutationType()?.name).toBe('Mutation');
  });

  it("has each registry type's GraphQL object type and EntityType value", () => {
    const values = new Set((schema.getType('EntityType') as GraphQLEnumType).getValues().map((v) => v.name));
    const missing = [...loadRegistry().entities.values()].flatMap((e) =>
      e.graphql && !(schema.getType(e.graphql.type) instanceof GraphQLObjectType && values.has(e.graphql.enum)) ? [e.name] : [],
    );
    expect(missing).toEqual([]);
  });

  it('keeps deprecated Dataset.globalTags beside tags, both GlobalTags', () => {
    const fields = objectType(schema, 'Dataset').getFields();
    expect(String(fields.tags?.type)).toBe('GlobalTags');
    expect(String(fields.globalTags?.type)).toBe('GlobalTags');
    expect(fields.globalTags?.deprecationReason).toBeTruthy();
    expect(String(fields.origin?.type)).toBe('FabricType!');
    expect(fields.schemaMetadata?.args.map((a) => `${a.name}: ${String(a.type)}`)).toEqual(['version: Long']);
  });

  it('accepts both value (deprecated) and values on FacetFilterInput', () => {
    const fields = inputType(schema, 'FacetFilterInput').getFields();
    expect(String(fields.value?.type)).toBe('String');
    expect(fields.value?.deprecationReason).toBe('Prefer `values` for single elements');
    expect(String(fields.values?.type)).toBe('[String!]');
    expect(String(fields.field?.type)).toBe('String!');
  });

  it('has no properties on Notebook (it uses info)', () => {
    const fields = objectType(schema, 'Notebook').getFields();
    expect(fields.properties).toBeUndefined();
    expect(fields.deprecation).toBeUndefined();
    expect(String(fields.info?.type)).toBe('NotebookInfo');
  });

  it('types CorpUser.status as the CorpUserStatus enum and omits ownership', () => {
    const fields = objectType(schema, 'CorpUser').getFields();
    expect(String(fields.status?.type)).toBe('CorpUserStatus');
    expect(schema.getType('CorpUserStatus')).toBeInstanceOf(GraphQLEnumType);
    expect(fields.ownership).toBeUndefined();
  });

  it('has the mutation return types clients rely on', () => {
    const mutation = schema.getMutationType()!.getFields();
    expect(String(mutation.createTag?.type)).toBe('String');
    expect(String(mutation.revokeAccessToken?.type)).toBe('Boolean!');
    expect(String(mutation.updateDataset?.type)).toBe('Dataset');
    expect(String(mutation.addTags?.type)).toBe('Boolean');
  });

  it('keeps the list-nullability quirks of batch inputs', () => {
    expect(String(inputType(schema, 'BatchAddTagsInput').getFields().resources?.type)).toBe('[ResourceRefInput!]!');
    expect(String(inputType(schema, 'BatchSetDomainInput').getFields().resources?.type)).toBe('[ResourceRefInput!]!');
    expect(String(inputType(schema, 'BatchRemoveTagsInput').getFields().resources?.type)).toBe('[ResourceRefInput]!');
  });

  it('declares SearchFlags (introspected by the Python SDK)', () => {
    const fields = inputType(schema, 'SearchFlags').getFields();
    expect(Object.keys(fields)).toEqual(expect.arrayContaining(['skipCache', 'fulltext', 'includeSoftDeleted', 'skipAggregates']));
  });

  it('makes lineage available only through EntityWithRelationships', () => {
    const ewr = schema.getType('EntityWithRelationships') as GraphQLInterfaceType;
    const implementors = schema.getImplementations(ewr).objects.map((t) => t.name);
    expect(implementors).toEqual(expect.arrayContaining(['Dataset', 'Chart', 'Dashboard', 'DataFlow', 'DataJob', 'MLModel']));
    expect(implementors).not.toContain('Container');
    expect(objectType(schema, 'Container').getFields().lineage).toBeUndefined();
  });

  it('has browse groups at the top, and only the path and count under metadata', () => {
    expect(String(objectType(schema, 'BrowseResults').getFields().groups?.type)).toBe('[BrowseResultGroup!]!');
    const metadata = objectType(schema, 'BrowseResultMetadata').getFields();
    expect(Object.keys(metadata)).toEqual(['path', 'totalNumEntities']);
    expect(String(metadata.totalNumEntities?.type)).toBe('Long!');
  });
});

describe('resolver modules', () => {
  const name = () => 'x';
  const none = () => null;

  it('refuse two modules serving one field, naming both, however it is attached', () => {
    expect(() =>
      mergeModules(
        {},
        {
          first: { resolvers: { Dataset: { name } }, entityFields: { status: none } },
          second: { resolvers: { Dataset: { name } }, entityFields: { status: none } },
        },
      ),
    ).toThrow(
      'GraphQL fields resolved by two modules, one of which would never run: <every entity>.status (first and second), Dataset.name (first and second)',
    );
  });

  it("let a module serve a field of the registry's per-type roots, which gives way", () => {
    const own = () => null;
    const { byType } = mergeModules({ resolvers: { Query: { dataset: none } } }, { datasets: { resolvers: { Query: { dataset: own } } } });
    expect(byType.Query?.dataset).toBe(own);
  });

  it("introspects @deprecated at DataHub's four locations, which graphql-core 3.2 (the Python SDK's client) can read", async () => {
    const schema = buildExecutableSchema([...loadRegistry().entities.keys()]);
    const r = await graphql({ schema, source: '{ __schema { directives { name locations } } }' });
    const deprecated = (r.data as { __schema: { directives: Array<{ name: string; locations: string[] }> } }).__schema.directives.find(
      (d) => d.name === 'deprecated',
    );
    expect(deprecated?.locations).toEqual(['FIELD_DEFINITION', 'ARGUMENT_DEFINITION', 'INPUT_FIELD_DEFINITION', 'ENUM_VALUE']);
  });

  it('hold every field of the served schema to one module', () => {
    expect(() => buildSchemaServing([...loadRegistry().entities.keys()])).not.toThrow();
  });

  it('leave unserved, answering null, only the entity fields listed in unservedFields.txt: the list may only shrink', () => {
    const listed = readFileSync(new URL('./unservedFields.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter(Boolean);
    const { unserved } = buildSchemaServing([...loadRegistry().entities.keys()]);
    expect(
      unserved.filter((f) => !listed.includes(f)),
      'fields newly answering null: serve them',
    ).toEqual([]);
    expect(
      listed.filter((f) => !unserved.includes(f)),
      'fields now served: take them off the list',
    ).toEqual([]);
  });
});
