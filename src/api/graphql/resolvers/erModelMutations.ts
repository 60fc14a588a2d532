/**
 * ER model relationships drawn between two datasets. A relationship's urn is DataHub's guid of its
 * name and its two datasets, so drawing the same one twice names the same entity. Creating, changing
 * or deleting one needs EDIT_ENTITY or CREATE_ENTITY_ER_MODEL_RELATIONSHIP on both datasets.
 */
import { createHash } from 'node:crypto';
import { UNAUTHORIZED_MESSAGE } from '../../../auth/authorizer.js';
import { onResource } from '../../../auth/requirements.js';
import { badRequest } from '../../../errors.js';
import type { GraphQLContext } from '../context.js';
import type { ErModelRelationshipPropertiesInput, ErModelRelationshipUpdateInput, Resolvers } from '../generated/resolvers.js';
import { authorizeOr, change, deleteWithReferences, existsAs, stamp, write } from './managedWrites.js';
import type { ResolverModule } from './module.js';

type Json = Record<string, any>;

const onBoth = (source: string, destination: string) =>
  [source, destination].map((d) => onResource(d, 'EDIT_ENTITY', 'CREATE_ENTITY_ER_MODEL_RELATIONSHIP'));

/** DataHub's guid: the md5 of the name and the two datasets, lower one first, keys in alphabetical order. */
function relationshipUrn(p: ErModelRelationshipPropertiesInput): string {
  const [low, high] = p.source.localeCompare(p.destination) > 0 ? [p.destination, p.source] : [p.source, p.destination];
  const key = `{"Destination":"${low}","ERModelRelationName":"${p.name}","Source":"${high}"}`;
  return `urn:li:erModelRelationship:${createHash('md5').update(key, 'utf8').digest('hex')}`;
}

async function requireDatasets(ctx: GraphQLContext, p: ErModelRelationshipPropertiesInput) {
  for (const d of [p.source, p.destination]) if (!(await existsAs(ctx, d, 'dataset'))) throw badRequest(`Dataset ${d} does not exist`);
}

/** The proposals of an update input: each aspect given, changed in place. */
function proposals(ctx: GraphQLContext, urn: string, input: ErModelRelationshipUpdateInput) {
  const out = [];
  const p = input.properties;
  if (p) {
    const mappings = (p.relationshipFieldmappings ?? []).map((m) => {
      if (!m.sourceField || !m.destinationField) throw badRequest('A field mapping needs a sourceField and a destinationField');
      return { sourceField: m.sourceField, destinationField: m.destinationField };
    });
    out.push(
      change(ctx, urn, 'erModelRelationshipProperties', (current) => ({
        ...current,
        name: p.name,
        source: p.source,
        destination: p.destination,
        relationshipFieldMappings: mappings,
        ...(p.erModelRelationshipCardinality ? { cardinality: p.erModelRelationshipCardinality } : {}),
        ...(p.created ? { created: p.createdAt != null ? { time: p.createdAt, actor: p.createdBy ?? ctx.actor } : stamp(ctx) } : {}),
        lastModified: stamp(ctx),
      })),
    );
  }
  const e = input.editableProperties;
  if (e) {
    out.push(
      change(ctx, urn, 'editableERModelRelationshipProperties', (current: Json) => ({
        ...current,
        description: e.description,
        ...(e.name != null ? { name: e.name } : {}),
        created: current.created ?? stamp(ctx),
        lastModified: stamp(ctx),
      })),
    );
  }
  return out;
}

const stored = async (ctx: GraphQLContext, urn: string) =>
  (await existsAs(ctx, urn, 'erModelRelationship'))
    ? ((await ctx.services.store.getAspect(urn, 'erModelRelationshipProperties', 0))?.value as Json | undefined)
    : undefined;

const resolvers: Resolvers = {
  Mutation: {
    createERModelRelationship: async (_root, { input }, ctx) => {
      const p = input.properties;
      if (!p) throw badRequest('Failed to create erModelRelationship: properties are required');
      const grant = await authorizeOr(
        ctx,
        'Unauthorized to create erModelRelationship. Please contact your DataHub administrator.',
        ...onBoth(p.source, p.destination),
      );
      await requireDatasets(ctx, p);
      const urn = relationshipUrn(p);
      await write(ctx, grant, proposals(ctx, urn, { ...input, properties: { ...p, created: p.created ?? true } }));
      return { urn, entityName: 'erModelRelationship' };
    },
    updateERModelRelationship: async (_root, { urn, input }, ctx) => {
      const current = await stored(ctx, urn);
      const p = input.properties;
      const datasets = [...new Set([current?.source, current?.destination, p?.source, p?.destination].filter((d): d is string => !!d))];
      const grant = await authorizeOr(
        ctx,
        UNAUTHORIZED_MESSAGE,
        ...datasets.map((d) => onResource(d, 'EDIT_ENTITY', 'CREATE_ENTITY_ER_MODEL_RELATIONSHIP')),
      );
      if (!current) throw badRequest(`Failed to update erModelRelationship: ${urn} does not exist`);
      if (p) await requireDatasets(ctx, p);
      await write(ctx, grant, proposals(ctx, urn, input));
      return true;
    },
    deleteERModelRelationship: async (_root, { urn }, ctx) => {
      const current = await stored(ctx, urn);
      const grant = await authorizeOr(ctx, UNAUTHORIZED_MESSAGE, ...(current ? onBoth(current.source, current.destination) : []));
      if (!current) throw badRequest(`Failed to delete erModelRelationship: ${urn} does not exist`);
      await deleteWithReferences(ctx, grant, urn);
      return true;
    },
  },
};

export const erModelMutationsModule: ResolverModule = { resolvers };
