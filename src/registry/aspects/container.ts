/**
 * Containers (Pegasus `com.linkedin.container.*`): the `container` membership aspect of assets and the
 * container entity's own properties.
 */
import { optional, record, string, urn } from '../schema/dsl.js';
import { CustomProperties, ExternalReference, FabricType, TimeStamp } from '../schema/common.js';
import { customPropertiesSearchable, externalUrlSearchable } from './shared.js';
import { aspect } from './aspect.js';

const C = 'com.linkedin.container.';

export const container = aspect({
  name: 'container',
  type: record(`${C}Container`, {
    container: urn,
  }),
  searchable: [
    { path: '/container', fieldType: 'URN', addToFilters: true, filterNameOverride: 'Container', hasValuesFieldName: 'hasContainer' },
  ],
  relationships: [{ path: '/container', name: 'IsPartOf', entityTypes: ['container'] }],
});

export const containerProperties = aspect({
  name: 'containerProperties',
  type: record(
    `${C}ContainerProperties`,
    {
      name: string,
      qualifiedName: optional(string),
      env: optional(FabricType),
      description: optional(string),
      created: optional(TimeStamp),
      lastModified: optional(TimeStamp),
    },
    CustomProperties,
    ExternalReference,
  ),
  searchable: [
    customPropertiesSearchable,
    externalUrlSearchable,
    { path: '/name', fieldType: 'WORD_GRAM', enableAutocomplete: true, boostScore: 10 },
    { path: '/qualifiedName', fieldType: 'WORD_GRAM', enableAutocomplete: true, boostScore: 10 },
    { path: '/env', fieldType: 'KEYWORD', addToFilters: true, filterNameOverride: 'Environment', queryByDefault: false },
    { path: '/description', fieldType: 'TEXT', hasValuesFieldName: 'hasDescription' },
    { path: '/created/time', fieldName: 'createdAt', fieldType: 'DATETIME' },
    { path: '/lastModified/time', fieldName: 'lastModifiedAt', fieldType: 'DATETIME' },
  ],
});

export const editableContainerProperties = aspect({
  name: 'editableContainerProperties',
  type: record(`${C}EditableContainerProperties`, {
    description: optional(string),
  }),
  searchable: [{ path: '/description', fieldName: 'editedDescription', fieldType: 'TEXT' }],
});

export const containerAspects = [container, containerProperties, editableContainerProperties];
