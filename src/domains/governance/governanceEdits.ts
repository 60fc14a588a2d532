/**
 * Governance edits of the web app: custom ownership types, business attributes and their use on
 * columns, related glossary terms, display properties, links and embeds. Each checks DataHub's
 * privilege first (a refusal is a 403 whatever else is wrong), then its inputs (DataHub's messages),
 * then writes proposals through the write path; changes to part of an aspect are edits of its latest
 * value, so concurrent edits keep each other.
 */
import { SYSTEM_ACTOR } from '../../actors.js';
import type { Authorizer, Grant } from '../../auth/authorizer.js';
import { aspectRequirements, onPlatform, toEdit, type Requirement } from '../../auth/requirements.js';
import { aspectValue, type AspectName, type AspectValue } from '../../registry/aspectValues.js';
import type { Registry } from '../../registry/registry.js';
import type { Store } from '../../store/types.js';
import { newEntityUrn, parseUrn, tryParseUrn } from '../../urn.js';
import type { DeleteService } from '../entities/deletes.js';
import { badRequest, conflict } from '../../errors.js';
import { buildProposal, deleteEntityProposal, editProposal, type Proposal } from '../../write/proposals.js';
import type { WritePath } from '../../write/writePath.js';
import { fieldEquals, filterQuery } from '../search/filters.js';
import { entityExists } from '../../write/exists.js';

type Link = AspectValue<'institutionalMemory'>['elements'][number];
type Icon = NonNullable<AspectValue<'displayProperties'>['icon']>;

/** System ownership types (`urn:li:ownershipType:__system__…`) are only ever soft-deleted. */
const SYSTEM_OWNERSHIP_TYPE = '__system__';
const MANAGE_OWNERSHIP_TYPES = onPlatform('MANAGE_GLOBAL_OWNERSHIP_TYPES');
const CREATE_BUSINESS_ATTRIBUTE = onPlatform('CREATE_BUSINESS_ATTRIBUTE', 'MANAGE_BUSINESS_ATTRIBUTE');
const MANAGE_BUSINESS_ATTRIBUTE = onPlatform('MANAGE_BUSINESS_ATTRIBUTE');
const MAX_NAME_MATCHES = 100;

export interface BusinessAttributeInput {
  name?: string | null | undefined;
  description?: string | null | undefined;
  /** A stored `SchemaFieldDataType`. */
  type?: AspectValue<'businessAttributeInfo'>['type'] | null | undefined;
}

export interface DisplayPropertiesInput {
  colorHex?: string | null | undefined;
  icon?:
    | { iconLibrary?: Icon['iconLibrary'] | null | undefined; name?: string | null | undefined; style?: string | null | undefined }
    | null
    | undefined;
}

export class GovernanceEditService {
  constructor(
    private readonly store: Store,
    private readonly registry: Registry,
    private readonly writePath: WritePath,
    private readonly authorizer: Authorizer,
    private readonly deletes: DeleteService,
    private readonly now: () => number = Date.now,
  ) {}

  private authorize(actor: string, requirements: readonly Requirement[]): Promise<Grant> {
    return this.authorizer.require(actor, requirements);
  }

  private async apply(proposals: Proposal[], actor: string, grant: Grant): Promise<void> {
    await this.writePath.apply(proposals, { actor, grant });
  }

  private async latest<N extends AspectName>(urn: string, aspect: N): Promise<AspectValue<N> | undefined> {
    return aspectValue(aspect, (await this.store.getAspect(urn, aspect, 0))?.value);
  }

  private exists(urn: string): Promise<boolean> {
    return entityExists(this.store, this.registry, urn);
  }

  private stamp(actor: string) {
    return { time: this.now(), actor };
  }

  // --- ownership types -------------------------------------------------------------------

  async createOwnershipType(name: string, description: string, actor: string): Promise<string> {
    const grant = await this.authorize(actor, [MANAGE_OWNERSHIP_TYPES]);
    const urn = newEntityUrn('ownershipType');
    const stamp = this.stamp(actor);
    await this.apply(
      [buildProposal(this.registry, urn, 'ownershipTypeInfo', 'UPSERT', { name, description, created: stamp, lastModified: stamp })],
      actor,
      grant,
    );
    return urn;
  }

  async updateOwnershipType(
    urn: string,
    name: string | null | undefined,
    description: string | null | undefined,
    actor: string,
  ): Promise<void> {
    const grant = await this.authorize(actor, [MANAGE_OWNERSHIP_TYPES]);
    const missing = `Failed to update Ownership Type. Ownership Type with urn ${urn} does not exist.`;
    if (tryParseUrn(urn)?.entityType !== 'ownershipType' || !(await this.latest(urn, 'ownershipTypeInfo'))) throw badRequest(missing);
    const edit = editProposal(this.registry, urn, 'ownershipTypeInfo', (current) => {
      if (!current) throw badRequest(missing);
      return {
        ...current,
        ...(name != null ? { name } : {}),
        ...(description != null ? { description } : {}),
        lastModified: this.stamp(actor),
      };
    });
    await this.apply([edit], actor, grant);
  }

