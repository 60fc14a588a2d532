/** Logical models: a physical asset (or column) points at the logical one it is an instance of. As DataHub's `com.linkedin.logical`. */
import { optional, record } from '../schema/dsl.js';
import type { AspectDecl } from '../types.js';
import { Edge } from './shared.js';

export const logicalParent: AspectDecl = {
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
};

export const logicalAspects: AspectDecl[] = [logicalParent];
