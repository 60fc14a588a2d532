/**
 * Data products and applications (Pegasus `com.linkedin.dataproduct.*`, `com.linkedin.application.*`):
 * the groupings of assets a team publishes, and the `applications` assignment aspect of assets.
 */
import { arrayOf, boolean, optional, record, string, urn, withDefault } from '../schema/dsl.js';
import { CustomProperties, ExternalReference } from '../schema/common.js';
import type { SearchableDecl } from '../types.js';
import { customPropertiesSearchable, Edge, externalUrlSearchable } from './shared.js';
import { aspect } from './aspect.js';

/** The searchables of a product-like entity's name and description. */
const nameAndDescription: SearchableDecl[] = [
  customPropertiesSearchable,
  externalUrlSearchable,
  { path: '/name', fieldType: 'WORD_GRAM', enableAutocomplete: true, boostScore: 10 },
  { path: '/description', fieldType: 'TEXT', hasValuesFieldName: 'hasDescription' },
];

const DataProductAssociation = record(
  'com.linkedin.dataproduct.DataProductAssociation',
  {
    outputPort: withDefault(boolean, false),
  },
  Edge,
);

export const dataProductProperties = aspect({
  name: 'dataProductProperties',
  type: record(
    'com.linkedin.dataproduct.DataProductProperties',
    {
      name: optional(string),
      description: optional(string),
      assets: optional(arrayOf(DataProductAssociation)),
    },
    CustomProperties,
    ExternalReference,
  ),
  searchable: nameAndDescription,
  relationships: [
    {
      path: '/assets/*/destinationUrn',
      name: 'DataProductContains',
      entityTypes: [
        'dataset',
        'dataJob',
        'dataFlow',
        'chart',
        'dashboard',
        'notebook',
        'container',
        'mlModel',
        'mlModelGroup',
        'mlFeatureTable',
        'mlFeature',
        'mlPrimaryKey',
      ],
    },
  ],
});

export const applicationProperties = aspect({
  name: 'applicationProperties',
  type: record(
    'com.linkedin.application.ApplicationProperties',
    {
      name: optional(string),
      description: optional(string),
    },
    CustomProperties,
    ExternalReference,
  ),
  searchable: nameAndDescription,
});

export const applications = aspect({
  name: 'applications',
  type: record('com.linkedin.application.Applications', {
    applications: arrayOf(urn),
  }),
  searchable: [
    {
      path: '/applications/*',
      fieldName: 'applications',
      fieldType: 'URN',
      hasValuesFieldName: 'hasApplication',
      addToFilters: true,
      filterNameOverride: 'Application',
    },
  ],
  relationships: [{ path: '/applications/*', name: 'AssociatedWith', entityTypes: ['application'] }],
});

export const dataProductAspects = [dataProductProperties, applicationProperties, applications];
