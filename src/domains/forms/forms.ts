/**
 * Documentation forms: managing them (MANAGE_DOCUMENTATION_FORMS), assigning them to assets, and the
 * answers people give. An answer writes the structured property it asks for and marks its prompt
 * complete on the asset's `forms`; the form moves to completedForms by the rule the read side applies
 * too (formCompletion.ts), so what is written is what the app then shows.
 */
import { randomUUID } from 'node:crypto';
import { SYSTEM_ACTOR } from '../../actors.js';
import type { Authorizer, Grant } from '../../auth/authorizer.js';
import { onPlatform, onResource, type Requirement } from '../../auth/requirements.js';
import { badRequest, forbidden } from '../../errors.js';
import { type AspectName, type AspectValue, aspectValue } from '../../registry/aspectValues.js';
import type { Registry } from '../../registry/registry.js';
import type { Store } from '../../store/types.js';
import { newEntityUrn, schemaFieldUrn } from '../../urn.js';
import { entityExists, entityExistsAs } from '../../write/exists.js';
import { buildProposal, deleteEntityProposal, editProposal, type Proposal } from '../../write/proposals.js';
import type { WritePath } from '../../write/writePath.js';
import type { DeleteService } from '../entities/deletes.js';
import type { SearchService } from '../search/search.js';
import { type FormAssignment, isFormComplete } from './formCompletion.js';

type Maybe<T> = T | null | undefined;
type FormInfo = AspectValue<'formInfo'>;
type FormPrompt = NonNullable<FormInfo['prompts']>[number];
type Forms = AspectValue<'forms'>;
type PromptAssociation = NonNullable<FormAssignment['completedPrompts']>[number];
type FieldPrompt = NonNullable<NonNullable<PromptAssociation['fieldAssociations']>['completedFieldPrompts']>[number];
/** A structured property's value as an asset's `structuredProperties` keeps it: `{string}` or `{double}`. */
type PropertyValue = { string: string } | { double: number };

export interface PromptInput {
  id?: Maybe<string>;
  title: string;
  type: FormPrompt['type'];
  description?: Maybe<string>;
  required?: Maybe<boolean>;
  structuredPropertyParams?: Maybe<{ urn: string }>;
}

export interface CreateFormInput {
  id?: Maybe<string>;
  name: string;
  description?: Maybe<string>;
  type?: Maybe<FormInfo['type']>;
  prompts?: Maybe<readonly PromptInput[]>;
  actors?: Maybe<{ owners?: Maybe<boolean>; users?: Maybe<readonly string[]>; groups?: Maybe<readonly string[]> }>;
}

export interface UpdateFormInput {
  urn: string;
  name?: Maybe<string>;
  description?: Maybe<string>;
  type?: Maybe<FormInfo['type']>;
  promptsToAdd?: Maybe<readonly PromptInput[]>;
  promptsToRemove?: Maybe<readonly string[]>;
  actors?: Maybe<{
    owners?: Maybe<boolean>;
    usersToAdd?: Maybe<readonly string[]>;
    usersToRemove?: Maybe<readonly string[]>;
    groupsToAdd?: Maybe<readonly string[]>;
    groupsToRemove?: Maybe<readonly string[]>;
  }>;
}

/** One condition of a dynamic assignment's filter, as the app sends it. */
export interface FilterCriterionInput {
  field: string;
  value?: Maybe<string>;
  values?: Maybe<readonly string[]>;
  condition?: Maybe<string>;
  negated?: Maybe<boolean>;
}

export interface PropertyValueInput {
  stringValue?: Maybe<string>;
  numberValue?: Maybe<number>;
}

export interface PromptAnswerInput {
  formUrn: string;
  promptId: string;
  type: string;
  fieldPath?: Maybe<string>;
  structuredPropertyParams?: Maybe<{ structuredPropertyUrn: string; values: readonly PropertyValueInput[] }>;
}

const MANAGE_FORMS = onPlatform('MANAGE_DOCUMENTATION_FORMS');
/** DataHub's refusal of a form's managing, by what was refused. */
const MANAGE_REFUSAL = (verb: string) => `Unable to ${verb} form. Please contact your admin.`;
const NOT_ASSIGNED = (formUrn: string) => `Failed to authorize form on entity as form with urn ${formUrn} is not assigned to user`;

