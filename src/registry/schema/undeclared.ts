/**
 * Fields of a value that its schema does not declare. As in DataHub (Pegasus's UnrecognizedFieldMode
 * DISALLOW), a write may not hold one: a misspelt field would otherwise be stored in place of the one
 * meant. Parts whose shape the schema leaves open (`any`) are not looked into.
 */
import type { SchemaType } from './types.js';

/** JSON Pointers of the object keys in `value` that no record field of `type` declares, in document order. */
export function undeclaredFields(type: SchemaType, value: unknown, path = ''): string[] {
  if (value === null || typeof value !== 'object') return [];
  const child = (key: string | number) => `${path}/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`;
  switch (type.kind) {
    case 'array':
      return Array.isArray(value) ? value.flatMap((item, i) => undeclaredFields(type.items, item, child(i))) : [];
    case 'map':
      return Array.isArray(value) ? [] : Object.entries(value).flatMap(([k, v]) => undeclaredFields(type.values, v, child(k)));
    case 'union':
      return Array.isArray(value)
        ? []
        : Object.entries(value).flatMap(([k, v]) => {
            const member = type.members.find((m) => m.key === k);
            return member ? undeclaredFields(member.type, v, child(k)) : [];
          });
    case 'record':
      if (Array.isArray(value)) return [];
      return Object.entries(value).flatMap(([k, v]) => {
        const field = type.fields.find((f) => f.name === k);
        return field ? undeclaredFields(field.type, v, child(k)) : [child(k)];
      });
    default:
      return [];
  }
}
