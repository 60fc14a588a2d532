import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRegistry } from '../registry/registry.js';
import { applyPatch, isGenericPatch, isPatchable } from './patch.js';
import { ServiceError } from '../errors.js';
import { FIXTURES, HAS_DATAHUB_FIXTURES } from '../../test/datahubFixtures.js';

const NOW = 1_700_000_000_000;
const SYSTEM = 'urn:li:corpuser:__datahub_system';
const registry = loadRegistry();

const patch = (aspect: string, current: Record<string, unknown> | undefined, ops: unknown) => applyPatch(aspect, current, ops, NOW);

/** The value is valid for the aspect as the registry declares it on the dataset entity. */
function expectValid(entityType: string, aspect: string, value: unknown) {
  const spec = registry.entity(entityType)!.aspects.get(aspect)!;
  expect(registry.validate(spec, value)).toEqual([]);
}

function badRequest(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ServiceError);
    expect((err as ServiceError).kind).toBe('bad_request');
    return (err as Error).message;
  }
  throw new Error('expected a bad_request ServiceError');
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    Object.values(value).forEach(deepFreeze);
    Object.freeze(value);
  }
  return value;
}

const TAG_A = 'urn:li:tag:A';
const TAG_B = 'urn:li:tag:B';
const TAG_C = 'urn:li:tag:C';

describe('isPatchable', () => {
  it('is true for aspects DataHub has patch templates for, false for others', () => {
    for (const a of [
      'globalTags',
      'glossaryTerms',
      'ownership',
      'upstreamLineage',
      'datasetProperties',
      'editableDatasetProperties',
      'editableSchemaMetadata',
      'chartInfo',
      'dashboardInfo',
      'dataJobInfo',
      'dataFlowInfo',
      'dataJobInputOutput',
      'structuredProperties',
      'domains',
      'siblings',
      'editableContainerProperties',
      'domainProperties',
    ]) {
      expect(isPatchable(a), a).toBe(true);
    }
    for (const a of ['schemaMetadata', 'datasetKey', 'containerProperties', 'datasetProfile', 'nope']) {
      expect(isPatchable(a), a).toBe(false);
    }
  });
});

describe('globalTags', () => {
  const current = { tags: [{ tag: TAG_A }, { tag: TAG_B, context: 'old' }] };

  it('adds a tag at the end and replaces an existing one in place', () => {
    const result = patch('globalTags', current, [
      { op: 'add', path: `/tags/${TAG_C}`, value: { tag: TAG_C } },
      { op: 'add', path: `/tags/${TAG_A}`, value: { tag: TAG_A, context: 'new' } },
    ]);
    expect(result).toEqual({ tags: [{ tag: TAG_A, context: 'new' }, { tag: TAG_B, context: 'old' }, { tag: TAG_C }] });
    expectValid('dataset', 'globalTags', result);
  });

  it('removes a tag by urn; removing an absent tag is not an error', () => {
    const result = patch('globalTags', current, [
      { op: 'remove', path: `/tags/${TAG_A}`, value: {} },
      { op: 'remove', path: '/tags/urn:li:tag:absent' },
    ]);
    expect(result).toEqual({ tags: [{ tag: TAG_B, context: 'old' }] });
  });

  it('starts from the default value when the aspect does not exist yet', () => {
    expect(patch('globalTags', undefined, [{ op: 'add', path: `/tags/${TAG_A}`, value: { tag: TAG_A } }])).toEqual({
      tags: [{ tag: TAG_A }],
    });
    expect(patch('globalTags', undefined, [])).toEqual({ tags: [] });
  });

  it('puts back a key that was only in the path', () => {
    expect(patch('globalTags', undefined, [{ op: 'add', path: `/tags/${TAG_B}`, value: {} }])).toEqual({
      tags: [{ tag: TAG_B }],
    });
  });

  it('sets or removes the whole array', () => {
    expect(patch('globalTags', current, [{ op: 'add', path: '/tags', value: [{ tag: TAG_C }] }])).toEqual({
      tags: [{ tag: TAG_C }],
    });
    expect(patch('globalTags', current, [{ op: 'remove', path: '/tags' }])).toEqual({ tags: [] });
  });

  it('does not mutate its inputs', () => {
    const frozen = deepFreeze(structuredClone(current));
    const ops = deepFreeze([{ op: 'add', path: `/tags/${TAG_C}`, value: { tag: TAG_C } }]);
    patch('globalTags', frozen, ops);
    expect(frozen).toEqual(current);
  });
});

