import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { bodyCheck, Param, paramDocs, queryCheck } from './params.js';

const params = Type.Object({
  entity: Param.string('entity type'),
  entities: Param.optional(Param.strings('entity types')),
  direction: Param.optional(Param.oneOf(['INCOMING', 'OUTGOING'], 'which way')),
  start: Param.integer('offset'),
  count: Param.optional(Param.integer('page size', { min: 1, max: 50 })),
  filter: Param.optional(Param.object('criteria')),
  dryRun: Param.optional(Param.boolean('change nothing')),
  extra: Param.optional(Param.any('anything')),
});
const body = bodyCheck(params, 'search');
const query = queryCheck(params);

describe('an action body checked against its declaration', () => {
  it('answers the declared parameters, typed, leaving out nulls and undeclared keys', () => {
    expect(body({ entity: 'dataset', start: 0, count: null, other: 1, filter: { or: [] }, dryRun: false, extra: [1] })).toEqual({
      entity: 'dataset',
      start: 0,
      filter: { or: [] },
      dryRun: false,
      extra: [1],
    });
  });

  it('names the first parameter, in declaration order, that is missing or wrong', () => {
    expect(() => body({ start: 'x' })).toThrow("Parameter 'entity' is required for action search");
    expect(() => body({ entity: 5, start: 'x' })).toThrow("Parameter 'entity' of action search must be of type string");
    expect(() => body({ entity: 'dataset', start: '10' })).toThrow("Parameter 'start' of action search must be of type integer");
    expect(() => body({ entity: 'dataset', start: 0, filter: [] })).toThrow("Parameter 'filter' of action search must be of type object");
    expect(() => body({ entity: 'dataset', start: 0, dryRun: 'yes' })).toThrow(
      "Parameter 'dryRun' of action search must be of type boolean",
    );
  });

  it('refuses a number out of bounds or not whole with the bounds it must be within', () => {
    expect(() => body({ entity: 'dataset', start: -1 })).toThrow(
      "Parameter 'start' of action search must be a whole number from 0 to 2147483647, not -1",
    );
    expect(() => body({ entity: 'dataset', start: 1.5 })).toThrow(
      "Parameter 'start' of action search must be a whole number from 0 to 2147483647, not 1.5",
    );
    expect(() => body({ entity: 'dataset', start: 0, count: 51 })).toThrow(
      "Parameter 'count' of action search must be a whole number from 1 to 50, not 51",
    );
    expect(() => body({ entity: 'dataset', start: 0, count: 0 })).toThrow(
      "Parameter 'count' of action search must be a whole number from 1 to 50, not 0",
    );
  });

  it('refuses a word not among those allowed, and a list with an item of the wrong type', () => {
    expect(() => body({ entity: 'dataset', start: 0, direction: 'SIDEWAYS' })).toThrow(
      "Parameter 'direction' of action search must be INCOMING or OUTGOING, not 'SIDEWAYS'",
    );
    expect(() => body({ entity: 'dataset', start: 0, entities: ['dataset', 5] })).toThrow(
      "Parameter 'entities' of action search must be of type array of string",
    );
    expect(() => body({ entity: 'dataset', start: 0, entities: 'dataset' })).toThrow(
      "Parameter 'entities' of action search must be of type array",
    );
  });

  it('is a 400', () => {
    expect(() => body({})).toThrow(expect.objectContaining({ kind: 'bad_request' }));
  });
});

describe('a query string checked against its declaration', () => {
  it('answers lists whole, the first value of the others, whole numbers and booleans typed', () => {
    expect(query({ entity: ['dataset', 'chart'], entities: ['a', 'b'], start: ['7'], dryRun: ['true'], unknown: ['x'] })).toEqual({
      entity: 'dataset',
      entities: ['a', 'b'],
      start: 7,
      dryRun: true,
    });
  });

  it('counts an empty value as absent, but keeps an empty list', () => {
    expect(query({ entity: ['dataset'], start: ['0'], count: [''], entities: [] })).toEqual({ entity: 'dataset', start: 0, entities: [] });
    expect(() => query({ entity: [''], start: ['0'] })).toThrow("Parameter 'entity' is required");
  });

  it('refuses a whole number that is not written as one, or is out of bounds, quoting the text sent', () => {
    for (const text of ['x', '1e3', '0x10', ' 5', '1.0'])
      expect(() => query({ entity: ['d'], start: [text] })).toThrow(
        `Parameter 'start' must be a whole number from 0 to 2147483647, not '${text}'`,
      );
    expect(() => query({ entity: ['d'], start: ['99999999999999999999'] })).toThrow(
      "Parameter 'start' must be a whole number from 0 to 2147483647, not '99999999999999999999'",
    );
    expect(() => query({ entity: ['d'], start: ['0'], count: ['51'] })).toThrow(
      "Parameter 'count' must be a whole number from 1 to 50, not '51'",
    );
  });

  it('says which values a missing word may take, and refuses another', () => {
    const read = queryCheck(Type.Object({ direction: Param.oneOf(['INCOMING', 'OUTGOING', 'UNDIRECTED'], 'which way') }));
    expect(() => read({})).toThrow("Parameter 'direction' is required: INCOMING, OUTGOING or UNDIRECTED");
    expect(() => read({ direction: ['SIDEWAYS'] })).toThrow(
      "Parameter 'direction' must be INCOMING, OUTGOING or UNDIRECTED, not 'SIDEWAYS'",
    );
    expect(read({ direction: ['UNDIRECTED'] })).toEqual({ direction: 'UNDIRECTED' });
  });

  it('counts an empty list as missing where a list must have items', () => {
    const read = queryCheck(Type.Object({ ids: Param.strings('urns', { nonEmpty: true }) }));
    expect(() => read({ ids: [] })).toThrow("Parameter 'ids' is required: ids=List(…) or repeated");
    expect(() => read({})).toThrow("Parameter 'ids' is required: ids=List(…) or repeated");
  });
});

describe('the docs of a declaration', () => {
  it('lists each parameter in order with its type, whether it is required, and its meaning', () => {
    expect(paramDocs(params)).toEqual([
      { name: 'entity', type: 'string', required: true, doc: 'entity type' },
      { name: 'entities', type: 'array', required: false, doc: 'entity types' },
      { name: 'direction', type: 'string', required: false, doc: 'which way' },
      { name: 'start', type: 'integer', required: true, doc: 'offset' },
      { name: 'count', type: 'integer', required: false, doc: 'page size' },
      { name: 'filter', type: 'object', required: false, doc: 'criteria' },
      { name: 'dryRun', type: 'boolean', required: false, doc: 'change nothing' },
      { name: 'extra', type: 'any', required: false, doc: 'anything' },
    ]);
  });
});