  /** A system type is soft-deleted; a custom one is removed, and with `deleteReferences` taken off every owner entry too. */
  async deleteOwnershipType(urn: string, deleteReferences: boolean, actor: string): Promise<void> {
    const grant = await this.authorize(actor, [MANAGE_OWNERSHIP_TYPES]);
    if (tryParseUrn(urn)?.entityType !== 'ownershipType') throw badRequest(`Failed to delete ownership type with urn ${urn}`);
    if (parseUrn(urn).parts[0].startsWith(SYSTEM_OWNERSHIP_TYPE)) {
      await this.apply([buildProposal(this.registry, urn, 'status', 'UPSERT', { removed: true })], actor, grant);
      return;
    }
    // DataHub answers success for a type that does not exist: nothing to remove.
    if (!(await this.exists(urn))) return;
    await this.apply([deleteEntityProposal(this.registry, urn)], actor, grant);
    if (deleteReferences) await this.clearReferences(urn);
  }

  /**
   * Takes a removed entity out of the aspects that refer to it. The privilege to remove the entity is
   * the privilege to do this (DataHub does it as the system): the remover need not be able to edit
   * every entity that referred to it.
   */
  private async clearReferences(urn: string): Promise<void> {
    await this.deletes.deleteReferences(urn, false, SYSTEM_ACTOR);
  }

  // --- business attributes ---------------------------------------------------------------

  private async requireUniqueAttributeName(name: string, except?: string): Promise<void> {
    const page = await this.store.search(filterQuery(['businessAttribute'], fieldEquals('name', name), MAX_NAME_MATCHES));
    if (page.urns.some((u) => u !== except)) throw conflict(`"${name}" already exists as Business Attribute. Please pick a unique name.`);
  }

  async createBusinessAttribute(
    id: string | null | undefined,
    input: BusinessAttributeInput & { name: string },
    actor: string,
  ): Promise<string> {
    const grant = await this.authorize(actor, [CREATE_BUSINESS_ATTRIBUTE]);
    const urn = newEntityUrn('businessAttribute', id);
    if (await this.exists(urn)) throw badRequest('This Business Attribute already exists!');
    await this.requireUniqueAttributeName(input.name);
    const stamp = this.stamp(actor);
    const info = {
      fieldPath: input.name,
      name: input.name,
      ...(input.description != null ? { description: input.description } : {}),
      ...(input.type ? { type: input.type } : {}),
      created: stamp,
      lastModified: stamp,
    };
    const ownership: AspectValue<'ownership'> = {
      owners: [{ owner: actor, type: 'TECHNICAL_OWNER', typeUrn: 'urn:li:ownershipType:__system__technical_owner' }],
      lastModified: stamp,
    };
    await this.apply(
      [
        buildProposal(this.registry, urn, 'businessAttributeInfo', 'UPSERT', info),
        buildProposal(this.registry, urn, 'ownership', 'UPSERT', ownership),
      ],
      actor,
      grant,
    );
    return urn;
  }

  async updateBusinessAttribute(urn: string, input: BusinessAttributeInput, actor: string): Promise<void> {
    const grant = await this.authorize(actor, [MANAGE_BUSINESS_ATTRIBUTE]);
    const missing = `Failed to update Business Attribute. Business Attribute with urn ${urn} does not exist.`;
    if (tryParseUrn(urn)?.entityType !== 'businessAttribute' || !(await this.exists(urn)))
      throw badRequest(`This urn does not exist: ${urn}`);
    if (input.name != null) await this.requireUniqueAttributeName(input.name, urn);
    const edit = editProposal(this.registry, urn, 'businessAttributeInfo', (current) => {
      if (!current) throw badRequest(missing);
      return {
        ...current,
        ...(input.name != null ? { name: input.name, fieldPath: input.name } : {}),
        ...(input.description != null ? { description: input.description } : {}),
        ...(input.type ? { type: input.type } : {}),
        lastModified: this.stamp(actor),
      };
    });
    await this.apply([edit], actor, grant);
  }

  /** Removes the attribute, then its association from every column that has it. */
  async deleteBusinessAttribute(urn: string, actor: string): Promise<void> {
    const grant = await this.authorize(actor, [MANAGE_BUSINESS_ATTRIBUTE]);
    if (tryParseUrn(urn)?.entityType !== 'businessAttribute' || !(await this.exists(urn)))
      throw badRequest(`This urn does not exist: ${urn}`);
    await this.apply([deleteEntityProposal(this.registry, urn)], actor, grant);
    await this.clearReferences(urn);
  }

