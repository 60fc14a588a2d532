/**
 * Resolving what a client names, an entity type or an urn, against the registry: the one check
 * that an urn names a known type and fits its key, shared by the read side and the write side.
 */
import { badRequest } from '../errors.js';
import { formatUrn, parseUrn, UrnError, type Urn } from '../urn.js';
import type { Registry } from './registry.js';
import type { AspectSpec, EntitySpec } from './types.js';

/** Resolves an entity type name (case-insensitively, as DataHub does). */
export function resolveEntity(registry: Registry, name: unknown): EntitySpec {
  if (typeof name !== 'string' || name.length === 0) throw badRequest('entityType is required');
  const entity = registry.entity(name);
  if (!entity) throw badRequest(`Failed to find entity with name ${name} in EntityRegistry`);
  return entity;
}

/** An aspect of an entity type by its name, or by its name in another case, as DataHub's OpenAPI looks aspects up. */
export function resolveAspectAnyCase(entity: EntitySpec, name: string): AspectSpec {
  const found = entity.aspects.get(name) ?? [...entity.aspects.values()].find((a) => a.name.toLowerCase() === name.toLowerCase());
  if (!found) throw badRequest(`Unknown aspect ${name} for entity ${entity.name}`);
  return found;
}

/** Parses an urn and checks it names an entity of a known type whose key it fits. */
export function resolveUrn(registry: Registry, input: unknown, expected?: EntitySpec): { entity: EntitySpec; urn: Urn; urnString: string } {
  if (typeof input !== 'string' || input.length === 0) throw badRequest('urn is required');
  let urn: Urn;
  try {
    urn = parseUrn(input);
  } catch (err) {
    if (err instanceof UrnError) throw badRequest(err.message);
    throw err;
  }
  const entity = registry.entity(urn.entityType);
  if (!entity) throw badRequest(`Failed to find entity with name ${urn.entityType} in EntityRegistry`);
  if (expected && entity !== expected) throw badRequest(`urn '${input}' is of entity type ${entity.name}, not ${expected.name}`);
  const canonical: Urn = { ...urn, entityType: entity.name };
  const key = keyOf(registry, entity, canonical, input);
  const problems = registry.validate(entity.keyAspect, key);
  if (problems.length > 0) {
    throw badRequest(`Invalid urn '${input}': key field ${problems.map((p) => `${p.path.slice(1)} ${p.message}`).join('; ')}`);
  }
  return { entity, urn: canonical, urnString: formatUrn(canonical) };
}

function keyOf(registry: Registry, entity: EntitySpec, urn: Urn, input: string): Record<string, string> {
  try {
    return registry.keyFromUrn(entity, urn);
  } catch (err) {
    throw badRequest(`Invalid urn '${input}': ${(err as Error).message}`);
  }
}
