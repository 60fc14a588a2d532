/**
 * The aspects an `update<Entity>` mutation writes, built from its input: each input field names a
 * whole aspect that replaces the stored one (ownership, tags, deprecation, links, column edits,
 * editable properties), stamped with the actor and time.
 */
import type { EntitySpec } from '../../registry/types.js';
import { badRequest } from '../../errors.js';

type Json = Record<string, any>;

/** Owners of an update input, as an ownership aspect (the list replaces the stored one). */
export function ownershipAspect(update: Json, actor: string, now: number): Json {
  return {
    owners: update.owners.map((o: Json) => ({
      owner: o.owner,
      type: o.type ?? 'NONE',
      ...(o.ownershipTypeUrn ? { typeUrn: o.ownershipTypeUrn } : {}),
    })),
    lastModified: { time: now, actor },
  };
}

const tagsAspect = (update: Json) => ({ tags: (update.tags ?? []).map((t: Json) => ({ tag: t.tag.urn })) });

/** An entity type's editable properties aspect, by DataHub's naming (`editableDatasetProperties`…). */
function editablePropertiesOf(entity: EntitySpec): string {
  const name = `editable${entity.name.charAt(0).toUpperCase()}${entity.name.slice(1)}Properties`;
  if (!entity.aspects.has(name)) throw badRequest(`entity type ${entity.name} has no editable properties`);
  return name;
}

/** The aspects an update<Entity> input writes, by aspect name. */
export function updateAspects(entity: EntitySpec, input: Json, actor: string, now: number): Json {
  const aspects: Json = {};
  if (input.ownership) aspects.ownership = ownershipAspect(input.ownership, actor, now);
  const tags = input.tags ?? input.globalTags;
  if (tags) aspects.globalTags = tagsAspect(tags);
  if (input.deprecation)
    aspects.deprecation = {
      deprecated: input.deprecation.deprecated,
      note: input.deprecation.note ?? '',
      actor,
      ...(input.deprecation.decommissionTime != null ? { decommissionTime: input.deprecation.decommissionTime } : {}),
    };
  if (input.institutionalMemory) {
    aspects.institutionalMemory = {
      elements: input.institutionalMemory.elements.map((e: Json) => ({
        url: e.url,
        description: e.description ?? '',
        createStamp: { time: e.createdAt ?? now, actor: e.author },
      })),
    };
  }
  if (input.editableSchemaMetadata) {
    aspects.editableSchemaMetadata = {
      editableSchemaFieldInfo: input.editableSchemaMetadata.editableSchemaFieldInfo.map((f: Json) => ({
        fieldPath: f.fieldPath,
        ...(f.description != null ? { description: f.description } : {}),
        ...(f.globalTags ? { globalTags: tagsAspect(f.globalTags) } : {}),
      })),
      created: { time: now, actor },
      lastModified: { time: now, actor },
    };
  }
  if (input.editableProperties) {
    const stamps = { created: { time: now, actor }, lastModified: { time: now, actor } };
    aspects[editablePropertiesOf(entity)] = {
      ...stamps,
      ...Object.fromEntries(Object.entries(input.editableProperties).filter(([, v]) => v != null)),
    };
  }
  return aspects;
}

/** The aspects updateTag writes. */
export function tagUpdateAspects(input: Json, actor: string, now: number): Json {
  const aspects: Json = { tagProperties: { name: input.name, ...(input.description != null ? { description: input.description } : {}) } };
  if (input.ownership) aspects.ownership = ownershipAspect(input.ownership, actor, now);
  return aspects;
}