  /**
   * Sets (or, with `attributeUrn` null, removes) the business attribute of columns, each named by its
   * schema field urn; EDIT_ENTITY or EDIT_DATASET_COL_BUSINESS_ATTRIBUTE_PRIVILEGE on the dataset.
   */
  async setBusinessAttribute(attributeUrn: string, fieldUrns: readonly string[], remove: boolean, actor: string): Promise<void> {
    const datasets = fieldUrns.map((f) => {
      const field = tryParseUrn(f);
      if (field?.entityType !== 'schemaField')
        throw badRequest(`${f} is not a schema field urn (urn:li:schemaField:(<dataset urn>,<field path>))`);
      return field.parts[0];
    });
    const grant = await this.authorize(
      actor,
      datasets.map((d) => toEdit(d, 'EDIT_DATASET_COL_BUSINESS_ATTRIBUTE_PRIVILEGE')),
    );
    if (tryParseUrn(attributeUrn)?.entityType !== 'businessAttribute' || !(await this.exists(attributeUrn)))
      throw badRequest(`This urn does not exist: ${attributeUrn}`);
    for (const d of datasets)
      if (!(await this.exists(d))) throw badRequest(`Failed to update resource with urn ${d}. Entity does not exist.`);
    if (remove) {
      for (const f of fieldUrns) {
        if ((await this.latest(f, 'businessAttributes'))?.businessAttribute?.businessAttributeUrn !== attributeUrn)
          throw badRequest('Schema field has not attached with business attribute');
      }
    }
    const proposals = fieldUrns.map((f) =>
      editProposal(this.registry, f, 'businessAttributes', (current) => {
        if (!remove) return { ...(current ?? {}), businessAttribute: { businessAttributeUrn: attributeUrn } };
        const { businessAttribute: _removed, ...rest } = current ?? {};
        return rest;
      }),
    );
    await this.apply(proposals, actor, grant);
  }

  // --- glossary, display, links, embeds --------------------------------------------------

  /** MANAGE_GLOSSARIES, or the children privileges on the term's parent node (DataHub's canUpdateGlossaryEntity). */
  private async glossaryRequirement(urn: string): Promise<Requirement> {
    const info = (await this.latest(urn, 'glossaryTermInfo')) ?? (await this.latest(urn, 'glossaryNodeInfo'));
    const parent = info?.parentNode;
    return parent
      ? { resource: parent, privileges: ['MANAGE_GLOSSARY_CHILDREN', 'MANAGE_ALL_GLOSSARY_CHILDREN'], platform: ['MANAGE_GLOSSARIES'] }
      : onPlatform('MANAGE_GLOSSARIES');
  }

  /** Adds (or removes) `isA` (inherits) or `hasA` (contains) relations of a glossary term to others. */
  async relatedTerms(
    urn: string,
    termUrns: readonly string[],
    relationship: 'isA' | 'hasA',
    action: 'add' | 'remove',
    actor: string,
  ): Promise<void> {
    const grant = await this.authorize(actor, [await this.glossaryRequirement(urn)]);
    if (tryParseUrn(urn)?.entityType !== 'glossaryTerm' || !(await this.exists(urn))) {
      throw badRequest(`Failed to update ${urn}. ${urn} either does not exist or is not a glossaryTerm.`);
    }
    const field = relationship === 'isA' ? 'isRelatedTerms' : 'hasRelatedTerms';
    if (action === 'add') {
      for (const t of termUrns) {
        if (t === urn) throw badRequest(`Failed to update ${urn}. Tried to create related term with itself.`);
        if (tryParseUrn(t)?.entityType !== 'glossaryTerm') throw badRequest(`Failed to update ${urn}. ${t} is not a glossaryTerm.`);
        if (!(await this.exists(t))) throw badRequest(`Failed to update ${urn}. ${t} does not exist.`);
      }
    } else if (!(await this.latest(urn, 'glossaryRelatedTerms'))) {
      throw badRequest(`Related Terms for this Urn do not exist: ${urn}`);
    }
    const edit = editProposal(this.registry, urn, 'glossaryRelatedTerms', (current) => {
      const existing = current?.[field] ?? [];
      const next =
        action === 'add' ? [...existing, ...termUrns.filter((t) => !existing.includes(t))] : existing.filter((t) => !termUrns.includes(t));
      return { ...(current ?? {}), [field]: next };
    });
    await this.apply([edit], actor, grant);
  }

