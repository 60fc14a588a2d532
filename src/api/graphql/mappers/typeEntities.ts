/**
 * `dataTypeInfo` and `entityTypeInfo`: the data types and entity types structured properties are defined
 * over. DataHub writes both at its first start (its `data-types.yaml` bootstrap and the entity types of
 * its registry); a type this catalog has not stored is read as DataHub would have written it.
 */
import type { AspectValue } from '../../../registry/aspectValues.js';
import type { Registry } from '../../../registry/registry.js';
import { parseUrn } from '../../../urn.js';
import { entityEnum } from '../entityTypes.js';
import type { EntityType, StdDataType } from '../generated/resolvers.js';

/** `dataTypeInfo` and `entityTypeInfo` have one shape. */
type TypeInfo = AspectValue<'dataTypeInfo'> | AspectValue<'entityTypeInfo'>;

/** DataHub's standard data types: urn → the `StdDataType` and the info its bootstrap writes. */
const STANDARD_DATA_TYPES: Record<string, { type: StdDataType; displayName: string; description: string }> = {
  'urn:li:dataType:datahub.string': { type: 'STRING', displayName: 'String', description: 'A string of characters.' },
  'urn:li:dataType:datahub.number': { type: 'NUMBER', displayName: 'Number', description: 'An integer or decimal number.' },
  'urn:li:dataType:datahub.urn': { type: 'URN', displayName: 'Urn', description: 'An unique identifier for a DataHub entity.' },
  'urn:li:dataType:datahub.rich_text': { type: 'RICH_TEXT', displayName: 'Rich Text', description: 'An attributed string of characters.' },
  'urn:li:dataType:datahub.date': { type: 'DATE', displayName: 'Date', description: 'A specific day, without time.' },
};

/** The namespace of DataHub's own entity type urns: `urn:li:entityType:datahub.dataset`. */
const ENTITY_TYPE_PREFIX = 'datahub.';

const idOf = (urn: string) => parseUrn(urn).parts[0] ?? '';

export function dataTypeInfo(urn: string, stored: AspectValue<'dataTypeInfo'> | undefined) {
  const standard = STANDARD_DATA_TYPES[urn];
  const info: TypeInfo =
    stored ??
    (standard
      ? { qualifiedName: idOf(urn), displayName: standard.displayName, description: standard.description }
      : { qualifiedName: idOf(urn) });
  return {
    type: standard?.type ?? ('OTHER' as const),
    qualifiedName: info.qualifiedName,
    displayName: info.displayName ?? null,
    description: info.description ?? null,
  };
}

/** The registry entity an entity type urn stands for, if it is one of DataHub's. */
export function entityOfTypeUrn(registry: Registry, urn: string): string | undefined {
  const id = idOf(urn);
  return id.startsWith(ENTITY_TYPE_PREFIX) ? registry.entity(id.slice(ENTITY_TYPE_PREFIX.length))?.name : undefined;
}

export function entityTypeInfo(registry: Registry, urn: string, stored: AspectValue<'entityTypeInfo'> | undefined) {
  const entity = entityOfTypeUrn(registry, urn);
  const info: TypeInfo = stored ?? { qualifiedName: idOf(urn), ...(entity ? { displayName: entity } : {}) };
  return {
    type: (entity ? entityEnum(entity) : 'OTHER') as EntityType,
    qualifiedName: info.qualifiedName,
    displayName: info.displayName ?? null,
    description: info.description ?? null,
  };
}
