/**
 * Data platforms and platform instances (Pegasus `com.linkedin.dataplatform.*`,
 * `com.linkedin.dataplatforminstance.*`).
 */
import { enumOf, optional, record, string } from '../schema/dsl.js';
import { CustomProperties, ExternalReference } from '../schema/common.js';
import { customPropertiesSearchable, externalUrlSearchable } from './shared.js';
import { aspect } from './aspect.js';

export const dataPlatformInfo = aspect({
  name: 'dataPlatformInfo',
  type: record('com.linkedin.dataplatform.DataPlatformInfo', {
    name: string,
    displayName: optional(string),
    type: enumOf('com.linkedin.dataplatform.PlatformType', [
      'FILE_SYSTEM',
      'KEY_VALUE_STORE',
      'MESSAGE_BROKER',
      'OBJECT_STORE',
      'OLAP_DATASTORE',
      'OTHERS',
      'QUERY_ENGINE',
      'RELATIONAL_DB',
      'SEARCH_ENGINE',
    ]),
    datasetNameDelimiter: string,
    logoUrl: optional(string),
  }),
  searchable: [
    { path: '/name', fieldType: 'WORD_GRAM', enableAutocomplete: false, boostScore: 10 },
    { path: '/displayName', fieldType: 'WORD_GRAM', enableAutocomplete: true, boostScore: 10 },
  ],
});

export const dataPlatformInstanceProperties = aspect({
  name: 'dataPlatformInstanceProperties',
  type: record(
    'com.linkedin.dataplatforminstance.DataPlatformInstanceProperties',
    {
      name: optional(string),
      description: optional(string),
    },
    CustomProperties,
    ExternalReference,
  ),
  searchable: [
    customPropertiesSearchable,
    externalUrlSearchable,
    { path: '/name', fieldType: 'WORD_GRAM', enableAutocomplete: true, boostScore: 10 },
    { path: '/description', fieldType: 'TEXT', hasValuesFieldName: 'hasDescription' },
  ],
});

export const platformAspects = [dataPlatformInfo, dataPlatformInstanceProperties];
