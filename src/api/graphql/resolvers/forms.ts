/**
 * Forms and the forms assigned to an asset. Whether an assigned form is complete is computed from its
 * prompts: complete once every required prompt of the form is among the asset's answered prompts,
 * whichever list the stored aspect put it in.
 */
import { aspectOf, refOf, type EntityRef, type GraphQLContext } from '../context.js';
import type { Resolvers } from '../generated/resolvers.js';
import type { EntityFieldResolver, ResolverModule } from './module.js';

type Json = Record<string, any>;

const resolvedStamp = (ctx: GraphQLContext, s: Json | undefined) => ({ time: s?.time ?? 0, actor: refOf(ctx.services, s?.actor) ?? null });

// --- mappers, one per aspect ----------------------------------------------------------------------------

/** The groups a user belongs to, as their membership aspects list them. */
async function groupsOf(ctx: GraphQLContext, actor: string): Promise<Set<string>> {
  const user = refOf(ctx.services, actor);
  if (!user || user.entityName !== 'corpuser') return new Set();
  const [groups, native] = await Promise.all([aspectOf(ctx, user, 'groupMembership'), aspectOf(ctx, user, 'nativeGroupMembership')]);
  return new Set([...(groups?.groups ?? []), ...(native?.nativeGroups ?? [])]);
}

async function mapFormInfo(ctx: GraphQLContext, ref: EntityRef, i: Json) {
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
      structuredPropertyParams: p.structuredPropertyParams ? { structuredProperty: refOf(ctx.services, p.structuredPropertyParams.urn) } : null,
    })),
    actors: {
      owners: actors.owners !== false,
      users: actors.users ? actors.users.flatMap((u: string) => refOf(ctx.services, u) ?? []) : null,
      groups: actors.groups ? actors.groups.flatMap((g: string) => refOf(ctx.services, g) ?? []) : null,
      isAssignedToMe: (actors.users ?? []).includes(ctx.actor) || (actors.groups ?? []).some((g: string) => groups.has(g)),
    },
  };
}

function mapPromptAssociation(ctx: GraphQLContext, p: Json) {
  const fields = (list: Json[] | undefined) => (list ? list.map((f) => ({ fieldPath: f.fieldPath, lastModified: resolvedStamp(ctx, f.lastModified) })) : null);
  return {
    id: p.id,
    lastModified: resolvedStamp(ctx, p.lastModified),
    fieldAssociations: p.fieldAssociations
      ? { completedFieldPrompts: fields(p.fieldAssociations.completedFieldPrompts), incompleteFieldPrompts: fields(p.fieldAssociations.incompleteFieldPrompts) }
      : null,
  };
}

/** The `forms` aspect, each assignment placed by whether its form's required prompts are all answered. */
async function mapForms(ctx: GraphQLContext, ref: EntityRef, f: Json) {
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
      completedPrompts: (a.completedPrompts ?? []).map((p: Json) => mapPromptAssociation(ctx, p)),
      incompletePrompts: (a.incompletePrompts ?? []).filter((p: Json) => !answered.has(p.id)).map((p: Json) => mapPromptAssociation(ctx, p)),
    };
    // A form without required prompts is done when nothing is left unanswered.
    const done = required.length > 0 ? required.every((p: Json) => answered.has(p.id)) : association.incompletePrompts.length === 0;
    (done ? completed : incomplete).push(association);
  }
  return {
    incompleteForms: incomplete,
    completedForms: completed,
    verifications: (f.verifications ?? []).flatMap((v: Json) => {
      const form = refOf(ctx.services, v.form);
      return form ? [{ form, lastModified: v.lastModified ? resolvedStamp(ctx, v.lastModified) : null }] : [];
    }),
  };
}

// --- fields ------------------------------------------------------------------------------------------

const forms: EntityFieldResolver = async (ref, _args, ctx) => {
  const f = await aspectOf(ctx, ref, 'forms');
  return f ? mapForms(ctx, ref, f) : null;
};

export const formsResolvers: Resolvers = {
  Form: {
    info: async (ref, _args, ctx) => {
      const i = await aspectOf(ctx, ref, 'formInfo');
      return (i ? await mapFormInfo(ctx, ref, i) : null) as any;
    },
  },
};

export const formsModule: ResolverModule = { resolvers: formsResolvers, entityFields: { forms } };
