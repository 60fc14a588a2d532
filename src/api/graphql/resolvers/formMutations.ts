/**
 * Documentation forms: managing them (MANAGE_DOCUMENTATION_FORMS), assigning them to assets, and the
 * answers people give. An answer writes the structured property it asks for and marks its prompt
 * complete on the asset's `forms`; the form moves to completedForms by the same rule the read side
 * (mappers/forms.ts) applies, so what is written is what the app then shows.
 */
import { randomUUID } from 'node:crypto';
import { SYSTEM_ACTOR } from '../../../actors.js';
import { onPlatform, onResource } from '../../../auth/requirements.js';
import { badRequest, forbidden } from '../../../errors.js';
import { tryParseUrn } from '../../../urn.js';
import type { GraphQLContext } from '../context.js';
import type { CreatePromptInput, PropertyValueInput, Resolvers } from '../generated/resolvers.js';
import { isFormComplete } from '../mappers/forms.js';
import { authorize, authorizeOr, change, deleteWithReferences, exists, existsAs, stamp, upsert, write } from './managedWrites.js';
import type { ResolverModule } from './module.js';

type Json = Record<string, any>;

const MANAGE_FORMS = onPlatform('MANAGE_DOCUMENTATION_FORMS');
const manageForms = (ctx: GraphQLContext, verb: string) =>
  authorizeOr(ctx, `Unable to ${verb} form. Please contact your admin.`, MANAGE_FORMS);

/** How many assets a dynamic assignment reaches at once; DataHub's runner pages through them alike. */
const ASSIGN_PAGE = 1000;

async function formInfoOf(ctx: GraphQLContext, formUrn: string): Promise<Json> {
  const info =
    tryParseUrn(formUrn)?.entityType === 'form' ? (await ctx.services.store.getAspect(formUrn, 'formInfo', 0))?.value : undefined;
  if (!info) throw badRequest(`Form ${formUrn} does not exist.`);
  return info;
}

