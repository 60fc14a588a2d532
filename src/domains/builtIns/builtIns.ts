/**
 * The entities every DataHub catalog holds from its first start: data platforms (names and logos the
 * app shows), system ownership types (the kinds of owner the app offers), the value types of structured
 * properties, and an entity type for each type of the registry. Each is written, through the write path,
 * only while its info aspect is absent: what ingestion or an administrator wrote later is kept.
 */
import { SYSTEM_ACTOR } from '../../actors.js';
import { buildProposal, type Proposal } from '../../write/proposals.js';
import type { Services } from '../services.js';
import { DATA_PLATFORMS } from './dataPlatforms.js';
import { DATA_TYPES } from './dataTypes.js';
import { SYSTEM_OWNERSHIP_TYPES } from './ownershipTypes.js';
import { entityUrn } from '../../urn.js';

interface BuiltIn {
  urn: string;
  aspect: string;
  value: Record<string, unknown>;
}

function builtIns(entityNames: Iterable<string>, now: number): BuiltIn[] {
  const stamp = { time: now, actor: SYSTEM_ACTOR };
  return [
    ...DATA_PLATFORMS.map(([id, displayName, type, datasetNameDelimiter, logoUrl]) => ({
      urn: entityUrn('dataPlatform', id),
      aspect: 'dataPlatformInfo',
      value: { name: id, displayName, type, datasetNameDelimiter, ...(logoUrl ? { logoUrl } : {}) },
    })),
    ...SYSTEM_OWNERSHIP_TYPES.map(([id, name, description]) => ({
      urn: entityUrn('ownershipType', id),
      aspect: 'ownershipTypeInfo',
      value: { name, description, created: stamp, lastModified: stamp },
    })),
    ...DATA_TYPES.map(([qualifiedName, displayName, description]) => ({
      urn: entityUrn('dataType', qualifiedName),
      aspect: 'dataTypeInfo',
      value: { qualifiedName, displayName, description },
    })),
    // DataHub names each entity type by the registry's name, as its display name too.
    ...[...entityNames].map((name) => ({
      urn: `urn:li:entityType:datahub.${name}`,
      aspect: 'entityTypeInfo',
      value: { qualifiedName: `datahub.${name}`, displayName: name },
    })),
  ];
}

export async function bootstrapBuiltIns(services: Services, now = Date.now()): Promise<void> {
  const { registry, store, writePath } = services;
  const wanted = builtIns(registry.entities.keys(), now);
  const stored = await store.getLatestAspects(
    wanted.map((b) => b.urn),
    [...new Set(wanted.map((b) => b.aspect))],
  );
  const missing: Proposal[] = wanted
    .filter((b) => !(stored.get(b.urn) ?? []).some((row) => row.aspect === b.aspect))
    .map((b) => buildProposal(registry, b.urn, b.aspect, 'UPSERT', b.value));
  if (missing.length > 0) await writePath.apply(missing, { actor: SYSTEM_ACTOR });
}
