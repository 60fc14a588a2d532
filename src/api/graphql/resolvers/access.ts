/**
 * Access tokens, policies and privileges in GraphQL: `me`, the token API, policy management and
 * `getGrantedPrivileges`, plus the `privileges` field of entities. The rules live in auth/; these
 * resolvers map shapes.
 */
import type { PolicyEntry } from '../../../auth/authorizer.js';
import type { PolicyInput } from '../../../domains/access/policies.js';
import {
  ENTITY_PRIVILEGE_FLAGS,
  ENTITY_TYPE_MANAGE_FLAGS,
  MANAGE_TYPE_PRIVILEGES,
  PLATFORM_PRIVILEGE_FLAGS,
} from '../../../auth/privileges.js';
import { tokenIdOf, type TokenFilter, type TokenMetadata } from '../../../domains/access/tokens.js';
import { NO_TOKENS_WHILE_OFF } from '../../authentication.js';
import { forbidden } from '../../../errors.js';
import { aspectOf, refOf, type EntityRef, type GraphQLContext } from '../context.js';
import type {
  AccessTokenMetadata as AccessTokenMetadataFields,
  AccessTokenMetadataResolvers,
  FacetFilterInput,
  InputMaybe,
  MutationResolvers,
  PolicyMatchCondition,
  PolicyState,
  PolicyType,
  QueryResolvers,
  ResolversTypes,
} from '../generated/resolvers.js';
import { entityRefs } from '../mappers/common.js';
import type { EntityField, ResolverModule } from './module.js';
import { clientRef } from './queries.js';

const DEFAULT_COUNT = 20;

const tokenRef = (t: TokenMetadata): EntityRef => ({ urn: t.urn, entityName: 'dataHubAccessToken' });

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

const flags = (table: Record<string, readonly string[]>, held: ReadonlySet<string>) =>
  Object.fromEntries(Object.entries(table).map(([flag, any]) => [flag, any.some((p) => held.has(p))]));

/**
 * Whether the actor may manage every entity of a type. DataHub checks the type alone, with no entity:
 * the type's urn prefix stands for it, so policies on all resources or on the type apply and policies
 * naming particular entities do not.
 */
async function managesType(ctx: GraphQLContext, entityType: string): Promise<boolean> {
  const held = new Set(await ctx.services.authorizer.privileges(ctx.actor, `urn:li:${entityType}:`));
  return MANAGE_TYPE_PRIVILEGES.every((p) => held.has(p));
}

const Query: QueryResolvers = {
  me: async (_root, _args, ctx) => {
    const held = new Set(await ctx.services.authorizer.privileges(ctx.actor));
    const typeFlags = await Promise.all(
      Object.entries(ENTITY_TYPE_MANAGE_FLAGS).map(async ([flag, type]) => [flag, await managesType(ctx, type)]),
    );
    return {
      corpUser: { urn: ctx.actor, entityName: 'corpuser' },
      platformPrivileges: { ...flags(PLATFORM_PRIVILEGE_FLAGS, held), ...Object.fromEntries(typeFlags) },
    };
  },
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
  async (ref: EntityRef, _args: unknown, ctx: GraphQLContext): Promise<AccessTokenMetadataFields[K]> =>
    (await aspectOf(ctx, ref, 'dataHubAccessTokenInfo'))?.[name] ?? null;

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
/** Whether the actor may create and delete the children of a node: on it directly, or on all below an ancestor. */
async function managesChildren(
  ctx: GraphQLContext,
  node: EntityRef | undefined,
  parentAspect: (r: EntityRef) => string | undefined,
): Promise<boolean> {
  const { authorizer } = ctx.services;
  if (!node) return false;
  if ((await authorizer.privileges(ctx.actor, node.urn)).includes('MANAGE_GLOSSARY_CHILDREN')) return true;
  const seen = new Set<string>();
  for (let at: EntityRef | undefined = node; at && !seen.has(at.urn) && seen.size < 50; ) {
    seen.add(at.urn);
    if ((await authorizer.privileges(ctx.actor, at.urn)).includes('MANAGE_ALL_GLOSSARY_CHILDREN')) return true;
    const aspect = parentAspect(at);
    at = aspect ? refOf(ctx.services, (await aspectOf(ctx, at, aspect))?.parentNode) : undefined;
  }
  return false;
}

const privileges: EntityField<'EntityPrivileges'> = async (ref, _args, ctx) => {
  const held = new Set(await ctx.services.authorizer.privileges(ctx.actor, ref.urn));
  const out = flags(ENTITY_PRIVILEGE_FLAGS, held);
  const hierarchyOf = (r: EntityRef) => ctx.services.registry.entities.get(r.entityName)?.hierarchy;
  const hierarchy = hierarchyOf(ref);
  if (!hierarchy) return out;
  const parentAspect = (r: EntityRef) => hierarchyOf(r)?.parentAspect;
  if ((await ctx.services.authorizer.privileges(ctx.actor)).includes('MANAGE_GLOSSARIES')) {
    return { ...out, canManageEntity: true, canManageChildren: hierarchy.hasChildren ? true : null };
  }
  const parent = refOf(ctx.services, (await aspectOf(ctx, ref, hierarchy.parentAspect))?.parentNode);
  return {
    ...out,
    canManageEntity: parent ? await managesChildren(ctx, parent, parentAspect) : false,
    canManageChildren: hierarchy.hasChildren ? await managesChildren(ctx, ref, parentAspect) : null,
  };
};

export const accessModule: ResolverModule = { resolvers: { Query, Mutation, AccessTokenMetadata }, entityFields: { privileges } };
