/**
 * Secrets for ingestion recipes (domains/ingestion/secrets.ts): listed by name and description only; their
 * values are shown only through getSecretValues, to those who manage secrets.
 */
import type { Resolvers } from '../generated/resolvers.js';
import type { ResolverModule } from './module.js';

const resolvers: Resolvers = {
  Query: {
    listSecrets: async (_root, { input }, ctx) => ctx.services.secrets.list(ctx.actor, input),
    getSecretValues: async (_root, { input }, ctx) => ctx.services.secrets.values(ctx.actor, input.secrets),
  },
  Mutation: {
    createSecret: async (_root, { input }, ctx) => ctx.services.secrets.create(ctx.actor, input),
    updateSecret: async (_root, { input }, ctx) => {
      ctx.aspects.clear(input.urn);
      return ctx.services.secrets.update(ctx.actor, input.urn, input);
    },
    deleteSecret: async (_root, { urn }, ctx) => {
      ctx.aspects.clear(urn);
      return ctx.services.secrets.delete(ctx.actor, urn);
    },
  },
};

export const secretsModule: ResolverModule = { resolvers };
