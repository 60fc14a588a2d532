/** DataHub's search syntax, read into expressions: each form of its search guide, and text that does not parse. */
import { describe, expect, it } from 'vitest';
import { literalPattern, parseQuery, patternLiteral, type QueryNode } from './querySyntax.js';

const FIELDS = new Set(['tags', 'owners', 'platform', 'name', 'customProperties', 'fieldPaths', 'urn', 'glossaryTerms']);
const parse = (input: string) => parseQuery(input, (f) => FIELDS.has(f) || f.startsWith('structuredProperties.')).node;

const text = (t: string): QueryNode => ({ kind: 'text', text: t });
const phrase = (t: string): QueryNode => ({ kind: 'phrase', text: t });
const field = (f: string, pattern: string): QueryNode => ({ kind: 'field', field: f, pattern });
const and = (...of: QueryNode[]): QueryNode => ({ kind: 'and', of });
const or = (...of: QueryNode[]): QueryNode => ({ kind: 'or', of });
const not = (of: QueryNode): QueryNode => ({ kind: 'not', of });

describe('plain search syntax (simple_query_string)', () => {
  it('reads words as terms joined by AND', () => {
    expect(parse('information about orders')).toEqual(and(text('information'), text('about'), text('orders')));
    expect(parse('orders')).toEqual(text('orders'));
  });

  it('reads * and nothing as every document', () => {
    expect(parse('*')).toEqual({ kind: 'all' });
    expect(parse('   ')).toEqual({ kind: 'all' });
  });

  it('reads a quoted phrase whole', () => {
    expect(parse('"pet profile"')).toEqual(phrase('pet profile'));
    expect(parse('orders "pet profile"~2 x')).toEqual(and(text('orders'), phrase('pet profile'), text('x')));
  });

  it('reads -term as an exclusion, and a hyphen inside a term as part of it', () => {
    expect(parse('orders -revenue')).toEqual(and(text('orders'), not(text('revenue'))));
    expect(parse('logging -"snow flake"')).toEqual(and(text('logging'), not(phrase('snow flake'))));
    expect(parse('customer-ltv')).toEqual(text('customer-ltv'));
    expect(parse('--orders')).toEqual(text('orders'));
  });

  it('reads +term as required', () => {
    expect(parse('+orders +couriers')).toEqual(and(text('orders'), text('couriers')));
  });

  it('reads a | b as alternatives, operators applied left to right', () => {
    expect(parse('orders | couriers')).toEqual(or(text('orders'), text('couriers')));
    expect(parse('a | b c')).toEqual(and(or(text('a'), text('b')), text('c')));
  });

  it('reads parentheses as precedence, as in the guide', () => {
    expect(parse('logging + (-snowflake | os_audit_log)')).toEqual(and(text('logging'), or(not(text('snowflake')), text('os_audit_log'))));
  });

  it('reads field:value on known fields, the value as a pattern', () => {
    expect(parse('tags:PII')).toEqual(field('tags', 'PII'));
    expect(parse('tags:urn:li:tag:PII')).toEqual(field('tags', 'urn:li:tag:PII'));
    expect(parse('owners:jdoe platform:snowflake')).toEqual(and(field('owners', 'jdoe'), field('platform', 'snowflake')));
    expect(parse('name:"my table"')).toEqual(field('name', 'my table'));
    expect(parse('name: orders')).toEqual(field('name', 'orders'));
    expect(parse('customProperties:tier=*')).toEqual(field('customProperties', 'tier=*'));
    expect(parse('tags.keyword:PII')).toEqual(field('tags', 'PII'));
    expect(parse('tags:(PII | gold)')).toEqual(or(field('tags', 'PII'), field('tags', 'gold')));
    expect(parse('-tags:PII')).toEqual(not(field('tags', 'PII')));
    expect(parse('tags:*')).toEqual({ kind: 'exists', field: 'tags' });
  });

  it('reads name:value on an unknown name as text', () => {
    expect(parse('note:orders')).toEqual(text('note:orders'));
  });

  it('reads an urn as a term found by its value or its words, its key parentheses and all', () => {
    const urn = 'urn:li:dataset:(urn:li:dataPlatform:hive,db.orders,PROD)';
    expect(parse(urn)).toEqual(or(field('urn', literalPattern(urn)), text(urn)));
    expect(parse(`container:${urn}`)).toEqual(text(`container:${urn}`));
    expect(parse(`glossaryTerms:${urn} x`)).toEqual(and(field('glossaryTerms', urn), text('x')));
  });

  it('keeps escaped characters literal', () => {
    expect(parse('a\\|b')).toEqual(text('a|b'));
    expect(parse('name:a\\*b')).toEqual(field('name', 'a\\*b'));
  });

  it('searches text that does not parse as plain words', () => {
    expect(parse('orders (revenue')).toEqual(text('orders (revenue'));
    expect(parse('orders) revenue')).toEqual(text('orders) revenue'));
    expect(parse('"orders revenue')).toEqual(text('"orders revenue'));
  });

  it('searches text nested deeper than 32 as plain words', () => {
    const deep = `${'a | ('.repeat(40)}b${')'.repeat(40)}`;
    expect(parse(deep)).toEqual(text(deep));
    expect(parse(`${'a | ('.repeat(30)}b${')'.repeat(30)}`).kind).toBe('or');
    expect(parseQuery(`/q ${'!('.repeat(40)}b${')'.repeat(40)}`, () => false).node.kind).toBe('text');
  });
});

