/**
 * Structured property values in search documents. DataHub indexes each property's values under
 * `structuredProperties.<qualified name>` and takes filters and facets by that name; a property's
 * qualified name is its urn's id, so the field is known from the assignment alone, without reading
 * the definition. Every such field is a facet: whether the app offers it is the property's settings.
 */
import { isPlainObject } from '../json.js';
import { entityUrn, tryParseUrn } from '../urn.js';
import { isScalar, type Scalar } from './paths.js';

export const STRUCTURED_PROPERTY_FIELD_PREFIX = 'structuredProperties.';

/** The search field of a property, by its urn. */
export function structuredPropertyField(propertyUrn: string): string {
  return STRUCTURED_PROPERTY_FIELD_PREFIX + (tryParseUrn(propertyUrn)?.parts[0] ?? propertyUrn);
}

export const isStructuredPropertyField = (field: string) => field.startsWith(STRUCTURED_PROPERTY_FIELD_PREFIX);

/** The property a search field or facet is of (DataHub names it as the facet's entity), if it is one's. */
export function propertyOfField(field: string): string | undefined {
  return isStructuredPropertyField(field)
    ? entityUrn('structuredProperty', field.slice(STRUCTURED_PROPERTY_FIELD_PREFIX.length))
    : undefined;
}

/**
 * The fields of an entity's `structuredProperties` aspect: each property's field → its values. Read
 * field by field: a value indexed is any stored one, whatever its shape.
 */
export function structuredPropertyFields(aspect: Record<string, unknown>): Array<[string, Scalar[]]> {
  const assignments: unknown[] = Array.isArray(aspect.properties) ? aspect.properties : [];
  return assignments.flatMap((a) => {
    if (!isPlainObject(a) || typeof a.propertyUrn !== 'string') return [];
    const values = (Array.isArray(a.values) ? (a.values as unknown[]) : [])
      .map((v) => (isPlainObject(v) ? (v.string ?? v.double) : Array.isArray(v) ? undefined : v))
      .filter((v): v is Scalar => isScalar(v) && v !== '');
    return [[structuredPropertyField(a.propertyUrn), values] as [string, Scalar[]]];
  });
}
