/**
 * Builders for aspect types. A record is written as a map of field name to type; wrap a type in
 * `optional()` for a Pegasus optional field, or in `withDefault()` for a field with a default.
 *
 *   const AuditStamp = record('com.linkedin.common.AuditStamp', {
 *     time: long, actor: urn, impersonator: optional(urn), message: optional(string),
 *   });
 */
import type {
  ArrayType,
  EnumType,
  MapType,
  PrimitiveType,
  RecordField,
  RecordType,
  SchemaType,
  UnionMember,
  UnionType,
  AnyType,
} from './types.js';

export const string: PrimitiveType = { kind: 'primitive', name: 'string' };
export const int: PrimitiveType = { kind: 'primitive', name: 'int' };
export const long: PrimitiveType = { kind: 'primitive', name: 'long' };
export const float: PrimitiveType = { kind: 'primitive', name: 'float' };
export const double: PrimitiveType = { kind: 'primitive', name: 'double' };
export const boolean: PrimitiveType = { kind: 'primitive', name: 'boolean' };
export const bytes: PrimitiveType = { kind: 'primitive', name: 'bytes' };
/** A string typeref holding an urn (Pegasus `Urn`, `DatasetUrn`, `CorpuserUrn`…). */
export const urn: PrimitiveType = { kind: 'primitive', name: 'string', urn: true };
export const any: AnyType = { kind: 'any' };

export function enumOf(name: string, symbols: readonly string[]): EnumType {
  return { kind: 'enum', name, symbols };
}

export function arrayOf(items: SchemaType): ArrayType {
  return { kind: 'array', items };
}

export function mapOf(values: SchemaType): MapType {
  return { kind: 'map', values };
}

/**
 * A union. Members are given as types (keyed by their Pegasus member key: the record or enum's fully
 * qualified name, or the primitive name) or as `[alias, type]` pairs for aliased unions.
 */
export function union(...members: Array<SchemaType | readonly [string, SchemaType]>): UnionType {
  return {
    kind: 'union',
    members: members.map(
      (m): UnionMember => (Array.isArray(m) ? { key: m[0], type: m[1] } : { key: memberKey(m as SchemaType), type: m as SchemaType }),
    ),
  };
}

function memberKey(type: SchemaType): string {
  switch (type.kind) {
    case 'primitive':
      return type.name;
    case 'record':
    case 'enum':
      return type.name;
    case 'array':
      return 'array';
    case 'map':
      return 'map';
    default:
      throw new Error(`a union member of kind ${type.kind} needs an alias`);
  }
}

const OPTIONAL = Symbol('optional');
const DEFAULT = Symbol('default');

interface OptionalMarker {
  [OPTIONAL]: SchemaType;
}
interface DefaultMarker {
  [DEFAULT]: { type: SchemaType; value: unknown };
}
type FieldSpec = SchemaType | OptionalMarker | DefaultMarker;

export function optional(type: SchemaType): OptionalMarker {
  return { [OPTIONAL]: type };
}

export function withDefault(type: SchemaType, value: unknown): DefaultMarker {
  return { [DEFAULT]: { type, value } };
}

export function record(name: string, fields: Record<string, FieldSpec>, ...includes: RecordType[]): RecordType {
  const own = Object.entries(fields).map(([fieldName, spec]): RecordField => {
    if (OPTIONAL in spec) return { name: fieldName, type: spec[OPTIONAL], optional: true };
    if (DEFAULT in spec) return { name: fieldName, type: spec[DEFAULT].type, optional: false, default: spec[DEFAULT].value };
    return { name: fieldName, type: spec, optional: false };
  });
  // Pegasus `includes`: the included records' fields come first, as in the generated schemas.
  const included = includes.flatMap((r) => r.fields);
  return { kind: 'record', name, fields: [...included, ...own] };
}