describe('structured search syntax (/q, query_string)', () => {
  const structured = (input: string) => {
    const parsed = parseQuery(input, () => false);
    expect(parsed.structured).toBe(true);
    return parsed.node;
  };

  it('takes the prefix as clients send it: /q, and \\/q over REST', () => {
    expect(structured('/q name: *mask*')).toEqual(field('name', '*mask*'));
    expect(structured('\\/q name: *mask*')).toEqual(field('name', '*mask*'));
    expect(parseQuery('/quick', () => false)).toEqual({ node: text('/quick'), structured: false, text: '/quick' });
  });

  it("reads the guide's field queries", () => {
    expect(structured('/q customProperties: encoding*')).toEqual(field('customProperties', 'encoding*'));
    expect(structured('/q fieldPaths: latitude')).toEqual(field('fieldPaths', 'latitude'));
    expect(structured('/q browsePaths: *hive*')).toEqual(field('browsePaths', '*hive*'));
    expect(structured('/q customProperties:"materialization=view"')).toEqual(field('customProperties', 'materialization=view'));
    expect(structured('/q tags:urn\\:li\\:tag\\:Legacy')).toEqual(field('tags', 'urn:li:tag:Legacy'));
    expect(structured('/q tags:urn:li:tag:Legacy')).toEqual(field('tags', 'urn:li:tag:Legacy'));
  });

  it('reads AND, OR and NOT, AND binding tighter', () => {
    expect(structured('/q orders OR couriers')).toEqual(or(text('orders'), text('couriers')));
    expect(structured('/q editedFieldDescriptions: latitude OR fieldDescriptions: latitude')).toEqual(
      or(field('editedFieldDescriptions', 'latitude'), field('fieldDescriptions', 'latitude')),
    );
    expect(structured('/q a OR b AND c')).toEqual(or(text('a'), and(text('b'), text('c'))));
    expect(structured('/q a b')).toEqual(and(text('a'), text('b')));
    expect(structured('/q a && !b || c')).toEqual(or(and(text('a'), not(text('b'))), text('c')));
    expect(structured('/q NOT name:x')).toEqual(not(field('name', 'x')));
    expect(structured('/q (a OR b) AND -c')).toEqual(and(or(text('a'), text('b')), not(text('c'))));
    expect(structured('/q name:(a OR b*)')).toEqual(or(field('name', 'a'), field('name', 'b*')));
    expect(structured('/q ORDERS')).toEqual(text('ORDERS'));
  });

  it('reads _exists_ and its negation', () => {
    expect(structured('/q _exists_:structuredProperties.io_acryl_privacy_retentionTime01')).toEqual({
      kind: 'exists',
      field: 'structuredProperties.io_acryl_privacy_retentionTime01',
    });
    expect(structured('/q -_exists_:name')).toEqual(not({ kind: 'exists', field: 'name' }));
  });

  it('reads structured properties and their values', () => {
    expect(structured('/q structuredProperties.io_acryl_privacy_retentionTime01:60')).toEqual(
      field('structuredProperties.io_acryl_privacy_retentionTime01', '60'),
    );
    expect(structured('/q structuredProperties._versioned.io_acryl_privacy_retentionTime.\\*.\\*:365')).toEqual(
      field('structuredProperties._versioned.io_acryl_privacy_retentionTime.*.*', '365'),
    );
  });

  it('reads ranges and comparisons', () => {
    expect(structured('/q upstreamCountFeature:>2')).toEqual({ kind: 'range', field: 'upstreamCountFeature', op: '>', value: '2' });
    expect(structured('/q rowCount:[10 TO 20}')).toEqual(
      and({ kind: 'range', field: 'rowCount', op: '>=', value: '10' }, { kind: 'range', field: 'rowCount', op: '<', value: '20' }),
    );
    expect(structured('/q rowCount:[10 TO *]')).toEqual({ kind: 'range', field: 'rowCount', op: '>=', value: '10' });
  });

  it('drops boosts and fuzziness', () => {
    expect(structured('/q name:orders^2 couriers~1')).toEqual(and(field('name', 'orders'), text('couriers')));
  });

  it('searches what does not parse as plain words', () => {
    for (const broken of ['/q (orders', '/q orders)', '/q name:', '/q orders AND', '/q "orders', '/q OR x', '/q rowCount:[1 TO'])
      expect(structured(broken), broken).toEqual(text(broken.slice(3)));
  });
});

describe('patterns', () => {
  it('say whether a value is literal', () => {
    expect(patternLiteral('a\\*b')).toBe('a*b');
    expect(patternLiteral('a*b')).toBeUndefined();
    expect(patternLiteral(literalPattern('100%_sure?*\\'))).toBe('100%_sure?*\\');
  });
});
