/**
 * The search document of an entity: built from its latest aspects by the registry's searchable
 * fields. One document per entity; the same field name in two aspects shares one document field.
 */
import type { EntitySpec, SearchableField } from '../registry/types.js';
import { BROWSE_PATH_V2_DELIMITER } from './browsePaths.js';
import { isScalar, valuesAt, type Scalar } from './paths.js';
import { structuredPropertyFields } from './structuredPropertyFields.js';

export interface SearchDocument {
  urn: string;
  entityType: string;
  /** Every document field (searchable fields, has-values and num-values fields, `urn`, `removed`) → its values. */
  fields: Record<string, Scalar[]>;
  removed: boolean;
}

function fieldValues(field: SearchableField, value: Record<string, unknown>): Scalar[] {
  const out: Scalar[] = [];
  for (const v of valuesAt(value, field.path)) {
    if (isScalar(v)) {
      if (v !== '') out.push(v);
    } else if (field.fieldType === 'OBJECT' && typeof v === 'object') {
      out.push(JSON.stringify(v));
    }
  }
  return out;
}

/**
 * A browse path v2 is indexed as one value, its segments each prefixed by `␟` (`␟prod␟urn:li:container:x`),
 * as DataHub indexes it: browsing and path filters match it segment by segment.
 */
function browsePathV2(segments: Scalar[]): Scalar[] {
  if (segments.length === 0) return [];
  const joined = segments.map(String).join(BROWSE_PATH_V2_DELIMITER);
  return [joined.startsWith(BROWSE_PATH_V2_DELIMITER) ? joined : `${BROWSE_PATH_V2_DELIMITER}${joined}`];
}

/** `aspects`: the latest value of each versioned aspect of the entity, by aspect name. */
export function buildSearchDocument(
  entity: EntitySpec,
  urn: string,
  aspects: ReadonlyMap<string, Record<string, unknown>>,
): SearchDocument {
  const fields: Record<string, Scalar[]> = { urn: [urn] };
  const add = (name: string, values: Scalar[]) => {
    const list = fields[name] ?? [];
    fields[name] = list;
    for (const v of values) if (!list.includes(v)) list.push(v);
  };
  for (const [name, value] of aspects) {
    const aspect = entity.aspects.get(name);
    if (aspect?.kind !== 'versioned') continue;
    if (name === 'structuredProperties') for (const [field, values] of structuredPropertyFields(value)) add(field, values);
    for (const field of aspect.searchable) {
      const values = field.fieldType === 'BROWSE_PATH_V2' ? browsePathV2(fieldValues(field, value)) : fieldValues(field, value);
      add(field.fieldName, values);
      if (field.hasValuesFieldName) {
        const has = values.length === 1 && typeof values[0] === 'boolean' ? values[0] : values.length > 0;
        fields[field.hasValuesFieldName] = [has || fields[field.hasValuesFieldName]?.[0] === true];
      }
      if (field.numValuesFieldName) {
        // Several paths may count into one field (inputDatasets and inputDatasetEdges): they add up.
        const count = values.length === 1 && typeof values[0] === 'number' ? values[0] : values.length;
        const sofar = fields[field.numValuesFieldName]?.[0];
        fields[field.numValuesFieldName] = [count + (typeof sofar === 'number' ? sofar : 0)];
      }
    }
  }
  for (const [key, values] of Object.entries(fields)) if (values.length === 0) delete fields[key];
  const removed = fields.removed?.[0] === true;
  fields.removed = [removed];
  return { urn, entityType: entity.name, fields, removed };
}
