/**
 * Who may do what and who answers for what: DataHub's roles (`DataHubRole`), external access roles
 * (`Role`) and custom ownership types.
 */
import { parseUrn } from '../../../urn.js';
import type { Resolvers } from '../generated/resolvers.js';
import { latestAspect, refOf } from '../context.js';
import { roleInfoOf, ownershipTypeInfoOf } from '../mappers/builtins.js';
import { auditStamp } from '../mappers/common.js';
import { listEntities } from './entityLists.js';
import type { ResolverModule } from './module.js';

const resolvers: Resolvers = {
  Query: {
    listRoles: async (_root, { input }, ctx) => {
      const { entities, ...page } = await listEntities(ctx, 'dataHubRole', input);
      return { ...page, roles: entities };
    },
    listOwnershipTypes: async (_root, { input }, ctx) => {
      const { entities, ...page } = await listEntities(ctx, 'ownershipType', input);
      return { ...page, ownershipTypes: entities };
    },
  },
  DataHubRole: {
    name: async (ref, _args, ctx) =>
      roleInfoOf(ref.urn, await latestAspect(ctx, ref, 'dataHubRoleInfo'))?.name ?? parseUrn(ref.urn).parts[0],
    description: async (ref, _args, ctx) => roleInfoOf(ref.urn, await latestAspect(ctx, ref, 'dataHubRoleInfo'))?.description ?? '',
  },
  Role: {
    id: (ref) => parseUrn(ref.urn).parts[0],
    properties: async (ref, _args, ctx) => {
      const p = await latestAspect(ctx, ref, 'roleProperties');
      return p ? { name: p.name, description: p.description ?? null, type: p.type ?? null, requestUrl: p.requestUrl ?? null } : null;
    },
    actors: async (ref, _args, ctx) => {
      const a = await latestAspect(ctx, ref, 'actors');
      if (!a) return null;
      return {
        users: (a.users ?? []).flatMap((u) => (refOf(ctx.services, u.user) ? [{ user: refOf(ctx.services, u.user)! }] : [])),
        groups: (a.groups ?? []).flatMap((g) => (refOf(ctx.services, g.group) ? [{ group: refOf(ctx.services, g.group)! }] : [])),
      };
    },
    isAssignedToMe: async (ref, _args, ctx) => ((await latestAspect(ctx, ref, 'actors'))?.users ?? []).some((u) => u.user === ctx.actor),
  },
  OwnershipTypeEntity: {
    info: async (ref, _args, ctx) => {
      const i = ownershipTypeInfoOf(ref.urn, await latestAspect(ctx, ref, 'ownershipTypeInfo'));
      return i
        ? { name: i.name, description: i.description ?? null, created: auditStamp(i.created), lastModified: auditStamp(i.lastModified) }
        : null;
    },
  },
};

export const governanceModule: ResolverModule = { resolvers };
