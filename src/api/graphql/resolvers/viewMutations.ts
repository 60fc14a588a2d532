/**
 * Saved views: created, changed and deleted. The checks and writes are the view service's; here the
 * GraphQL entity type enums become entity type names.
 */
import { entityOfEnum } from '../entityTypes.js';
import type { DataHubViewDefinitionInput, Resolvers } from '../generated/resolvers.js';
import type { ResolverModule } from './module.js';
import { forgetWritten } from './written.js';

/** A value of the enum without an entity type goes as it is, for the service to refuse it by name. */
const definition = (d: DataHubViewDefinitionInput) => ({ ...d, entityTypes: d.entityTypes.map((t) => entityOfEnum(t) ?? t) });

const resolvers: Resolvers = {
  Mutation: {
    createView: async (_root, { input }, ctx) => {
      const { urn } = forgetWritten(
        ctx,
        await ctx.services.views.create({ ...input, definition: definition(input.definition) }, ctx.actor),
      );
      return { urn, entityName: 'dataHubView' };
    },
    updateView: async (_root, { urn, input }, ctx) => {
      const given = { ...input, definition: input.definition ? definition(input.definition) : input.definition };
      forgetWritten(ctx, await ctx.services.views.update(urn, given, ctx.actor));
      return { urn, entityName: 'dataHubView' };
    },
    deleteView: async (_root, { urn }, ctx) => {
      forgetWritten(ctx, await ctx.services.views.delete(urn, ctx.actor));
      return true;
    },
  },
};

export const viewMutationsModule: ResolverModule = { resolvers };
