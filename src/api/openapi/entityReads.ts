/**
 * Entities read in the shapes of DataHub's OpenAPI: v3's `{urn, <aspect>: {value, systemMetadata?,
 * auditStamp?}}` and v2's `{urn, aspects: {<aspect>: {value, systemMetadata?}}}`. Reads go through
 * the entity services: an entity type the caller may not read is a 403, aspects it may not read are
 * left out. v3 answers stored entities only (one never written is left out; a GET of it is a 404),
 * with the latest point of each timeseries aspect; v2 answers every urn asked for, its key aspect
 * synthesized from the urn when never written, as Rest.li's entitiesV2 does.
 */
import type { ApiServices, AspectRow } from '../../domains/services.js';
import { ServiceError } from '../../errors.js';
import { systemMetadataOut, valueOut } from '../../rawJson.js';
import { resolveAspectAnyCase } from '../../registry/resolve.js';
import type { AspectSpec, EntitySpec } from '../../registry/types.js';

/** One aspect as v3 answers it. */
export interface AspectV3 {
  value: unknown;
  systemMetadata?: unknown;
  auditStamp?: { time: number; actor: string };
}

/** One entity as v3 answers it: its urn, then its aspects by name. */
export type EntityV3 = { urn: string } & Record<string, AspectV3 | string>;

/** An entity to read: its urn and the aspects asked for, each with a version (0: the latest); none asked: every aspect. */
export interface EntityRequest {
  urn: string;
  aspects: ReadonlyMap<string, number>;
}

/** A stored aspect version as v3 answers it. */
export function aspectV3(row: AspectRow, withSystemMetadata: boolean): AspectV3 {
  if (!withSystemMetadata) return { value: valueOut(row) };
  const systemMetadata = systemMetadataOut(row);
  return {
    value: valueOut(row),
    ...(systemMetadata ? { systemMetadata } : {}),
    auditStamp: { time: row.createdOn, actor: row.createdBy },
  };
}

/**
 * The stored entities among those asked for, in the order asked, each with the aspects asked for
 * that it has. Urns are resolved and checked first (400 for a malformed one or an unknown type or
 * aspect, 403 for a type the caller may not read), before anything is read.
 */
export async function readEntitiesV3(
  services: ApiServices,
  actor: string,
  requests: readonly EntityRequest[],
  withSystemMetadata: boolean,
): Promise<EntityV3[]> {
  const readable = await services.entities.readable(
    requests.map((r) => r.urn),
    actor,
  );
  const planned = mergeByUrn(
    readable.map(({ urn, entityName }, i) => {
      const entity = services.registry.entity(entityName)!;
      const asked = requests[i]!.aspects;
      const aspects =
        asked.size === 0
          ? new Map([...entity.aspects.values()].map((a) => [a, 0]))
          : new Map([...asked].map(([name, version]) => [resolveAspectAnyCase(entity, name), version]));
      return { urn, entity, aspects };
    }),
  );
  const latest = await services.reader.visibleTo(actor).latest(planned.map((p) => p.urn));
  const out: EntityV3[] = [];
  for (const { urn, entity, aspects } of planned) {
    const stored = new Map((latest.get(urn) ?? []).map((r) => [r.aspect, r]));
    const entityOut: EntityV3 = { urn };
    for (const [aspect, version] of aspects) {
      const read =
        aspect.kind === 'timeseries'
          ? await latestPoint(services, actor, entity, urn, aspect, version, withSystemMetadata)
          : version === 0
            ? stored.get(aspect.name) && aspectV3(stored.get(aspect.name)!, withSystemMetadata)
            : await olderVersion(services, actor, urn, aspect, version, withSystemMetadata);
      if (read) entityOut[aspect.name] = read;
    }
    if (Object.keys(entityOut).length > 1) out.push(entityOut);
  }
  return out;
}

/** An urn asked for twice is read once, with the aspects of both requests. */
function mergeByUrn<T extends { urn: string; aspects: Map<AspectSpec, number> }>(items: readonly T[]): T[] {
  const byUrn = new Map<string, T>();
  for (const item of items) {
    const known = byUrn.get(item.urn);
    if (known) for (const [a, v] of item.aspects) known.aspects.set(a, v);
    else byUrn.set(item.urn, item);
  }
  return [...byUrn.values()];
}

/** A history version (1..N); a version that does not exist is left out, as DataHub leaves it out. */
async function olderVersion(
  services: ApiServices,
  actor: string,
  urn: string,
  aspect: AspectSpec,
  version: number,
  withSystemMetadata: boolean,
): Promise<AspectV3 | undefined> {
  try {
    const { row } = await services.entities.getAspectVersion(urn, aspect.name, version, actor);
    return aspectV3(row, withSystemMetadata);
  } catch (err) {
    if (err instanceof ServiceError && err.kind === 'not_found') return undefined;
    throw err;
  }
}

/**
 * The newest point of a timeseries aspect (a non-zero `version` is DataHub's end time: the newest
 * point at or before it), if the caller may see that aspect's points.
 */
async function latestPoint(
  services: ApiServices,
  actor: string,
  entity: EntitySpec,
  urn: string,
  aspect: AspectSpec,
  version: number,
  withSystemMetadata: boolean,
): Promise<AspectV3 | undefined> {
  if (aspect.readPrivilege || !(await services.timeseries.mayView(actor, urn, aspect.name))) return undefined;
  const { values } = await services.timeseries.values({
    urn,
    entity: entity.name,
    aspect: aspect.name,
    latestValue: true,
    ...(version !== 0 ? { endTimeMillis: version } : {}),
  });
  const point = values[0];
  if (!point) return undefined;
  const value = JSON.parse(point.aspect.value) as unknown;
  return withSystemMetadata && point.systemMetadata ? { value, systemMetadata: point.systemMetadata } : { value };
}

/** One entity as v2 answers it. */
export interface EntityV2 {
  urn: string;
  aspects: Record<string, { value: unknown; systemMetadata?: unknown }>;
}

/**
 * Every urn asked for, in order, with its latest versioned aspects (those named, or all), its key
 * aspect always among them, as DataHub's v2 batch answers.
 */
export async function readEntitiesV2(
  services: ApiServices,
  actor: string,
  urns: readonly string[],
  aspectNames: readonly string[],
  withSystemMetadata: boolean,
): Promise<EntityV2[]> {
  const entities = await services.entities.getEntities(urns, actor, aspectNames.length > 0 ? aspectNames : undefined);
  return entities.map((e) => ({
    urn: e.urn,
    aspects: Object.fromEntries(
      Object.entries(e.aspects).map(([name, a]) => [
        name,
        withSystemMetadata && a.systemMetadata ? { value: a.value, systemMetadata: a.systemMetadata } : { value: a.value },
      ]),
    ),
  }));
}