/** How many assets a dynamic assignment reaches at once; DataHub's runner pages through them alike. */
const ASSIGN_PAGE = 1000;
const NUMBER_TYPE = 'urn:li:dataType:datahub.number';
const EMPTY_FORMS: Forms = { incompleteForms: [], completedForms: [], verifications: [] };

const requiredOf = (formUrn: string, info: FormInfo) => new Map([[formUrn, (info.prompts ?? []).filter((p) => p.required === true)]]);

export class FormService {
  constructor(
    private readonly store: Store,
    private readonly registry: Registry,
    private readonly writePath: WritePath,
    private readonly authorizer: Authorizer,
    private readonly search: SearchService,
    private readonly deletes: DeleteService,
    private readonly now: () => number = Date.now,
  ) {}

  /** Checked before anything else is looked at, so a refused caller learns nothing of the input. */
  private authorize(actor: string, requirements: Requirement[], refusal?: string): Promise<Grant> {
    return this.authorizer.require(actor, requirements, refusal === undefined ? undefined : () => refusal);
  }

  /** Writes the proposals under the grant; answers the urns written. */
  private async write(proposals: Proposal[], actor: string, grant: Grant): Promise<string[]> {
    if (proposals.length > 0) await this.writePath.apply(proposals, { actor, grant });
    return proposals.map((p) => p.urn);
  }

  private stamp(actor: string) {
    return { time: this.now(), actor };
  }

  private async aspect<N extends AspectName>(urn: string, aspect: N): Promise<AspectValue<N> | undefined> {
    return aspectValue(aspect, (await this.store.getAspect(urn, aspect, 0))?.value);
  }

  private async formInfoOf(formUrn: string): Promise<FormInfo> {
    const info = this.registry.isUrnOf(formUrn, 'form') ? await this.aspect(formUrn, 'formInfo') : undefined;
    if (!info) throw badRequest(`Form ${formUrn} does not exist.`);
    return info;
  }

  private async prompt(p: PromptInput): Promise<FormPrompt> {
    const needsProperty = p.type === 'STRUCTURED_PROPERTY' || p.type === 'FIELDS_STRUCTURED_PROPERTY';
    if (needsProperty && !p.structuredPropertyParams) {
      throw badRequest('Provided prompt with type STRUCTURED_PROPERTY or FIELDS_STRUCTURED_PROPERTY and no structured property params');
    }
    const property = p.structuredPropertyParams?.urn;
    if (property && !(await entityExistsAs(this.store, this.registry, property, 'structuredProperty')))
      throw badRequest(`Structured property ${property} does not exist`);
    return {
      id: p.id ?? randomUUID(),
      title: p.title,
      type: p.type,
      required: p.required ?? false,
      ...(p.description != null ? { description: p.description } : {}),
      ...(property ? { structuredPropertyParams: { urn: property } } : {}),
    };
  }

  private async prompts(inputs: Maybe<readonly PromptInput[]>): Promise<FormPrompt[]> {
    const out: FormPrompt[] = [];
    for (const p of inputs ?? []) out.push(await this.prompt(p));
    return out;
  }

  /**
   * An asset's `forms`, changed in place. The assignments of the forms in `required` (the forms the
   * change is about) are placed by whether they are complete; the others stay where they were.
   */
  private formsChange(
    entity: string,
    required: Map<string, FormPrompt[]>,
    fn: (assignments: FormAssignment[]) => FormAssignment[],
  ): Proposal {
    return editProposal(this.registry, entity, 'forms', (current) => {
      const forms = { ...EMPTY_FORMS, ...current };
      const wasDone = new Set(forms.completedForms.map((a) => a.urn));
      const assignments = fn([...forms.incompleteForms, ...forms.completedForms]);
      const done = (a: FormAssignment) => (required.has(a.urn) ? isFormComplete(a, required.get(a.urn)!) : wasDone.has(a.urn));
      return { ...forms, incompleteForms: assignments.filter((a) => !done(a)), completedForms: assignments.filter(done) };
    });
  }

