/**
 * Edits of metadata as the GraphQL mutations express them: tags, terms, owners, domains,
 * deprecation, descriptions, links, soft deletion, creation of tags, domains and glossary entities.
 * Each edit checks its inputs (DataHub's messages), then becomes proposals for the one write path.
 * Additions and removals inside lists are PATCH proposals, and changes of single fields are edits:
 * both are applied to the latest value inside the write's transaction, so concurrent edits of one
 * aspect do not lose each other.
 */
import type { Authorizer, Grant } from '../../auth/authorizer.js';
import {
  aspectRequirements,
  onPlatform,
  proposalsRequirements,
  registryPrivilege,
  toEdit,
  toEditOrManage,
  type Requirement,
} from '../../auth/requirements.js';
import { aspectValue, type AspectName, type AspectValue } from '../../registry/aspectValues.js';
import type { Registry } from '../../registry/registry.js';
import type { EntitySpec } from '../../registry/types.js';
import type { Store } from '../../store/types.js';
import { newEntityUrn, parseUrn, tryParseUrn } from '../../urn.js';
import { badRequest, conflict } from '../../errors.js';
import { tagUpdateAspects, updateAspects, type EntityUpdateInput, type TagUpdate } from './entityUpdates.js';
import { buildProposal, deleteEntityProposal, editProposal, type Proposal } from '../../write/proposals.js';
import type { WritePath } from '../../write/writePath.js';
import { fieldEquals, filterQuery } from '../search/filters.js';
import { entityExists } from '../../write/exists.js';

/** An entity, or a column of a dataset (`subResource` = its field path). */
export interface ResourceRef {
  resourceUrn: string;
  subResourceType?: string | null | undefined;
  subResource?: string | null | undefined;
}

export interface OwnerInput {
  ownerUrn: string;
  ownerEntityType: 'CORP_USER' | 'CORP_GROUP';
  type?: string | null | undefined;
  ownershipTypeUrn?: string | null | undefined;
}

type Owner = AspectValue<'ownership'>['owners'][number];

interface Op {
  op: 'add' | 'remove' | 'replace';
  path: string;
  value?: unknown;
}

/** RFC 6901: a key inside a JSON Pointer. */
const esc = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

const OWNER_ENTITY: Record<OwnerInput['ownerEntityType'], { entity: string; label: string }> = {
  CORP_USER: { entity: 'corpuser', label: 'corp user' },
  CORP_GROUP: { entity: 'corpGroup', label: 'corp group' },
};

/** Where tags and terms are kept: the aspect (or field), its list, and the key of an entry. */
const LABEL_LISTS = {
  tag: ['globalTags', 'tags', 'tag'],
  term: ['glossaryTerms', 'terms', 'urn'],
} as const;

export class EditService {
  constructor(
    private readonly store: Store,
    private readonly registry: Registry,
    private readonly writePath: WritePath,
    private readonly authorizer: Authorizer,
    private readonly now: () => number = Date.now,
  ) {}

  // --- building blocks -------------------------------------------------------------------

  private upsert<N extends AspectName>(urn: string, aspect: N, value: AspectValue<N>): Proposal {
    return buildProposal(this.registry, urn, aspect, 'UPSERT', value);
  }

  private patch(urn: string, aspect: AspectName, ops: Op[]): Proposal {
    return buildProposal(this.registry, urn, aspect, 'PATCH', ops);
  }

  /**
   * Changes part of an aspect named at run time; `change` gets the latest value (or the aspect's
   * required defaults when it has none).
   */
  private edit(urn: string, aspect: string, change: (current: Record<string, unknown>) => Record<string, unknown>): Proposal {
    return editProposal(this.registry, urn, aspect, (current) => change({ ...(current ?? this.requiredDefaults(urn, aspect)) }));
  }

  /** Checked first, as DataHub's resolvers do: a refused edit is a 403 whatever else is wrong with it. */
  private authorize(actor: string, requirements: readonly Requirement[]): Promise<Grant> {
    return this.authorizer.require(actor, requirements);
  }

