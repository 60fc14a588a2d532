/**
 * Structured properties: defining them (create, update, delete) and setting their values on assets.
 * Values are checked against the definition (value type, allowed entity types of urns, allowed
 * values, cardinality) with DataHub's messages before anything is written; a bad value is the
 * request's fault (400) and nothing is written. Values land in the asset's `structuredProperties`
 * aspect through the write path, as edits of its latest value, so concurrent edits keep each other.
 */
import { randomUUID } from 'node:crypto';
import type { Authorizer, Grant } from '../../auth/authorizer.js';
import { onPlatform, toEdit, type Requirement } from '../../auth/requirements.js';
import { aspectValue, type AspectValue } from '../../registry/aspectValues.js';
import type { Registry } from '../../registry/registry.js';
import type { Store } from '../../store/types.js';
import { entityUrn, tryParseUrn } from '../../urn.js';
import { badRequest } from '../../errors.js';
import { buildProposal, deleteEntityProposal, editProposal, type Proposal } from '../../write/proposals.js';
import type { WritePath } from '../../write/writePath.js';
import { structuredPropertyField } from '../../indexing/structuredPropertyFields.js';
import { entityExists } from '../../write/exists.js';
import {
  assignmentsProblem,
  oneValueRules,
  samePrimitive,
  valueProblem,
  valueTypeId,
  type AllowedValue,
  type AspectLookup,
  type Primitive,
} from '../../write/structuredPropertyValues.js';
import { fieldEquals, filterQuery } from '../search/filters.js';

type Definition = AspectValue<'propertyDefinition'>;
type Settings = AspectValue<'structuredPropertySettings'>;
type Assignments = AspectValue<'structuredProperties'>;
type Assignment = Assignments['properties'][number];

/** A value as GraphQL sends it: a string or a number. */
export interface ValueInput {
  stringValue?: string | null | undefined;
  numberValue?: number | null | undefined;
}

export interface AllowedValueInput extends ValueInput {
  description?: string | null | undefined;
}

export interface SettingsInput {
  isHidden?: boolean | null | undefined;
  showInSearchFilters?: boolean | null | undefined;
  showInAssetSummary?: boolean | null | undefined;
  showAsAssetBadge?: boolean | null | undefined;
  showInColumnsTable?: boolean | null | undefined;
}

export interface CreatePropertyInput {
  id?: string | null | undefined;
  qualifiedName?: string | null | undefined;
  displayName?: string | null | undefined;
  description?: string | null | undefined;
  immutable?: boolean | null | undefined;
  valueType: string;
  typeQualifier?: { allowedTypes?: readonly string[] | null | undefined } | null | undefined;
  allowedValues?: readonly AllowedValueInput[] | null | undefined;
  cardinality?: 'SINGLE' | 'MULTIPLE' | null | undefined;
  entityTypes: readonly string[];
  settings?: SettingsInput | null | undefined;
}

export interface UpdatePropertyInput {
  urn: string;
  displayName?: string | null | undefined;
  description?: string | null | undefined;
  immutable?: boolean | null | undefined;
  typeQualifier?: { newAllowedTypes?: readonly string[] | null | undefined } | null | undefined;
  newAllowedValues?: readonly AllowedValueInput[] | null | undefined;
  setCardinalityAsMultiple?: boolean | null | undefined;
  newEntityTypes?: readonly string[] | null | undefined;
  settings?: SettingsInput | null | undefined;
}

/** DataHub's refusals (its resolvers' texts). */
const REFUSED = {
  create: 'Unable to create structured property. Please contact your admin.',
  update: 'Unable to update structured property. Please contact your admin.',
  delete: 'Unable to delete structured property. Please contact your admin.',
  values: (urn: string) => `Not authorized to update properties on the gives urn ${urn}`,
};

/** DataHub's text when a hidden property is also shown somewhere. */
const INVALID_SETTINGS = 'Cannot have property isHidden = true while other display location settings are also true.';
const SETTINGS_FLAGS = ['showInSearchFilters', 'showInAssetSummary', 'showAsAssetBadge', 'showInColumnsTable'] as const;
/** DataHub's text when a second property would be shown as the asset badge, followed by the urns that are. */
const ONLY_ONE_BADGE = 'Cannot have more than one property set with show as badge. Property urns currently set: ';
/** DataHub lists the first ten properties shown as a badge. */
const MAX_BADGES_LISTED = 10;

const MAX_REFERENCING = 10_000;

const MANAGE = onPlatform('MANAGE_STRUCTURED_PROPERTIES');

function primitive(v: ValueInput): Primitive {
  if (v.stringValue != null) return { string: v.stringValue };
  if (v.numberValue != null) return { double: v.numberValue };
  throw badRequest('A structured property value needs a stringValue or a numberValue');
}

function allowedValue(a: AllowedValueInput): AllowedValue {
  return { value: primitive(a), ...(a.description != null ? { description: a.description } : {}) };
}

export class StructuredPropertyService {
  constructor(
    private readonly store: Store,
    private readonly registry: Registry,
    private readonly writePath: WritePath,
    private readonly authorizer: Authorizer,
    private readonly now: () => number = Date.now,
  ) {}