  /** Assigns a form to assets that do not have it yet, every prompt to answer. */
  private assign(formUrn: string, info: FormInfo, entities: string[], actor: string, grant: Grant): Promise<string[]> {
    const proposals = entities.map((entity) =>
      this.formsChange(entity, requiredOf(formUrn, info), (assignments) =>
        assignments.some((a) => a.urn === formUrn)
          ? assignments
          : [
              ...assignments,
              {
                urn: formUrn,
                incompletePrompts: (info.prompts ?? []).map((p) => ({ id: p.id, lastModified: this.stamp(actor) })),
                completedPrompts: [],
              },
            ],
      ),
    );
    return this.write(proposals, actor, grant);
  }

  private async requireAssets(urns: readonly string[]): Promise<void> {
    for (const urn of urns) if (!(await entityExists(this.store, this.registry, urn))) throw badRequest(`Entity ${urn} does not exist`);
  }

  /** The assets that carry a form (in either list), for clearing them when the form goes. */
  private async assetsWith(formUrn: string): Promise<string[]> {
    const found = new Set<string>();
    for (const field of ['incompleteForms', 'completedForms']) {
      const r = await this.search.search(
        {
          entities: [],
          input: '*',
          filter: { or: [{ and: [{ field, value: formUrn, condition: 'EQUAL' }] }] },
          start: 0,
          count: ASSIGN_PAGE,
        },
        SYSTEM_ACTOR,
      );
      for (const u of r.urns) found.add(u);
    }
    return [...found];
  }

  /** Whether the form asks this user: named, in a named group, or an owner of the asset when it asks owners. */
  private async isAssignedTo(info: FormInfo, entity: string, actor: string): Promise<boolean> {
    const actors = info.actors ?? { owners: true };
    const user = (await this.aspect(actor, 'groupMembership'))?.groups ?? [];
    const native = (await this.aspect(actor, 'nativeGroupMembership'))?.nativeGroups ?? [];
    const groups = new Set<string>([...user, ...native]);
    if ((actors.users ?? []).includes(actor) || (actors.groups ?? []).some((g) => groups.has(g))) return true;
    if (actors.owners === false) return false;
    const owners = (await this.aspect(entity, 'ownership'))?.owners ?? [];
    return owners.some((o) => o.owner === actor || groups.has(o.owner));
  }

  /** The people a form asks may answer it; so may those who may edit the asset's properties anyway. */
  private async authorizeAnswer(info: FormInfo, formUrn: string, entity: string, actor: string): Promise<Grant> {
    if (await this.isAssignedTo(info, entity, actor)) return this.authorize(actor, []);
    return this.authorize(actor, [onResource(entity, 'EDIT_ENTITY', 'EDIT_ENTITY_PROPERTIES')], NOT_ASSIGNED(formUrn));
  }

  /** The values of an answer, checked against the property's type, allowed values and cardinality. */
  private async propertyValues(property: string, values: readonly PropertyValueInput[]): Promise<PropertyValue[]> {
    const definition = this.registry.isUrnOf(property, 'structuredProperty')
      ? await this.aspect(property, 'propertyDefinition')
      : undefined;
    if (!definition) throw badRequest(`Structured property ${property} does not exist`);
    const numeric = definition.valueType === NUMBER_TYPE;
    const out = values.map((v): PropertyValue => {
      const value = numeric ? v.numberValue : v.stringValue;
      if (value == null) throw badRequest(`Structured property ${property} takes ${numeric ? 'numberValue' : 'stringValue'} values`);
      return typeof value === 'number' ? { double: value } : { string: value };
    });
    if (definition.cardinality !== 'MULTIPLE' && out.length > 1) throw badRequest(`Structured property ${property} takes a single value`);
    const allowed = definition.allowedValues;
    if (allowed?.length) {
      const ok = new Set(allowed.map((a) => String(Object.values(a.value)[0])));
      for (const v of out)
        if (!ok.has(String(Object.values(v)[0])))
          throw badRequest(`Value ${String(Object.values(v)[0])} is not allowed for structured property ${property}`);
    }
    return out;
  }

