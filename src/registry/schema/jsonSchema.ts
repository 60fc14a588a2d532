/**
 * Compiles an aspect type to JSON Schema. Records become `$defs` entries referenced by name, so a
 * record used in many places (AuditStamp) is written once. Records stay open: fields we do not
 * declare are allowed, as newer DataHub clients send fields older servers do not know.
 */
import type { RecordType, SchemaType } from './types.js';

type JsonSchema = Record<string, unknown>;

export function toJsonSchema(root: RecordType): JsonSchema {
  const defs: Record<string, JsonSchema> = {};

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
          defs[type.name] = { type: 'object', properties, ...(required.length ? { required } : {}) };
        }
        return { $ref: `#/$defs/${type.name}` };
      }
      case 'any':
        return {};
    }
    throw new Error(`unknown schema type ${JSON.stringify(type)}`);
  };

  const ref = walk(root);
  return { ...ref, $defs: defs };
}