  private authorize(actor: string, requirement: Requirement, text: string): Promise<Grant> {
    return this.authorizer.require(actor, [requirement], () => text);
  }

  private exists(urn: string): Promise<boolean> {
    return entityExists(this.store, this.registry, urn);
  }

  private readonly lookup: AspectLookup = async (urn, aspect) => aspectValue(aspect, (await this.store.getAspect(urn, aspect, 0))?.value);

  private async definition(urn: string): Promise<Definition | undefined> {
    if (tryParseUrn(urn)?.entityType !== 'structuredProperty') return undefined;
    return this.lookup(urn, 'propertyDefinition');
  }

  private stamp(actor: string) {
    return { time: this.now(), actor };
  }

  private async checkTypes(valueType: string | undefined, entityTypes: readonly string[], allowedTypes: readonly string[]): Promise<void> {
    if (valueType !== undefined && (tryParseUrn(valueType)?.entityType !== 'dataType' || !(await this.exists(valueType)))) {
      throw badRequest(
        `Provided value type ${valueType} is not a known data type (urn:li:dataType:datahub.<string|number|urn|date|rich_text>)`,
      );
    }
    for (const t of [...entityTypes, ...allowedTypes]) {
      if (tryParseUrn(t)?.entityType !== 'entityType' || !this.registry.entity(valueTypeId(t))) {
        throw badRequest(`Provided entity type ${t} is not a known entity type (urn:li:entityType:datahub.<name>)`);
      }
    }
  }

  /** Other properties shown as an asset's badge: at most one property may be. */
  private async badges(except: string): Promise<string[]> {
    const page = await this.store.search(filterQuery(['structuredProperty'], fieldEquals('showAsAssetBadge', 'true'), MAX_BADGES_LISTED));
    return page.urns.filter((u) => u !== except);
  }

  private async settingsProposal(urn: string, current: Settings | undefined, input: SettingsInput, actor: string): Promise<Proposal> {
    const settings: Settings = { ...(current ?? {}) };
    for (const key of ['isHidden', ...SETTINGS_FLAGS] as const) {
      const flag = input[key];
      if (flag != null) settings[key] = flag;
    }
    if (settings.isHidden === true && SETTINGS_FLAGS.some((k) => settings[k] === true)) throw badRequest(INVALID_SETTINGS);
    if (input.showAsAssetBadge === true) {
      const others = await this.badges(urn);
      if (others.length > 0) throw badRequest(`${ONLY_ONE_BADGE}[${others.join(', ')}]`);
    }
    settings.lastModified = this.stamp(actor);
    return buildProposal(this.registry, urn, 'structuredPropertySettings', 'UPSERT', settings);
  }

  async create(input: CreatePropertyInput, actor: string): Promise<string> {
    const grant = await this.authorize(actor, MANAGE, REFUSED.create);
    if (input.id != null && input.qualifiedName != null && input.id !== input.qualifiedName) {
      throw badRequest('Qualified name and the ID of a structured property must match');
    }
    const id = input.qualifiedName ?? input.id ?? randomUUID();
    if (id.includes(' ')) throw badRequest('Fully qualified structured property name cannot contain spaces');
    const urn = entityUrn('structuredProperty', id);
    if (await this.exists(urn)) throw badRequest('A structured property already exists with this urn');
    const allowedTypes = input.typeQualifier?.allowedTypes ?? undefined;
    await this.checkTypes(input.valueType, input.entityTypes, allowedTypes ?? []);
    const definition: Definition = {
      qualifiedName: id,
      valueType: input.valueType,
      entityTypes: [...new Set(input.entityTypes)],
      cardinality: input.cardinality ?? 'SINGLE',
      immutable: input.immutable ?? false,
      ...(input.displayName != null ? { displayName: input.displayName } : {}),
      ...(input.description != null ? { description: input.description } : {}),
      ...(allowedTypes ? { typeQualifier: { allowedTypes: [...allowedTypes] } } : {}),
      ...(input.allowedValues ? { allowedValues: input.allowedValues.map(allowedValue) } : {}),
      created: this.stamp(actor),
      lastModified: this.stamp(actor),
    };
    for (const a of definition.allowedValues ?? []) {
      const problem = valueProblem(urn, oneValueRules(definition), [a.value]);
      if (problem) throw badRequest(problem);
    }
    const proposals = [buildProposal(this.registry, urn, 'propertyDefinition', 'UPSERT', definition)];
    if (input.settings) proposals.push(await this.settingsProposal(urn, undefined, input.settings, actor));
    await this.writePath.apply(proposals, { actor, grant });
    return urn;
  }

