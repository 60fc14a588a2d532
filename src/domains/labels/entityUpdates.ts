/**
 * The aspects an `update<Entity>` mutation writes, built from its input: each input field names a
 * whole aspect that replaces the stored one (ownership, tags, deprecation, links, column edits,
 * editable properties), stamped with the actor and time.
 */
import type { AspectValue } from '../../registry/aspectValues.js';
import type { EntitySpec } from '../../registry/types.js';
import { badRequest } from '../../errors.js';

type Maybe<T> = T | null | undefined;
type OwnershipType = AspectValue<'ownership'>['owners'][number]['type'];

/** GraphQL's `OwnershipUpdate`. */
export interface OwnershipUpdate {
  owners: ReadonlyArray<{ owner: string; type?: Maybe<OwnershipType>; ownershipTypeUrn?: Maybe<string> }>;
}

/** GraphQL's `GlobalTagsUpdate`. */
interface TagsUpdate {
  tags?: Maybe<ReadonlyArray<{ tag: { urn: string } }>>;
}

/** What the `update<Entity>` inputs (`DatasetUpdateInput`, `ChartUpdateInput`…) may hold, as GraphQL checked it. */
export interface EntityUpdateInput {
  ownership?: Maybe<OwnershipUpdate>;
  tags?: Maybe<TagsUpdate>;
  globalTags?: Maybe<TagsUpdate>;
  deprecation?: Maybe<{ deprecated: boolean; note?: Maybe<string>; decommissionTime?: Maybe<number> }>;
  institutionalMemory?: Maybe<{
    elements: ReadonlyArray<{ url: string; description?: Maybe<string>; author: string; createdAt?: Maybe<number> }>;
  }>;
  editableSchemaMetadata?: Maybe<{
    editableSchemaFieldInfo: ReadonlyArray<{ fieldPath: string; description?: Maybe<string>; globalTags?: Maybe<TagsUpdate> }>;
  }>;
  /** The fields of the entity type's editable properties aspect, under their stored names. */
  editableProperties?: Maybe<object>;
}

/** GraphQL's `TagUpdateInput`. */
export interface TagUpdate {
  name: string;
  description?: Maybe<string>;
  ownership?: Maybe<OwnershipUpdate>;
}

/** Owners of an update input, as an ownership aspect (the list replaces the stored one). */
export function ownershipAspect(update: OwnershipUpdate, actor: string, now: number): AspectValue<'ownership'> {
  return {
    owners: update.owners.map((o) => ({
      owner: o.owner,
      type: o.type ?? 'NONE',
      ...(o.ownershipTypeUrn ? { typeUrn: o.ownershipTypeUrn } : {}),
    })),
    lastModified: { time: now, actor },
  };
}

const tagsAspect = (update: TagsUpdate): AspectValue<'globalTags'> => ({ tags: (update.tags ?? []).map((t) => ({ tag: t.tag.urn })) });

/** An entity type's editable properties aspect, by DataHub's naming (`editableDatasetProperties`…). */
function editablePropertiesOf(entity: EntitySpec): string {
  const name = `editable${entity.name.charAt(0).toUpperCase()}${entity.name.slice(1)}Properties`;
  if (!entity.aspects.has(name)) throw badRequest(`entity type ${entity.name} has no editable properties`);
  return name;
}

/** The aspects an update<Entity> input writes, by aspect name; the editable properties' is named at run time. */
export function updateAspects(entity: EntitySpec, input: EntityUpdateInput, actor: string, now: number): Record<string, object> {
  const aspects: Record<string, object> = {};
  if (input.ownership) aspects.ownership = ownershipAspect(input.ownership, actor, now);
  const tags = input.tags ?? input.globalTags;
  if (tags) aspects.globalTags = tagsAspect(tags);
  if (input.deprecation) {
    const deprecation: AspectValue<'deprecation'> = {
      deprecated: input.deprecation.deprecated,
      note: input.deprecation.note ?? '',
      actor,
      ...(input.deprecation.decommissionTime != null ? { decommissionTime: input.deprecation.decommissionTime } : {}),
    };
    aspects.deprecation = deprecation;
  }
  if (input.institutionalMemory) {
    const links: AspectValue<'institutionalMemory'> = {
      elements: input.institutionalMemory.elements.map((e) => ({
        url: e.url,
        description: e.description ?? '',
        createStamp: { time: e.createdAt ?? now, actor: e.author },
      })),
    };
    aspects.institutionalMemory = links;
  }
  if (input.editableSchemaMetadata) {
    const columns: AspectValue<'editableSchemaMetadata'> = {
      editableSchemaFieldInfo: input.editableSchemaMetadata.editableSchemaFieldInfo.map((f) => ({
        fieldPath: f.fieldPath,
        ...(f.description != null ? { description: f.description } : {}),
        ...(f.globalTags ? { globalTags: tagsAspect(f.globalTags) } : {}),
      })),
      created: { time: now, actor },
      lastModified: { time: now, actor },
    };
    aspects.editableSchemaMetadata = columns;
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
export function tagUpdateAspects(input: TagUpdate, actor: string, now: number): Record<string, object> {
  const tagProperties: AspectValue<'tagProperties'> = {
    name: input.name,
    ...(input.description != null ? { description: input.description } : {}),
  };
  return { tagProperties, ...(input.ownership ? { ownership: ownershipAspect(input.ownership, actor, now) } : {}) };
}
