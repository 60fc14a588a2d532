/**
 * Compiles an aspect type to JSON Schema. Records become `$defs` entries referenced by name, so a
 * record used in many places (AuditStamp) is written once. For validation records stay open: a
 * field they do not declare is refused separately, with DataHub's message (undeclared.ts). A
 * document for clients (the OpenAPI description) closes them, and keeps the records of many types
 * in one table of its own.
 */
import type { RecordType, SchemaType } from './types.js';

export type JsonSchema = Record<string, unknown>;

export function toJsonSchema(root: RecordType): JsonSchema {
  const defs: Record<string, JsonSchema> = {};
  return { ...compileSchema(root, { defs, refBase: '#/$defs/', closed: false }), $defs: defs };
}

/**
 * The schema of a type, its records added to `defs` (shared by every type compiled into it) and
 * referenced as `refBase` + the record's name.
 */
export function compileSchema(
  root: SchemaType,
  { defs, refBase, closed }: { defs: Record<string, JsonSchema>; refBase: string; closed: boolean },
): JsonSchema {
  const walk = (type: SchemaType): JsonSchema => {
    switch (type.kind) {
      case 'primitive':
        switch (type.name) {
          case 'string':
          case 'bytes':
            return type.urn ? { type: 'string', format: 'urn' } : { type: 'string' };
          case 'int':
          case 'long':
            return { type: 'integer' };
          case 'float':
          case 'double':
            return { type: 'number' };
          case 'boolean':
            return { type: 'boolean' };
        }
        break;
      case 'enum':
        return { type: 'string', enum: [...type.symbols] };
      case 'array':
        return { type: 'array', items: walk(type.items) };
      case 'map':
        return { type: 'object', additionalProperties: walk(type.values) };
      case 'union': {
        // One object with exactly one of the member keys: clearer errors than oneOf.
        const properties: Record<string, JsonSchema> = {};
        for (const m of type.members) properties[m.key] = walk(m.type);
        return { type: 'object', properties, minProperties: 1, maxProperties: 1, additionalProperties: false };
      }
      case 'record': {
        if (!(type.name in defs)) {
          defs[type.name] = {}; // placeholder first: guards against recursive records
          const properties: Record<string, JsonSchema> = {};
          const required: string[] = [];
          for (const f of type.fields) {
            properties[f.name] = walk(f.type);
            if (!f.optional && !('default' in f)) required.push(f.name);
          }
          defs[type.name] = {
            type: 'object',
            properties,
            ...(required.length ? { required } : {}),
            ...(closed ? { additionalProperties: false } : {}),
          };
        }
        return { $ref: `${refBase}${type.name}` };
      }
      case 'any':
        return {};
    }
    throw new Error(`unknown schema type ${JSON.stringify(type)}`);
  };

  return walk(root);
}
