import { describe, expect, it } from 'vitest';
import { parseRestliQuery } from './restli.js';

describe('parseRestliQuery', () => {
  it('reads List() values and decodes each element once', () => {
    const q = parseRestliQuery(
      'aspects=List(schemaMetadata,ownership)&ids=List(urn%3Ali%3Adataset%3A%28urn%3Ali%3AdataPlatform%3Ahive%2Cdb.t%2CPROD%29,urn%3Ali%3Acorpuser%3Ajdoe)',
    );
    expect(q.aspects).toEqual(['schemaMetadata', 'ownership']);
    expect(q.ids).toEqual(['urn:li:dataset:(urn:li:dataPlatform:hive,db.t,PROD)', 'urn:li:corpuser:jdoe']);
  });

  it('keeps a half-encoded urn with literal parentheses and commas whole', () => {
    const q = parseRestliQuery('ids=List(urn%3Ali%3Adataset%3A(urn%3Ali%3AdataPlatform%3Afoo,bar,PROD),urn:li:corpuser:x)');
    expect(q.ids).toEqual(['urn:li:dataset:(urn:li:dataPlatform:foo,bar,PROD)', 'urn:li:corpuser:x']);
  });

  it('accumulates repeated parameters (protocol 1.0)', () => {
    expect(parseRestliQuery('types=OwnedBy&types=DownstreamOf').types).toEqual(['OwnedBy', 'DownstreamOf']);
  });

  it('reads an empty List() as no values and keeps + literal', () => {
    const q = parseRestliQuery('aspects=List()&aspect=a+b');
    expect(q.aspects).toEqual([]);
    expect(q.aspect).toEqual(['a+b']);
  });

  it('reads parameters named like Object.prototype members as parameters', () => {
    const q = parseRestliQuery('constructor=a&__proto__=b&toString=c&toString=d');
    expect(Object.entries(q)).toEqual([
      ['constructor', ['a']],
      ['__proto__', ['b']],
      ['toString', ['c', 'd']],
    ]);
  });

  it('does not throw on a malformed escape', () => {
    expect(parseRestliQuery('x=%E0%A4%A').x).toEqual(['%E0%A4%A']);
  });
});
