/**
 * Entity-relationship models (Pegasus `com.linkedin.ermodelrelation.*`): a join between two datasets
 * and the field pairs it joins on.
 */
import { arrayOf, enumOf, optional, record, string, urn, withDefault } from '../schema/dsl.js';
import { AuditStamp, ChangeAuditStamps, CustomProperties } from '../schema/common.js';
import { customPropertiesSearchable } from './shared.js';
import { aspect } from './aspect.js';

const ER = 'com.linkedin.ermodelrelation.';

export const erModelRelationshipProperties = aspect({
  name: 'erModelRelationshipProperties',
  type: record(
    `${ER}ERModelRelationshipProperties`,
    {
      name: string,
      source: urn,
      destination: urn,
      relationshipFieldMappings: arrayOf(record(`${ER}RelationshipFieldMapping`, { sourceField: string, destinationField: string })),
      created: optional(AuditStamp),
      lastModified: optional(AuditStamp),
      cardinality: withDefault(enumOf(`${ER}ERModelRelationshipCardinality`, ['ONE_ONE', 'ONE_N', 'N_ONE', 'N_N']), 'N_N'),
    },
    CustomProperties,
  ),
  searchable: [
    customPropertiesSearchable,
    { path: '/name', fieldType: 'TEXT_PARTIAL', enableAutocomplete: true, boostScore: 10 },
    { path: '/source', fieldType: 'TEXT_PARTIAL', enableAutocomplete: true, boostScore: 10 },
    { path: '/destination', fieldType: 'TEXT_PARTIAL', enableAutocomplete: true, boostScore: 10 },
    { path: '/created/time', fieldName: 'createdAt', fieldType: 'DATETIME' },
    { path: '/lastModified/time', fieldName: 'lastModifiedAt', fieldType: 'DATETIME' },
  ],
  relationships: [
    { path: '/source', name: 'ermodelrelationA', entityTypes: ['dataset'] },
    { path: '/destination', name: 'ermodelrelationB', entityTypes: ['dataset'] },
  ],
});

export const editableERModelRelationshipProperties = aspect({
  name: 'editableERModelRelationshipProperties',
  type: record(
    `${ER}EditableERModelRelationshipProperties`,
    {
      description: optional(string),
      name: optional(string),
    },
    ChangeAuditStamps,
  ),
  searchable: [
    { path: '/description', fieldName: 'editedDescription', fieldType: 'TEXT' },
    { path: '/name', fieldName: 'editedName', fieldType: 'TEXT_PARTIAL' },
  ],
});

export const erModelAspects = [erModelRelationshipProperties, editableERModelRelationshipProperties];
