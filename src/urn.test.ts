import { describe, expect, it } from 'vitest';
import {
  canonicalUrn,
  columnKey,
  entityUrn,
  formatUrn,
  isUrn,
  newEntityUrn,
  parseUrn,
  schemaFieldUrn,
  simpleFieldPath,
  urnPrefix,
} from './urn.js';

describe('parseUrn', () => {
  it('reads a simple key as one part', () => {
    expect(parseUrn('urn:li:corpuser:jdoe')).toEqual({ namespace: 'li', entityType: 'corpuser', parts: ['jdoe'] });
  });

  it('splits a tuple key at depth 1 and keeps a nested urn whole', () => {
    expect(parseUrn('urn:li:dataset:(urn:li:dataPlatform:hive,db.table,PROD)').parts).toEqual([
      'urn:li:dataPlatform:hive',
      'db.table',
      'PROD',
    ]);
  });

  it('keeps a nested tuple urn whole', () => {
    const urn = parseUrn('urn:li:dataJob:(urn:li:dataFlow:(airflow,dag_1,prod),task_1)');
    expect(urn.parts).toEqual(['urn:li:dataFlow:(airflow,dag_1,prod)', 'task_1']);
  });

  it('allows colons inside parts and treats percent escapes as plain text', () => {
    expect(parseUrn('urn:li:dashboard:(looker,dashboards.thelook::cohort)').parts).toEqual(['looker', 'dashboards.thelook::cohort']);
    expect(parseUrn('urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:s3,a,PROD),col%2Cx)').parts[1]).toBe('col%2Cx');
  });

  it('keeps commas of a bare key (single-part keys are never split)', () => {
    expect(parseUrn('urn:li:corpuser:a,b').parts).toEqual(['a,b']);
  });

  it('normalizes a single part written in parentheses', () => {
    expect(canonicalUrn('urn:li:tag:(abc)')).toBe('urn:li:tag:abc');
  });

  it.each([
    ['', "must start with 'urn:'"],
    ['dataset:x', "must start with 'urn:'"],
    ['urn:li:dataset', 'no key'],
    ['urn:li:dataset:', 'key is empty'],
    ['urn:Li:dataset:x', 'bad namespace'],
    ['urn:li:1dataset:x', 'bad entity type'],
    ['urn:li:dataset:(a,,b)', 'key part is empty'],
    ['urn:li:dataset:(a,b', 'mismatched parentheses'],
    ['urn:li:dataset:(a,b))', 'mismatched parentheses'],
    ['urn:li:tag:a)b(', 'mismatched parentheses'],
    ['urn:li:dataset:(urn:li:dataPlatform:(x,y,PROD)', 'mismatched parentheses'],
  ])('rejects %j (%s)', (input, reason) => {
    expect(() => parseUrn(input)).toThrow(reason);
    expect(isUrn(input)).toBe(false);
  });
});

describe('formatUrn', () => {
  it('round-trips tuple and simple keys', () => {
    for (const s of ['urn:li:dataset:(urn:li:dataPlatform:hive,db.t,PROD)', 'urn:li:corpuser:jdoe', 'urn:li:chart:(looker,1)']) {
      expect(formatUrn(parseUrn(s))).toBe(s);
    }
  });
});

describe('building urns', () => {
  it('of an entity keyed by one id, which reads back as that id', () => {
    expect(entityUrn('tag', 'PII')).toBe('urn:li:tag:PII');
    expect(parseUrn(entityUrn('corpuser', 'jdoe@example.com')).parts).toEqual(['jdoe@example.com']);
  });

  it('of a new entity: the id chosen, or a fresh one when none or a blank one is', () => {
    expect(newEntityUrn('form', 'quarterly')).toBe('urn:li:form:quarterly');
    const made = [newEntityUrn('form'), newEntityUrn('form', null), newEntityUrn('form', '  ')];
    for (const u of made) expect(u).toMatch(/^urn:li:form:[0-9a-f-]{36}$/);
    expect(new Set(made).size).toBe(3);
  });

  it('of a column, and the prefix every urn of a type shares', () => {
    const dataset = 'urn:li:dataset:(urn:li:dataPlatform:hive,db.t,PROD)';
    const column = schemaFieldUrn(dataset, 'user.id');
    expect(parseUrn(column)).toMatchObject({ entityType: 'schemaField', parts: [dataset, 'user.id'] });
    expect(column.startsWith(urnPrefix('schemaField'))).toBe(true);
  });
});

describe('columns', () => {
  const table = 'urn:li:dataset:(urn:li:dataPlatform:hive,db.t,PROD)';

  it('reads a v2 field path as people read it, bracketed tokens whole', () => {
    expect(simpleFieldPath('[version=2.0].[type=struct].address.[type=string].city')).toBe('address.city');
    expect(simpleFieldPath('address.city')).toBe('address.city');
  });

  it('names a column by one key whichever field path form its urn uses', () => {
    expect(columnKey(schemaFieldUrn(table, '[version=2.0].[type=long].id'))).toBe(columnKey(schemaFieldUrn(table, 'id')));
    expect(columnKey(schemaFieldUrn(table, 'id'))).not.toBe(columnKey(schemaFieldUrn(table, 'name')));
  });

  it("encodes what would end the urn's tuple early, as DataHub does", () => {
    expect(schemaFieldUrn(table, 'f(a,b)')).toBe(`urn:li:schemaField:(${table},f%28a%2Cb%29)`);
    expect(columnKey(schemaFieldUrn(table, 'f(a,b)'))).toBe(`${table}\u0000f(a,b)`);
  });
});
