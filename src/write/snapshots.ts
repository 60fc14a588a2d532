/**
 * Legacy snapshots (MetadataChangeEvent `proposedSnapshot`, `/entities?action=ingest`): each becomes
 * one UPSERT proposal per aspect, so snapshots take the same write path as everything else. Snapshot
 * files written by DataHub's tools are Avro JSON (`com.linkedin.pegasus2avro.*`, wrapped unions,
 * nulls); the registry's normalizer reads them.
 */
import { isPlainObject } from '../json.js';
import { valueOut } from '../rawJson.js';
import type { Registry } from '../registry/registry.js';
import type { AspectRow, SystemMetadata } from '../store/types.js';
import type { EntitySpec } from '../registry/types.js';
import { badRequest } from '../errors.js';
import { checkAspectValue, withItem, type Proposal } from './proposals.js';
import { resolveUrn } from '../registry/resolve.js';

/** Reads `{value: {<SnapshotName>: {urn, aspects}}}` (or the snapshot union without `value`). */
export function snapshotToProposals(registry: Registry, entityJson: unknown, systemMetadata?: SystemMetadata): Proposal[] {
  if (!isPlainObject(entityJson)) throw badRequest('entity must be an object holding a snapshot');
  const union = isPlainObject(entityJson.value) ? entityJson.value : entityJson;
  const [name, ...others] = Object.keys(union);
  if (name === undefined || others.length > 0) throw badRequest('entity.value must hold exactly one snapshot, keyed by its type name');
  const entity = registry.entityBySnapshot(name);
  if (!entity) throw badRequest(`Unknown snapshot type ${name}`);
  const snapshot = union[name];
  if (!isPlainObject(snapshot)) throw badRequest(`${name} must be an object with urn and aspects`);
  const { urnString } = resolveUrn(registry, snapshot.urn, entity);
  if (!Array.isArray(snapshot.aspects)) throw badRequest(`${name}.aspects must be an array`);

  return snapshot.aspects.map((item, i) =>
    withItem(`aspects[${i}]`, (): Proposal => {
      const [typeName, ...others] = isPlainObject(item) ? Object.keys(item) : [];
      if (!isPlainObject(item) || typeName === undefined || others.length > 0)
        throw badRequest('an aspect must be an object keyed by its type name');
      const aspect = registry.aspectByFqn(typeName);
      if (!aspect || entity.aspects.get(aspect.name) !== aspect)
        throw badRequest(`Unknown aspect type ${typeName} for entity ${entity.name}`);
      const value = checkAspectValue(registry, aspect, item[typeName]);
      return { entity, urn: urnString, changeType: 'UPSERT', aspect, value, ...(systemMetadata ? { systemMetadata } : {}) };
    }),
  );
}

/** The legacy read form: `{<SnapshotName>: {urn, aspects: [{<fqn>: value}]}}`. */
export function rowsToSnapshot(entity: EntitySpec, urn: string, rows: readonly AspectRow[]): Record<string, unknown> {
  const aspects = rows.flatMap((row) => {
    const spec = entity.aspects.get(row.aspect);
    return spec ? [{ [spec.fqn]: valueOut(row) }] : [];
  });
  return { [entity.snapshot]: { urn, aspects } };
}
