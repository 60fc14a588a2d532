/**
 * Access tokens, policies and privileges in GraphQL: `me`, the token API, policy management and
 * `getGrantedPrivileges`, plus the `privileges` field of entities. The rules live in domains/access/; these
 * resolvers map shapes.
 */
import type { PolicyEntry, PolicyInput } from '../../../domains/access/policies.js';
import { tokenIdOf, type TokenFilter, type TokenMetadata } from '../../../domains/access/tokens.js';
import { NO_TOKENS_WHILE_OFF } from '../../authentication.js';
import { forbidden } from '../../../errors.js';
import { latestAspect, refOf, type EntityRef, type GraphQLContext, clientRef } from '../context.js';
import type {
  AccessTokenMetadata as AccessTokenMetadataFields,
  AccessTokenMetadataResolvers,
  FacetFilterInput,
  InputMaybe,
  MutationResolvers,
  PlatformPrivileges,
  PolicyMatchCondition,
  PolicyState,
  PolicyType,
  QueryResolvers,
  ResolversTypes,
} from '../generated/resolvers.js';
import { entityRefs } from '../mappers/common.js';
import type { EntityField, ResolverModule } from './module.js';

const DEFAULT_COUNT = 20;

/**
 * A token as the token service answered it: the service decided the caller may see it (its own
 * tokens, for one without MANAGE_ACCESS_TOKENS), which the loader, hiding tokens from such callers,
 * would not know.
 */
type TokenRef = EntityRef & { token?: TokenMetadata };

const tokenRef = (t: TokenMetadata): TokenRef => ({ urn: t.urn, entityName: 'dataHubAccessToken', token: t });

/**
 * A stored policy in GraphQL's `Policy` shape. Its type, state and conditions are stored as text, as in
 * DataHub's model, and written from GraphQL's enums; its name and description are the aspect's.
 */
export function policyOut(ctx: GraphQLContext, { urn, info }: PolicyEntry): ResolversTypes['Policy'] {
  const actors = info.actors ?? {};
  const resources = info.resources;
  return {
    urn,
    type: info.type as PolicyType,
    name: info.displayName as string,
    state: info.state as PolicyState,
    description: (info.description as string | undefined) ?? null,
    privileges: info.privileges,
    editable: info.editable !== false,
    actors: {
      users: actors.users ?? [],
      groups: actors.groups ?? [],
      roles: actors.roles ?? [],
      resourceOwners: actors.resourceOwners ?? false,
      resourceOwnersTypes: actors.resourceOwnersTypes ?? null,
      allUsers: actors.allUsers ?? false,
      allGroups: actors.allGroups ?? false,
      resolvedUsers: entityRefs(ctx, actors.users),
      resolvedGroups: entityRefs(ctx, actors.groups),
      resolvedRoles: entityRefs(ctx, actors.roles),
      resolvedOwnershipTypes: entityRefs(ctx, actors.resourceOwnersTypes),
    },
    resources: resources
      ? {
          type: resources.type ?? null,
          resources: resources.resources ?? null,
          allResources: resources.allResources ?? false,
          filter: resources.filter
            ? {
                criteria: (resources.filter.criteria ?? []).map((c) => ({
                  field: c.field,
                  condition: (c.condition ?? 'EQUALS') as PolicyMatchCondition,
                  values: c.values.map((value) => ({ value, entity: refOf(ctx.services, value) ?? null })),
                })),
              }
            : null,
        }
      : null,
  };
}

/** Facet filters of listAccessTokens; the docs' single `value` form counts as `values: [value]`. */
const tokenFilters = (filters: InputMaybe<FacetFilterInput[]>): TokenFilter[] =>
  (filters ?? []).map((f) => ({
    field: f.field,
    values: f.values?.length ? f.values : f.value != null ? [f.value] : [],
    negated: f.negated === true,
  }));