  private assignValues(urn: string, property: string, values: PropertyValue[], actor: string): Proposal {
    return editProposal(this.registry, urn, 'structuredProperties', (current) => {
      const sp = { ...current };
      const others = (sp.properties ?? []).filter((p) => p.propertyUrn !== property);
      return {
        ...sp,
        properties: [...others, { propertyUrn: property, values, created: this.stamp(actor), lastModified: this.stamp(actor) }],
      };
    });
  }

  /** A prompt of an assignment marked answered; a field prompt, for the one field, answered once every field is. */
  private answer(a: FormAssignment, promptId: string, actor: string, field?: { path: string; all: string[] }): FormAssignment {
    const existing = [...(a.completedPrompts ?? []), ...(a.incompletePrompts ?? [])].find((p) => p.id === promptId);
    let p: PromptAssociation = { ...(existing ?? { id: promptId }), lastModified: this.stamp(actor) };
    let complete = true;
    if (field) {
      const fa = p.fieldAssociations ?? {};
      const done = [
        ...(fa.completedFieldPrompts ?? []).filter((f) => f.fieldPath !== field.path),
        { fieldPath: field.path, lastModified: this.stamp(actor) },
      ];
      const doneSet = new Set(done.map((f: FieldPrompt) => f.fieldPath));
      p = {
        ...p,
        fieldAssociations: {
          completedFieldPrompts: done,
          incompleteFieldPrompts: (fa.incompleteFieldPrompts ?? []).filter((f) => !doneSet.has(f.fieldPath)),
        },
      };
      complete = field.all.every((f) => doneSet.has(f));
    }
    const completed = (a.completedPrompts ?? []).filter((q) => q.id !== promptId);
    const incomplete = (a.incompletePrompts ?? []).filter((q) => q.id !== promptId);
    return complete
      ? { ...a, completedPrompts: [...completed, p], incompletePrompts: incomplete }
      : { ...a, completedPrompts: completed, incompletePrompts: [...incomplete, p] };
  }

  // --- managing forms --------------------------------------------------------------------------

  /** Creates a form; answers its urn. */
  async create(input: CreateFormInput, actor: string): Promise<string> {
    const grant = await this.authorize(actor, [MANAGE_FORMS], MANAGE_REFUSAL('create'));
    const urn = newEntityUrn('form', input.id);
    if (await entityExists(this.store, this.registry, urn)) throw badRequest(`Form with urn ${urn} already exists`);
    const prompts = await this.prompts(input.prompts);
    const a = input.actors;
    const info = {
      name: input.name,
      type: input.type ?? 'COMPLETION',
      prompts,
      actors: { owners: a?.owners ?? true, ...(a?.users ? { users: [...a.users] } : {}), ...(a?.groups ? { groups: [...a.groups] } : {}) },
      ...(input.description != null ? { description: input.description } : {}),
    };
    await this.write([buildProposal(this.registry, urn, 'formInfo', 'UPSERT', info)], actor, grant);
    return urn;
  }

  /** Changes a form's fields, prompts and actors; answers its urn. */
  async update(input: UpdateFormInput, actor: string): Promise<string> {
    const grant = await this.authorize(actor, [MANAGE_FORMS], MANAGE_REFUSAL('update'));
    if (!(await entityExistsAs(this.store, this.registry, input.urn, 'form')))
      throw badRequest(`Form with urn ${input.urn} does not exist`);
    const added = await this.prompts(input.promptsToAdd);
    const removed = new Set(input.promptsToRemove ?? []);
    const a = input.actors;
    const edit = (list: string[] | undefined, add?: Maybe<readonly string[]>, remove?: Maybe<readonly string[]>) =>
      [...new Set([...(list ?? []), ...(add ?? [])])].filter((u) => !(remove ?? []).includes(u));
    const change = editProposal(this.registry, input.urn, 'formInfo', (info) => {
      // Checked above; gone only if deleted since, when there is nothing left to change.
      if (!info) throw badRequest(`Form with urn ${input.urn} does not exist`);
      return {
        ...info,
        ...(input.name != null ? { name: input.name } : {}),
        ...(input.description != null ? { description: input.description } : {}),
        ...(input.type != null ? { type: input.type } : {}),
        prompts: [...(info.prompts ?? []).filter((p) => !removed.has(p.id) && !added.some((n) => n.id === p.id)), ...added],
        ...(a
          ? {
              actors: {
                ...info.actors,
                ...(a.owners != null ? { owners: a.owners } : {}),
                users: edit(info.actors?.users, a.usersToAdd, a.usersToRemove),
                groups: edit(info.actors?.groups, a.groupsToAdd, a.groupsToRemove),
              },
            }
          : {}),
      };
    });
    await this.write([change], actor, grant);
    return input.urn;
  }

