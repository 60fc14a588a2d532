/**
 * Structured properties and the types they are defined over (Pegasus `com.linkedin.structured.*`,
 * `com.linkedin.datatype.*`, `com.linkedin.entitytype.*`): a property's definition and display settings,
 * and the data types and entity types a definition names by urn.
 */
import { arrayOf, boolean, double, enumOf, mapOf, optional, record, string, union, urn, withDefault, any } from '../schema/dsl.js';
import { AuditStamp } from '../schema/common.js';
import { aspect } from './aspect.js';

const ST = 'com.linkedin.structured.';

/** `PropertyValue`: an allowed value (a string or a number) and what it means. */
const PropertyValue = record(`${ST}PropertyValue`, {
  value: union(string, double),
  description: optional(string),
});

export const propertyDefinition = aspect({
  name: 'propertyDefinition',
  type: record(`${ST}StructuredPropertyDefinition`, {
    qualifiedName: string,
    displayName: optional(string),
    valueType: urn,
    typeQualifier: optional(mapOf(arrayOf(string))),
    allowedValues: optional(arrayOf(PropertyValue)),
    cardinality: withDefault(enumOf(`${ST}PropertyCardinality`, ['SINGLE', 'MULTIPLE']), 'SINGLE'),
    entityTypes: arrayOf(urn),
    description: optional(string),
    searchConfiguration: optional(any),
    immutable: withDefault(boolean, false),
    version: optional(string),
    created: optional(AuditStamp),
    lastModified: optional(AuditStamp),
  }),
  searchable: [
    { path: '/qualifiedName', fieldType: 'TEXT' },
    { path: '/displayName', fieldType: 'TEXT' },
    { path: '/entityTypes/*', fieldName: 'entityTypes', fieldType: 'URN' },
    { path: '/immutable', fieldType: 'BOOLEAN' },
    { path: '/created/time', fieldName: 'createdTime', fieldType: 'DATETIME' },
    { path: '/lastModified/time', fieldName: 'lastModified', fieldType: 'DATETIME' },
  ],
  relationships: [{ path: '/entityTypes/*', name: 'StructuredPropertyOf', entityTypes: ['entityType'] }],
});

export const structuredPropertySettings = aspect({
  name: 'structuredPropertySettings',
  type: record(`${ST}StructuredPropertySettings`, {
    isHidden: withDefault(boolean, false),
    showInSearchFilters: withDefault(boolean, false),
    showInAssetSummary: withDefault(boolean, false),
    showAsAssetBadge: withDefault(boolean, false),
    showInColumnsTable: withDefault(boolean, false),
    lastModified: optional(AuditStamp),
  }),
  searchable: [
    { path: '/isHidden', fieldType: 'BOOLEAN' },
    { path: '/showInSearchFilters', fieldType: 'BOOLEAN' },
    { path: '/showInAssetSummary', fieldType: 'BOOLEAN' },
    { path: '/showAsAssetBadge', fieldType: 'BOOLEAN' },
    { path: '/showInColumnsTable', fieldType: 'BOOLEAN' },
    { path: '/lastModified/time', fieldName: 'lastModifiedSettings', fieldType: 'DATETIME' },
  ],
});

/** The info of a type a definition names: its qualified name, and how it is shown. */
function typeInfo<const N extends string, const R extends string>(name: N, recordName: R) {
  return aspect({
    name,
    type: record(recordName, { qualifiedName: string, displayName: optional(string), description: optional(string) }),
  });
}

export const dataTypeInfo = typeInfo('dataTypeInfo', 'com.linkedin.datatype.DataTypeInfo');
export const entityTypeInfo = typeInfo('entityTypeInfo', 'com.linkedin.entitytype.EntityTypeInfo');

export const structuredPropertyAspects = [propertyDefinition, structuredPropertySettings, dataTypeInfo, entityTypeInfo];
