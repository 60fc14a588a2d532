/**
 * Structured properties: the `structuredProperties` of every entity type that has them, a property
 * entity's definition and settings, and the data types and entity types definitions name.
 */
import type { Resolvers } from '../generated/resolvers.js';
import { latestAspect } from '../context.js';
import { structuredProperties, propertyDefinition, structuredPropertySettings } from '../mappers/structuredProperties.js';
import { dataTypeInfo, entityTypeInfo } from '../mappers/typeEntities.js';
import type { ResolverModule } from './module.js';
import { entityByUrn } from './entityLists.js';

const resolvers: Resolvers = {
  Query: {
    structuredProperty: entityByUrn('structuredProperty'),
  },
  StructuredPropertyEntity: {
    definition: async (ref, _args, ctx) => propertyDefinition(ctx, ref.urn, await latestAspect(ctx, ref, 'propertyDefinition')),
    settings: async (ref, _args, ctx) => structuredPropertySettings(await latestAspect(ctx, ref, 'structuredPropertySettings')),
  },
  DataTypeEntity: {
    info: async (ref, _args, ctx) => dataTypeInfo(ref.urn, await latestAspect(ctx, ref, 'dataTypeInfo')),
  },
  EntityTypeEntity: {
    info: async (ref, _args, ctx) => entityTypeInfo(ctx.services.registry, ref.urn, await latestAspect(ctx, ref, 'entityTypeInfo')),
  },
};

export const structuredPropertyModule: ResolverModule = {
  resolvers,
  entityFields: {
    structuredProperties: async (ref, _args, ctx) =>
      structuredProperties(ctx, ref.urn, await latestAspect(ctx, ref, 'structuredProperties')),
  },
};