  /** Deletes a form and takes it off every asset it was assigned to; answers the urns written. */
  async delete(formUrn: string, actor: string): Promise<string[]> {
    const grant = await this.authorize(actor, [MANAGE_FORMS], MANAGE_REFUSAL('delete'));
    if (!(await entityExistsAs(this.store, this.registry, formUrn, 'form'))) throw badRequest(`Form with urn ${formUrn} does not exist`);
    const assets = await this.assetsWith(formUrn);
    const deleted = await this.write([deleteEntityProposal(this.registry, formUrn)], actor, grant);
    // The references are cleared by the system: the caller's check was the delete's own, not an edit of each referrer.
    await this.deletes.deleteReferences(formUrn, false, SYSTEM_ACTOR);
    // The assets' assignments are no relationship the generic clean-up knows: cleared here, as DataHub's delete does.
    const proposals = assets.map((asset) =>
      editProposal(this.registry, asset, 'forms', (current) => {
        const f = { ...EMPTY_FORMS, ...current };
        return {
          ...f,
          incompleteForms: f.incompleteForms.filter((a) => a.urn !== formUrn),
          completedForms: f.completedForms.filter((a) => a.urn !== formUrn),
          verifications: (f.verifications ?? []).filter((v) => v.form !== formUrn),
        };
      }),
    );
    return [...deleted, ...(await this.write(proposals, actor, grant))];
  }

  // --- assigning forms -------------------------------------------------------------------------

  /** Assigns a form to existing assets, every prompt to answer; answers the urns written. */
  async batchAssign(formUrn: string, entityUrns: readonly string[], actor: string): Promise<string[]> {
    const grant = await this.authorize(actor, [MANAGE_FORMS]);
    const info = await this.formInfoOf(formUrn);
    await this.requireAssets(entityUrns);
    return this.assign(formUrn, info, [...new Set(entityUrns)], actor, grant);
  }

  /** Takes a form off existing assets; answers the urns written. */
  async batchRemove(formUrn: string, entityUrns: readonly string[], actor: string): Promise<string[]> {
    const grant = await this.authorize(actor, [MANAGE_FORMS]);
    await this.formInfoOf(formUrn);
    await this.requireAssets(entityUrns);
    const proposals = [...new Set(entityUrns)].map((entity) =>
      this.formsChange(entity, new Map(), (assignments) => assignments.filter((a) => a.urn !== formUrn)),
    );
    return this.write(proposals, actor, grant);
  }

  /**
   * Keeps a filter on the form that says which assets it is for, and assigns it to what matches now
   * (DataHub's runner does so later, paging through the matches); answers the urns written.
   */
  async assignDynamically(
    formUrn: string,
    orFilters: ReadonlyArray<{ and?: Maybe<readonly FilterCriterionInput[]> }>,
    actor: string,
  ): Promise<string[]> {
    const grant = await this.authorize(actor, [MANAGE_FORMS]);
    const info = await this.formInfoOf(formUrn);
    const filter = {
      or: orFilters.map((and) => ({
        and: (and.and ?? []).map((c) => ({
          field: c.field,
          values: c.values ?? (c.value != null ? [c.value] : []),
          condition: c.condition ?? 'EQUAL',
          negated: c.negated ?? false,
        })),
      })),
    };
    let matching: string[];
    try {
      matching = (await this.search.search({ entities: [], input: '*', filter, start: 0, count: ASSIGN_PAGE }, SYSTEM_ACTOR)).urns;
    } catch {
      throw badRequest(`Failed to dynamically assign form with urn: ${formUrn}: the filter is not valid`);
    }
    const written = await this.write([buildProposal(this.registry, formUrn, 'dynamicFormAssignment', 'UPSERT', { filter })], actor, grant);
    return [...written, ...(await this.assign(formUrn, info, matching, actor, grant))];
  }