describe('glossaryTerms', () => {
  const T1 = 'urn:li:glossaryTerm:one';
  const T2 = 'urn:li:glossaryTerm:two';
  const T3 = 'urn:li:glossaryTerm:three';
  const SRC = 'urn:li:platformResource:ingestion';
  const stamp = { time: 5, actor: 'urn:li:corpuser:x' };

  it('starts from terms [] and a system audit stamp', () => {
    const result = patch('glossaryTerms', undefined, [{ op: 'add', path: `/terms/${T1}`, value: { urn: T1 } }]);
    expect(result).toEqual({ terms: [{ urn: T1 }], auditStamp: { actor: SYSTEM, time: NOW } });
    expectValid('dataset', 'glossaryTerms', result);
  });

  it('adds by urn (older clients) or by urn and attribution source (newer clients); removes by urn', () => {
    const current = {
      terms: [{ urn: T1 }, { urn: T2, attribution: { time: 1, actor: 'urn:li:corpuser:a', source: SRC } }],
      auditStamp: stamp,
    };
    const result = patch('glossaryTerms', current, [
      { op: 'add', path: `/terms/${T3}`, value: { urn: T3 } },
      { op: 'add', path: `/terms/${T2}/`, value: { urn: T2, context: 'unattributed' } },
      { op: 'remove', path: `/terms/${T1}`, value: {} },
    ]);
    expect(result).toEqual({
      terms: [
        { urn: T2, attribution: { time: 1, actor: 'urn:li:corpuser:a', source: SRC } },
        { urn: T2, context: 'unattributed' },
        { urn: T3 },
      ],
      auditStamp: stamp,
    });
    // Removing by urn drops every source's association.
    expect(patch('glossaryTerms', result, [{ op: 'remove', path: `/terms/${T2}` }])).toEqual({
      terms: [{ urn: T3 }],
      auditStamp: stamp,
    });
    // Removing one source's association keeps the others.
    expect(patch('glossaryTerms', result, [{ op: 'remove', path: `/terms/${T2}/${SRC}` }]).terms).toEqual([
      { urn: T2, context: 'unattributed' },
      { urn: T3 },
    ]);
  });
});

describe('ownership', () => {
  const U1 = 'urn:li:corpuser:one';
  const U2 = 'urn:li:corpuser:two';
  const U3 = 'urn:li:corpGroup:three';
  const lastModified = { time: 7, actor: 'urn:li:corpuser:x' };
  const current = {
    owners: [
      { owner: U1, type: 'TECHNICAL_OWNER' },
      { owner: U2, type: 'BUSINESS_OWNER' },
    ],
    lastModified,
  };

  it('keys owners by owner then type', () => {
    const result = patch('ownership', current, [
      { op: 'add', path: `/owners/${U1}/DATA_STEWARD`, value: { owner: U1, type: 'DATA_STEWARD' } },
      { op: 'add', path: `/owners/${U3}/TECHNICAL_OWNER`, value: { owner: U3, type: 'TECHNICAL_OWNER' } },
      { op: 'add', path: `/owners/${U1}/TECHNICAL_OWNER`, value: { owner: U1, type: 'TECHNICAL_OWNER', source: { type: 'MANUAL' } } },
    ]);
    expect(result).toEqual({
      owners: [
        { owner: U1, type: 'TECHNICAL_OWNER', source: { type: 'MANUAL' } },
        { owner: U1, type: 'DATA_STEWARD' },
        { owner: U2, type: 'BUSINESS_OWNER' },
        { owner: U3, type: 'TECHNICAL_OWNER' },
      ],
      lastModified,
    });
    expectValid('dataset', 'ownership', result);
  });

  it('removes one type of an owner, or the owner with every type', () => {
    const both = patch('ownership', current, [
      { op: 'add', path: `/owners/${U1}/DATA_STEWARD`, value: { owner: U1, type: 'DATA_STEWARD' } },
    ]);
    expect(patch('ownership', both, [{ op: 'remove', path: `/owners/${U1}/TECHNICAL_OWNER`, value: U1 }]).owners).toEqual([
      { owner: U1, type: 'DATA_STEWARD' },
      { owner: U2, type: 'BUSINESS_OWNER' },
    ]);
    expect(patch('ownership', both, [{ op: 'remove', path: `/owners/${U1}`, value: U1 }]).owners).toEqual([
      { owner: U2, type: 'BUSINESS_OWNER' },
    ]);
  });

  it('fills in owner and type from the path, and starts from a system lastModified', () => {
    expect(patch('ownership', undefined, [{ op: 'add', path: `/owners/${U2}/TECHNICAL_OWNER`, value: {} }])).toEqual({
      owners: [{ owner: U2, type: 'TECHNICAL_OWNER' }],
      lastModified: { time: NOW, actor: SYSTEM },
    });
  });
});

