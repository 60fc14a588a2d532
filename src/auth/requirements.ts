/**
 * What an operation needs to be allowed: a list of requirements that must all hold, each satisfied
 * by any one of its alternatives. DataHub writes checks as an OR of AND-groups around EDIT_ENTITY
 * ("EDIT_ENTITY, or all of these specific privileges"); as a list of (EDIT_ENTITY or specific)
 * requirements the same rule reads naturally.
 */
import type { EntitySpec } from '../registry/types.js';
import { isPrivilege, type Privilege } from '../registry/privilegeCatalog.js';

export interface Requirement {
  /** The entity the privileges are needed on; absent, they are platform privileges. */
  resource?: string;
  /** Any one of these, on the resource (or on the platform when there is no resource). */
  privileges: readonly Privilege[];
  /** Or any one of these platform privileges. */
  platform?: readonly Privilege[];
  /** Or the actor is this user (people may edit their own profile). */
  self?: string;
}

export const onPlatform = (...privileges: Privilege[]): Requirement => ({ privileges });

export const onResource = (resource: string, ...privileges: Privilege[]): Requirement => ({ resource, privileges });

/** What seeing entities of these types needs: the read privilege of each type that has one. */
export function readRequirements(types: ReadonlyArray<{ readPrivilege?: string }>): Requirement[] {
  const named = [...new Set(types.flatMap((t) => (t.readPrivilege ? [t.readPrivilege] : [])))];
  return named.map((p) => {
    // The registry's data names them; registry.test.ts holds every one to the catalog.
    if (!isPrivilege(p)) throw new Error(`the registry names ${p} as a read privilege, and there is no such privilege`);
    return onPlatform(p);
  });
}

/** Rolling back ingestion runs. */
export const MANAGE_INGESTION = onPlatform('MANAGE_INGESTION');

/** EDIT_ENTITY or the specific privilege, on an entity: the shape of almost every edit. */
export const toEdit = (resource: string, specific: Privilege): Requirement => onResource(resource, 'EDIT_ENTITY', specific);

/** Aspects that grant or prove access: writing them needs a platform privilege. */
const PLATFORM_BY_ASPECT: Record<string, Privilege> = {
  roleMembership: 'MANAGE_POLICIES',
  corpUserCredentials: 'MANAGE_USER_CREDENTIALS',
};

/**
 * Aspects an editor may write without EDIT_ENTITY: each entry lists the specific privileges needed,
 * all of them (each one or EDIT_ENTITY), as DataHub's updateDataset derives them from its input.
 */
const SPECIFIC_BY_ASPECT: Record<string, readonly Privilege[]> = {
  ownership: ['EDIT_ENTITY_OWNERS'],
  globalTags: ['EDIT_ENTITY_TAGS'],
  glossaryTerms: ['EDIT_ENTITY_GLOSSARY_TERMS'],
  domains: ['EDIT_DOMAINS_PRIVILEGE'],
  deprecation: ['EDIT_DEPRECATION_PRIVILEGE'],
  institutionalMemory: ['EDIT_ENTITY_DOC_LINKS'],
  documentation: ['EDIT_ENTITY_DOCS'],
  status: ['EDIT_ENTITY_STATUS'],
  upstreamLineage: ['EDIT_LINEAGE'],
  dataJobInputOutput: ['EDIT_LINEAGE'],
  dataProducts: ['EDIT_ENTITY_DATA_PRODUCTS'],
  structuredProperties: ['EDIT_ENTITY_PROPERTIES'],
  editableSchemaMetadata: ['EDIT_DATASET_COL_TAGS', 'EDIT_DATASET_COL_GLOSSARY_TERMS', 'EDIT_DATASET_COL_DESCRIPTION'],
  corpUserEditableInfo: ['EDIT_USER_PROFILE'],
  corpGroupInfo: ['EDIT_GROUP_MEMBERS'],
  groupMembership: ['EDIT_GROUP_MEMBERS'],
  nativeGroupMembership: ['EDIT_GROUP_MEMBERS'],
};

/** What the registry says of an entity type that writing its entities needs (types.ts EntityDecl). */
export type WriteRules = Pick<EntitySpec, 'writePrivilege' | 'managePrivilege'>;

/** A privilege the registry names, held to the catalog (registry.test.ts checks every one). */
export function registryPrivilege(p: string, as: string): Privilege {
  if (!isPrivilege(p)) throw new Error(`the registry names ${p} as a ${as} privilege, and there is no such privilege`);
  return p;
}

const managing = (entity: WriteRules | undefined) =>
  entity?.managePrivilege ? registryPrivilege(entity.managePrivilege, 'manage') : undefined;

/** EDIT_ENTITY or the specific privilege on an entity, or managing its whole type. */
export function toEditOrManage(entity: WriteRules | undefined, urn: string, specific: Privilege): Requirement {
  const manager = managing(entity);
  return { ...toEdit(urn, specific), ...(manager ? { platform: [manager] } : {}) };
}

/** Aspects people may write on their own user entity. */
const SELF_EDITABLE = new Set(['corpUserEditableInfo', 'corpUserSettings']);

/** The editable-properties aspects of every entity type are documentation. */
const isEditableProperties = (aspect: string) => /^editable.*Properties$/.test(aspect);

/**
 * What writing (or, with `deleting`, removing) one aspect of an entity needs, whoever asks: REST
 * ingest, and the edits whose rule is the aspect's.
 */
export function aspectRequirements(entity: WriteRules | undefined, urn: string, aspect: string, deleting = false): Requirement[] {
  const platform = (entity?.writePrivilege ? registryPrivilege(entity.writePrivilege, 'write') : undefined) ?? PLATFORM_BY_ASPECT[aspect];
  if (platform) return [onPlatform(platform)];
  const manager = managing(entity);
  const others = { ...(manager ? { platform: [manager] } : {}), ...(SELF_EDITABLE.has(aspect) ? { self: urn } : {}) };
  if (deleting) return [{ ...onResource(urn, 'DELETE_ENTITY'), ...others }];
  const specific: readonly Privilege[] = SPECIFIC_BY_ASPECT[aspect] ?? (isEditableProperties(aspect) ? ['EDIT_ENTITY_DOCS'] : []);
  if (specific.length === 0) return [{ ...onResource(urn, 'EDIT_ENTITY'), ...others }];
  return specific.map((s) => ({ ...toEdit(urn, s), ...others }));
}

/** What writing a batch of proposals needs: every proposal's requirements, each stated once. */
/** What a requirement is computed from: one aspect written or deleted (a write path proposal is one). */
export interface AspectWrite {
  urn: string;
  entity: WriteRules;
  aspect: { name: string };
  changeType: string;
}

export function proposalsRequirements(proposals: readonly AspectWrite[]): Requirement[] {
  const seen = new Map<string, Requirement>();
  for (const p of proposals) {
    for (const r of aspectRequirements(p.entity, p.urn, p.aspect.name, p.changeType === 'DELETE')) seen.set(describeRequirement(r), r);
  }
  return [...seen.values()];
}

/** A requirement in words, for error messages and logs. */
export function describeRequirement(r: Requirement): string {
  const alternatives = [r.privileges.join(' or ') + (r.resource ? ` on ${r.resource}` : '')];
  if (r.platform?.length) alternatives.push(`${r.platform.join(' or ')} on the platform`);
  if (r.self) alternatives.push(`being ${r.self}`);
  return alternatives.join(', or ');
}