async function prompt(ctx: GraphQLContext, p: CreatePromptInput): Promise<Json> {
  const needsProperty = p.type === 'STRUCTURED_PROPERTY' || p.type === 'FIELDS_STRUCTURED_PROPERTY';
  if (needsProperty && !p.structuredPropertyParams) {
    throw badRequest('Provided prompt with type STRUCTURED_PROPERTY or FIELDS_STRUCTURED_PROPERTY and no structured property params');
  }
  const property = p.structuredPropertyParams?.urn;
  if (property && !(await existsAs(ctx, property, 'structuredProperty')))
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

const EMPTY_FORMS = { incompleteForms: [], completedForms: [], verifications: [] };

/**
 * An asset's `forms`, changed in place. The assignments of the forms in `required` (the forms the
 * change is about) are placed by whether they are complete; the others stay where they were.
 */
function formsChange(ctx: GraphQLContext, entity: string, required: Map<string, Json[]>, fn: (assignments: Json[]) => Json[]) {
  return change(ctx, entity, 'forms', (current) => {
    const forms = { ...EMPTY_FORMS, ...current };
    const wasDone = new Set(forms.completedForms.map((a: Json) => a.urn));
    const assignments = fn([...forms.incompleteForms, ...forms.completedForms]);
    const done = (a: Json) => (required.has(a.urn) ? isFormComplete(a, required.get(a.urn)!) : wasDone.has(a.urn));
    return { ...forms, incompleteForms: assignments.filter((a) => !done(a)), completedForms: assignments.filter(done) };
  });
}

const requiredOf = (formUrn: string, info: Json) => new Map([[formUrn, (info.prompts ?? []).filter((p: Json) => p.required === true)]]);

/** Assigns a form to assets that do not have it yet, every prompt to answer. */
async function assign(ctx: GraphQLContext, grant: Awaited<ReturnType<typeof authorize>>, formUrn: string, info: Json, entities: string[]) {
  const proposals = entities.map((entity) =>
    formsChange(ctx, entity, requiredOf(formUrn, info), (assignments) =>
      assignments.some((a) => a.urn === formUrn)
        ? assignments
        : [
            ...assignments,
            {
              urn: formUrn,
              incompletePrompts: (info.prompts ?? []).map((p: Json) => ({ id: p.id, lastModified: stamp(ctx) })),
              completedPrompts: [],
            },
          ],
    ),
  );
  if (proposals.length > 0) await write(ctx, grant, proposals);
}

async function requireAssets(ctx: GraphQLContext, urns: readonly string[]) {
  for (const urn of urns) if (!(await exists(ctx, urn))) throw badRequest(`Entity ${urn} does not exist`);
}

/** The assets that carry a form (in either list), for clearing them when the form goes. */
async function assetsWith(ctx: GraphQLContext, formUrn: string): Promise<string[]> {
  const found = new Set<string>();
  for (const field of ['incompleteForms', 'completedForms']) {
    const r = await ctx.services.search.search(
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
async function isAssignedTo(ctx: GraphQLContext, info: Json, entity: string): Promise<boolean> {
  const actors = info.actors ?? { owners: true };
  const user = ((await ctx.services.store.getAspect(ctx.actor, 'groupMembership', 0))?.value?.groups ?? []) as string[];
  const native = ((await ctx.services.store.getAspect(ctx.actor, 'nativeGroupMembership', 0))?.value?.nativeGroups ?? []) as string[];
  const groups = new Set<string>([...user, ...native]);
  if ((actors.users ?? []).includes(ctx.actor) || (actors.groups ?? []).some((g: string) => groups.has(g))) return true;
  if (actors.owners === false) return false;
  const owners = ((await ctx.services.store.getAspect(entity, 'ownership', 0))?.value?.owners ?? []) as Json[];
  return owners.some((o) => o.owner === ctx.actor || groups.has(o.owner));
}

/** The people a form asks may answer it; so may those who may edit the asset's properties anyway. */
async function authorizeAnswer(ctx: GraphQLContext, info: Json, formUrn: string, entity: string) {
  if (await isAssignedTo(ctx, info, entity)) return authorize(ctx);
  return authorizeOr(
    ctx,
    `Failed to authorize form on entity as form with urn ${formUrn} is not assigned to user`,
    onResource(entity, 'EDIT_ENTITY', 'EDIT_ENTITY_PROPERTIES'),
  );
}

const NUMBER_TYPE = 'urn:li:dataType:datahub.number';

/** The values of an answer, checked against the property's type, allowed values and cardinality. */
async function propertyValues(ctx: GraphQLContext, property: string, values: readonly PropertyValueInput[]): Promise<Json[]> {
  const definition =
    tryParseUrn(property)?.entityType === 'structuredProperty'
      ? (await ctx.services.store.getAspect(property, 'propertyDefinition', 0))?.value
      : undefined;
  if (!definition) throw badRequest(`Structured property ${property} does not exist`);
  const numeric = definition.valueType === NUMBER_TYPE;
  const out = values.map((v) => {
    const value = numeric ? v.numberValue : v.stringValue;
    if (value == null) throw badRequest(`Structured property ${property} takes ${numeric ? 'numberValue' : 'stringValue'} values`);
    return numeric ? { double: value } : { string: value };
  });
  if (definition.cardinality !== 'MULTIPLE' && out.length > 1) throw badRequest(`Structured property ${property} takes a single value`);
  const allowed = definition.allowedValues as Json[] | undefined;
  if (allowed?.length) {
    const ok = new Set(allowed.map((a) => String(Object.values(a.value)[0])));
    for (const v of out)
      if (!ok.has(String(Object.values(v)[0])))
        throw badRequest(`Value ${String(Object.values(v)[0])} is not allowed for structured property ${property}`);
  }
  return out;
}

const assignValues = (ctx: GraphQLContext, urn: string, property: string, values: Json[]) =>
  change(ctx, urn, 'structuredProperties', (sp) => {
    const others = (sp.properties ?? []).filter((p: Json) => p.propertyUrn !== property);
    return { ...sp, properties: [...others, { propertyUrn: property, values, created: stamp(ctx), lastModified: stamp(ctx) }] };
  });

/** A prompt of an assignment marked answered; a field prompt, for the one field, answered once every field is. */
function answer(ctx: GraphQLContext, a: Json, promptId: string, field?: { path: string; all: string[] }): Json {
  const existing: Json = [...(a.completedPrompts ?? []), ...(a.incompletePrompts ?? [])].find((p: Json) => p.id === promptId) ?? {
    id: promptId,
  };
  let p: Json = { ...existing, lastModified: stamp(ctx) };
  let complete = true;
  if (field) {
    const fa = p.fieldAssociations ?? {};
    const done = [
      ...(fa.completedFieldPrompts ?? []).filter((f: Json) => f.fieldPath !== field.path),
      { fieldPath: field.path, lastModified: stamp(ctx) },
    ];
    const doneSet = new Set(done.map((f: Json) => f.fieldPath));
    p = {
      ...p,
      fieldAssociations: {
        completedFieldPrompts: done,
        incompleteFieldPrompts: (fa.incompleteFieldPrompts ?? []).filter((f: Json) => !doneSet.has(f.fieldPath)),
      },
    };
    complete = field.all.every((f) => doneSet.has(f));
  }
  const completed = (a.completedPrompts ?? []).filter((q: Json) => q.id !== promptId);
  const incomplete = (a.incompletePrompts ?? []).filter((q: Json) => q.id !== promptId);
  return complete
    ? { ...a, completedPrompts: [...completed, p], incompletePrompts: incomplete }
    : { ...a, completedPrompts: completed, incompletePrompts: [...incomplete, p] };
}

const resolvers: Resolvers = {
  Mutation: {
    createForm: async (_root, { input }, ctx) => {
      const grant = await manageForms(ctx, 'create');
      const urn = `urn:li:form:${input.id ?? randomUUID()}`;
      if (await exists(ctx, urn)) throw badRequest(`Form with urn ${urn} already exists`);
      const prompts = [];
      for (const p of input.prompts ?? []) prompts.push(await prompt(ctx, p));
      const a = input.actors;
      const info = {
        name: input.name,
        type: input.type ?? 'COMPLETION',
        prompts,
        actors: { owners: a?.owners ?? true, ...(a?.users ? { users: a.users } : {}), ...(a?.groups ? { groups: a.groups } : {}) },
        ...(input.description != null ? { description: input.description } : {}),
      };
      await write(ctx, grant, [upsert(ctx, urn, 'formInfo', info)]);
      return { urn, entityName: 'form' };
    },
    updateForm: async (_root, { input }, ctx) => {
      const grant = await manageForms(ctx, 'update');
      if (!(await existsAs(ctx, input.urn, 'form'))) throw badRequest(`Form with urn ${input.urn} does not exist`);
      const added: Json[] = [];
      for (const p of input.promptsToAdd ?? []) added.push(await prompt(ctx, p));
      const removed = new Set(input.promptsToRemove ?? []);
      const a = input.actors;
      const edit = (list: string[] | undefined, add?: readonly string[] | null, remove?: readonly string[] | null) =>
        [...new Set([...(list ?? []), ...(add ?? [])])].filter((u) => !(remove ?? []).includes(u));
      await write(ctx, grant, [
        change(ctx, input.urn, 'formInfo', (info) => ({
          ...info,
          ...(input.name != null ? { name: input.name } : {}),
          ...(input.description != null ? { description: input.description } : {}),
          ...(input.type != null ? { type: input.type } : {}),
          prompts: [...(info.prompts ?? []).filter((p: Json) => !removed.has(p.id) && !added.some((n) => n.id === p.id)), ...added],
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
        })),
      ]);
      return { urn: input.urn, entityName: 'form' };
    },
    deleteForm: async (_root, { input }, ctx) => {
      const grant = await manageForms(ctx, 'delete');
      if (!(await existsAs(ctx, input.urn, 'form'))) throw badRequest(`Form with urn ${input.urn} does not exist`);
      const assets = await assetsWith(ctx, input.urn);
      await deleteWithReferences(ctx, grant, input.urn);
      // The assets' assignments are no relationship the generic clean-up knows: cleared here, as DataHub's delete does.
      const proposals = assets.map((asset) =>
        change(ctx, asset, 'forms', (f) => ({
          ...EMPTY_FORMS,
          ...f,
          incompleteForms: (f.incompleteForms ?? []).filter((a: Json) => a.urn !== input.urn),
          completedForms: (f.completedForms ?? []).filter((a: Json) => a.urn !== input.urn),
          verifications: (f.verifications ?? []).filter((v: Json) => v.form !== input.urn),
        })),
      );
      if (proposals.length > 0) await write(ctx, grant, proposals);
      return true;
    },

    batchAssignForm: async (_root, { input }, ctx) => {
      const grant = await authorize(ctx, MANAGE_FORMS);
      const info = await formInfoOf(ctx, input.formUrn);
      await requireAssets(ctx, input.entityUrns);
      await assign(ctx, grant, input.formUrn, info, [...new Set(input.entityUrns)]);
      return true;
    },
    batchRemoveForm: async (_root, { input }, ctx) => {
      const grant = await authorize(ctx, MANAGE_FORMS);
      await formInfoOf(ctx, input.formUrn);
      await requireAssets(ctx, input.entityUrns);
      const proposals = [...new Set(input.entityUrns)].map((entity) =>
        formsChange(ctx, entity, new Map(), (assignments) => assignments.filter((a) => a.urn !== input.formUrn)),
      );
      if (proposals.length > 0) await write(ctx, grant, proposals);
      return true;
    },
    createDynamicFormAssignment: async (_root, { input }, ctx) => {
      const grant = await authorize(ctx, MANAGE_FORMS);
      const info = await formInfoOf(ctx, input.formUrn);
      const filter = {
        or: input.orFilters.map((and) => ({
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
        matching = (await ctx.services.search.search({ entities: [], input: '*', filter, start: 0, count: ASSIGN_PAGE }, SYSTEM_ACTOR))
          .urns;
      } catch {
        throw badRequest(`Failed to dynamically assign form with urn: ${input.formUrn}: the filter is not valid`);
      }
      await write(ctx, grant, [upsert(ctx, input.formUrn, 'dynamicFormAssignment', { filter })]);
      // DataHub's runner assigns the form to what the filter matches; here at once, for what matches now.
      await assign(ctx, grant, input.formUrn, info, matching);
      return true;
    },

    submitFormPrompt: async (_root, { urn, input }, ctx) => {
      const info = await formInfoOf(ctx, input.formUrn);
      const grant = await authorizeAnswer(ctx, info, input.formUrn, urn);
      const promptInfo = (info.prompts ?? []).find((p: Json) => p.id === input.promptId);
      if (!promptInfo) throw badRequest(`Form ${input.formUrn} has no prompt ${input.promptId}`);
      if (promptInfo.type !== input.type) throw badRequest(`Prompt ${input.promptId} is of type ${promptInfo.type}, not ${input.type}`);
      const assigned = ((await ctx.services.store.getAspect(urn, 'forms', 0))?.value ?? EMPTY_FORMS) as Json;
      if (![...(assigned.incompleteForms ?? []), ...(assigned.completedForms ?? [])].some((a: Json) => a.urn === input.formUrn)) {
        throw badRequest(`Form ${input.formUrn} has not been assigned to entity ${urn}`);
      }
      const params = input.structuredPropertyParams;
      if (!params) throw badRequest(`Failed to provide structured property params for prompt type ${input.type}`);
      const values = await propertyValues(ctx, params.structuredPropertyUrn, params.values);
      const required = requiredOf(input.formUrn, info);
      if (input.type === 'STRUCTURED_PROPERTY') {
        await write(ctx, grant, [
          assignValues(ctx, urn, params.structuredPropertyUrn, values),
          formsChange(ctx, urn, required, (list) => list.map((a) => (a.urn === input.formUrn ? answer(ctx, a, input.promptId) : a))),
        ]);
        return true;
      }
      if (!input.fieldPath) throw badRequest('Failed to provide fieldPath for prompt type FIELDS_STRUCTURED_PROPERTY');
      const schema = (await ctx.services.store.getAspect(urn, 'schemaMetadata', 0))?.value;
      if (!schema) throw badRequest(`Schema metadata does not exist on entity ${urn}.`);
      const all = ((schema.fields ?? []) as Json[]).map((f) => f.fieldPath as string);
      if (!all.includes(input.fieldPath)) throw badRequest(`Field ${input.fieldPath} is not in the schema of ${urn}`);
      const field = { path: input.fieldPath, all };
      await write(ctx, grant, [
        assignValues(ctx, `urn:li:schemaField:(${urn},${input.fieldPath})`, params.structuredPropertyUrn, values),
        formsChange(ctx, urn, required, (list) => list.map((a) => (a.urn === input.formUrn ? answer(ctx, a, input.promptId, field) : a))),
      ]);
      return true;
    },
    verifyForm: async (_root, { input }, ctx) => {
      const info = await formInfoOf(ctx, input.formUrn);
      const refusal = `Failed to authorize form on entity as form with urn ${input.formUrn} is not assigned to user`;
      if (!(await isAssignedTo(ctx, info, input.entityUrn))) throw forbidden(refusal);
      const grant = await authorize(ctx);
      if ((info.type ?? 'COMPLETION') !== 'VERIFICATION')
        throw badRequest(`Form ${input.formUrn} is not of type VERIFICATION. Cannot verify form.`);
      const forms = ((await ctx.services.store.getAspect(input.entityUrn, 'forms', 0))?.value ?? EMPTY_FORMS) as Json;
      const required = requiredOf(input.formUrn, info).get(input.formUrn)!;
      const assignment = [...(forms.incompleteForms ?? []), ...(forms.completedForms ?? [])].find((a: Json) => a.urn === input.formUrn);
      if (!assignment || !isFormComplete(assignment, required)) {
        throw badRequest(`Form ${input.formUrn} is not in the list of completed forms for this entity. Skipping verification.`);
      }
      await write(ctx, grant, [
        change(ctx, input.entityUrn, 'forms', (f) => ({
          ...EMPTY_FORMS,
          ...f,
          verifications: [
            ...(f.verifications ?? []).filter((v: Json) => v.form !== input.formUrn),
            { form: input.formUrn, lastModified: stamp(ctx) },
          ],
        })),
      ]);
      return true;
    },
  },
};

export const formMutationsModule: ResolverModule = { resolvers };
