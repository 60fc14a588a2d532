/**
 * Assigning DataHub roles from the app's users and groups pages, and taking the role of an invite
 * (domains/access/roles.ts holds the rules); and the policies a role page lists as the entities they are.
 * Roles are listed by governance.ts's `listRoles`.
 */
import type { PolicyEntry } from '../../../domains/access/policies.js';
import { latestAspect, type EntityRef, type GraphQLContext } from '../context.js';
import type { DataHubPolicyResolvers, Resolvers, ResolversTypes } from '../generated/resolvers.js';
import { policyOut } from './access.js';
import type { ResolverModule } from './module.js';
import { forget } from './written.js';

type PolicyOut = Awaited<ResolversTypes['Policy']>;

/** A policy entity read as the `Policy` that listPolicies answers (one mapper of `dataHubPolicyInfo`). */
async function policy(ref: EntityRef, ctx: GraphQLContext): Promise<PolicyOut> {
  const info = (await latestAspect(ctx, ref, 'dataHubPolicyInfo')) as PolicyEntry['info'] | undefined;
  return policyOut(ctx, {
    urn: ref.urn,
    info: info ?? { type: 'METADATA', state: 'INACTIVE', privileges: [], actors: {}, displayName: '' },
  });
}

/** One field of the policy; the mapper sets every field, the nullable ones to null. */
const field =
  <K extends keyof PolicyOut>(name: K) =>
  async (ref: EntityRef, _args: unknown, ctx: GraphQLContext) =>
    (await policy(ref, ctx))[name] as NonNullable<PolicyOut[K]>;

const DataHubPolicy: DataHubPolicyResolvers = {
  policyType: field('type'),
  name: field('name'),
  state: field('state'),
  description: field('description'),
  resources: field('resources'),
  privileges: field('privileges'),
  actors: field('actors'),
  editable: field('editable'),
};

const resolvers: Resolvers = {
  DataHubPolicy,
  Mutation: {
    batchAssignRole: async (_root, { input }, ctx) => {
      await ctx.services.roles.batchAssign(ctx.actor, input.roleUrn ?? null, input.actors);
      forget(ctx, input.actors);
      return true;
    },
    acceptRole: async (_root, { input }, ctx) => {
      await ctx.services.roles.accept(ctx.actor, input.inviteToken);
      ctx.aspects.clear(ctx.actor);
      return true;
    },
  },
};

export const rolesModule: ResolverModule = { resolvers };