  /** The colour and icon of a domain or glossary node; DataHub asks MANAGE_DOMAINS for it. */
  async updateDisplayProperties(urn: string, input: DisplayPropertiesInput, actor: string): Promise<void> {
    if (!(await this.exists(urn))) throw badRequest(`Failed to update ${urn}. ${urn} does not exist.`);
    const grant = await this.authorize(actor, [onPlatform('MANAGE_DOMAINS')]);
    const edit = editProposal(this.registry, urn, 'displayProperties', (current) => {
      const next = { ...(current ?? {}) };
      if (input.colorHex != null) next.colorHex = input.colorHex;
      if (input.icon) {
        const icon: Partial<Icon> = { ...(next.icon ?? {}) };
        if (input.icon.iconLibrary != null) icon.iconLibrary = input.icon.iconLibrary;
        if (input.icon.name != null) icon.name = input.icon.name;
        if (input.icon.style != null) icon.style = input.icon.style;
        // An icon left without all three is refused by the write path's check of the schema.
        next.icon = icon as Icon;
      }
      return next;
    });
    await this.apply([edit], actor, grant);
  }

  /** Changes the url and label of a link of an entity, found by its current url and label. */
  async updateLink(
    resourceUrn: string,
    current: { url: string; label: string },
    next: { url: string; label: string },
    actor: string,
  ): Promise<void> {
    const grant = await this.authorize(actor, [toEdit(resourceUrn, 'EDIT_ENTITY_DOC_LINKS')]);
    if (!(await this.exists(resourceUrn)))
      throw badRequest(`Failed to change institutional memory for resource ${resourceUrn}. Resource does not exist.`);
    const missing = `Failed to update the link '${current.url}' with label '${current.label}'. The link does not exist`;
    const isCurrent = (e: Link) => e.url === current.url && e.description === current.label;
    const check = (elements: readonly Link[]) => {
      if (!elements.some(isCurrent)) throw badRequest(missing);
      if (
        (next.url !== current.url || next.label !== current.label) &&
        elements.some((e) => e.url === next.url && e.description === next.label)
      ) {
        throw badRequest(`The link '${next.url}' with label '${next.label}' already exists`);
      }
    };
    check((await this.latest(resourceUrn, 'institutionalMemory'))?.elements ?? []);
    const edit = editProposal(this.registry, resourceUrn, 'institutionalMemory', (latest) => {
      const elements = latest?.elements ?? [];
      check(elements);
      const updated = this.stamp(actor);
      return {
        ...(latest ?? {}),
        elements: elements.map((e) => (isCurrent(e) ? { ...e, url: next.url, description: next.label, updateStamp: updated } : e)),
      };
    });
    await this.apply([edit], actor, grant);
  }

  async updateEmbed(urn: string, renderUrl: string | null | undefined, actor: string): Promise<void> {
    const grant = await this.authorize(actor, [toEdit(urn, 'EDIT_ENTITY_EMBED')]);
    if (!(await this.exists(urn))) throw badRequest(`Failed to update embed for entity with urn ${urn}. Entity does not exist!`);
    const edit = editProposal(this.registry, urn, 'embed', (current) => {
      const { renderUrl: _old, ...rest } = current ?? {};
      return renderUrl != null ? { ...rest, renderUrl } : rest;
    });
    await this.apply([edit], actor, grant);
  }

  /**
   * Names (or, with `parentUrn` null, removes) the logical entity a dataset or column is a physical
   * instance of. DataHub checks neither the parent's existence nor a privilege of its own: writing
   * the aspect needs what writing it needs anywhere.
   */
  async setLogicalParent(resourceUrn: string, parentUrn: string | null | undefined, actor: string): Promise<void> {
    const grant = await this.authorize(
      actor,
      aspectRequirements(this.registry.entities.get(tryParseUrn(resourceUrn)?.entityType ?? ''), resourceUrn, 'logicalParent'),
    );
    const failed = `Failed to set Logical Parent on entity ${resourceUrn} to ${parentUrn ?? null}`;
    if (!this.registry.entityOfUrn(resourceUrn)?.aspects.has('logicalParent')) throw badRequest(`${failed}: it cannot have one`);
    if (!(await this.exists(resourceUrn))) throw badRequest(`${failed}: it does not exist`);
    // What the aspect's PhysicalInstanceOf relationship allows a logical parent to be.
    const parentTypes = this.registry.aspects.get('logicalParent')!.relationships.flatMap((r) => r.entityTypes);
    if (parentUrn && !parentTypes.includes(tryParseUrn(parentUrn)?.entityType ?? ''))
      throw badRequest(`${failed}: a logical parent is a dataset or a column`);
    const stamp = this.stamp(actor);
    const value = parentUrn ? { parent: { destinationUrn: parentUrn, created: stamp, lastModified: stamp } } : {};
    await this.apply([buildProposal(this.registry, resourceUrn, 'logicalParent', 'UPSERT', value)], actor, grant);
  }
}
