/**
 * `formInfo` and an asset's `forms`. Whether an assigned form is complete is computed
 * from its prompts: complete once every required prompt of the form is among the asset's answered
 * prompts, whichever list the stored aspect put it in.
 */
import { aspectValue, type AspectValue } from '../../../registry/aspectValues.js';
import { latestAspect, refOf, type EntityRef, type GraphQLContext } from '../context.js';
import { isFormComplete } from '../../../domains/forms/formCompletion.js';
import { entityRefs, resolvedAuditStamp } from './common.js';

type FormAssociation = AspectValue<'forms'>['completedForms'][number];
type PromptAssociation = NonNullable<FormAssociation['completedPrompts']>[number];
type Prompts = Array<ReturnType<typeof promptAssociation>>;
type FieldPrompt = NonNullable<NonNullable<PromptAssociation['fieldAssociations']>['completedFieldPrompts']>[number];

/** The groups a user belongs to, as their membership aspects list them. */
async function groupsOf(ctx: GraphQLContext, actor: string): Promise<Set<string>> {
  const user = refOf(ctx.services, actor, 'corpuser');
  if (!user) return new Set();
  const [groups, native] = await Promise.all([
    latestAspect(ctx, user, 'groupMembership'),
    latestAspect(ctx, user, 'nativeGroupMembership'),
  ]);
  return new Set([...(groups?.groups ?? []), ...(native?.nativeGroups ?? [])]);
}

/** `stored`: the aspect's value as a store row holds it. */
export async function formInfo(ctx: GraphQLContext, ref: EntityRef, stored: Record<string, unknown>) {
  const i = aspectValue('formInfo', stored);
  const actors = i.actors ?? { owners: true };
  const groups = await groupsOf(ctx, ctx.actor);
  return {
    name: i.name,
    description: i.description ?? null,
    type: i.type ?? 'COMPLETION',
    prompts: (i.prompts ?? []).map((p) => ({
      id: p.id,
      title: p.title,
      formUrn: ref.urn,
      description: p.description ?? null,
      type: p.type,
      required: p.required === true,
      structuredPropertyParams: p.structuredPropertyParams
        ? { structuredProperty: refOf(ctx.services, p.structuredPropertyParams.urn) }
        : null,
    })),
    actors: {
      owners: actors.owners !== false,
      users: actors.users ? entityRefs(ctx, actors.users) : null,
      groups: actors.groups ? entityRefs(ctx, actors.groups) : null,
      isAssignedToMe: (actors.users ?? []).includes(ctx.actor) || (actors.groups ?? []).some((g) => groups.has(g)),
    },
  };
}

function promptAssociation(ctx: GraphQLContext, p: PromptAssociation) {
  const fields = (list: readonly FieldPrompt[] | undefined) =>
    list ? list.map((f) => ({ fieldPath: f.fieldPath, lastModified: resolvedAuditStamp(ctx, f.lastModified) })) : null;
  return {
    id: p.id,
    lastModified: resolvedAuditStamp(ctx, p.lastModified),
    fieldAssociations: p.fieldAssociations
      ? {
          completedFieldPrompts: fields(p.fieldAssociations.completedFieldPrompts),
          incompleteFieldPrompts: fields(p.fieldAssociations.incompleteFieldPrompts),
        }
      : null,
  };
}

/** The `forms` aspect, each assignment placed by whether its form's required prompts are all answered. */
/** `stored`: the aspect's value as a store row holds it. */
export async function forms(ctx: GraphQLContext, ref: EntityRef, stored: Record<string, unknown>) {
  const f = aspectValue('forms', stored);
  type Placed = { form: EntityRef; associatedUrn: string; completedPrompts: Prompts; incompletePrompts: Prompts };
  const completed: Placed[] = [];
  const incomplete: Placed[] = [];
  for (const a of [...(f.incompleteForms ?? []), ...(f.completedForms ?? [])]) {
    const form = refOf(ctx.services, a.urn);
    if (!form) continue;
    const answered = new Set((a.completedPrompts ?? []).map((p) => p.id));
    const required = ((await latestAspect(ctx, form, 'formInfo'))?.prompts ?? []).filter((p) => p.required === true);
    const association = {
      form,
      associatedUrn: ref.urn,
      completedPrompts: (a.completedPrompts ?? []).map((p) => promptAssociation(ctx, p)),
      incompletePrompts: (a.incompletePrompts ?? []).filter((p) => !answered.has(p.id)).map((p) => promptAssociation(ctx, p)),
    };
    (isFormComplete(a, required) ? completed : incomplete).push(association);
  }
  return {
    incompleteForms: incomplete,
    completedForms: completed,
    verifications: (f.verifications ?? []).flatMap((v) => {
      const form = refOf(ctx.services, v.form);
      return form ? [{ form, lastModified: resolvedAuditStamp(ctx, v.lastModified) }] : [];
    }),
  };
}
