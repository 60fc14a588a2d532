/**
 * What a file of resolvers gives the schema. Each area of the interface (the app's start, search,
 * lineage, an entity family) is one module; the schema attaches them all.
 */
import type { GraphQLFieldResolver } from 'graphql';
import type { EntityRef, GraphQLContext } from '../context.js';
import type { Maybe, ResolverFn, Resolvers, ResolversTypes } from '../generated/resolvers.js';

export type EntityFieldResolver = GraphQLFieldResolver<EntityRef, GraphQLContext, any>;

/**
 * A field many entity types share, typed by the schema type it returns (`ResolversTypes['Ownership']`),
 * so `entityFields` are checked as a type's own resolvers are. Shared fields are nullable, hence `Maybe`.
 */
export type EntityField<T extends keyof ResolversTypes, TArgs = Record<PropertyKey, never>> = ResolverFn<
  Maybe<ResolversTypes[T]>,
  EntityRef,
  GraphQLContext,
  TArgs
>;

/** A shared entity field whose result is not one named type (a list, say). */
export type EntityFieldOf<TResult, TArgs = Record<PropertyKey, never>> = ResolverFn<TResult, EntityRef, GraphQLContext, TArgs>;

export interface ResolverModule {
  /** Resolvers by type and field, typed from the schema (`npm run codegen`). */
  resolvers?: Resolvers;
  /**
   * Fields attached to every entity type that declares them, so one resolver serves `structuredProperties`
   * on every type that has it. A type's own resolver in `resolvers` wins over these.
   */
  entityFields?: Record<string, EntityFieldResolver>;
}
