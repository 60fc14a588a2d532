/**
 * `formInfo` and an asset's `forms`. Whether an assigned form is complete is computed
 * from its prompts: complete once every required prompt of the form is among the asset's answered
 * prompts, whichever list the stored aspect put it in.
 */
import { aspectOf, refOf, type EntityRef, type GraphQLContext } from '../context.js';
import { isFormComplete } from '../../../domains/forms/formCompletion.js';
import { entityRefs, resolvedAuditStamp } from './common.js';

type Json = Record<string, any>;

/** The groups a user belongs to, as their membership aspects list them. */
async function groupsOf(ctx: GraphQLContext, actor: string): Promise<Set<string>> {
  const user = refOf(ctx.services, actor, 'corpuser');
  if (!user) return new Set();
  const [groups, native] = await Promise.all([aspectOf(ctx, user, 'groupMembership'), aspectOf(ctx, user, 'nativeGroupMembership')]);
  return new Set([...(groups?.groups ?? []), ...(native?.nativeGroups ?? [])]);
}

export async function formInfo(ctx: GraphQLContext, ref: EntityRef, i: Json) {
  const actors = i.actors ?? { owners: true };
  const groups = await groupsOf(ctx, ctx.actor);
  return {
    name: i.name,
    description: i.description ?? null,
    type: i.type ?? 'COMPLETION',
    prompts: (i.prompts ?? []).map((p: Json) => ({
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
      isAssignedToMe: (actors.users ?? []).includes(ctx.actor) || (actors.groups ?? []).some((g: string) => groups.has(g)),
    },
  };
}

function promptAssociation(ctx: GraphQLContext, p: Json) {
  const fields = (list: Json[] | undefined) =>
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
export async function forms(ctx: GraphQLContext, ref: EntityRef, f: Json) {
  const completed: Json[] = [];
  const incomplete: Json[] = [];
  for (const a of [...(f.incompleteForms ?? []), ...(f.completedForms ?? [])]) {
    const form = refOf(ctx.services, a.urn);
    if (!form) continue;
    const answered = new Set((a.completedPrompts ?? []).map((p: Json) => p.id));
    const required = ((await aspectOf(ctx, form, 'formInfo'))?.prompts ?? []).filter((p: Json) => p.required === true);
    const association = {
      form,
      associatedUrn: ref.urn,
      completedPrompts: (a.completedPrompts ?? []).map((p: Json) => promptAssociation(ctx, p)),
      incompletePrompts: (a.incompletePrompts ?? []).filter((p: Json) => !answered.has(p.id)).map((p: Json) => promptAssociation(ctx, p)),
    };
    (isFormComplete(a, required) ? completed : incomplete).push(association);
  }
  return {
    incompleteForms: incomplete,
    completedForms: completed,
    verifications: (f.verifications ?? []).flatMap((v: Json) => {
      const form = refOf(ctx.services, v.form);
      return form ? [{ form, lastModified: resolvedAuditStamp(ctx, v.lastModified) }] : [];
    }),
  };
}
