/**
 * Native users' links: invite tokens people sign up with, and password reset tokens
 * (domains/access/nativeUsers.ts), which DataHub's frontend server then redeems through `/auth/*`.
 */
import type { Resolvers } from '../generated/resolvers.js';
import type { ResolverModule } from './module.js';

const resolvers: Resolvers = {
  Query: {
    getInviteToken: async (_root, { input }, ctx) => ({
      inviteToken: await ctx.services.nativeUsers.inviteToken(ctx.actor, input.roleUrn, false),
    }),
  },
  Mutation: {
    createInviteToken: async (_root, { input }, ctx) => ({
      inviteToken: await ctx.services.nativeUsers.inviteToken(ctx.actor, input.roleUrn, true),
    }),
    createNativeUserResetToken: async (_root, { input }, ctx) => ({
      resetToken: await ctx.services.nativeUsers.createResetToken(ctx.actor, input.userUrn),
    }),
  },
};

export const invitesModule: ResolverModule = { resolvers };