  /** For edits whose rule is the aspect's own (auth/requirements.ts). */
  private authorizeAspect(actor: string, urn: string, aspect: string, deleting = false): Promise<Grant> {
    return this.authorize(actor, aspectRequirements(this.typeOf(urn), urn, aspect, deleting));
  }

  private async apply(proposals: Proposal[], actor: string, grant: Grant): Promise<void> {
    await this.writePath.apply(proposals, { actor, grant });
  }

  /** The entity type an urn names, spelled exactly (a misspelt type is no type). */
  private typeOf(urn: string): EntitySpec | undefined {
    return this.registry.entities.get(tryParseUrn(urn)?.entityType ?? '');
  }

  private exists(urn: string): Promise<boolean> {
    return entityExists(this.store, this.registry, urn);
  }

  private async requireResource(ref: ResourceRef, what: string): Promise<void> {
    if (Boolean(ref.subResourceType) !== Boolean(ref.subResource)) {
      throw badRequest(`${what} for resource ${ref.resourceUrn}: subResourceType and subResource must be given together`);
    }
    if (ref.subResourceType && ref.subResourceType !== 'DATASET_FIELD')
      throw badRequest(`Unsupported subResourceType ${ref.subResourceType}`);
    // A type has columns to edit when it has their editable aspect.
    if (ref.subResource && !this.typeOf(ref.resourceUrn)?.aspects.has('editableSchemaMetadata')) {
      throw badRequest(`${what} for resource ${ref.resourceUrn}: only datasets have fields (subResourceType DATASET_FIELD)`);
    }
    if (!(await this.exists(ref.resourceUrn)))
      throw badRequest(`Failed to update resource with urn ${ref.resourceUrn}. Entity does not exist.`);
  }

  private async requireLabels(urns: readonly string[], entityType: string): Promise<void> {
    for (const urn of urns) {
      if (tryParseUrn(urn)?.entityType !== entityType)
        throw badRequest(`Failed to validate label with urn ${urn}. Urn type does not match entity type ${entityType}..`);
      if (!(await this.exists(urn))) throw badRequest(`Failed to validate label with urn ${urn}. Urn does not exist.`);
    }
  }

  // --- tags and terms --------------------------------------------------------------------

  /** Adds (or removes) tags or glossary terms on entities or dataset columns. */
  async labels(
    kind: 'tag' | 'term',
    action: 'add' | 'remove',
    labelUrns: readonly string[],
    resources: readonly ResourceRef[],
    actor: string,
  ): Promise<void> {
    const privilege = (r: ResourceRef) =>
      kind === 'tag'
        ? r.subResource
          ? 'EDIT_DATASET_COL_TAGS'
          : 'EDIT_ENTITY_TAGS'
        : r.subResource
          ? 'EDIT_DATASET_COL_GLOSSARY_TERMS'
          : 'EDIT_ENTITY_GLOSSARY_TERMS';
    const grant = await this.authorize(
      actor,
      resources.map((r) => toEdit(r.resourceUrn, privilege(r))),
    );
    await this.requireLabels(labelUrns, kind === 'tag' ? 'tag' : 'glossaryTerm');
    for (const r of resources) await this.requireResource(r, `Failed to update ${kind}s`);
    const proposals = resources.map((r) => {
      const labelsIn = r.subResource ? undefined : this.typeOf(r.resourceUrn)?.edits.labels;
      if (labelsIn) return this.labelsInside(labelsIn, kind, action, labelUrns, r.resourceUrn, actor);
      const [aspect, list, key] = LABEL_LISTS[kind];
      const base = r.subResource ? `/editableSchemaFieldInfo/${esc(r.subResource)}/${aspect}/${list}` : `/${list}`;
      const ops: Op[] = labelUrns.map((u) =>
        action === 'add' ? { op: 'add', path: `${base}/${esc(u)}`, value: { [key]: u } } : { op: 'remove', path: `${base}/${esc(u)}` },
      );
      return this.patch(r.resourceUrn, r.subResource ? 'editableSchemaMetadata' : aspect, ops);
    });
    await this.apply(proposals, actor, grant);
  }

