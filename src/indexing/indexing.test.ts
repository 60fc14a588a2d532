import { describe, expect, it } from 'vitest';
import { loadRegistry } from '../registry/registry.js';
import { parseUrn } from '../urn.js';
import { defaultBrowsePathsV2 } from './browsePaths.js';
import { extractEdges } from './edges.js';
import { valuesAt } from './paths.js';
import { buildSearchDocument } from './searchDocument.js';
import { buildSearchRow, facetFields, splitWords, textTokens, weightBucket } from './searchRow.js';

const registry = loadRegistry();
const dataset = registry.entity('dataset')!;
const URN = 'urn:li:dataset:(urn:li:dataPlatform:hive,db.Orders,PROD)';

describe('valuesAt', () => {
  it('walks records, arrays and maps', () => {
    const v = { owners: [{ owner: 'a' }, { owner: 'b' }], props: { k: 'v', n: 1 }, nested: { x: { y: 2 } } };
    expect(valuesAt(v, '/owners/*/owner')).toEqual(['a', 'b']);
    expect(valuesAt(v, '/props/*')).toEqual(['k=v', 'n=1']);
    expect(valuesAt(v, '/nested/x/y')).toEqual([2]);
    expect(valuesAt(v, '/missing/*/x')).toEqual([]);
  });
});

describe('buildSearchDocument', () => {
  const aspects = new Map<string, Record<string, unknown>>([
    ['datasetKey', { platform: 'urn:li:dataPlatform:hive', name: 'db.Orders', origin: 'PROD' }],
    ['datasetProperties', { description: 'all orders', customProperties: { team: 'sales' } }],
    ['globalTags', { tags: [{ tag: 'urn:li:tag:PII' }, { tag: 'urn:li:tag:Gold' }] }],
    ['ownership', { owners: [] }],
    ['status', { removed: true }],
  ]);
  const doc = buildSearchDocument(dataset, URN, aspects);

  it('takes key fields, searchable fields, has-values flags and removed', () => {
    expect(doc.fields.urn).toEqual([URN]);
    expect(doc.fields.id).toEqual(['db.Orders']);
    expect(doc.fields.origin).toEqual(['PROD']);
    expect(doc.fields.tags).toEqual(['urn:li:tag:PII', 'urn:li:tag:Gold']);
    expect(doc.fields.hasTags).toEqual([true]);
    expect(doc.fields.hasOwners).toEqual([false]);
    expect(doc.fields.owners).toBeUndefined();
    expect(doc.fields.customProperties).toEqual(['team=sales']);
    expect(doc.removed).toBe(true);
  });

  it('puts default-query text in weight columns by boost', () => {
    const row = buildSearchRow(dataset, doc, facetFields(registry));
    expect(row.text[0]).toContain('db orders');
    expect(row.text[0]).toContain('urn li dataset urn li dataplatform hive db orders prod');
    expect(row.text[2]).toContain('all orders');
    expect(row.text[3]).toContain('urn li tag pii');
    expect(row.values.removed).toEqual(['true']);
    expect(weightBucket(10)).toBe(0);
    expect(weightBucket(0.1)).toBe(3);
  });

  it('packs as facets the fields that are a facet of any entity type, not names or free text', () => {
    const row = buildSearchRow(dataset, doc, facetFields(registry));
    expect(row.facets).toEqual(expect.arrayContaining(['platform', 'tags']));
    expect(row.facets).not.toContain('name');
    expect(row.facets).not.toContain('description');
    // A facet of charts (Chart Type) is counted wherever a hit has the field, as an aggregation by field name does.
    expect(facetFields(registry).has('type')).toBe(true);
  });

  it('keys the values that are looked up by value, and leaves free text out of that index', () => {
    const row = buildSearchRow(
      dataset,
      buildSearchDocument(
        dataset,
        URN,
        new Map([...aspects, ['schemaMetadata', { fields: [{ fieldPath: 'order_id', description: 'the order' }] }]]),
      ),
      facetFields(registry),
    );
    expect(row.values.fieldPaths).toEqual(['order_id']);
    expect(row.keyed).toEqual(expect.arrayContaining(['urn', 'platform', 'origin', 'tags', 'hasTags', 'removed']));
    expect(row.keyed).not.toContain('fieldPaths');
    expect(row.keyed).not.toContain('fieldDescriptions');
  });

  it('splits camel case for full text, lower-cases and drops accents and punctuation', () => {
    expect(splitWords('SampleKafkaDataset')).toBe('SampleKafkaDataset Sample Kafka Dataset');
    expect(splitWords('plain')).toBe('plain');
    expect(textTokens('Crème.brûlée_v2 (FR)')).toEqual(['creme', 'brulee', 'v2', 'fr']);
  });
});

describe('extractEdges', () => {
  it('reads each relationship path, skips bad urns and duplicates', () => {
    const lineage = registry.aspects.get('upstreamLineage')!;
    const up = 'urn:li:dataset:(urn:li:dataPlatform:hive,up,PROD)';
    const edges = extractEdges(lineage, URN, {
      upstreams: [
        { dataset: up, type: 'TRANSFORMED', auditStamp: { time: 0, actor: 'urn:li:corpuser:a' } },
        { dataset: up, type: 'COPY', auditStamp: { time: 0, actor: 'urn:li:corpuser:a' } },
        { dataset: 'not an urn', type: 'COPY', auditStamp: { time: 0, actor: 'urn:li:corpuser:a' } },
      ],
    });
    expect(edges).toEqual([{ source: URN, type: 'DownstreamOf', destination: up, aspect: 'upstreamLineage' }]);
    expect(extractEdges(lineage, URN, { upstreams: [] })).toEqual([]);
  });
});

describe('default browse paths v2', () => {
  const v2 = (entity: string, urn: string) => {
    const spec = registry.entity(entity)!;
    return defaultBrowsePathsV2(spec, registry.keyFromUrn(spec, parseUrn(urn)));
  };

  it('files a dataset under its name up to the last dot, or in Default', () => {
    expect(v2('dataset', 'urn:li:dataset:(urn:li:dataPlatform:snowflake,fernbrook.marts.fct_orders,PROD)')).toEqual({
      path: [{ id: 'fernbrook' }, { id: 'marts' }],
    });
    expect(v2('dataset', 'urn:li:dataset:(urn:li:dataPlatform:hive,SampleHiveDataset,PROD)')).toEqual({ path: [{ id: 'Default' }] });
    expect(v2('dataset', 'urn:li:dataset:(urn:li:dataPlatform:hive,.orders.,PROD)')).toEqual({ path: [{ id: 'Default' }] });
  });

  it('files a task under its pipeline, and what has no rule in Default', () => {
    const flow = 'urn:li:dataFlow:(airflow,dag_abc,PROD)';
    expect(v2('dataJob', `urn:li:dataJob:(${flow},task_123)`)).toEqual({ path: [{ id: flow, urn: flow }] });
    expect(v2('chart', 'urn:li:chart:(looker,baz1)')).toEqual({ path: [{ id: 'Default' }] });
  });
});
