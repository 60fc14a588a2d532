/**
 * How registry entity types are named in GraphQL: the object type and the `EntityType` enum value,
 * as each type's declaration gives them (registry/types.ts `graphql`). The schema is this build's,
 * and so is the registry it is read from.
 */
import { loadRegistry } from '../../registry/registry.js';

let byEnum: ReadonlyMap<string, string> | undefined;

/** `mlModel` → `MLMODEL`, `dataFlow` → `DATA_FLOW`, falling back to UPPER_SNAKE of the name. */
export function entityEnum(entityName: string): string {
  return loadRegistry().entities.get(entityName)?.graphql?.enum ?? entityName.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
}

export function entityTypeName(entityName: string): string | undefined {
  return loadRegistry().entities.get(entityName)?.graphql?.type;
}

/** The registry entity name of an `EntityType` enum value. */
export function entityOfEnum(enumName: string): string | undefined {
  byEnum ??= new Map([...loadRegistry().entities.values()].flatMap((e) => (e.graphql ? [[e.graphql.enum, e.name] as const] : [])));
  return byEnum.get(enumName);
}