  /**
   * Tags and terms of a type that keeps them inside another aspect (the registry's `edits.labels`: a
   * business attribute's definition), in its `globalTags` and `glossaryTerms`, as DataHub writes them.
   */
  private labelsInside(
    aspect: string,
    kind: 'tag' | 'term',
    action: 'add' | 'remove',
    labelUrns: readonly string[],
    urn: string,
    actor: string,
  ): Proposal {
    const [field, list, key] = LABEL_LISTS[kind];
    return editProposal(this.registry, urn, aspect, (current) => {
      if (!current) throw badRequest(`Failed to update ${kind}s: ${urn} has no ${aspect} to hold them`);
      const held = (current[field] ?? {}) as Record<string, unknown>;
      const have = (held[list] ?? []) as Array<Record<string, string>>;
      const labels =
        action === 'add'
          ? [...have, ...labelUrns.filter((u) => !have.some((l) => l[key] === u)).map((u) => ({ [key]: u }))]
          : have.filter((l) => !labelUrns.includes(l[key]!));
      // A glossaryTerms record requires its audit stamp; globalTags has none.
      const stamp = kind === 'term' ? { auditStamp: { time: this.now(), actor } } : {};
      return { ...current, [field]: { ...held, [list]: labels, ...stamp } };
    });
  }

  // --- owners ----------------------------------------------------------------------------

  async addOwners(
    owners: readonly OwnerInput[],
    resources: readonly ResourceRef[],
    actor: string,
    ownershipTypeUrn?: string | null,
  ): Promise<void> {
    const grant = await this.authorize(
      actor,
      resources.map((r) => toEdit(r.resourceUrn, 'EDIT_ENTITY_OWNERS')),
    );
    for (const r of resources) {
      if (!(await this.exists(r.resourceUrn)))
        throw badRequest(`Failed to change ownership for resource ${r.resourceUrn}. Resource does not exist.`);
    }
    for (const o of owners) {
      const expected = OWNER_ENTITY[o.ownerEntityType];
      for (const r of resources) {
        if (tryParseUrn(o.ownerUrn)?.entityType !== expected.entity)
          throw badRequest(`Failed to change ownership for resource ${r.resourceUrn}. Expected a ${expected.label} urn.`);
        if (!(await this.exists(o.ownerUrn)))
          throw badRequest(`Failed to change ownership for resource ${r.resourceUrn}. Owner does not exist.`);
      }
    }
    const ops: Op[] = owners.map((o) => {
      const type = o.type ?? 'NONE';
      const typeUrn = o.ownershipTypeUrn ?? ownershipTypeUrn ?? `urn:li:ownershipType:__system__${type.toLowerCase()}`;
      return {
        op: 'add',
        path: `/owners/${esc(o.ownerUrn)}/${esc(type)}`,
        value: { owner: o.ownerUrn, type, typeUrn, source: { type: 'MANUAL' } },
      };
    });
    await this.apply(
      resources.map((r) => this.patch(r.resourceUrn, 'ownership', ops)),
      actor,
      grant,
    );
  }

  /** Removes every ownership entry of the owners (of one ownership type, when given). */
  async removeOwners(
    ownerUrns: readonly string[],
    resources: readonly ResourceRef[],
    actor: string,
    ownershipTypeUrn?: string | null,
  ): Promise<void> {
    const grant = await this.authorize(
      actor,
      resources.map((r) => toEdit(r.resourceUrn, 'EDIT_ENTITY_OWNERS')),
    );
    for (const r of resources) {
      if (!(await this.exists(r.resourceUrn)))
        throw badRequest(`Failed to change ownership for resource ${r.resourceUrn}. Resource does not exist.`);
    }
    const removed = (o: Owner) => ownerUrns.includes(o.owner) && (!ownershipTypeUrn || o.typeUrn === ownershipTypeUrn);
    const proposals = resources.map((r) =>
      editProposal(this.registry, r.resourceUrn, 'ownership', (current) => ({
        ...current,
        owners: (current?.owners ?? []).filter((o) => !removed(o)),
        lastModified: { time: this.now(), actor },
      })),
    );
    await this.apply(proposals, actor, grant);
  }

