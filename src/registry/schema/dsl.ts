/**
 * Builders for aspect types. A record is written as a map of field name to type; wrap a type in
 * `optional()` for a Pegasus optional field, or in `withDefault()` for a field with a default.
 *
 *   const AuditStamp = record('com.linkedin.common.AuditStamp', {
 *     time: long, actor: urn, impersonator: optional(urn), message: optional(string),
 *   });
 */
import type {
  AnyType,
  ArrayType,
  EnumType,
  MapType,
  PrimitiveType,
  RecordField,
  RecordType,
  SchemaType,
  Static,
  Typed,
  UnionMember,
  UnionType,
} from './types.js';

/** A primitive schema named `N` (the key it has as a union member) whose values are `T`. */
type Primitive<N extends string, T> = PrimitiveType & { readonly name: N } & Typed<T>;

export const string: Primitive<'string', string> = { kind: 'primitive', name: 'string' };
export const int: Primitive<'int', number> = { kind: 'primitive', name: 'int' };
export const long: Primitive<'long', number> = { kind: 'primitive', name: 'long' };
export const float: Primitive<'float', number> = { kind: 'primitive', name: 'float' };
export const double: Primitive<'double', number> = { kind: 'primitive', name: 'double' };
export const boolean: Primitive<'boolean', boolean> = { kind: 'primitive', name: 'boolean' };
export const bytes: Primitive<'bytes', string> = { kind: 'primitive', name: 'bytes' };
/** A string typeref holding an urn (Pegasus `Urn`, `DatasetUrn`, `CorpuserUrn`…). */
export const urn: Primitive<'string', string> = { kind: 'primitive', name: 'string', urn: true };
export const any: AnyType & Typed<unknown> = { kind: 'any' };

export function enumOf<const N extends string, const S extends readonly string[]>(
  name: N,
  symbols: S,
): EnumType & { readonly name: N } & Typed<S[number]> {
  return { kind: 'enum', name, symbols };
}

export function arrayOf<S extends SchemaType>(items: S): ArrayType & Typed<Static<S>[]> {
  return { kind: 'array', items };
}

export function mapOf<S extends SchemaType>(values: S): MapType & Typed<Record<string, Static<S>>> {
  return { kind: 'map', values };
}

type MemberSpec = SchemaType | readonly [string, SchemaType];

/** The single-key object a union member is written as: `{"<key>": value}`. */
type MemberStatic<M> = M extends readonly [infer K extends string, infer S]
  ? { [P in K]: Static<S> }
  : M extends { kind: 'array' | 'map' }
    ? { [P in M['kind']]: Static<M> }
    : M extends { name: infer K extends string }
      ? { [P in K]: Static<M> }
      : never;

/**
 * A union. Members are given as types (keyed by their Pegasus member key: the record or enum's fully
 * qualified name, or the primitive name) or as `[alias, type]` pairs for aliased unions.
 */
export function union<const M extends readonly MemberSpec[]>(...members: M): UnionType & Typed<MemberStatic<M[number]>> {
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

interface OptionalMarker<S extends SchemaType = SchemaType> {
  [OPTIONAL]: S;
}
interface DefaultMarker<S extends SchemaType = SchemaType> {
  [DEFAULT]: { type: S; value: unknown };
}
type FieldSpec = SchemaType | OptionalMarker | DefaultMarker;

export function optional<S extends SchemaType>(type: S): OptionalMarker<S> {
  return { [OPTIONAL]: type };
}

/**
 * A field with a default. Its static type is optional: nothing fills defaults in on the way in or
 * out, so a stored value read back may lack the field.
 */
export function withDefault<S extends SchemaType>(type: S, value: Static<S>): DefaultMarker<S> {
  return { [DEFAULT]: { type, value } };
}

type FieldStatic<F> = F extends OptionalMarker<infer S> ? Static<S> : F extends DefaultMarker<infer S> ? Static<S> : Static<F>;
type RequiredKeys<F> = { [K in keyof F]: F[K] extends OptionalMarker | DefaultMarker ? never : K }[keyof F];
type FieldsStatic<F> = { [K in RequiredKeys<F>]: FieldStatic<F[K]> } & {
  [K in Exclude<keyof F, RequiredKeys<F>>]?: FieldStatic<F[K]>;
};
type IncludesStatic<I> = I extends readonly [infer H, ...infer R] ? Static<H> & IncludesStatic<R> : unknown;
type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** The static type of a record: its own fields and its includes'. Fields it does not declare are kept at run time but not typed. */
export type RecordStatic<F, I = []> = Simplify<FieldsStatic<F> & IncludesStatic<I>>;

/** A record schema named `N` whose values are `T`. */
export type RecordSchema<N extends string = string, T = unknown> = RecordType & { readonly name: N } & Typed<T>;

export function record<const N extends string, F extends Record<string, FieldSpec>, I extends readonly RecordType[] = []>(
  name: N,
  fields: F,
  ...includes: I
): RecordSchema<N, RecordStatic<F, I>> {
  const own = Object.entries(fields).map(([fieldName, spec]): RecordField => {
    if (OPTIONAL in spec) return { name: fieldName, type: spec[OPTIONAL], optional: true };
    if (DEFAULT in spec) return { name: fieldName, type: spec[DEFAULT].type, optional: false, default: spec[DEFAULT].value };
    return { name: fieldName, type: spec, optional: false };
  });
  // Pegasus `includes`: the included records' fields come first, as in the generated schemas.
  const included = includes.flatMap((r) => r.fields);
  return { kind: 'record', name, fields: [...included, ...own] };
}
