import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { isPrivilege } from './privilegeCatalog.js';
import { generatorOf } from '../domains/timeline/changeEvents.js';
import { parseUrn } from '../urn.js';
import { loadRegistry, Registry } from './registry.js';
import { record, string } from './schema/dsl.js';
import type { TimelineCategory } from './types.js';

const registry = loadRegistry();

describe('the registry', () => {
  it('names only privileges the catalog defines', () => {
    const registry = loadRegistry();
    const named = [
      ...[...registry.entities.values()].flatMap((e) => [e.readPrivilege, e.writePrivilege, e.managePrivilege, e.edits.parent?.privilege]),
      ...[...registry.entities.values()].flatMap((e) => [...e.aspects.values()].map((a) => a.readPrivilege)),
    ].filter((p): p is string => p !== undefined);
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((p) => !isPrivilege(p))).toEqual([]);
  });

  it('has every entity type the interface and the reference name', () => {
    for (const name of [
      'dataset',
      'chart',
      'dashboard',
      'dataFlow',
      'dataJob',
      'container',
      'domain',
      'glossaryTerm',
      'glossaryNode',
      'tag',
      'corpuser',
      'corpGroup',
      'notebook',
      'dataPlatform',
      'mlModel',
      'mlModelGroup',
      'mlFeature',
      'mlFeatureTable',
      'mlPrimaryKey',
      'dataHubPolicy',
      'dataHubAccessToken',
      'dataPlatformInstance',
      'schemaField',
      'post',
      'assertion',
      'query',
    ]) {
      expect(registry.entity(name), name).toBeDefined();
    }
  });

  it('has every aspect the interface lists, with its kind', () => {
    for (const name of [
      'ownership',
      'institutionalMemory',
      'schemaMetadata',
      'editableSchemaMetadata',
      'globalTags',
      'status',
      'browsePaths',
      'datasetKey',
      'dataPlatformInstance',
      'upstreamLineage',
      'corpUserInfo',
      'corpUserEditableInfo',
      'corpGroupInfo',
      'chartInfo',
      'dashboardInfo',
      'tagProperties',
      'glossaryTermInfo',
      'deprecation',
      'corpUserKey',
      'corpGroupKey',
      'chartKey',
      'dashboardKey',
    ]) {
      expect(registry.aspects.get(name)?.kind, name).toBe('versioned');
    }
    for (const name of ['datasetUsageStatistics', 'datasetProfile', 'operation'])
      expect(registry.aspects.get(name)?.kind, name).toBe('timeseries');
  });

  it('finds entity types case-insensitively, aspects and snapshots in both spellings', () => {
    expect(registry.entity('DATASET')?.name).toBe('dataset');
    expect(registry.entity('corpUser')?.name).toBe('corpuser');
    expect(registry.aspectByFqn('com.linkedin.pegasus2avro.common.Ownership')?.name).toBe('ownership');
    expect(registry.aspectByFqn('com.linkedin.common.Ownership')?.name).toBe('ownership');
    expect(registry.entityBySnapshot('com.linkedin.pegasus2avro.metadata.snapshot.CorpUserSnapshot')?.name).toBe('corpuser');
    expect(registry.entity('dataset')?.snapshot).toBe('com.linkedin.metadata.snapshot.DatasetSnapshot');
  });

  it('applies annotation defaults to searchable fields and relationships', () => {
    const tags = registry.aspects.get('globalTags')!;
    const field = tags.searchable.find((f) => f.fieldName === 'tags')!;
    expect(field).toMatchObject({
      fieldType: 'URN',
      queryByDefault: true,
      addToFilters: true,
      boostScore: 0.5,
      hasValuesFieldName: 'hasTags',
    });
    expect(tags.relationships).toContainEqual(expect.objectContaining({ name: 'TaggedWith', isLineage: false, isUpstream: true }));
    const owners = registry.aspects.get('ownership')!.searchable.find((f) => f.fieldName === 'owners')!;
    expect(owners).toMatchObject({ queryByDefault: false, filterName: 'Owned By', boostScore: 1 });
    const produces = registry.aspects.get('dataJobInputOutput')!.relationships.find((r) => r.name === 'Produces')!;
    expect(produces).toMatchObject({ isLineage: true, isUpstream: false });
  });

  it('marks lineage relationships the app edits, each legacy urn list a relationship of the same kind', () => {
    const edited = [...registry.aspects.values()].flatMap((a) => a.relationships.filter((r) => r.edit).map((r) => ({ a, r })));
    expect(edited.map(({ a, r }) => `${a.name}${r.path}`).sort()).toEqual([
      'chartInfo/inputEdges/*/destinationUrn',
      'dashboardInfo/chartEdges/*/destinationUrn',
      'dashboardInfo/datasetEdges/*/destinationUrn',
      'dataJobInputOutput/inputDatajobEdges/*/destinationUrn',
      'dataJobInputOutput/inputDatasetEdges/*/destinationUrn',
      'dataJobInputOutput/outputDatasetEdges/*/destinationUrn',
      'upstreamLineage/upstreams/*/dataset',
    ]);
    for (const { a, r } of edited) {
      expect(r.isLineage, r.path).toBe(true);
      if (!r.edit?.legacy) continue;
      const legacy = a.relationships.find((x) => x.path === r.edit!.legacy);
      expect(legacy, r.edit.legacy).toMatchObject({ name: r.name, isLineage: true, isUpstream: r.isUpstream });
    }
  });

  it('every entity has its key aspect and only declared aspects; every aspect schema compiles', () => {
    for (const entity of registry.entities.values()) {
      expect(entity.aspects.get(entity.keyAspect.name)).toBe(entity.keyAspect);
      for (const aspect of entity.aspects.values()) expect(registry.validate(aspect, {}), `${aspect.name}`).toBeInstanceOf(Array);
    }
  });

  it('rejects an inconsistent catalogue', () => {
    const key = { name: 'thingKey', type: record('x.ThingKey', { id: string }) };
    const other = { name: 'otherKey', type: record('x.OtherKey', { id: string }) };
    expect(() => new Registry([key], [{ name: 'thing', keyAspect: 'thingKey', aspects: ['missing'] }])).toThrow(/unknown aspect missing/);
    expect(() => new Registry([key, key], [])).toThrow(/declared twice/);
    expect(() => new Registry([key], [{ name: 'thing', keyAspect: 'thingKey', aspects: [], readForAccess: ['status'] }])).toThrow(
      /names status, which is not one of its aspects/,
    );
    const two = (a: object, b: object) =>
      new Registry(
        [key, other],
        [
          { name: 'thing', keyAspect: 'thingKey', aspects: [], ...a },
          { name: 'other', keyAspect: 'otherKey', aspects: [], ...b },
        ],
      );
    expect(() => two({ lists: { browse: 1 } }, { lists: { browse: 1 } })).toThrow(/both at place 1 of list browse/);
    expect(() => two({ graphql: { type: 'Thing', enum: 'THING' } }, { graphql: { type: 'Other', enum: 'THING' } })).toThrow(
      /same GraphQL enum THING/,
    );
  });

  it("gives DataHub's lists in their order, a set's members in the registry's", () => {
    const key = { name: 'thingKey', type: record('x.ThingKey', { id: string }) };
    const other = { name: 'otherKey', type: record('x.OtherKey', { id: string }) };
    const r = new Registry(
      [key, other],
      [
        { name: 'thing', keyAspect: 'thingKey', aspects: [], lists: { browse: 2, roleHolder: true } },
        { name: 'other', keyAspect: 'otherKey', aspects: [], lists: { browse: 1, roleHolder: true } },
      ],
    );
    expect(r.entitiesIn('browse').map((e) => e.name)).toEqual(['other', 'thing']);
    expect(r.entitiesIn('roleHolder').map((e) => e.name)).toEqual(['thing', 'other']);
    expect(r.entitiesIn('autocomplete')).toEqual([]);
  });

  it('has a change generator for every aspect a timeline names', () => {
    const missing = [...registry.entities.values()].flatMap((e) =>
      Object.entries(e.timeline ?? {}).flatMap(([category, aspects]) =>
        aspects.filter((a) => !generatorOf(category as TimelineCategory, a)).map((a) => `${e.name} ${category} ${a}`),
      ),
    );
    expect(missing).toEqual([]);
  });
});

