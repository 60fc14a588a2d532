import { latestAspect, type GraphQLContext } from '../context.js';
import type { Resolvers } from '../generated/resolvers.js';
import { listPage, listRequest, type ListInput } from './entityLists.js';
import type { ResolverModule } from './module.js';
import { forget } from './written.js';

const people = (ctx: GraphQLContext) => ctx.services.people;
const settings = (ctx: GraphQLContext) => ctx.services.userSettings;

/** A page of users or groups (domains/access/people.ts decides who may list them). */
async function listPeople(
  ctx: GraphQLContext,
  entity: 'corpuser' | 'corpGroup',
  input: ListInput,
  sort?: { field: string; order: 'DESCENDING' },
) {
  const request = listRequest(input, sort ? { sort } : {});
  return listPage(ctx, request, await people(ctx).list(ctx.actor, entity, request));
}

/** Runs a change and forgets what this request read of the entities it touched. */
async function changed(ctx: GraphQLContext, urns: readonly string[], work: Promise<unknown>): Promise<true> {
  await work;
  forget(ctx, urns);
  return true;
}

const resolvers: Resolvers = {
  Query: {
    listUsers: async (_root, { input }, ctx) => {
      const { entities, ...page } = await listPeople(ctx, 'corpuser', input);
      return { ...page, users: entities };
    },
    // DataHub lists the newest groups first.
    listGroups: async (_root, { input }, ctx) => {
      const { entities, ...page } = await listPeople(ctx, 'corpGroup', input, { field: 'createdTime', order: 'DESCENDING' });
      return { ...page, groups: entities };
    },
  },
  CorpGroup: {
    // Where a group comes from: managed here (NATIVE) or by an identity provider (EXTERNAL).
    origin: async (ref, _args, ctx) => {
      const o = await latestAspect(ctx, ref, 'origin');
      return o ? { type: o.type, externalType: o.externalType ?? null } : null;
    },
  },
  Mutation: {
    removeUser: (_root, { urn }, ctx) => changed(ctx, [urn], people(ctx).removeUser(ctx.actor, urn)),
    removeGroup: (_root, { urn }, ctx) => changed(ctx, [urn], people(ctx).removeGroup(ctx.actor, urn)),
    // DataHub answers the urn of the user whose status it wrote.
    updateUserStatus: async (_root, { urn, status }, ctx) => {
      await changed(ctx, [urn], people(ctx).updateUserStatus(ctx.actor, urn, status));
      return urn;
    },
    addGroupMembers: (_root, { input }, ctx) =>
      changed(ctx, [input.groupUrn, ...input.userUrns], people(ctx).addGroupMembers(ctx.actor, input.groupUrn, input.userUrns)),
    removeGroupMembers: (_root, { input }, ctx) =>
      changed(ctx, [input.groupUrn, ...input.userUrns], people(ctx).removeGroupMembers(ctx.actor, input.groupUrn, input.userUrns)),
    updateUserSetting: (_root, { input }, ctx) =>
      changed(ctx, [ctx.actor], settings(ctx).setAppearance(ctx.actor, input.name, input.value)),
    updateCorpUserViewsSettings: (_root, { input }, ctx) =>
      changed(ctx, [ctx.actor], settings(ctx).setDefaultView(ctx.actor, input.defaultView ?? null)),
    updateUserHomePageSettings: (_root, { input }, ctx) => changed(ctx, [ctx.actor], settings(ctx).updateHomePage(ctx.actor, input)),
  },
};

export const peopleModule: ResolverModule = { resolvers };