  // --- domains, deprecation, soft delete, description, links -------------------------------

  /** Sets the domain of entities (`domainUrn` null: unsets it). */
  async setDomain(domainUrn: string | null, resourceUrns: readonly string[], actor: string): Promise<void> {
    const grant = await this.authorize(
      actor,
      resourceUrns.map((u) => toEdit(u, 'EDIT_DOMAINS_PRIVILEGE')),
    );
    if (domainUrn !== null && (tryParseUrn(domainUrn)?.entityType !== 'domain' || !(await this.exists(domainUrn)))) {
      throw badRequest(`Failed to add Entity ${resourceUrns.join(', ')} to Domain ${domainUrn}. Domain does not exist.`);
    }
    for (const urn of resourceUrns) {
      if (!(await this.exists(urn))) throw badRequest(`Failed to add Entity ${urn} to Domain ${domainUrn}. Entity does not exist.`);
    }
    await this.apply(
      resourceUrns.map((u) => this.upsert(u, 'domains', { domains: domainUrn ? [domainUrn] : [] })),
      actor,
      grant,
    );
  }

  async updateDeprecation(
    urns: readonly string[],
    deprecated: boolean,
    note: string | null | undefined,
    decommissionTime: number | null | undefined,
    actor: string,
  ): Promise<void> {
    const grant = await this.authorize(
      actor,
      urns.map((u) => toEdit(u, 'EDIT_DEPRECATION_PRIVILEGE')),
    );
    for (const urn of urns) {
      if (this.typeOf(urn)?.edits.deprecation === false)
        throw badRequest(`Failed to update deprecation for Entity ${urn}. Containers cannot be deprecated.`);
      if (!(await this.exists(urn))) throw badRequest(`Failed to update deprecation for Entity ${urn}. Entity does not exist.`);
    }
    const value = { deprecated, note: note ?? '', actor, ...(decommissionTime != null ? { decommissionTime } : {}) };
    await this.apply(
      urns.map((u) => this.upsert(u, 'deprecation', value)),
      actor,
      grant,
    );
  }

  async softDelete(urns: readonly string[], deleted: boolean, actor: string): Promise<void> {
    const grant = await this.authorize(
      actor,
      urns.map((u) => toEdit(u, 'DELETE_ENTITY')),
    );
    for (const urn of urns)
      if (!(await this.exists(urn))) throw badRequest(`Failed to soft delete entity with urn ${urn}. Entity does not exist.`);
    await this.apply(
      urns.map((u) => this.upsert(u, 'status', { removed: deleted })),
      actor,
      grant,
    );
  }

  async updateDescription(ref: ResourceRef, description: string, actor: string): Promise<void> {
    const type = tryParseUrn(ref.resourceUrn)?.entityType;
    const entity = this.typeOf(ref.resourceUrn);
    const target = entity?.edits.description;
    const grant = await this.authorize(actor, [
      ref.subResource
        ? toEdit(ref.resourceUrn, 'EDIT_DATASET_COL_DESCRIPTION')
        : toEditOrManage(entity, ref.resourceUrn, 'EDIT_ENTITY_DOCS'),
    ]);
    await this.requireResource(ref, 'Failed to update description');
    if (ref.subResource) {
      const ops: Op[] = [{ op: 'add', path: `/editableSchemaFieldInfo/${esc(ref.subResource)}/description`, value: description }];
      await this.apply([this.patch(ref.resourceUrn, 'editableSchemaMetadata', ops)], actor, grant);
      return;
    }
    if (target === 'columnsOnly') throw badRequest('Update description without subresource is not currently supported');
    if (!target) throw badRequest(`Failed to update description. Unsupported resource type ${type} provided.`);
    await this.apply([this.edit(ref.resourceUrn, target.aspect, (current) => ({ ...current, [target.field]: description }))], actor, grant);
  }

