/**
 * Schema field entities (`urn:li:schemaField:(<parent urn>,<field path>)`): the field path and the
 * entity holding the field, both read from the urn's key.
 */
import type { Resolvers } from '../generated/resolvers.js';
import { refOf, type EntityRef } from '../context.js';
import { keyOf } from './entityFields.js';
import type { ResolverModule } from './module.js';

const resolvers: Resolvers = {
  SchemaFieldEntity: {
    // keyFromUrn gives every field of the key (parent and fieldPath) or throws.
    fieldPath: (ref, _args, ctx) => keyOf(ctx.services.registry, ref).fieldPath!,
    // The key's parent is an urn by the key's schema, so it always names an entity.
    parent: (ref, _args, ctx) => refOf(ctx.services, keyOf(ctx.services.registry, ref).parent) as EntityRef,
  },
};

export const schemaFieldEntityModule: ResolverModule = { resolvers };
