/**
 * What a file of resolvers gives the schema. Each area of the interface (the app's start, search,
 * lineage, an entity family) is one module; the schema attaches them all.
 */
import type { GraphQLFieldResolver } from 'graphql';
import type { EntityRef, GraphQLContext } from '../context.js';
import type { Resolvers } from '../generated/resolvers.js';

export type EntityFieldResolver = GraphQLFieldResolver<EntityRef, GraphQLContext, any>;

export interface ResolverModule {
  /** Resolvers by type and field, typed from the schema (`npm run codegen`). */
  resolvers?: Resolvers;
  /**
   * Fields attached to every entity type that declares them, so one resolver serves `structuredProperties`
   * on every type that has it. A type's own resolver in `resolvers` wins over these.
   */
  entityFields?: Record<string, EntityFieldResolver>;
}