describe('keys and urns', () => {
  it('derives the key aspect from an urn, fields in declaration order', () => {
    const dataset = registry.entity('dataset')!;
    expect(registry.keyFromUrn(dataset, parseUrn('urn:li:dataset:(urn:li:dataPlatform:hive,db.t,PROD)'))).toEqual({
      platform: 'urn:li:dataPlatform:hive',
      name: 'db.t',
      origin: 'PROD',
    });
    const job = registry.entity('dataJob')!;
    expect(registry.keyFromUrn(job, parseUrn('urn:li:dataJob:(urn:li:dataFlow:(airflow,dag,prod),task)'))).toEqual({
      flow: 'urn:li:dataFlow:(airflow,dag,prod)',
      jobId: 'task',
    });
    expect(registry.keyFromUrn(registry.entity('corpuser')!, parseUrn('urn:li:corpuser:jdoe'))).toEqual({ username: 'jdoe' });
  });

  it('refuses an urn whose part count does not match the key', () => {
    expect(() => registry.keyFromUrn(registry.entity('chart')!, parseUrn('urn:li:chart:(looker,a,b)'))).toThrow(/2 key part/);
  });

  it('builds the urn from a key aspect', () => {
    expect(registry.urnFromKey(registry.entity('chart')!, { dashboardTool: 'looker', chartId: '12' })).toBe('urn:li:chart:(looker,12)');
    expect(registry.urnFromKey(registry.entity('tag')!, { name: 'pii' })).toBe('urn:li:tag:pii');
    expect(() => registry.urnFromKey(registry.entity('chart')!, { dashboardTool: 'looker' })).toThrow(/lacks field 'chartId'/);
  });
});