  /** Required fields of aspects an edit may create from nothing. */
  private requiredDefaults(urn: string, aspect: string): Record<string, unknown> {
    const name = parseUrn(urn).parts[0];
    switch (aspect) {
      case 'tagProperties':
        return { name };
      case 'domainProperties':
        return { name };
      case 'glossaryTermInfo':
        return { definition: '', termSource: 'INTERNAL' };
      case 'glossaryNodeInfo':
        return { definition: '' };
      case 'corpGroupInfo':
        return { admins: [], members: [], groups: [] };
      default:
        return {};
    }
  }

  async addLink(resourceUrn: string, url: string, label: string, actor: string): Promise<void> {
    const grant = await this.authorize(actor, [toEdit(resourceUrn, 'EDIT_ENTITY_DOC_LINKS')]);
    if (!(await this.exists(resourceUrn)))
      throw badRequest(`Failed to change institutional memory for resource ${resourceUrn}. Resource does not exist.`);
    const ops: Op[] = [
      { op: 'add', path: `/elements/${esc(url)}`, value: { url, description: label, createStamp: { time: this.now(), actor } } },
    ];
    await this.apply([this.patch(resourceUrn, 'institutionalMemory', ops)], actor, grant);
  }

  async removeLink(resourceUrn: string, url: string, actor: string): Promise<void> {
    const grant = await this.authorize(actor, [toEdit(resourceUrn, 'EDIT_ENTITY_DOC_LINKS')]);
    if (!(await this.exists(resourceUrn)))
      throw badRequest(`Failed to change institutional memory for resource ${resourceUrn}. Resource does not exist.`);
    await this.apply([this.patch(resourceUrn, 'institutionalMemory', [{ op: 'remove', path: `/elements/${esc(url)}` }])], actor, grant);
  }

  // --- creation --------------------------------------------------------------------------

  async createTag(id: string | null | undefined, name: string, description: string | null | undefined, actor: string): Promise<string> {
    const grant = await this.authorize(actor, [onPlatform('CREATE_TAGS', 'MANAGE_TAGS')]);
    const urn = newEntityUrn('tag', id);
    if (await this.exists(urn)) throw badRequest('This Tag already exists!');
    await this.apply([this.upsert(urn, 'tagProperties', { name, ...(description ? { description } : {}) })], actor, grant);
    return urn;
  }

  async createDomain(
    id: string | null | undefined,
    name: string,
    description: string | null | undefined,
    parentDomain: string | null | undefined,
    actor: string,
  ): Promise<string> {
    const grant = await this.authorize(actor, [onPlatform('CREATE_DOMAINS', 'MANAGE_DOMAINS')]);
    const urn = newEntityUrn('domain', id);
    if (await this.exists(urn)) throw badRequest('This Domain already exists!');
    if (parentDomain && !(await this.exists(parentDomain))) throw badRequest('Parent Domain does not exist!');
    const siblings = await this.store.search(filterQuery(['domain'], fieldEquals('name', name), 100));
    for (const other of siblings.urns) {
      const props = aspectValue('domainProperties', (await this.store.getAspect(other, 'domainProperties', 0))?.value);
      if ((props?.parentDomain ?? null) === (parentDomain ?? null))
        throw conflict(`"${name}" already exists in this domain. Please pick a unique name.`);
    }
    await this.apply(
      [
        this.upsert(urn, 'domainProperties', {
          name,
          ...(description ? { description } : {}),
          ...(parentDomain ? { parentDomain } : {}),
          created: { time: this.now(), actor },
        }),
        this.upsert(urn, 'ownership', {
          owners: [{ owner: actor, type: 'TECHNICAL_OWNER' }],
          lastModified: { time: this.now(), actor },
        }),
      ],
      actor,
      grant,
    );
    return urn;
  }

  /** A glossary term, made here (its source INTERNAL), under `parentNode` or at the top. */
  createGlossaryTerm(
    id: string | null | undefined,
    name: string,
    description: string | null | undefined,
    parentNode: string | null | undefined,
    actor: string,
  ): Promise<string> {
    const info = (parent: { parentNode?: string }) => ({ name, definition: description ?? '', termSource: 'INTERNAL', ...parent });
    return this.createGlossaryEntity(newEntityUrn('glossaryTerm', id), 'glossaryTermInfo', 'Term', parentNode, info, actor);
  }

