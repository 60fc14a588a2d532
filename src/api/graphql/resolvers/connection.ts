/**
 * Connections to outside systems: their stored details and the platform they connect to.
 */
import type { Resolvers } from '../generated/resolvers.js';
import { aspectOf, refOf, type EntityRef } from '../context.js';
import { entityByUrn } from './entityLists.js';
import type { ResolverModule } from './module.js';

const resolvers: Resolvers = {
  Query: {
    connection: entityByUrn('dataHubConnection'),
  },
  DataHubConnection: {
    // DataHub keeps the blob encrypted with its secret key and decrypts it here; this catalog stores the
    // blob as it was written (it holds no secret key), so it is read back as stored.
    details: async (ref, _args, ctx) => {
      const d = await aspectOf(ctx, ref, 'dataHubConnectionDetails');
      return { type: d?.type ?? 'JSON', name: d?.name ?? null, json: d?.json ? { blob: d.json.encryptedBlob } : null };
    },
    platform: async (ref, _args, ctx) => refOf(ctx.services, (await aspectOf(ctx, ref, 'dataPlatformInstance'))?.platform) as EntityRef,
  },
};

export const connectionModule: ResolverModule = { resolvers };
