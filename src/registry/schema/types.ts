/**
 * A small type algebra for aspect schemas, shaped after Pegasus (the schema language DataHub's models
 * are written in). Each aspect's type is declared once with these values; from it we derive the JSON
 * Schema that validates proposals and the normalizer that reads Avro-style JSON written by older tools.
 */

export type PrimitiveName = 'string' | 'int' | 'long' | 'float' | 'double' | 'boolean' | 'bytes';

export interface PrimitiveType {
  kind: 'primitive';
  name: PrimitiveName;
  /** A typeref over string that must hold an urn (Pegasus `Urn`, `DatasetUrn`…), optionally of given entity types. */
  urn?: true;
}

export interface EnumType {
  kind: 'enum';
  /** Fully qualified name, e.g. `com.linkedin.common.OwnershipType`. */
  name: string;
  symbols: readonly string[];
}

export interface ArrayType {
  kind: 'array';
  items: SchemaType;
}

export interface MapType {
  kind: 'map';
  values: SchemaType;
}

export interface UnionMember {
  /** The JSON key of the member: a fully qualified type name, a primitive name, or an alias. */
  key: string;
  type: SchemaType;
}

export interface UnionType {
  kind: 'union';
  members: readonly UnionMember[];
}

export interface RecordField {
  name: string;
  type: SchemaType;
  optional: boolean;
  /** Present when the field has a default; a field with a default may be omitted. */
  default?: unknown;
}

export interface RecordType {
  kind: 'record';
  /** Fully qualified name, e.g. `com.linkedin.common.Ownership`. */
  name: string;
  fields: readonly RecordField[];
  /**
   * Structural records declare only the fields we know; every record accepts and keeps fields it does
   * not declare, because newer clients send fields older servers have not heard of.
   */
}

/** Anything at all: for parts of aspects whose shape we do not model. */
export interface AnyType {
  kind: 'any';
}

export type SchemaType = PrimitiveType | EnumType | ArrayType | MapType | UnionType | RecordType | AnyType;

declare const STATIC: unique symbol;

/**
 * A schema type that also carries, for the type checker only, the TypeScript type of the values it
 * describes (as TypeBox's `Static<T>`). The property is never set: runtime schemas stay plain data.
 */
export interface Typed<T> {
  readonly [STATIC]?: T;
}

/** The TypeScript type of the values a schema describes; `unknown` for a schema built without the DSL. */
export type Static<S> = S extends Typed<infer T> ? T : unknown;
