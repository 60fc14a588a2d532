/**
 * Logical parents (Pegasus `com.linkedin.logical.*`): a physical dataset or column naming the logical
 * one it is an instance of.
 */
import { optional, record } from '../schema/dsl.js';
import { Edge } from './shared.js';
import { aspect } from './aspect.js';

export const logicalParent = aspect({
  name: 'logicalParent',
  type: record('com.linkedin.logical.LogicalParent', { parent: optional(Edge) }),
  searchable: [
    {
      path: '/parent/destinationUrn',
      fieldName: 'logicalParent',
      fieldType: 'URN',
      queryByDefault: false,
      addToFilters: true,
      hasValuesFieldName: 'hasLogicalParent',
      filterNameOverride: 'Physical Instance Of',
    },
  ],
  relationships: [{ path: '/parent/destinationUrn', name: 'PhysicalInstanceOf', entityTypes: ['dataset', 'schemaField'] }],
});

export const logicalAspects = [logicalParent];
