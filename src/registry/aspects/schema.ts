/**
 * Schema aspects (Pegasus `com.linkedin.schema.*`): the schema of a dataset, its editable overlay, and
 * the schemaField entity's aspects.
 */
import { arrayOf, boolean, long, mapOf, optional, record, string, union, urn, withDefault } from '../schema/dsl.js';
import { AuditStamp, ChangeAuditStamps } from '../schema/common.js';
import type { RelationshipDecl, SearchableDecl } from '../types.js';
import { attributionSearchables, GlobalTags, GlossaryTerms } from './shared.js';
import { aspect } from './aspect.js';

const S = 'com.linkedin.schema.';

// --- SchemaFieldDataType: a union of (mostly empty) type records, keyed by their full names -------------

const BooleanType = record(`${S}BooleanType`, {});
const FixedType = record(`${S}FixedType`, {});
const StringType = record(`${S}StringType`, {});
const BytesType = record(`${S}BytesType`, {});
const NumberType = record(`${S}NumberType`, {});
const DateType = record(`${S}DateType`, {});
const TimeType = record(`${S}TimeType`, {});
const EnumType = record(`${S}EnumType`, {});
const NullType = record(`${S}NullType`, {});
const MapType = record(`${S}MapType`, { keyType: optional(string), valueType: optional(string) });
const ArrayType = record(`${S}ArrayType`, { nestedType: optional(arrayOf(string)) });
const UnionType = record(`${S}UnionType`, { nestedTypes: optional(arrayOf(string)) });
const RecordType = record(`${S}RecordType`, {});

export const SchemaFieldDataType = record(`${S}SchemaFieldDataType`, {
  type: union(
    BooleanType,
    FixedType,
    StringType,
    BytesType,
    NumberType,
    DateType,
    TimeType,
    EnumType,
    NullType,
    MapType,
    ArrayType,
    UnionType,
    RecordType,
  ),
});

// --- SchemaField ------------------------------------------------------------------------------------------

export const SchemaField = record(`${S}SchemaField`, {
  fieldPath: string,
  jsonPath: optional(string),
  nullable: withDefault(boolean, false),
  description: optional(string),
  label: optional(string),
  created: optional(AuditStamp),
  lastModified: optional(AuditStamp),
  type: SchemaFieldDataType,
  nativeDataType: string,
  recursive: withDefault(boolean, false),
  globalTags: optional(GlobalTags),
  glossaryTerms: optional(GlossaryTerms),
  isPartOfKey: withDefault(boolean, false),
  isPartitioningKey: optional(boolean),
  jsonProps: optional(string),
});

/** Searchables of a `SchemaField` at `prefix` (e.g. `/fields/*`), as annotated in SchemaField.pdl. */
function schemaFieldSearchables(prefix: string): SearchableDecl[] {
  return [
    { path: `${prefix}/fieldPath`, fieldName: 'fieldPaths', fieldType: 'TEXT', boostScore: 1, queryByDefault: true },
    { path: `${prefix}/description`, fieldName: 'fieldDescriptions', fieldType: 'TEXT', boostScore: 0.1 },
    { path: `${prefix}/label`, fieldName: 'fieldLabels', fieldType: 'TEXT', boostScore: 0.2 },
    { path: `${prefix}/globalTags/tags/*/tag`, fieldName: 'fieldTags', fieldType: 'URN', boostScore: 0.5 },
    ...attributionSearchables(`${prefix}/globalTags/tags`, 'fieldTag'),
    { path: `${prefix}/glossaryTerms/terms/*/urn`, fieldName: 'fieldGlossaryTerms', fieldType: 'URN', boostScore: 0.5 },
    ...attributionSearchables(`${prefix}/glossaryTerms/terms`, 'fieldTerm'),
  ];
}

function schemaFieldRelationships(prefix: string): RelationshipDecl[] {
  return [
    { path: `${prefix}/globalTags/tags/*/tag`, name: 'SchemaFieldTaggedWith', entityTypes: ['tag'] },
    { path: `${prefix}/glossaryTerms/terms/*/urn`, name: 'SchemaFieldWithGlossaryTerm', entityTypes: ['glossaryTerm'] },
  ];
}

// --- platformSchema: the native schema, one record per platform flavour --------------------------------

const EspressoSchema = record(`${S}EspressoSchema`, { documentSchema: string, tableSchema: string });
const OracleDDL = record(`${S}OracleDDL`, { tableSchema: string });
const MySqlDDL = record(`${S}MySqlDDL`, { tableSchema: string });
const PrestoDDL = record(`${S}PrestoDDL`, { rawSchema: string });
const KafkaSchema = record(`${S}KafkaSchema`, {
  documentSchema: string,
  documentSchemaType: optional(string),
  keySchema: optional(string),
  keySchemaType: optional(string),
});
const BinaryJsonSchema = record(`${S}BinaryJsonSchema`, { schema: string });
const OrcSchema = record(`${S}OrcSchema`, { schema: string });
const Schemaless = record(`${S}Schemaless`, {});
const KeyValueSchema = record(`${S}KeyValueSchema`, { keySchema: string, valueSchema: string });
const OtherSchema = record(`${S}OtherSchema`, { rawSchema: string });

// --- foreign keys -------------------------------------------------------------------------------------

const ForeignKeySpec = record(`${S}ForeignKeySpec`, {
  foreignKey: union(
    record(`${S}DatasetFieldForeignKey`, { parentDataset: urn, currentFieldPaths: arrayOf(string), parentField: string }),
    record(`${S}UrnForeignKey`, { currentFieldPath: string }),
  ),
});

