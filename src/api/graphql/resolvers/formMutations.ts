/**
 * Documentation forms: managing them, assigning them to assets, and the answers people give. The
 * checks and writes are the form service's (domains/forms/forms.ts); what was written is dropped from
 * this request's cached reads, so the fields asked after a mutation read what it wrote.
 */
import type { GraphQLContext } from '../context.js';
import type { Resolvers } from '../generated/resolvers.js';
import type { ResolverModule } from './module.js';
import { forget } from './written.js';

function written(ctx: GraphQLContext, urns: readonly string[]): true {
  forget(ctx, urns);
  return true;
}

const form = (ctx: GraphQLContext, urn: string) => {
  written(ctx, [urn]);
  return { urn, entityName: 'form' };
};

const resolvers: Resolvers = {
  Mutation: {
    createForm: async (_root, { input }, ctx) => form(ctx, await ctx.services.forms.create(input, ctx.actor)),
    updateForm: async (_root, { input }, ctx) => form(ctx, await ctx.services.forms.update(input, ctx.actor)),
    deleteForm: async (_root, { input }, ctx) => written(ctx, await ctx.services.forms.delete(input.urn, ctx.actor)),
    batchAssignForm: async (_root, { input }, ctx) =>
      written(ctx, await ctx.services.forms.batchAssign(input.formUrn, input.entityUrns, ctx.actor)),
    batchRemoveForm: async (_root, { input }, ctx) =>
      written(ctx, await ctx.services.forms.batchRemove(input.formUrn, input.entityUrns, ctx.actor)),
    createDynamicFormAssignment: async (_root, { input }, ctx) =>
      written(ctx, await ctx.services.forms.assignDynamically(input.formUrn, input.orFilters, ctx.actor)),
    submitFormPrompt: async (_root, { urn, input }, ctx) => written(ctx, await ctx.services.forms.submitPrompt(urn, input, ctx.actor)),
    verifyForm: async (_root, { input }, ctx) => written(ctx, await ctx.services.forms.verify(input.formUrn, input.entityUrn, ctx.actor)),
  },
};

export const formMutationsModule: ResolverModule = { resolvers };