const Query: QueryResolvers = {
  me: async (_root, _args, ctx) => ({
    corpUser: { urn: ctx.actor, entityName: 'corpuser' },
    // The flag tables (auth/privileges.ts) are named after the schema's fields.
    platformPrivileges: (await ctx.services.privilegeFlags.platform(ctx.actor)) as unknown as PlatformPrivileges,
  }),
  listAccessTokens: async (_root, { input }, ctx) => {
    const start = input.start ?? 0;
    const count = input.count ?? DEFAULT_COUNT;
    const { total, tokens } = await ctx.services.tokens.list(ctx.actor, tokenFilters(input.filters), start, count);
    return { start, count: tokens.length, total, tokens: tokens.map(tokenRef) };
  },
  getAccessTokenMetadata: async (_root, { token }, ctx) => tokenRef(await ctx.services.tokens.metadataOf(token)),
  // Deprecated in DataHub: a token for oneself, without a name.
  getAccessToken: async (_root, { input }, ctx) => {
    const created = await ctx.services.tokens.create(ctx.actor, { ...input, name: `Token for ${input.actorUrn}` }, { selfOnly: true });
    return { accessToken: created.accessToken };
  },
  listPolicies: async (_root, { input }, ctx) => {
    const start = input.start ?? 0;
    const { total, policies } = await ctx.services.policies.list(ctx.actor, {
      start,
      count: input.count ?? DEFAULT_COUNT,
      query: input.query,
    });
    return { start, count: policies.length, total, policies: policies.map((p) => policyOut(ctx, p)) };
  },
  getGrantedPrivileges: async (_root, { input }, ctx) => {
    const resource = input.resourceSpec?.resourceUrn ? clientRef(ctx, input.resourceSpec.resourceUrn).urn : undefined;
    return { privileges: await ctx.services.policies.granted(ctx.actor, input.actorUrn, resource) };
  },
};

const Mutation: MutationResolvers = {
  createAccessToken: async (_root, { input }, ctx) => {
    if (!ctx.authEnabled) throw forbidden(NO_TOKENS_WHILE_OFF);
    const created = await ctx.services.tokens.create(ctx.actor, input);
    return { accessToken: created.accessToken, metadata: tokenRef(created.metadata) };
  },
  revokeAccessToken: async (_root, { tokenId }, ctx) => {
    await ctx.services.tokens.revoke(ctx.actor, tokenId);
    return true;
  },
  // GraphQL gives an absent list as null where PolicyInput leaves it out; the service reads both alike.
  createPolicy: (_root, { input }, ctx) => ctx.services.policies.create(ctx.actor, input as PolicyInput),
  updatePolicy: (_root, { urn, input }, ctx) => ctx.services.policies.update(ctx.actor, urn, input as PolicyInput),
  deletePolicy: (_root, { urn }, ctx) => ctx.services.policies.delete(ctx.actor, urn),
};

/**
 * A field of `AccessTokenMetadata` as the token's stored `dataHubAccessTokenInfo` holds it, under the
 * same name; the aspect's schema requires the fields GraphQL declares non-null.
 */
const tokenField =
  <K extends 'name' | 'description' | 'actorUrn' | 'ownerUrn' | 'createdAt' | 'expiresAt'>(name: K) =>
  async (ref: TokenRef, _args: unknown, ctx: GraphQLContext): Promise<AccessTokenMetadataFields[K]> => {
    const info = ref.token ?? (await latestAspect(ctx, ref, 'dataHubAccessTokenInfo'));
    return (info?.[name] ?? null) as AccessTokenMetadataFields[K];
  };

/** Fields of `AccessTokenMetadata`, read from the token's stored metadata. */
const AccessTokenMetadata: AccessTokenMetadataResolvers = {
  id: (ref) => tokenIdOf(ref.urn),
  name: tokenField('name'),
  description: tokenField('description'),
  actorUrn: tokenField('actorUrn'),
  ownerUrn: tokenField('ownerUrn'),
  createdAt: tokenField('createdAt'),
  expiresAt: tokenField('expiresAt'),
};

/** `privileges` of any entity: what the caller may do to it, for UIs deciding which edits to offer. */
const privileges: EntityField<'EntityPrivileges'> = (ref, _args, ctx) =>
  ctx.services.privilegeFlags.entity(ctx.actor, ref.urn, ref.entityName);

export const accessModule: ResolverModule = { resolvers: { Query, Mutation, AccessTokenMetadata }, entityFields: { privileges } };
