/**
 * The app's own content: announcements (posts), saved queries, onboarding step states and the
 * platform's feature settings. The checks and writes are the content services'.
 */
import type { Resolvers } from '../generated/resolvers.js';
import type { ResolverModule } from './module.js';
import { forgetWritten } from './written.js';

const resolvers: Resolvers = {
  Mutation: {
    createPost: async (_root, { input }, ctx) => {
      forgetWritten(ctx, await ctx.services.posts.create(input, ctx.actor));
      return true;
    },
    updatePost: async (_root, { input }, ctx) => {
      forgetWritten(ctx, await ctx.services.posts.update(input, ctx.actor));
      return true;
    },
    deletePost: async (_root, { urn }, ctx) => {
      forgetWritten(ctx, await ctx.services.posts.delete(urn, ctx.actor));
      return true;
    },

    createQuery: async (_root, { input }, ctx) => {
      const { urn } = forgetWritten(ctx, await ctx.services.queries.create(input, ctx.actor));
      return { urn, entityName: 'query' };
    },
    updateQuery: async (_root, { urn, input }, ctx) => {
      forgetWritten(ctx, await ctx.services.queries.update(urn, input, ctx.actor));
      return { urn, entityName: 'query' };
    },
    deleteQuery: async (_root, { urn }, ctx) => {
      forgetWritten(ctx, await ctx.services.queries.delete(urn, ctx.actor));
      return true;
    },

    batchUpdateStepStates: async (_root, { input }, ctx) => {
      const { results } = forgetWritten(ctx, await ctx.services.stepStates.update(input.states, ctx.actor));
      return { results };
    },

    updateGlobalViewsSettings: async (_root, { input }, ctx) => {
      forgetWritten(ctx, await ctx.services.globalSettings.setDefaultView(input.defaultView, ctx.actor));
      return true;
    },
    updateDocPropagationSettings: async (_root, { input }, ctx) => {
      forgetWritten(ctx, await ctx.services.globalSettings.setDocColumnPropagation(input.docColumnPropagation, ctx.actor));
      return true;
    },
    updateApplicationsSettings: async (_root, { input }, ctx) => {
      forgetWritten(ctx, await ctx.services.globalSettings.setApplicationsEnabled(input.enabled, ctx.actor));
      return true;
    },
  },
};

export const contentMutationsModule: ResolverModule = { resolvers };
