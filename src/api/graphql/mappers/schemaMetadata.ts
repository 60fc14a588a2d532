/**
 * `schemaMetadata` and `editableSchemaMetadata`: a dataset's columns as ingested and as edited, with
 * the tags and terms on each column.
 */
import type { GraphQLContext } from '../context.js';
import type { ResolversTypes, SchemaFieldDataType } from '../generated/resolvers.js';
import { globalTags, glossaryTerms } from './tags.js';

type Json = Record<string, any>;

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
export function storedFieldType(type: SchemaFieldDataType): Json {
  const member = Object.keys(FIELD_TYPES).find((k) => FIELD_TYPES[k] === type) ?? 'NullType';
  return { type: { [`com.linkedin.schema.${member}`]: {} } };
}

/** A stored `SchemaFieldDataType` (a union named by its member's record) as GraphQL's enum. */
export function fieldType(type: Json | undefined): SchemaFieldDataType {
  const member = Object.keys(type?.type ?? {})[0] ?? '';
  return FIELD_TYPES[member.split('.').pop() ?? ''] ?? 'NULL';
}

function platformSchema(union: Json | undefined): ResolversTypes['PlatformSchema'] | null {
  if (!union) return null;
  const [name] = Object.keys(union);
  if (name === undefined) return null;
  const inner = union[name] ?? {};
  if (name.endsWith('.KeyValueSchema'))
    return { __typename: 'KeyValueSchema', keySchema: inner.keySchema ?? '', valueSchema: inner.valueSchema ?? '' };
  const schema = inner.documentSchema ?? inner.tableSchema ?? inner.schema ?? inner.rawSchema ?? JSON.stringify(inner);
  return { __typename: 'TableSchema', schema };
}

export function schemaMetadata(ctx: GraphQLContext, datasetUrn: string, s: Json | undefined): ResolversTypes['SchemaMetadata'] | null {
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
    fields: (s.fields ?? []).map((f: Json) => ({
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
    })),
  };
}

export function editableSchemaMetadata(
  ctx: GraphQLContext,
  datasetUrn: string,
  e: Json | undefined,
): ResolversTypes['EditableSchemaMetadata'] | null {
  if (!e) return null;
  return {
    editableSchemaFieldInfo: (e.editableSchemaFieldInfo ?? []).map((f: Json) => ({
      fieldPath: f.fieldPath,
      description: f.description ?? null,
      globalTags: globalTags(ctx, datasetUrn, f.globalTags),
      tags: globalTags(ctx, datasetUrn, f.globalTags),
      glossaryTerms: glossaryTerms(ctx, datasetUrn, f.glossaryTerms),
    })),
  };
}
