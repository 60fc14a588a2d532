/** Reads the fields of an entity, whatever its type, into the shape every page shows. */
import { nameFromUrn, typeInfo, type EntityTypeInfo } from './types';

export interface Label {
  urn: string;
  name: string;
  color?: string | undefined;
}

export interface Summary {
  urn: string;
  type: EntityTypeInfo;
  name: string;
  description: string;
  platform?: { urn: string; name: string; logoUrl?: string | undefined } | undefined;
  subType?: string | undefined;
  owners: Label[];
  tags: Label[];
  terms: Label[];
  domain?: Label | undefined;
  deprecated: boolean;
}

export function displayName(entity: any): string {
  if (!entity) return '';
  return (
    entity.editableProperties?.displayName ||
    entity.properties?.displayName ||
    entity.properties?.name ||
    entity.properties?.fullName ||
    entity.name ||
    entity.username ||
    nameFromUrn(entity.urn ?? '')
  );
}

export function ownersOf(entity: any): Label[] {
  return (entity?.ownership?.owners ?? []).map((o: any) => ({ urn: o.owner.urn, name: displayName(o.owner) }));
}

export function summarize(entity: any): Summary {
  const platform = entity.platform ?? entity.dataFlow?.platform;
  return {
    urn: entity.urn,
    type: typeInfo(entity.type),
    name: displayName(entity),
    description:
      entity.editableProperties?.description ||
      entity.properties?.description ||
      entity.description ||
      entity.editableProperties?.aboutMe ||
      '',
    platform: platform
      ? { urn: platform.urn, name: platform.properties?.displayName || platform.name, logoUrl: platform.properties?.logoUrl }
      : undefined,
    subType: entity.subTypes?.typeNames?.[0],
    owners: ownersOf(entity),
    tags: (entity.globalTags?.tags ?? []).map((t: any) => ({
      urn: t.tag.urn,
      name: t.tag.properties?.name || t.tag.name,
      color: t.tag.properties?.colorHex,
    })),
    terms: (entity.glossaryTerms?.terms ?? []).map((t: any) => ({ urn: t.term.urn, name: t.term.properties?.name || t.term.name })),
    domain: entity.domain?.domain ? { urn: entity.domain.domain.urn, name: displayName(entity.domain.domain) } : undefined,
    deprecated: Boolean(entity.deprecation?.deprecated),
  };
}
