/**
 * Entity fields that read more than one aspect or another store: schemas, timeseries (profiles,
 * operations) and relationships (lineage: lineage.ts).
 */
import type { AspectName, AspectValue } from '../../../registry/aspectValues.js';
import { latestAspect, refOf, type EntityRef, type GraphQLContext } from '../context.js';
import type { DatasetResolvers, FilterInput, InputMaybe, RelationshipsInput } from '../generated/resolvers.js';
import { datasetProfile, operation } from '../mappers/datasetTimeseries.js';
import { editableSchemaMetadata, schemaMetadata } from '../mappers/schemaMetadata.js';
import type { EntityField, ResolverModule } from './module.js';
import { mayViewTimeseries, pointsOf, type PointsQuery } from './reads.js';

/** Points of a timeseries aspect of the entity, newest first, mapped to their GraphQL type. */
const timeseries =
  <N extends AspectName, T>(aspect: N, map: (point: AspectValue<N>) => T) =>
  async (ref: EntityRef, args: PointsQuery & { filter?: InputMaybe<FilterInput> }, ctx: GraphQLContext): Promise<T[]> =>
    (await mayViewTimeseries(ctx, ref, aspect)) ? (await pointsOf(ctx, ref, aspect, { ...args, and: args.filter?.and })).map(map) : [];

const Dataset: DatasetResolvers = {
  datasetProfiles: timeseries('datasetProfile', datasetProfile),
  operations: timeseries('operation', operation),
};

const schemaMetadataField: EntityField<'SchemaMetadata'> = async (ref, _args, ctx) =>
  schemaMetadata(ctx, ref.urn, await latestAspect(ctx, ref, 'schemaMetadata'));

const editableSchemaMetadataField: EntityField<'EditableSchemaMetadata'> = async (ref, _args, ctx) =>
  editableSchemaMetadata(ctx, ref.urn, await latestAspect(ctx, ref, 'editableSchemaMetadata'));

const relationships: EntityField<'EntityRelationshipsResult', { input: RelationshipsInput }> = async (ref, { input }, ctx) => {
  const r = await ctx.services.graph.related(
    { urn: ref.urn, types: input.types, direction: input.direction, start: input.start ?? 0, count: input.count ?? 100 },
    ctx.actor,
  );
  return {
    start: r.start,
    count: r.count,
    total: r.total,
    relationships: r.relationships.flatMap((x) => {
      const entity = refOf(ctx.services, x.entity);
      return entity ? [{ type: x.type, direction: input.direction, entity, created: null }] : [];
    }),
  };
};

export const moreFieldsModule: ResolverModule = {
  resolvers: { Dataset },
  entityFields: {
    schemaMetadata: schemaMetadataField,
    editableSchemaMetadata: editableSchemaMetadataField,
    relationships,
  },
};
