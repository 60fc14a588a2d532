/**
 * Connections to outside systems: their details (kept encrypted, read in clear) and the platform they
 * connect to, and `upsertConnection`.
 */
import type { Resolvers } from '../generated/resolvers.js';
import { latestAspect, refOf, type EntityRef } from '../context.js';
import { entityByUrn } from './entityLists.js';
import type { ResolverModule } from './module.js';

const resolvers: Resolvers = {
  Query: {
    connection: entityByUrn('dataHubConnection'),
  },
  Mutation: {
    upsertConnection: async (_root, { input }, ctx) => {
      const urn = await ctx.services.connections.upsert(ctx.actor, input);
      ctx.aspects.clear(urn);
      return { urn, entityName: 'dataHubConnection' };
    },
  },
  DataHubConnection: {
    details: async (ref, _args, ctx) => {
      const d = await latestAspect(ctx, ref, 'dataHubConnectionDetails');
      return {
        type: d?.type ?? 'JSON',
        name: d?.name ?? null,
        json: d?.json ? { blob: await ctx.services.connections.blob(d.json.encryptedBlob) } : null,
      };
    },
    platform: async (ref, _args, ctx) => refOf(ctx.services, (await latestAspect(ctx, ref, 'dataPlatformInstance'))?.platform) as EntityRef,
  },
};

export const connectionModule: ResolverModule = { resolvers };
