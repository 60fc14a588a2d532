/**
 * Page templates and modules (the home page's and asset summaries' layouts) and the asset setting
 * that picks a summary template. The checks and writes are the page template service's.
 */
import type { Resolvers } from '../generated/resolvers.js';
import { assetSettingsOf } from './assetSettings.js';
import type { ResolverModule } from './module.js';
import { forgetWritten } from './written.js';

const resolvers: Resolvers = {
  Mutation: {
    upsertPageTemplate: async (_root, { input }, ctx) => {
      const { urn } = forgetWritten(ctx, await ctx.services.pageTemplates.upsertTemplate(input, ctx.actor));
      return { urn, entityName: 'dataHubPageTemplate' };
    },
    deletePageTemplate: async (_root, { input }, ctx) => {
      forgetWritten(ctx, await ctx.services.pageTemplates.deleteTemplate(input.urn, ctx.actor));
      return true;
    },
    upsertPageModule: async (_root, { input }, ctx) => {
      const { urn } = forgetWritten(ctx, await ctx.services.pageTemplates.upsertModule(input, ctx.actor));
      return { urn, entityName: 'dataHubPageModule' };
    },
    deletePageModule: async (_root, { input }, ctx) => {
      forgetWritten(ctx, await ctx.services.pageTemplates.deleteModule(input.urn, ctx.actor));
      return true;
    },
    updateAssetSettings: async (_root, { input }, ctx) => {
      const { settings } = forgetWritten(
        ctx,
        await ctx.services.pageTemplates.setSummaryTemplate(input.urn, input.summary?.template, ctx.actor),
      );
      return assetSettingsOf(ctx, settings);
    },
  },
};

export const pageTemplateMutationsModule: ResolverModule = { resolvers };