  /** A glossary node, under `parentNode` or at the top. */
  createGlossaryNode(
    id: string | null | undefined,
    name: string,
    description: string | null | undefined,
    parentNode: string | null | undefined,
    actor: string,
  ): Promise<string> {
    const info = (parent: { parentNode?: string }) => ({ name, definition: description ?? '', ...parent });
    return this.createGlossaryEntity(newEntityUrn('glossaryNode', id), 'glossaryNodeInfo', 'Node', parentNode, info, actor);
  }

  private async createGlossaryEntity<N extends 'glossaryTermInfo' | 'glossaryNodeInfo'>(
    urn: string,
    aspect: N,
    what: string,
    parentNode: string | null | undefined,
    info: (parent: { parentNode?: string }) => AspectValue<N>,
    actor: string,
  ): Promise<string> {
    const grant = await this.authorize(actor, [glossaryRequirement(parentNode)]);
    if (await this.exists(urn)) throw badRequest(`This Glossary ${what} already exists!`);
    if (parentNode && (tryParseUrn(parentNode)?.entityType !== 'glossaryNode' || !(await this.exists(parentNode))))
      throw badRequest('Parent Node does not exist!');
    await this.apply([this.upsert(urn, aspect, info(parentNode ? { parentNode } : {}))], actor, grant);
    return urn;
  }

  /** Renames a tag, domain, glossary term or node, or group. */
  async updateName(urn: string, name: string, actor: string): Promise<void> {
    const type = tryParseUrn(urn)?.entityType ?? '';
    const t = this.typeOf(urn)?.edits.name;
    if (!t) throw badRequest(`Failed to update name. Unsupported resource type ${type} provided.`);
    const grant = await this.authorizeAspect(actor, urn, t.aspect);
    if (!(await this.exists(urn))) throw badRequest(`Failed to update name for ${urn}. Entity does not exist.`);
    await this.apply([this.edit(urn, t.aspect, (current) => ({ ...current, [t.field]: name }))], actor, grant);
  }

  async setTagColor(urn: string, colorHex: string, actor: string): Promise<void> {
    const grant = await this.authorize(actor, [toEditOrManage(this.registry.entity('tag'), urn, 'EDIT_TAG_COLOR')]);
    if (tryParseUrn(urn)?.entityType !== 'tag' || !(await this.exists(urn)))
      throw badRequest(`Failed to set color for Tag ${urn}. Tag does not exist.`);
    await this.apply([this.edit(urn, 'tagProperties', (current) => ({ ...current, colorHex }))], actor, grant);
  }

  async createGroup(id: string | null | undefined, name: string, description: string | null | undefined, actor: string): Promise<string> {
    const grant = await this.authorize(actor, [onPlatform('MANAGE_USERS_AND_GROUPS')]);
    const urn = newEntityUrn('corpGroup', id);
    if (await this.exists(urn)) throw badRequest('This Group already exists!');
    // A group made here is native: its members are managed here (DataHub's createNativeGroup).
    const info: AspectValue<'corpGroupInfo'> = {
      displayName: name,
      ...(description ? { description } : {}),
      admins: [],
      members: [],
      groups: [],
      created: { time: this.now(), actor },
    };
    await this.apply([this.upsert(urn, 'corpGroupInfo', info), this.upsert(urn, 'origin', { type: 'NATIVE' })], actor, grant);
    return urn;
  }