  /** Only additive changes, as DataHub allows: more allowed values, types and entity types, SINGLE to MULTIPLE. */
  async update(input: UpdatePropertyInput, actor: string): Promise<string> {
    const grant = await this.authorize(actor, MANAGE, REFUSED.update);
    const current = await this.definition(input.urn);
    if (!current) throw badRequest('Attempting to update a structured property with no definition aspect.');
    const newAllowedTypes = input.typeQualifier?.newAllowedTypes ?? [];
    await this.checkTypes(undefined, input.newEntityTypes ?? [], newAllowedTypes);
    const newAllowed = (input.newAllowedValues ?? []).map(allowedValue);
    for (const a of newAllowed) {
      const problem = valueProblem(input.urn, oneValueRules(current), [a.value]);
      if (problem) throw badRequest(problem);
    }
    const proposals: Proposal[] = [
      editProposal(this.registry, input.urn, 'propertyDefinition', (latest) => {
        const d: Definition = { ...(latest ?? current) };
        if (input.displayName != null) d.displayName = input.displayName;
        if (input.description != null) d.description = input.description;
        if (input.immutable != null) d.immutable = input.immutable;
        if (input.setCardinalityAsMultiple) d.cardinality = 'MULTIPLE';
        if (input.newEntityTypes) d.entityTypes = [...new Set([...(d.entityTypes ?? []), ...input.newEntityTypes])];
        if (newAllowedTypes.length > 0)
          d.typeQualifier = {
            ...(d.typeQualifier ?? {}),
            allowedTypes: [...new Set([...(d.typeQualifier?.allowedTypes ?? []), ...newAllowedTypes])],
          };
        if (newAllowed.length > 0) {
          const kept = d.allowedValues ?? [];
          d.allowedValues = [...kept, ...newAllowed.filter((a) => !kept.some((k) => samePrimitive(k.value, a.value)))];
        }
        d.lastModified = this.stamp(actor);
        return d;
      }),
    ];
    if (input.settings) {
      const settings = await this.lookup(input.urn, 'structuredPropertySettings');
      proposals.push(await this.settingsProposal(input.urn, settings, input.settings, actor));
    }
    await this.writePath.apply(proposals, { actor, grant });
    return input.urn;
  }

  /** Removes the property, then its values from every asset that holds one (found by its search field). */
  async delete(urn: string, actor: string): Promise<void> {
    const grant = await this.authorize(actor, MANAGE, REFUSED.delete);
    if (!(await this.definition(urn)) && !(await this.exists(urn))) throw badRequest(`Structured property ${urn} does not exist`);
    const holding = [[{ field: structuredPropertyField(urn), condition: 'EXISTS' as const, values: [], negated: false }]];
    const holders = await this.store.search(
      filterQuery([...this.registry.entities.keys()], holding, MAX_REFERENCING, { includeRemoved: true }),
    );
    const cleaned = holders.urns.map((asset) => this.withoutProperties(asset, [urn]));
    await this.writePath.apply([deleteEntityProposal(this.registry, urn), ...cleaned], { actor, grant });
  }

  /** Sets the values of properties on an asset, replacing each one's earlier values. */
  async upsert(
    assetUrn: string,
    params: ReadonlyArray<{ structuredPropertyUrn: string; values: readonly ValueInput[] }>,
    actor: string,
  ): Promise<void> {
    const grant = await this.authorize(actor, toEdit(assetUrn, 'EDIT_ENTITY_PROPERTIES'), REFUSED.values(assetUrn));
    if (tryParseUrn(assetUrn)?.entityType !== 'schemaField' && !(await this.exists(assetUrn)))
      throw badRequest(`Asset with provided urn ${assetUrn} does not exist`);
    const updates = new Map<string, Primitive[]>(params.map((p) => [p.structuredPropertyUrn, p.values.map(primitive)]));
    // Checked before the write for the request's own values; the write path checks the whole result again.
    const problem = await assignmentsProblem(this.lookup, {
      properties: [...updates].map(([propertyUrn, values]) => ({ propertyUrn, values })),
    });
    if (problem) throw badRequest(problem);
    const stamp = this.stamp(actor);
    const edit = editProposal(this.registry, assetUrn, 'structuredProperties', (current) => {
      const properties: Assignment[] = (current?.properties ?? []).map((a) => {
        const values = updates.get(a.propertyUrn);
        if (!values) return a;
        const { attribution: _dropped, ...rest } = a;
        return { ...rest, values, lastModified: stamp };
      });
      for (const [propertyUrn, values] of updates) {
        if (!properties.some((a) => a.propertyUrn === propertyUrn))
          properties.push({ propertyUrn, values, created: stamp, lastModified: stamp });
      }
      return { ...(current ?? {}), properties };
    });
    await this.writePath.apply([edit], { actor, grant });
  }

  async remove(assetUrn: string, propertyUrns: readonly string[], actor: string): Promise<void> {
    const grant = await this.authorize(actor, toEdit(assetUrn, 'EDIT_ENTITY_PROPERTIES'), REFUSED.values(assetUrn));
    if (!(await this.exists(assetUrn))) throw badRequest(`Asset with provided urn ${assetUrn} does not exist`);
    await this.writePath.apply([this.withoutProperties(assetUrn, propertyUrns)], { actor, grant });
  }

  private withoutProperties(assetUrn: string, propertyUrns: readonly string[]): Proposal {
    return editProposal(this.registry, assetUrn, 'structuredProperties', (current) => ({
      ...(current ?? {}),
      properties: (current?.properties ?? []).filter((a) => !propertyUrns.includes(a.propertyUrn)),
    }));
  }
}
