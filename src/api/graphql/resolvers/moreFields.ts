/**
 * Entity fields that read more than one aspect: schemas, timeseries (profiles, operations) and
 * relationships (lineage: lineage.ts).
 */
import type { GraphQLFieldResolver } from 'graphql';
import { aspectOf, refOf, type EntityRef, type GraphQLContext } from '../context.js';
import { partitionSpec } from '../mappers/assertions.js';
import { stringMap } from '../mappers/common.js';
import { mayViewTimeseries, pointsOf } from './reads.js';
import { globalTags, glossaryTerms } from '../mappers/tags.js';

type Json = Record<string, any>;
type Resolver = GraphQLFieldResolver<EntityRef, GraphQLContext, any>;

const FIELD_TYPES: Record<string, string> = {
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

export function fieldType(type: Json | undefined): string {
  const member = Object.keys(type?.type ?? {})[0] ?? '';
  return FIELD_TYPES[member.split('.').pop() ?? ''] ?? 'NULL';
}

function platformSchema(union: Json | undefined): Json | null {
  if (!union) return null;
  const [name] = Object.keys(union);
  const inner = union[name] ?? {};
  if (name.endsWith('.KeyValueSchema')) return { __typename: 'KeyValueSchema', keySchema: inner.keySchema ?? '', valueSchema: inner.valueSchema ?? '' };
  const schema = inner.documentSchema ?? inner.tableSchema ?? inner.schema ?? inner.rawSchema ?? JSON.stringify(inner);
  return { __typename: 'TableSchema', schema };
}


export const schemaMetadata: Resolver = async (ref, _args, ctx) => {
  const s = await aspectOf(ctx, ref, 'schemaMetadata');
  if (!s) return null;
  return {
    aspectVersion: 0,
    datasetUrn: ref.urn,
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
      globalTags: globalTags(ctx, ref.urn, f.globalTags),
      tags: globalTags(ctx, ref.urn, f.globalTags),
      glossaryTerms: glossaryTerms(ctx, ref.urn, f.glossaryTerms),
      isPartOfKey: f.isPartOfKey ?? null,
      isPartitioningKey: f.isPartitioningKey ?? null,
      jsonProps: f.jsonProps ?? null,
    })),
  };
};

export const editableSchemaMetadata: Resolver = async (ref, _args, ctx) => {
  const e = await aspectOf(ctx, ref, 'editableSchemaMetadata');
  if (!e) return null;
  return {
    editableSchemaFieldInfo: (e.editableSchemaFieldInfo ?? []).map((f: Json) => ({
      fieldPath: f.fieldPath,
      description: f.description ?? null,
      globalTags: globalTags(ctx, ref.urn, f.globalTags),
      tags: globalTags(ctx, ref.urn, f.globalTags),
      glossaryTerms: glossaryTerms(ctx, ref.urn, f.glossaryTerms),
    })),
  };
};

/** Points of a timeseries aspect of the entity, newest first. */
const timeseries =
  (aspect: string, map: (v: Json) => Json): Resolver =>
  async (ref, args, ctx) =>
    (await mayViewTimeseries(ctx, ref, aspect)) ? (await pointsOf(ctx, ref, aspect, { ...args, and: args.filter?.and })).map(map) : [];

export const datasetProfiles = timeseries('datasetProfile', (p) => ({
  ...p,
  partitionSpec: partitionSpec(p.partitionSpec),
  fieldProfiles: p.fieldProfiles ?? null,
}));

export const operations = timeseries('operation', (o) => ({
  ...o,
  customProperties: stringMap(o.customProperties),
  partition: o.partitionSpec?.partition ?? null,
}));

export const relationships: Resolver = async (ref, { input }, ctx) => {
  const r = await ctx.services.graph.related({ urn: ref.urn, types: input.types, direction: input.direction, start: input.start ?? 0, count: input.count ?? 100 }, ctx.actor);
  return {
    start: r.start,
    count: r.count,
    total: r.total,
    relationships: r.relationships.flatMap((x) => {
      const entity = refOf(ctx.services, x.entity);
      return entity ? [{ type: x.type, direction: input.direction, entity, created: null }] : [];
    }),
  };
};
