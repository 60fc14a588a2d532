/**
 * Whether a `structuredProperties` value may be written: each assignment's property defined, applying
 * to the asset's type, its values of the property's type, allowed values and cardinality, and
 * immutable values left alone. Part of the write kernel, because the write path checks every write of
 * the aspect (aspectChecks.ts), whoever sends it; the structured property service checks definitions
 * with the same rules before it writes them.
 */
import { isPlainObject } from '../json.js';
import type { AspectName, AspectValue } from '../registry/aspectValues.js';
import { tryParseUrn } from '../urn.js';

type Definition = AspectValue<'propertyDefinition'>;
type Assignments = AspectValue<'structuredProperties'>;
export type AllowedValue = NonNullable<Definition['allowedValues']>[number];
/** What of a definition decides the values it takes. */
export type ValueRules = Pick<Definition, 'valueType' | 'typeQualifier' | 'cardinality' | 'allowedValues'>;

/** A `PrimitivePropertyValue` in Pegasus JSON: exactly one of `string` and `double`. */
export type Primitive = AllowedValue['value'];

const MIN_DATE = '1000-01-01';
const MAX_DATE = '9999-12-31';

/** `urn:li:dataType:datahub.string` → `string`; `urn:li:entityType:datahub.dataset` → `dataset`. */
export function valueTypeId(typeUrn: string): string {
  const id = tryParseUrn(typeUrn)?.parts[0] ?? typeUrn;
  return id.startsWith('datahub.') ? id.slice('datahub.'.length) : id;
}

/** A value as Pegasus prints it in DataHub's messages: `{string=gold}`, `{double=3.0}`. */
function shown(v: Primitive): string {
  if ('string' in v) return `{string=${v.string}}`;
  return `{double=${Number.isInteger(v.double) ? v.double.toFixed(1) : v.double}}`;
}

export function samePrimitive(a: unknown, b: Primitive): boolean {
  if (!isPlainObject(a)) return false;
  return 'string' in b ? a.string === b.string : a.double === b.double;
}

function validDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || text < MIN_DATE || text > MAX_DATE) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

/**
 * Why `values` may not be assigned to the property of this definition, or undefined when they may:
 * DataHub's checks and texts (StructuredPropertiesValidator), first problem first.
 */
export function valueProblem(propertyUrn: string, definition: ValueRules, values: readonly Primitive[]): string | undefined {
  if ((definition.cardinality ?? 'SINGLE') === 'SINGLE' && values.length > 1) {
    return `Property: ${propertyUrn} has cardinality 1, but multiple values were assigned: [${values.map(shown).join(', ')}]`;
  }
  const type = valueTypeId(definition.valueType ?? '');
  for (const v of values) {
    const prefix = `Property: ${propertyUrn}, value: ${shown(v)}`;
    if (type === 'string' || type === 'rich_text' || type === 'date' || type === 'urn') {
      if (!('string' in v)) return `${prefix} should be a string`;
      if (type === 'date' && !validDate(v.string)) return `${prefix} should be a date with format YYYY-MM-DD`;
      if (type === 'urn') {
        const urn = tryParseUrn(v.string);
        if (!urn) return `${prefix} should be an urn`;
        const allowed = definition.typeQualifier?.allowedTypes;
        if (allowed && !allowed.some((t) => valueTypeId(t).toLowerCase() === urn.entityType.toLowerCase())) {
          return `${prefix} is not of any supported urn types:[${allowed.join(', ')}]`;
        }
      }
    } else if (type === 'number') {
      if (!('double' in v) && (v.string.trim() === '' || !Number.isFinite(Number(v.string)))) return `${prefix} should be a number`;
    } else {
      return `Validation support for type ${definition.valueType} is not yet implemented.`;
    }
    const allowedValues = definition.allowedValues;
    if (allowedValues && !allowedValues.some((a) => samePrimitive(a.value, v))) {
      return `Property: ${propertyUrn}, value: ${shown(v)} should be one of [${allowedValues.map((a) => shown(a.value)).join(', ')}]`;
    }
  }
  return undefined;
}

/** The rules an allowed value itself is checked by: the property's type, one value, no list of allowed values yet. */
export function oneValueRules({ allowedValues: _checked, ...definition }: ValueRules): ValueRules {
  return { ...definition, cardinality: 'SINGLE' };
}

/** Reads the latest value of an aspect (inside a write's transaction, or from the store). */
export type AspectLookup = <N extends AspectName>(urn: string, aspect: N) => Promise<AspectValue<N> | undefined>;

/**
 * Why an asset may not hold this `structuredProperties` value, or undefined when it may: every
 * assignment's property must be defined and take its values; the value of an immutable property,
 * once set, may neither change nor go. The write path asks this of every write of the aspect,
 * whoever sends it (DataHub validates it on ingestion too).
 */
export async function assignmentsProblem(read: AspectLookup, value: Assignments, previous?: Assignments): Promise<string | undefined> {
  // Assignments the write leaves as they were are not checked again: a property removed since must
  // not keep the asset's other values from being edited.
  const kept = new Set((previous?.properties ?? []).map((a) => JSON.stringify(a)));
  for (const a of value.properties ?? []) {
    if (kept.has(JSON.stringify(a))) continue;
    const propertyUrn = String(a.propertyUrn);
    if (tryParseUrn(propertyUrn)?.entityType !== 'structuredProperty')
      return `Unexpected entity type. Expected: structuredProperty Found: ${propertyUrn}`;
    const definition = await read(propertyUrn, 'propertyDefinition');
    if (!definition) return `Unexpected null value found for ${propertyUrn} Structured Property Definition.`;
    // The definition's entityTypes say where the web app offers the property; as in DataHub, a write
    // to an asset of another type is not refused (DataHub's own examples assign properties so).
    const values = (a.values ?? []).map(
      (v): Primitive =>
        isPlainObject(v) && typeof v.double === 'number' ? { double: v.double } : { string: String(isPlainObject(v) ? v.string : v) },
    );
    const problem = valueProblem(propertyUrn, definition, values);
    if (problem) return problem;
    if (definition.immutable === true && previousAssignment(previous, propertyUrn))
      return `Cannot mutate an immutable property: ${propertyUrn}`;
  }
  for (const old of previous?.properties ?? []) {
    if ((value.properties ?? []).some((a) => a.propertyUrn === old.propertyUrn)) continue;
    if ((await read(String(old.propertyUrn), 'propertyDefinition'))?.immutable === true)
      return `Cannot delete an immutable property ${old.propertyUrn}`;
  }
  return undefined;
}

const previousAssignment = (previous: Assignments | undefined, propertyUrn: string) =>
  (previous?.properties ?? []).find((a) => a.propertyUrn === propertyUrn);
