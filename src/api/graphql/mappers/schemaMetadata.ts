/**
 * `schemaMetadata` and `editableSchemaMetadata`: a dataset's columns as ingested and as edited, with
 * the tags and terms on each column.
 */
import type { GraphQLContext } from '../context.js';
import { aspectValue, type AspectValue } from '../../../registry/aspectValues.js';
import type { ResolversTypes, SchemaFieldDataType } from '../generated/resolvers.js';
import { schemaFieldUrn } from '../../../urn.js';
import { refOf } from '../context.js';
import { globalTags, glossaryTerms } from './tags.js';

type SchemaMetadata = AspectValue<'schemaMetadata'>;
/** A stored `SchemaFieldDataType`: `{type: {<member record name>: {}}}`. */
type StoredFieldType = SchemaMetadata['fields'][number]['type'];
/** The text each member of a `platformSchema` union holds its schema in. */
type PlatformSchemaTexts = Partial<Record<'keySchema' | 'valueSchema' | 'documentSchema' | 'tableSchema' | 'schema' | 'rawSchema', string>>;

const FIELD_TYPES: Record<string, SchemaFieldDataType> = {
  BooleanType: 'BOOLEAN',
  FixedType: 'FIXED',
  StringType: 'STRING',
  BytesType: 'BYTES',
  NumberType: 'NUMBER',
  DateType: 'DATE',
  TimeType: 'TIME',
  EnumType: 'ENUM',
  NullType: 'NULL',
  MapType: 'MAP',
  ArrayType: 'ARRAY',
  UnionType: 'UNION',
  RecordType: 'STRUCT',
};

/** GraphQL's enum as a stored `SchemaFieldDataType` (its union member's record, empty). */
export function storedFieldType(type: SchemaFieldDataType): StoredFieldType {
  const member = Object.keys(FIELD_TYPES).find((k) => FIELD_TYPES[k] === type) ?? 'NullType';
  // FIELD_TYPES names the union's members, each an empty record.
  return { type: { [`com.linkedin.schema.${member}`]: {} } as StoredFieldType['type'] };
}

/** A stored `SchemaFieldDataType` (a union named by its member's record) as GraphQL's enum. */
export function fieldType(type: StoredFieldType | undefined): SchemaFieldDataType {
  const member = Object.keys(type?.type ?? {})[0] ?? '';
  return FIELD_TYPES[member.split('.').pop() ?? ''] ?? 'NULL';
}

function platformSchema(union: SchemaMetadata['platformSchema'] | undefined): ResolversTypes['PlatformSchema'] | null {
  if (!union) return null;
  const [name] = Object.keys(union);
  if (name === undefined) return null;
  const inner: PlatformSchemaTexts = (union as Record<string, PlatformSchemaTexts>)[name] ?? {};
  if (name.endsWith('.KeyValueSchema'))
    return { __typename: 'KeyValueSchema', keySchema: inner.keySchema ?? '', valueSchema: inner.valueSchema ?? '' };
  const schema = inner.documentSchema ?? inner.tableSchema ?? inner.schema ?? inner.rawSchema ?? JSON.stringify(inner);
  return { __typename: 'TableSchema', schema };
}

/** `stored`: the aspect's value as a store row holds it (any version). */
export function schemaMetadata(
  ctx: GraphQLContext,
  datasetUrn: string,
  stored: Record<string, unknown> | undefined,
): ResolversTypes['SchemaMetadata'] | null {
  const s = aspectValue('schemaMetadata', stored);
  if (!s) return null;
  return {
    aspectVersion: 0,
    datasetUrn,
    name: s.schemaName,
    platformUrn: s.platform,
    version: s.version ?? 0,
    cluster: s.cluster ?? null,
    hash: s.hash ?? '',
    platformSchema: platformSchema(s.platformSchema),
    primaryKeys: s.primaryKeys ?? null,
    foreignKeys: null,
    createdAt: s.created?.time ?? null,
    fields: (s.fields ?? []).map((f) => ({
      fieldPath: f.fieldPath,
      jsonPath: f.jsonPath ?? null,
      label: f.label ?? null,
      nullable: f.nullable === true,
      description: f.description ?? null,
      type: fieldType(f.type),
      nativeDataType: f.nativeDataType ?? null,
      recursive: f.recursive === true,
      globalTags: globalTags(ctx, datasetUrn, f.globalTags),
      tags: globalTags(ctx, datasetUrn, f.globalTags),
      glossaryTerms: glossaryTerms(ctx, datasetUrn, f.glossaryTerms),
      isPartOfKey: f.isPartOfKey ?? null,
      isPartitioningKey: f.isPartitioningKey ?? null,
      jsonProps: f.jsonProps ?? null,
      // The column as an entity, as DataHub's mapper names it: the app links lineage and docs to it.
      schemaFieldEntity: refOf(ctx.services, schemaFieldUrn(datasetUrn, f.fieldPath)) ?? null,
    })),
  };
}

/** `stored`: the aspect's value as a store row holds it (any version). */
export function editableSchemaMetadata(
  ctx: GraphQLContext,
  datasetUrn: string,
  stored: Record<string, unknown> | undefined,
): ResolversTypes['EditableSchemaMetadata'] | null {
  const e = aspectValue('editableSchemaMetadata', stored);
  if (!e) return null;
  return {
    editableSchemaFieldInfo: (e.editableSchemaFieldInfo ?? []).map((f) => ({
      fieldPath: f.fieldPath,
      description: f.description ?? null,
      globalTags: globalTags(ctx, datasetUrn, f.globalTags),
      tags: globalTags(ctx, datasetUrn, f.globalTags),
      glossaryTerms: glossaryTerms(ctx, datasetUrn, f.glossaryTerms),
    })),
  };
}