const DS = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:hive,${name},PROD)`;
const upstream = (name: string, type = 'TRANSFORMED') => ({
  auditStamp: { time: 0, actor: 'urn:li:corpuser:unknown' },
  dataset: DS(name),
  type,
});

describe('upstreamLineage', () => {
  it('keys upstreams by dataset', () => {
    const current = { upstreams: [upstream('a'), upstream('b')] };
    const result = patch('upstreamLineage', current, [
      { op: 'add', path: `/upstreams/${DS('c')}`, value: upstream('c') },
      { op: 'add', path: `/upstreams/${DS('a')}`, value: upstream('a', 'VIEW') },
      { op: 'remove', path: `/upstreams/${DS('b')}`, value: {} },
    ]);
    // fineGrainedLineages is always rebuilt, [] when there was none.
    expect(result).toEqual({ upstreams: [upstream('a', 'VIEW'), upstream('c')], fineGrainedLineages: [] });
    expectValid('dataset', 'upstreamLineage', result);
  });

  it.skipIf(!HAS_DATAHUB_FIXTURES)('applies the lineage golden file`s patch to a missing aspect', () => {
    const golden = JSON.parse(readFileSync(join(FIXTURES, 'goldens/test_lineage_complete_golden.json'), 'utf8')) as Array<
      Record<string, unknown>
    >;
    const mcp = golden.find((m) => m.changeType === 'PATCH' && m.aspectName === 'upstreamLineage')!;
    const ops = (mcp.aspect as { json: unknown }).json;

    const ds = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:snowflake,${name},PROD)`;
    const field = (table: string, col: string) => `urn:li:schemaField:(${ds(table)},${col})`;
    const query = 'urn:li:query:cab141eafcb4a60f0cad94a724bf34095e8ee392ccd60ea705edc436b1a05379';
    const result = patch('upstreamLineage', undefined, ops);
    expect(result).toEqual({
      upstreams: [
        {
          auditStamp: { time: 0, actor: 'urn:li:corpuser:unknown' },
          dataset: ds('upstream_table'),
          type: 'TRANSFORMED',
          query,
        },
      ],
      fineGrainedLineages: [
        {
          downstreams: [field('downstream_table', 'ds_col1')],
          upstreams: [field('upstream_table', 'us_col1')],
          query,
          upstreamType: 'FIELD_SET',
          downstreamType: 'FIELD',
          confidenceScore: 1,
          transformOperation: 'NONE',
        },
        {
          downstreams: [field('downstream_table', 'ds_col2')],
          upstreams: [field('upstream_table', 'us_col2'), field('upstream_table', 'us_col3')],
          query,
          upstreamType: 'FIELD_SET',
          downstreamType: 'FIELD',
          confidenceScore: 1,
          transformOperation: 'NONE',
        },
      ],
    });
    expectValid('dataset', 'upstreamLineage', result);
  });

  it('regroups existing fine-grained lineages and removes upstreams by path', () => {
    const down = 'urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:hive,d,PROD),x)';
    const up1 = 'urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:hive,a,PROD),x)';
    const up2 = 'urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:hive,b,PROD),x)';
    const current = {
      upstreams: [upstream('a')],
      fineGrainedLineages: [
        { upstreamType: 'FIELD_SET', upstreams: [up1], downstreamType: 'FIELD', downstreams: [down], confidenceScore: 0.5 },
      ],
    };
    const added = patch('upstreamLineage', current, [
      { op: 'add', path: `/fineGrainedLineages/NONE/${down}/NONE/${up2}`, value: { confidenceScore: 0.9 } },
      { op: 'add', path: `/fineGrainedLineages/COPY/${down}/NONE/${up2}`, value: { confidenceScore: 1.0 } },
    ]);
    expect(added.fineGrainedLineages).toEqual([
      // Same operation, downstream and query: one lineage, the lowest confidence; no query when NONE.
      {
        downstreams: [down],
        upstreams: [up1, up2],
        upstreamType: 'FIELD_SET',
        downstreamType: 'FIELD',
        confidenceScore: 0.5,
        transformOperation: 'NONE',
      },
      {
        downstreams: [down],
        upstreams: [up2],
        upstreamType: 'FIELD_SET',
        downstreamType: 'FIELD',
        confidenceScore: 1,
        transformOperation: 'COPY',
      },
    ]);
    // Removing the only upstream of a lineage drops it; removing an absent one changes nothing.
    const removed = patch('upstreamLineage', added, [
      { op: 'remove', path: `/fineGrainedLineages/COPY/${down}/NONE/${up2}` },
      { op: 'remove', path: `/fineGrainedLineages/CREATE/${down}/NONE/${up2}` },
    ]);
    expect(removed.fineGrainedLineages).toHaveLength(1);
    expect((removed.fineGrainedLineages as Array<{ upstreams: string[] }>)[0]!.upstreams.sort()).toEqual([up1, up2].sort());
    expect(removed.upstreams).toEqual([upstream('a')]);
  });

  it('refuses to patch a lineage with more than one downstream, as DataHub does', () => {
    const current = {
      upstreams: [],
      fineGrainedLineages: [{ upstreamType: 'FIELD_SET', downstreamType: 'FIELD_SET', downstreams: ['urn:li:x:1', 'urn:li:x:2'] }],
    };
    expect(
      badRequest(() => patch('upstreamLineage', current, [{ op: 'add', path: `/upstreams/${DS('a')}`, value: upstream('a') }])),
    ).toMatch(/exactly one downstream/);
  });
});

describe('datasetProperties custom properties', () => {
  it('sets and removes map entries; keys are RFC 6901-escaped', () => {
    const current = { name: 'orders', customProperties: { a: '1', keep: 'yes' } };
    const result = patch('datasetProperties', current, [
      { op: 'add', path: '/customProperties/b', value: '2' },
      { op: 'add', path: '/customProperties/path~1to~0x', value: '3' },
      { op: 'remove', path: '/customProperties/a', value: {} },
      { op: 'remove', path: '/customProperties/absent', value: {} },
      { op: 'add', path: '/description', value: 'Orders' },
    ]);
    // The deprecated `tags` string list is always rebuilt.
    expect(result).toEqual({
      name: 'orders',
      customProperties: { keep: 'yes', b: '2', 'path/to~x': '3' },
      tags: [],
      description: 'Orders',
    });
    expectValid('dataset', 'datasetProperties', result);
  });

  it('starts from an empty map and tags list', () => {
    expect(patch('datasetProperties', undefined, [{ op: 'add', path: '/customProperties/k', value: 'v' }])).toEqual({
      tags: [],
      customProperties: { k: 'v' },
    });
  });
});

describe('editableSchemaMetadata', () => {
  const PII = 'urn:li:tag:pii';
  const TERM = 'urn:li:glossaryTerm:email';

  it('adds a tag to a new field of a missing aspect', () => {
    const result = patch('editableSchemaMetadata', undefined, [
      { op: 'add', path: `/editableSchemaFieldInfo/user.email/globalTags/tags/${PII}`, value: { tag: PII } },
    ]);
    expect(result).toEqual({
      created: { actor: SYSTEM, time: NOW },
      lastModified: { actor: SYSTEM, time: NOW },
      editableSchemaFieldInfo: [{ fieldPath: 'user.email', globalTags: { tags: [{ tag: PII }] } }],
    });
    expectValid('dataset', 'editableSchemaMetadata', result);
  });

  it('patches the tags and terms of an existing field', () => {
    const stamp = { time: 1, actor: 'urn:li:corpuser:x' };
    const current = {
      created: stamp,
      lastModified: stamp,
      editableSchemaFieldInfo: [
        { fieldPath: 'id', description: 'the id' },
        { fieldPath: 'email', globalTags: { tags: [{ tag: PII }] }, glossaryTerms: { terms: [{ urn: TERM }], auditStamp: stamp } },
      ],
    };
    const result = patch('editableSchemaMetadata', current, [
      { op: 'add', path: `/editableSchemaFieldInfo/id/globalTags/tags/${PII}`, value: { tag: PII } },
      { op: 'remove', path: `/editableSchemaFieldInfo/email/globalTags/tags/${PII}`, value: {} },
      { op: 'remove', path: `/editableSchemaFieldInfo/email/glossaryTerms/terms/${TERM}`, value: {} },
    ]);
    expect(result).toEqual({
      created: stamp,
      lastModified: stamp,
      editableSchemaFieldInfo: [
        { fieldPath: 'id', description: 'the id', globalTags: { tags: [{ tag: PII }] } },
        { fieldPath: 'email', globalTags: { tags: [] }, glossaryTerms: { terms: [], auditStamp: stamp } },
      ],
    });
    expectValid('dataset', 'editableSchemaMetadata', result);
  });
});

describe('charts, dashboards and jobs', () => {
  const edge = (urn: string) => ({ destinationUrn: urn });

  it('chartInfo keys input edges by destination urn and starts from DataHub`s default', () => {
    const result = patch('chartInfo', undefined, [
      { op: 'add', path: `/inputEdges/${DS('a')}`, value: edge(DS('a')) },
      { op: 'add', path: '/title', value: 'Revenue' },
    ]);
    expect(result).toEqual({
      description: '',
      title: 'Revenue',
      lastModified: { created: { actor: SYSTEM, time: NOW }, lastModified: { actor: SYSTEM, time: NOW } },
      inputEdges: [edge(DS('a'))],
      inputs: [],
    });
    expectValid('chart', 'chartInfo', result);
  });

  it('dashboardInfo keys chart and dataset edges; urn lists are sets', () => {
    const chart = 'urn:li:chart:(looker,c1)';
    const current = {
      title: 't',
      description: 'd',
      lastModified: { created: { time: 0, actor: 'urn:li:corpuser:x' }, lastModified: { time: 0, actor: 'urn:li:corpuser:x' } },
      charts: [chart],
      datasets: [],
    };
    const result = patch('dashboardInfo', current, [
      { op: 'add', path: `/chartEdges/${chart}`, value: edge(chart) },
      { op: 'add', path: `/datasets/${DS('a')}`, value: DS('a') },
      { op: 'remove', path: `/charts/${chart}` },
    ]);
    expect(result).toEqual({
      ...current,
      charts: [],
      datasets: [DS('a')],
      chartEdges: [edge(chart)],
      datasetEdges: [],
      dashboards: [],
    });
    expectValid('dashboard', 'dashboardInfo', result);
  });

  it('dataJobInputOutput keys edges and field urns; the deprecated urn lists stay plain arrays', () => {
    const field = 'urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:hive,a,PROD),x)';
    const current = { inputDatasets: [DS('old')], outputDatasets: [] };
    const result = patch('dataJobInputOutput', current, [
      { op: 'add', path: `/inputDatasetEdges/${DS('a')}`, value: edge(DS('a')) },
      { op: 'add', path: `/outputDatasetEdges/${DS('b')}`, value: edge(DS('b')) },
      { op: 'add', path: `/inputDatasetFields/${field}`, value: field },
      // As DataHub's SDK adds a column (DataJobPatchBuilder.add_input_dataset_field): the urn in the path only.
      { op: 'add', path: `/outputDatasetFields/${field}`, value: {} },
      { op: 'add', path: '/inputDatasets/-', value: DS('new') },
    ]);
    expect(result).toEqual({
      inputDatasets: [DS('old'), DS('new')],
      outputDatasets: [],
      inputDatajobEdges: [],
      inputDatasetEdges: [edge(DS('a'))],
      outputDatasetEdges: [edge(DS('b'))],
      inputDatasetFields: [field],
      outputDatasetFields: [field],
      fineGrainedLineages: [],
    });
    expectValid('dataJob', 'dataJobInputOutput', result);
  });

  it('dataJobInfo custom properties', () => {
    const result = patch('dataJobInfo', { name: 'j', type: { string: 'SQL' } }, [
      { op: 'add', path: '/customProperties/owner', value: 'team' },
    ]);
    expect(result).toEqual({ name: 'j', type: { string: 'SQL' }, customProperties: { owner: 'team' } });
  });
});

