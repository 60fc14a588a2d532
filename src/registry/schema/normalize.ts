/**
 * Reads aspect JSON in either of the two forms real DataHub tools write, guided by the aspect's type,
 * and returns its Pegasus JSON form (the form GMS stores and serves):
 *
 * - Avro JSON (MCE files, `com.linkedin.pegasus2avro.*`): optional values wrapped by type
 *   (`{"string": "x"}`), `null` for absent fields, `fieldDiscriminator` objects for aliased unions,
 *   and union members written bare (`"inputs": ["urn:…"]` for a `union[DatasetUrn]`).
 * - Pegasus JSON: returned unchanged. Normalizing valid Pegasus JSON is the identity, so what a
 *   client sends in Pegasus form is what it reads back.
 *
 * Nothing is validated here; a value this cannot make sense of is passed through for the validator
 * to reject with a precise message.
 */
import type { RecordType, SchemaType, UnionMember } from './types.js';

const AVRO_NAMESPACE = 'com.linkedin.pegasus2avro.';
const PEGASUS_NAMESPACE = 'com.linkedin.';

export function stripAvroNamespace(name: string): string {
  return name.startsWith(AVRO_NAMESPACE) ? PEGASUS_NAMESPACE + name.slice(AVRO_NAMESPACE.length) : name;
}

type Json = unknown;

function isPlainObject(v: Json): v is Record<string, Json> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function singleKey(v: Json): [string, Json] | undefined {
  if (!isPlainObject(v)) return undefined;
  const [key, ...more] = Object.keys(v);
  return key !== undefined && more.length === 0 ? [stripAvroNamespace(key), v[key]] : undefined;
}

/** Names under which Avro JSON wraps a value of this type inside an optional (nullable) union. */
function avroWrapperNames(type: SchemaType): string[] {
  switch (type.kind) {
    case 'primitive':
      return type.name === 'int' || type.name === 'long'
        ? ['int', 'long']
        : type.name === 'float' || type.name === 'double'
          ? ['float', 'double']
          : [type.name];
    case 'enum':
    case 'record':
      return [type.name];
    case 'array':
      return ['array'];
    case 'map':
      return ['map'];
    default:
      return [];
  }
}

export function normalize(type: SchemaType, value: Json): Json {
  if (value === null || value === undefined) return undefined;

  // Avro's wrapper around the value of an optional field: `{"string": "x"}`, `{"array": [...]}`.
  const wrapped = singleKey(value);
  if (wrapped && avroWrapperNames(type).includes(wrapped[0]) && !(type.kind === 'map' && !isPlainObject(wrapped[1]))) {
    if (!(type.kind === 'record' && type.fields.some((f) => f.name === wrapped[0]))) return normalize(type, wrapped[1]);
  }

  switch (type.kind) {
    case 'primitive':
    case 'enum':
      return value;
    case 'any':
      return clean(value);
    case 'array':
      return Array.isArray(value) ? value.map((item) => normalize(type.items, item) ?? null) : value;
    case 'map':
      if (!isPlainObject(value)) return value;
      return Object.fromEntries(
        Object.entries(value)
          .map(([k, v]) => [k, normalize(type.values, v)] as const)
          .filter(([, v]) => v !== undefined),
      );
    case 'record':
      return normalizeRecord(type, value);
    case 'union':
      return normalizeUnion(type.members, value);
  }
}

function normalizeRecord(type: RecordType, value: Json): Json {
  if (!isPlainObject(value)) return value;
  const out: Record<string, Json> = {};
  for (const [key, v] of Object.entries(value)) {
    const field = type.fields.find((f) => f.name === key);
    const n = field ? normalize(field.type, v) : clean(v);
    if (n !== undefined) out[key] = n;
  }
  return out;
}

function normalizeUnion(members: readonly UnionMember[], value: Json): Json {
  if (isPlainObject(value) && typeof value.fieldDiscriminator === 'string') {
    const key = value.fieldDiscriminator;
    const member = members.find((m) => m.key === key);
    return member ? { [key]: normalize(member.type, value[key]) } : value;
  }
  const wrapped = singleKey(value);
  if (wrapped) {
    const member = members.find((m) => m.key === wrapped[0]);
    if (member) return { [member.key]: normalize(member.type, wrapped[1]) };
  }
  // A bare member value: wrap it in the first member whose type can hold it, in declaration order.
  const member = members.find((m) => accepts(m.type, value));
  return member ? { [member.key]: normalize(member.type, value) } : value;
}

function accepts(type: SchemaType, value: Json): boolean {
  switch (type.kind) {
    case 'primitive':
      if (type.name === 'boolean') return typeof value === 'boolean';
      if (type.name === 'string' || type.name === 'bytes') return typeof value === 'string';
      return typeof value === 'number';
    case 'enum':
      return typeof value === 'string' && type.symbols.includes(value);
    case 'array':
      return Array.isArray(value);
    case 'map':
    case 'record':
      return isPlainObject(value);
    default:
      return false;
  }
}

/** For parts we do not model: drop nulls, strip the Avro namespace, resolve field discriminators. */
export function clean(value: Json): Json {
  if (value === null || value === undefined) return undefined;
  if (Array.isArray(value)) return value.map((v) => clean(v) ?? null);
  if (!isPlainObject(value)) return value;
  const [only, ...more] = Object.keys(value);
  if (only !== undefined && more.length === 0 && only.startsWith(AVRO_NAMESPACE)) return { [stripAvroNamespace(only)]: clean(value[only]) };
  if (typeof value.fieldDiscriminator === 'string') {
    const key = value.fieldDiscriminator;
    return { [key]: clean(value[key]) };
  }
  const out: Record<string, Json> = {};
  for (const [k, v] of Object.entries(value)) {
    const c = clean(v);
    if (c !== undefined) out[k] = c;
  }
  return out;
}