  /** Moves a domain under another (or to the top), or a glossary entity under another node. */
  async setParent(resourceUrn: string, parentUrn: string | null | undefined, actor: string): Promise<void> {
    const type = tryParseUrn(resourceUrn)?.entityType ?? '';
    const t = this.typeOf(resourceUrn)?.edits.parent;
    // A type that names the privilege moving needs (domains) needs it; others follow the glossary's rule.
    const grant = await this.authorize(actor, [
      t?.privilege ? onPlatform(registryPrivilege(t.privilege, 'move')) : glossaryRequirement(parentUrn),
    ]);
    if (!(await this.exists(resourceUrn))) throw badRequest(`Failed to move ${resourceUrn}. Entity does not exist.`);
    if (!t) throw badRequest(`Failed to move ${resourceUrn}. Unsupported resource type ${type} provided.`);
    if (parentUrn && (tryParseUrn(parentUrn)?.entityType !== t.type || !(await this.exists(parentUrn))))
      throw badRequest(`Failed to move ${resourceUrn}. Parent ${parentUrn} does not exist.`);
    const move = (current: Record<string, unknown>) => {
      if (parentUrn) current[t.field] = parentUrn;
      else delete current[t.field];
      return current;
    };
    await this.apply([this.edit(resourceUrn, t.aspect, move)], actor, grant);
  }

  /** Sets the given fields of an aspect, keeping the others (absent or null fields are left as they are). */
  async mergeFields(urn: string, aspect: string, fields: Record<string, unknown>, actor: string): Promise<void> {
    const given = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== null && v !== undefined));
    await this.write(urn, [this.edit(urn, aspect, (current) => ({ ...current, ...given }))], actor);
  }

  /** Hard-deletes an entity (a DELETE of its key aspect); references to it elsewhere stay. */
  async deleteEntity(urn: string, entityType: string, actor: string): Promise<void> {
    const entity = this.registry.entity(entityType)!;
    const grant = await this.authorizeAspect(actor, urn, entity.keyAspect.name, true);
    if (tryParseUrn(urn)?.entityType !== entityType || !(await this.exists(urn)))
      throw badRequest(`Failed to delete ${urn}. Entity does not exist.`);
    await this.apply([deleteEntityProposal(this.registry, urn)], actor, grant);
  }

  /** update<Entity>: the aspects its input names replace the stored ones. */
  async updateEntity(urn: string, input: EntityUpdateInput, actor: string): Promise<void> {
    const entity = this.registry.entityOfUrn(urn);
    if (!entity) throw badRequest(`Failed to update resource with urn ${urn}. Entity does not exist.`);
    await this.upserts(urn, updateAspects(entity, input, actor, this.now()), actor);
  }

  async updateTag(urn: string, input: TagUpdate, actor: string): Promise<void> {
    await this.upserts(urn, tagUpdateAspects(input, actor, this.now()), actor);
  }

  /** updateCorpUserProperties: the given fields of the user's editable info, under their stored names. */
  async updateUserProperties(
    urn: string,
    input: { platformUrns?: readonly string[] | null | undefined; personaUrn?: string | null | undefined } & Record<string, unknown>,
    actor: string,
  ): Promise<void> {
    const { platformUrns, personaUrn, ...rest } = input;
    await this.mergeFields(urn, 'corpUserEditableInfo', { ...rest, platforms: platformUrns, persona: personaUrn }, actor);
  }

  /** Whole-aspect writes of the update<Entity> mutations, as values already built by the caller. */
  async upserts(urn: string, aspects: Record<string, unknown>, actor: string): Promise<void> {
    await this.write(
      urn,
      Object.entries(aspects).map(([name, value]) => buildProposal(this.registry, urn, name, 'UPSERT', value)),
      actor,
    );
  }

  /** Writes to an entity that must exist, under each aspect's own rule. */
  private async write(urn: string, proposals: Proposal[], actor: string): Promise<void> {
    const grant = await this.authorize(actor, proposalsRequirements(proposals));
    if (!(await this.exists(urn))) throw badRequest(`Failed to update resource with urn ${urn}. Entity does not exist.`);
    await this.apply(proposals, actor, grant);
  }
}

/** Glossary entities are managed with MANAGE_GLOSSARIES, or with the children privileges on their parent node. */
function glossaryRequirement(parentNode: string | null | undefined): Requirement {
  return parentNode
    ? { resource: parentNode, privileges: ['MANAGE_GLOSSARY_CHILDREN', 'MANAGE_ALL_GLOSSARY_CHILDREN'], platform: ['MANAGE_GLOSSARIES'] }
    : onPlatform('MANAGE_GLOSSARIES');
}