describe('structured properties', () => {
  it('a remove then add of the same property moves it to the end', () => {
    const P1 = 'urn:li:structuredProperty:one';
    const P2 = 'urn:li:structuredProperty:two';
    const current = {
      properties: [
        { propertyUrn: P1, values: [{ string: 'a' }] },
        { propertyUrn: P2, values: [{ double: 1 }] },
      ],
    };
    const result = patch('structuredProperties', current, [
      { op: 'remove', path: `/properties/${P1}`, value: {} },
      { op: 'add', path: `/properties/${P1}`, value: { propertyUrn: P1, values: [{ string: 'b' }] } },
    ]);
    expect(result).toEqual({
      properties: [
        { propertyUrn: P2, values: [{ double: 1 }] },
        { propertyUrn: P1, values: [{ string: 'b' }] },
      ],
    });
  });
});

describe('the generic form {patch, arrayPrimaryKeys}', () => {
  const SRC = 'urn:li:platformResource:ingestion';
  const attributed = { tag: TAG_B, attribution: { time: 1, actor: 'urn:li:corpuser:a', source: SRC } };

  it('is recognised only with primary keys or forceGenericPatch', () => {
    expect(isGenericPatch({ patch: [], arrayPrimaryKeys: { tags: ['tag'] } })).toBe(true);
    expect(isGenericPatch({ patch: [], forceGenericPatch: true })).toBe(true);
    expect(isGenericPatch({ patch: [] })).toBe(false);
    expect(isGenericPatch([])).toBe(false);
  });

  it('keys arrays by the given fields, nested ones joined by U+241F', () => {
    const result = patch(
      'globalTags',
      { tags: [{ tag: TAG_A }, attributed] },
      {
        arrayPrimaryKeys: { tags: ['attribution\u241fsource', 'tag'] },
        patch: [
          { op: 'add', path: `/tags//${TAG_C}`, value: { tag: TAG_C } },
          { op: 'remove', path: `/tags//${TAG_A}`, value: {} },
        ],
      },
    );
    expect(result).toEqual({ tags: [{ tag: TAG_C }, attributed] });
  });

  it('removes every source of a tag with the keys reordered', () => {
    const result = patch(
      'globalTags',
      { tags: [{ tag: TAG_A }, attributed, { tag: TAG_B }] },
      {
        arrayPrimaryKeys: { tags: ['tag', 'attribution\u241fsource'] },
        patch: [{ op: 'remove', path: `/tags/${TAG_B}`, value: {} }],
      },
    );
    expect(result).toEqual({ tags: [{ tag: TAG_A }] });
  });

  it('without keys, applies the patch list with the aspect`s template', () => {
    expect(patch('globalTags', undefined, { patch: [{ op: 'add', path: `/tags/${TAG_A}`, value: { tag: TAG_A } }] })).toEqual({
      tags: [{ tag: TAG_A }],
    });
  });

  it('with forceGenericPatch, patches an aspect without a template as plain JSON', () => {
    expect(
      patch('containerProperties', { name: 'c' }, { forceGenericPatch: true, patch: [{ op: 'add', path: '/description', value: 'd' }] }),
    ).toEqual({ name: 'c', description: 'd' });
  });
});

