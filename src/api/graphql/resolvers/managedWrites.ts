/**
 * What the mutations that create, change and delete managed entities (data products, posts, views,
 * queries, templates) share: a privilege check with DataHub's 403 text, proposals for the one write
 * path under that check, existence checks, and deletes that also clear references, as DataHub's do.
 */
import { SYSTEM_ACTOR } from '../../../actors.js';
import type { Grant } from '../../../auth/authorizer.js';
import type { Requirement } from '../../../auth/requirements.js';
import { buildProposal, deleteEntityProposal, editProposal, type Proposal } from '../../../write/proposals.js';
import { tryParseUrn } from '../../../urn.js';
import type { GraphQLContext } from '../context.js';

type Json = Record<string, any>;

/** Checked before anything else is looked at, so a refused caller learns nothing of the input. */
export const authorize = (ctx: GraphQLContext, ...requirements: Requirement[]): Promise<Grant> =>
  ctx.services.authorizer.require(ctx.actor, requirements);

/** The same check, refused with a resolver's own text where DataHub's differs from its usual one. */
export const authorizeOr = (ctx: GraphQLContext, refusal: string, ...requirements: Requirement[]): Promise<Grant> =>
  ctx.services.authorizer.require(ctx.actor, requirements, () => refusal);

export const upsert = (ctx: GraphQLContext, urn: string, aspect: string, value: unknown): Proposal =>
  buildProposal(ctx.services.registry, urn, aspect, 'UPSERT', value);

/** A change of part of an aspect, applied to its latest value inside the write's transaction. */
export const change = (ctx: GraphQLContext, urn: string, aspect: string, fn: (current: Json) => Json): Proposal =>
  editProposal(ctx.services.registry, urn, aspect, (current) => fn({ ...(current ?? {}) }));

/** Writes the proposals under the caller's grant, and forgets what this request had read of them. */
export async function write(ctx: GraphQLContext, grant: Grant, proposals: Proposal[]): Promise<void> {
  await ctx.services.writePath.apply(proposals, { actor: ctx.actor, grant });
  for (const p of proposals) ctx.aspects.clear(p.urn);
}

/** Whether an entity is stored (its key aspect is). */
export async function exists(ctx: GraphQLContext, urn: string | null | undefined): Promise<boolean> {
  const entity = ctx.services.registry.entityOfUrn(urn);
  return entity !== undefined && (await ctx.services.store.getAspect(urn!, entity.keyAspect.name, 0)) !== undefined;
}

/** Whether `urn` is a stored entity of type `entityName`. */
export const existsAs = async (ctx: GraphQLContext, urn: string | null | undefined, entityName: string) =>
  tryParseUrn(urn ?? '')?.entityType === entityName && (await exists(ctx, urn));

/**
 * Deletes an entity (every aspect) and then removes it from the aspects that refer to it, as
 * DataHub's delete of a data product, application or view does. The references are cleared by the
 * system: the caller's check was the delete's own, not an edit of each referring entity.
 */
export async function deleteWithReferences(ctx: GraphQLContext, grant: Grant, urn: string): Promise<void> {
  await write(ctx, grant, [deleteEntityProposal(ctx.services.registry, urn)]);
  await ctx.services.deletes.deleteReferences(urn, false, SYSTEM_ACTOR);
}

export const stamp = (ctx: GraphQLContext) => ({ time: Date.now(), actor: ctx.actor });
