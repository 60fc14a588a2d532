/**
 * Structured properties: the values an entity holds (`structuredProperties`), a property's definition
 * (`propertyDefinition`) and its display settings (`structuredPropertySettings`).
 */
import type { AspectValue } from '../../../registry/aspectValues.js';
import { parseUrn, tryParseUrn } from '../../../urn.js';
import { refOf, type GraphQLContext } from '../context.js';
import { metadataAttribution } from './attribution.js';
import { entityRefs, resolvedAuditStamp } from './common.js';

type Definition = AspectValue<'propertyDefinition'>;

/** The type DataHub gives a property whose definition says none. */
const STRING_TYPE = 'urn:li:dataType:datahub.string';

/**
 * A `PrimitivePropertyValue` (Pegasus JSON `{"string": …}` or `{"double": …}`, or the bare value) as
 * GraphQL's `PropertyValue` union.
 */
export function propertyValue(v: unknown) {
  // Arrays are objects here too, as they were: `[]` reads as no value.
  const member = v !== null && typeof v === 'object' ? (v as { string?: unknown; double?: unknown }) : undefined;
  const value = member ? (member.string ?? member.double) : v;
  return typeof value === 'number'
    ? { __typename: 'NumberValue' as const, numberValue: value }
    : { __typename: 'StringValue' as const, stringValue: String(value) };
}

/** An entity's `structuredProperties` aspect: each assignment with its values, and urn values as entities. */
export function structuredProperties(ctx: GraphQLContext, associatedUrn: string, aspect: AspectValue<'structuredProperties'> | undefined) {
  if (!aspect) return null;
  return {
    properties: (aspect.properties ?? []).flatMap((p) => {
      const structuredProperty = refOf(ctx.services, p.propertyUrn);
      if (!structuredProperty) return [];
      const values = (p.values ?? []).map(propertyValue);
      const valueEntities = values.flatMap((v) =>
        'stringValue' in v && v.stringValue && tryParseUrn(v.stringValue) ? (refOf(ctx.services, v.stringValue) ?? []) : [],
      );
      return [{ structuredProperty, values, valueEntities, associatedUrn, attribution: metadataAttribution(ctx, p.attribution) }];
    }),
  };
}

/**
 * A property's definition. A property assigned but never defined reads with its id as its name, of
 * DataHub's default type, for no entity type: the app then shows the values rather than failing the page.
 */
export function propertyDefinition(ctx: GraphQLContext, urn: string, d: Definition | undefined) {
  const def: Definition = d ?? { qualifiedName: parseUrn(urn).parts[0], valueType: STRING_TYPE, entityTypes: [] };
  return {
    qualifiedName: def.qualifiedName,
    displayName: def.displayName ?? null,
    description: def.description ?? null,
    cardinality: def.cardinality ?? 'SINGLE',
    immutable: def.immutable === true,
    valueType: refOf(ctx.services, def.valueType) ?? refOf(ctx.services, STRING_TYPE)!,
    entityTypes: entityRefs(ctx, def.entityTypes),
    allowedValues: def.allowedValues
      ? def.allowedValues.map((a) => ({ value: propertyValue(a.value), description: a.description ?? null }))
      : null,
    typeQualifier: def.typeQualifier ? { allowedTypes: entityRefs(ctx, def.typeQualifier.allowedTypes) } : null,
    created: resolvedAuditStamp(ctx, def.created),
    lastModified: resolvedAuditStamp(ctx, def.lastModified),
  };
}

export function structuredPropertySettings(s: AspectValue<'structuredPropertySettings'> | undefined) {
  if (!s) return null;
  return {
    isHidden: s.isHidden === true,
    showInSearchFilters: s.showInSearchFilters === true,
    showInAssetSummary: s.showInAssetSummary === true,
    showAsAssetBadge: s.showAsAssetBadge === true,
    showInColumnsTable: s.showInColumnsTable === true,
  };
}
