import type { MutationResolvers, Resolvers } from '../generated/resolvers.js';
import type { ResolverModule } from './module.js';
import { forgetWritten } from './written.js';

const Mutation: MutationResolvers = {
  upsertCustomAssertion: async (_root, { urn, input }, ctx) => {
    const r = await ctx.services.assertions.upsertCustom(urn, input, ctx.actor);
    forgetWritten(ctx, r);
    return { urn: r.urn, entityName: 'assertion' };
  },
  reportAssertionResult: async (_root, { urn, result }, ctx) => {
    forgetWritten(ctx, await ctx.services.assertions.reportResult(urn, result, ctx.actor));
    return true;
  },
  deleteAssertion: async (_root, { urn }, ctx) => {
    const r = await ctx.services.assertions.delete(urn, ctx.actor);
    forgetWritten(ctx, r);
    if (r.referencesError !== undefined)
      ctx.log.error({ err: r.referencesError, urn }, 'clearing references to a deleted assertion failed');
    return true;
  },
  raiseIncident: async (_root, { input }, ctx) => {
    const r = await ctx.services.incidents.raise(input, ctx.actor);
    forgetWritten(ctx, r);
    return r.urn;
  },
  updateIncident: async (_root, { urn, input }, ctx) => {
    forgetWritten(ctx, await ctx.services.incidents.update(urn, input, ctx.actor));
    return true;
  },
  updateIncidentStatus: async (_root, { urn, input }, ctx) => {
    forgetWritten(ctx, await ctx.services.incidents.updateStatus(urn, input, ctx.actor));
    return true;
  },
  upsertDataContract: async (_root, { input }, ctx) => {
    const r = await ctx.services.dataContracts.upsert(input, ctx.actor);
    forgetWritten(ctx, r);
    return { urn: r.urn, entityName: 'dataContract' };
  },
  reportOperation: async (_root, { input }, ctx) => {
    forgetWritten(ctx, await ctx.services.operations.report(input, ctx.actor));
    // The schema's result is a String; DataHub's resolver answers its boolean, which reads as "true".
    return 'true';
  },
};

const resolvers: Resolvers = { Mutation };

export const qualityMutationsModule: ResolverModule = { resolvers };