  // --- answering forms -------------------------------------------------------------------------

  /**
   * Answers a prompt of a form assigned to an asset (for a field prompt, for one field of its
   * schema): the structured property it asks for is written, and the prompt marked answered.
   * Answers the urns written.
   */
  async submitPrompt(entityUrn: string, input: PromptAnswerInput, actor: string): Promise<string[]> {
    const info = await this.formInfoOf(input.formUrn);
    const grant = await this.authorizeAnswer(info, input.formUrn, entityUrn, actor);
    const promptInfo = (info.prompts ?? []).find((p) => p.id === input.promptId);
    if (!promptInfo) throw badRequest(`Form ${input.formUrn} has no prompt ${input.promptId}`);
    if (promptInfo.type !== input.type) throw badRequest(`Prompt ${input.promptId} is of type ${promptInfo.type}, not ${input.type}`);
    const assigned = (await this.aspect(entityUrn, 'forms')) ?? EMPTY_FORMS;
    if (![...(assigned.incompleteForms ?? []), ...(assigned.completedForms ?? [])].some((a) => a.urn === input.formUrn)) {
      throw badRequest(`Form ${input.formUrn} has not been assigned to entity ${entityUrn}`);
    }
    const params = input.structuredPropertyParams;
    if (!params) throw badRequest(`Failed to provide structured property params for prompt type ${input.type}`);
    const values = await this.propertyValues(params.structuredPropertyUrn, params.values);
    const required = requiredOf(input.formUrn, info);
    const answered = (field?: { path: string; all: string[] }) =>
      this.formsChange(entityUrn, required, (list) =>
        list.map((a) => (a.urn === input.formUrn ? this.answer(a, input.promptId, actor, field) : a)),
      );
    if (input.type === 'STRUCTURED_PROPERTY') {
      return this.write([this.assignValues(entityUrn, params.structuredPropertyUrn, values, actor), answered()], actor, grant);
    }
    if (!input.fieldPath) throw badRequest('Failed to provide fieldPath for prompt type FIELDS_STRUCTURED_PROPERTY');
    const schema = await this.aspect(entityUrn, 'schemaMetadata');
    if (!schema) throw badRequest(`Schema metadata does not exist on entity ${entityUrn}.`);
    const all = (schema.fields ?? []).map((f) => f.fieldPath);
    if (!all.includes(input.fieldPath)) throw badRequest(`Field ${input.fieldPath} is not in the schema of ${entityUrn}`);
    const column = schemaFieldUrn(entityUrn, input.fieldPath);
    return this.write(
      [this.assignValues(column, params.structuredPropertyUrn, values, actor), answered({ path: input.fieldPath, all })],
      actor,
      grant,
    );
  }

  /** Verifies a completed verification form on an asset, by one the form asks; answers the urns written. */
  async verify(formUrn: string, entityUrn: string, actor: string): Promise<string[]> {
    const info = await this.formInfoOf(formUrn);
    if (!(await this.isAssignedTo(info, entityUrn, actor))) throw forbidden(NOT_ASSIGNED(formUrn));
    const grant = await this.authorize(actor, []);
    if ((info.type ?? 'COMPLETION') !== 'VERIFICATION')
      throw badRequest(`Form ${formUrn} is not of type VERIFICATION. Cannot verify form.`);
    const forms = (await this.aspect(entityUrn, 'forms')) ?? EMPTY_FORMS;
    const required = requiredOf(formUrn, info).get(formUrn)!;
    const assignment = [...(forms.incompleteForms ?? []), ...(forms.completedForms ?? [])].find((a) => a.urn === formUrn);
    if (!assignment || !isFormComplete(assignment, required)) {
      throw badRequest(`Form ${formUrn} is not in the list of completed forms for this entity. Skipping verification.`);
    }
    const verified = editProposal(this.registry, entityUrn, 'forms', (current) => {
      const f = { ...EMPTY_FORMS, ...current };
      return {
        ...f,
        verifications: [...(f.verifications ?? []).filter((v) => v.form !== formUrn), { form: formUrn, lastModified: this.stamp(actor) }],
      };
    });
    return this.write([verified], actor, grant);
  }
}