describe('RFC 6902 operations', () => {
  const current = { name: 'n', description: 'old', customProperties: { a: '1' }, tags: ['x', 'y'] };

  it('replace, move, copy and test', () => {
    const result = patch('datasetProperties', current, [
      { op: 'test', path: '/description', value: 'old' },
      { op: 'replace', path: '/description', value: 'new' },
      { op: 'copy', from: '/name', path: '/qualifiedName' },
      { op: 'move', from: '/customProperties/a', path: '/customProperties/b' },
      { op: 'remove', path: '/tags/x' },
    ]);
    expect(result).toEqual({ name: 'n', description: 'new', customProperties: { b: '1' }, tags: ['y'], qualifiedName: 'n' });
  });

  it('accepts operation names in any case', () => {
    expect(patch('status', undefined, [{ op: 'ADD', path: '/removed', value: true }])).toEqual({ removed: true });
  });
});

describe('errors', () => {
  const current = { name: 'n', description: 'd', customProperties: {}, tags: [] };

  it('rejects a patch that is not a list of operations', () => {
    expect(badRequest(() => patch('globalTags', undefined, { op: 'add' }))).toMatch(/array/);
    expect(badRequest(() => patch('globalTags', undefined, '[]'))).toMatch(/array/);
    expect(badRequest(() => patch('globalTags', undefined, null))).toMatch(/array/);
  });

  it('rejects malformed operations', () => {
    expect(badRequest(() => patch('globalTags', undefined, ['add']))).toMatch(/operation 0 is not an object/);
    expect(badRequest(() => patch('globalTags', undefined, [{ path: '/tags' }]))).toMatch(/no "op"/);
    expect(badRequest(() => patch('globalTags', undefined, [{ op: 'add', value: {} }]))).toMatch(/no "path"/);
    expect(badRequest(() => patch('globalTags', undefined, [{ op: 'add', path: `/tags/${TAG_A}` }]))).toMatch(/no "value"/);
    expect(badRequest(() => patch('globalTags', undefined, [{ op: 'merge', path: '/tags', value: [] }]))).toMatch(
      /Unsupported PATCH operation: `merge`/,
    );
    expect(badRequest(() => patch('globalTags', undefined, [{ op: 'copy', path: '/x' }]))).toMatch(/no "from"/);
    expect(badRequest(() => patch('globalTags', undefined, [{ op: 'add', path: 'tags', value: [] }]))).toMatch(/JSON pointer/);
  });

  it('rejects paths that do not resolve', () => {
    expect(badRequest(() => patch('datasetProperties', current, [{ op: 'replace', path: '/qualifiedName', value: 'q' }]))).toMatch(
      /operation 0 \(replace \/qualifiedName\) failed/,
    );
    expect(badRequest(() => patch('datasetProperties', current, [{ op: 'add', path: '/description/x', value: 'q' }]))).toMatch(
      /\/description is not an object or array/,
    );
    expect(
      badRequest(() =>
        patch('dataJobInputOutput', { inputDatasets: [], outputDatasets: [] }, [{ op: 'add', path: '/inputDatasets/3', value: 'u' }]),
      ),
    ).toMatch(/out of bounds/);
    expect(badRequest(() => patch('datasetProperties', current, [{ op: 'test', path: '/name', value: 'other' }]))).toMatch(/failed/);
  });

  it('rejects aspects without a patch template', () => {
    expect(badRequest(() => patch('schemaMetadata', undefined, []))).toMatch(/does not currently support patch/);
  });
});