describe('validation', () => {
  it('names the path and the problem', () => {
    const ownership = registry.aspects.get('ownership')!;
    expect(registry.validate(ownership, { owners: [{ owner: 'urn:li:corpuser:a', type: 'DATAOWNER' }] })).toEqual([]);
    expect(registry.validate(ownership, { owners: [{ owner: 'not an urn', type: 'DATAOWNER' }] })).toEqual([
      { path: '/owners/0/owner', message: 'must be a valid urn' },
    ]);
    expect(registry.validate(ownership, { owners: [{ owner: 'urn:li:corpuser:a', type: 'BOSS' }] })[0]?.path).toBe('/owners/0/type');
    expect(registry.validate(ownership, {})).toEqual([{ path: '/', message: "required field 'owners' is missing" }]);
  });

  it('keeps fields it does not know (newer clients send them)', () => {
    expect(registry.validate(registry.aspects.get('status')!, { removed: true, lifecycleStage: 'x' })).toEqual([]);
  });

  it('checks union members', () => {
    const schema = registry.aspects.get('schemaMetadata')!;
    const base = { schemaName: 's', platform: 'urn:li:dataPlatform:hive', version: 0, hash: '', fields: [] };
    expect(registry.validate(schema, { ...base, platformSchema: { 'com.linkedin.schema.KafkaSchema': { documentSchema: '{}' } } })).toEqual(
      [],
    );
    expect(registry.validate(schema, { ...base, platformSchema: { 'com.linkedin.schema.Nope': {} } })[0]?.message).toMatch(
      /not a member of this union/,
    );
  });
});

describe('aspect schemas', () => {
  it('are valid JSON Schemas (the service skips this check at start)', () => {
    const ajv = new Ajv({ strict: false });
    ajv.addFormat('urn', { type: 'string', validate: () => true });
    const registry = loadRegistry();
    for (const aspect of registry.aspects.values())
      expect(ajv.validateSchema(aspect.jsonSchema), `${aspect.name}: ${ajv.errorsText()}`).toBe(true);
  });
});