const ForeignKeyConstraint = record(`${S}ForeignKeyConstraint`, {
  name: string,
  foreignFields: arrayOf(urn),
  sourceFields: arrayOf(urn),
  foreignDataset: urn,
});

/** `SchemaMetadataKey`, included first by SchemaMetadata. */
const SchemaMetadataKey = record(`${S}SchemaMetadataKey`, {
  schemaName: string,
  platform: urn,
  version: long,
});

export const schemaMetadata = aspect({
  name: 'schemaMetadata',
  type: record(
    `${S}SchemaMetadata`,
    {
      dataset: optional(urn),
      cluster: optional(string),
      hash: string,
      platformSchema: union(
        EspressoSchema,
        OracleDDL,
        MySqlDDL,
        PrestoDDL,
        KafkaSchema,
        BinaryJsonSchema,
        OrcSchema,
        Schemaless,
        KeyValueSchema,
        OtherSchema,
      ),
      fields: arrayOf(SchemaField),
      primaryKeys: optional(arrayOf(string)),
      foreignKeysSpecs: optional(mapOf(ForeignKeySpec)),
      foreignKeys: optional(arrayOf(ForeignKeyConstraint)),
    },
    SchemaMetadataKey,
    ChangeAuditStamps,
  ),
  searchable: schemaFieldSearchables('/fields/*'),
  relationships: [
    ...schemaFieldRelationships('/fields/*'),
    { path: '/foreignKeys/*/foreignFields/*', name: 'ForeignKeyTo', entityTypes: ['schemaField'] },
    { path: '/foreignKeys/*/foreignDataset', name: 'ForeignKeyToDataset', entityTypes: ['dataset'] },
  ],
});

// --- editableSchemaMetadata ---------------------------------------------------------------------------

export const EditableSchemaFieldInfo = record(`${S}EditableSchemaFieldInfo`, {
  fieldPath: string,
  description: optional(string),
  globalTags: optional(GlobalTags),
  glossaryTerms: optional(GlossaryTerms),
});

export const editableSchemaMetadata = aspect({
  name: 'editableSchemaMetadata',
  type: record(
    `${S}EditableSchemaMetadata`,
    {
      editableSchemaFieldInfo: arrayOf(EditableSchemaFieldInfo),
    },
    ChangeAuditStamps,
  ),
  searchable: [
    { path: '/editableSchemaFieldInfo/*/description', fieldName: 'editedFieldDescriptions', fieldType: 'TEXT', boostScore: 0.1 },
    { path: '/editableSchemaFieldInfo/*/globalTags/tags/*/tag', fieldName: 'editedFieldTags', fieldType: 'URN', boostScore: 0.5 },
    ...attributionSearchables('/editableSchemaFieldInfo/*/globalTags/tags', 'editedFieldTag'),
    {
      path: '/editableSchemaFieldInfo/*/glossaryTerms/terms/*/urn',
      fieldName: 'editedFieldGlossaryTerms',
      fieldType: 'URN',
      boostScore: 0.5,
    },
    ...attributionSearchables('/editableSchemaFieldInfo/*/glossaryTerms/terms', 'editedFieldTerm'),
  ],
  relationships: [
    { path: '/editableSchemaFieldInfo/*/globalTags/tags/*/tag', name: 'EditableSchemaFieldTaggedWith', entityTypes: ['tag'] },
    {
      path: '/editableSchemaFieldInfo/*/glossaryTerms/terms/*/urn',
      name: 'EditableSchemaFieldWithGlossaryTerm',
      entityTypes: ['glossaryTerm'],
    },
  ],
});

// --- inputFields (charts, dashboards): the schema fields an asset reads --------------------------------

export const inputFields = aspect({
  name: 'inputFields',
  type: record('com.linkedin.common.InputFields', {
    fields: arrayOf(
      record('com.linkedin.common.InputField', {
        schemaFieldUrn: urn,
        schemaField: optional(SchemaField),
      }),
    ),
  }),
  relationships: [
    { path: '/fields/*/schemaFieldUrn', name: 'consumesField', entityTypes: ['schemaField'] },
    ...schemaFieldRelationships('/fields/*/schemaField'),
  ],
});

// --- schemaField entity aspects ------------------------------------------------------------------------

export const schemafieldInfo = aspect({
  name: 'schemafieldInfo',
  type: record(`${S}SchemaFieldInfo`, {
    name: optional(string),
    schemaFieldAliases: optional(arrayOf(urn)),
    description: optional(string),
  }),
  searchable: [
    { path: '/name', fieldType: 'KEYWORD' },
    { path: '/schemaFieldAliases/*', fieldName: 'schemaFieldAliases', fieldType: 'URN', queryByDefault: false },
  ],
});

export const schemaFieldAliases = aspect({
  name: 'schemaFieldAliases',
  type: record(`${S}SchemaFieldAliases`, {
    aliases: optional(arrayOf(urn)),
  }),
});

export const businessAttributes = aspect({
  name: 'businessAttributes',
  type: record('com.linkedin.businessattribute.BusinessAttributes', {
    businessAttribute: optional(
      record('com.linkedin.businessattribute.BusinessAttributeAssociation', {
        businessAttributeUrn: urn,
      }),
    ),
  }),
  relationships: [{ path: '/businessAttribute/businessAttributeUrn', name: 'BusinessAttributeOf', entityTypes: ['businessAttribute'] }],
});

export const schemaAspects = [schemaMetadata, editableSchemaMetadata, inputFields, schemafieldInfo, schemaFieldAliases, businessAttributes];
