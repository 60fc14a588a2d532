/**
 * Creating, changing and deleting data products and applications, and assigning assets to them.
 * The checks and writes are the data product and application services'.
 */
import type { Resolvers } from '../generated/resolvers.js';
import type { ResolverModule } from './module.js';
import { forgetWritten } from './written.js';

const resolvers: Resolvers = {
  Mutation: {
    createDataProduct: async (_root, { input }, ctx) => {
      const { urn } = forgetWritten(ctx, await ctx.services.dataProducts.create(input, ctx.actor));
      return { urn, entityName: 'dataProduct' };
    },
    updateDataProduct: async (_root, { urn, input }, ctx) => {
      forgetWritten(ctx, await ctx.services.dataProducts.update(urn, input, ctx.actor));
      return { urn, entityName: 'dataProduct' };
    },
    deleteDataProduct: async (_root, { urn }, ctx) => {
      forgetWritten(ctx, await ctx.services.dataProducts.delete(urn, ctx.actor));
      return true;
    },
    batchSetDataProduct: async (_root, { input }, ctx) => {
      forgetWritten(ctx, await ctx.services.dataProducts.setProduct(input.resourceUrns, input.dataProductUrn, ctx.actor));
      return true;
    },

    createApplication: async (_root, { input }, ctx) => {
      const { urn } = forgetWritten(ctx, await ctx.services.applications.create(input, ctx.actor));
      return { urn, entityName: 'application' };
    },
    updateApplication: async (_root, { urn, input }, ctx) => {
      forgetWritten(ctx, await ctx.services.applications.update(urn, input, ctx.actor));
      return { urn, entityName: 'application' };
    },
    deleteApplication: async (_root, { urn }, ctx) => {
      forgetWritten(ctx, await ctx.services.applications.delete(urn, ctx.actor));
      return true;
    },
    batchSetApplication: async (_root, { input }, ctx) => {
      forgetWritten(ctx, await ctx.services.applications.setApplication(input.resourceUrns, input.applicationUrn, ctx.actor));
      return true;
    },
  },
};

export const dataProductMutationsModule: ResolverModule = { resolvers };
