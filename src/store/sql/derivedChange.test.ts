import { describe, expect, it } from 'vitest';
import type { Edge, SearchRow } from '../types.js';
import { derivedChange } from './derivedChange.js';

const row = (values: Record<string, string[]>, text: SearchRow['text'] = ['a', 'b', 'c', 'd']): SearchRow => ({
  urn: 'urn:li:corpuser:x',
  entityType: 'corpuser',
  removed: false,
  values,
  keyed: Object.keys(values),
  facets: [],
  text,
});
const edge = (destination: string): Edge => ({ source: 'urn:li:corpuser:x', type: 'IsPartOf', destination, aspect: 'groupMembership' });

describe('derivedChange', () => {
  it('adds everything for a new entity', () => {
    const c = derivedChange(undefined, row({ tags: ['t1', 't2'] }), [edge('g1')]);
    expect(c).toEqual({
      text: true,
      removedValues: [],
      addedValues: [
        ['tags', 't1'],
        ['tags', 't2'],
      ],
      removedEdges: [],
      addedEdges: [edge('g1')],
    });
  });

  it('names only the values and edges that differ, and whether the text did', () => {
    const old = { row: row({ tags: ['t1', 't2'], name: ['n'] }), edges: [edge('g1'), edge('g2')] };
    const c = derivedChange(old, row({ tags: ['t2', 't3'], name: ['n'] }), [edge('g2'), edge('g3')]);
    expect(c).toEqual({
      text: false,
      removedValues: [['tags', 't1']],
      addedValues: [['tags', 't3']],
      removedEdges: [edge('g1')],
      addedEdges: [edge('g3')],
    });
    expect(derivedChange(old, row({ tags: ['t1', 't2'], name: ['n'] }, ['a', 'b', 'c', 'e']), old.edges)).toEqual({
      text: true,
      removedValues: [],
      addedValues: [],
      removedEdges: [],
      addedEdges: [],
    });
  });

  it('with the stored row itself (identical text), compares only the edges', () => {
    const same = row({ tags: ['t1'] });
    expect(derivedChange({ row: same, edges: [edge('g1')] }, same, [edge('g2')])).toEqual({
      text: false,
      removedValues: [],
      addedValues: [],
      removedEdges: [edge('g1')],
      addedEdges: [edge('g2')],
    });
  });
});
