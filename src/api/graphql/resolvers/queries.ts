/** Query root resolvers: entities by urn, browse (v1) and browse paths. Search and discovery: search.ts. */
import { type GraphQLSchema, isInterfaceType, isObjectType } from 'graphql';
import type { QueryResolvers, ResolverFn } from '../generated/resolvers.js';
import { badRequest } from '../../../errors.js';
import { refOf, type EntityRef, type GraphQLContext } from '../context.js';
import { entityOfEnum, entityTypeName } from '../entityTypes.js';
import type { ResolverModule } from './module.js';
import { toFilter } from './search.js';

/** Refs for urns a client asks to read: a 403 (DataHub's text) when one is of a type the caller may not see. */
const readableRefs = (ctx: GraphQLContext, urns: readonly string[]): Promise<EntityRef[]> =>
  ctx.services.entities.readable(urns, ctx.actor);

/** The ref for one urn a client asks to read, refused as readableRefs refuses. */
async function readableRef(ctx: GraphQLContext, urn: string): Promise<EntityRef> {
  const [ref] = await readableRefs(ctx, [urn]);
  return ref!;
}

/** A root query reading one entity of a type by urn, as `dataset(urn:)` does. */
export type EntityByUrn = ResolverFn<EntityRef, unknown, GraphQLContext, { urn: string }>;

export const byUrn =
  (entityName: string): EntityByUrn =>
  async (_root, { urn }, ctx) => {
    const ref = await readableRef(ctx, urn);
    if (ref.entityName !== entityName) throw badRequest(`urn ${urn} is not of entity type ${entityName}`);
    return ref;
  };

/**
 * A root per entity type of the registry, named after its GraphQL type (`dataset`, `glossaryTerm`).
 * The registry is data, so these are built from it rather than listed.
 */
export function entityRootsModule(entityNames: readonly string[]): ResolverModule {
  const roots: Record<string, EntityByUrn> = {};
  for (const name of entityNames) {
    const typeName = entityTypeName(name);
    if (typeName) roots[typeName.charAt(0).toLowerCase() + typeName.slice(1)] = byUrn(name);
  }
  // Root field names that differ from the type name.
  roots.corpUser = byUrn('corpuser');
  roots.mlModel = byUrn('mlModel');
  roots.mlModelGroup = byUrn('mlModelGroup');
  roots.mlFeature = byUrn('mlFeature');
  roots.mlFeatureTable = byUrn('mlFeatureTable');
  roots.mlPrimaryKey = byUrn('mlPrimaryKey');
  return { resolvers: { Query: roots } };
}

/**
 * The ref as an `Entity`, or null when its type is none in GraphQL (an ingestion source): DataHub maps
 * no such urn to an entity, and `entity` and `entities` may answer null where they cannot serve one.
 */
function asEntity(ref: EntityRef, schema: GraphQLSchema): EntityRef | null {
  const typeName = entityTypeName(ref.entityName);
  const type = typeName ? schema.getType(typeName) : undefined;
  const entity = schema.getType('Entity');
  return isObjectType(type) && isInterfaceType(entity) && schema.isSubType(entity, type) ? ref : null;
}

const Query: QueryResolvers = {
  entity: async (_root, { urn }, ctx, info) => asEntity(await readableRef(ctx, urn), info.schema),
  entities: async (_root, { urns }, ctx, info) => (await readableRefs(ctx, urns)).map((ref) => asEntity(ref, info.schema)),
  entityExists: (_root, { urn }, ctx) => ctx.services.entities.exists(urn, true),
  browse: async (_root, { input }, ctx) => {
    const entity = entityOfEnum(input.type);
    if (!entity) throw badRequest(`entity type ${input.type} cannot be browsed`);
    const path = `/${(input.path ?? []).join('/')}`;
    const r = await ctx.services.browse.browse(
      { entity, path, start: input.start ?? 0, limit: input.count ?? 10, filter: toFilter(input) },
      ctx.actor,
    );
    return {
      entities: r.entities.flatMap((e) => refOf(ctx.services, e.urn) ?? []),
      groups: r.groups,
      start: r.from,
      count: r.entities.length,
      total: r.numEntities,
      metadata: { path: r.path.split('/').filter((s) => s !== ''), totalNumEntities: r.totalNumEntities },
    };
  },
  browsePaths: async (_root, { input }, ctx) =>
    (await ctx.services.browse.browsePathsOf(input.urn)).map((p) => ({ path: p.split('/').filter((s) => s !== '') })),
};

export const queriesModule: ResolverModule = { resolvers: { Query } };
