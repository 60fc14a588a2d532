/**
 * The executable schema: the SDL file (names, types and nullability as DataHub's) with the resolvers
 * attached by type and field name. Entity fields are attached wherever a type declares them, so one
 * resolver serves `ownership` on every entity type that has it.
 */
import { readFileSync } from 'node:fs';
import {
  buildSchema,
  isInterfaceType,
  isObjectType,
  isUnionType,
  type GraphQLFieldResolver,
  type GraphQLSchema,
} from 'graphql';
import type { EntityRef } from './context.js';
import { entityTypeName } from './entityTypes.js';
import { accessMutations, accessQueries, accessTypeFields, entityPrivileges } from './resolvers/access.js';
import { commonFields, typeFields } from './resolvers/entityFields.js';
import { datasetProfiles, editableSchemaMetadata, lineage, operations, relationships, schemaMetadata } from './resolvers/moreFields.js';
import { mutationResolvers } from './resolvers/mutations.js';
import { resolverModules } from './resolvers/index.js';
import { queryResolvers } from './resolvers/queries.js';
import { attachScalars } from './scalars.js';

export const SDL = readFileSync(new URL('./schema.graphql', import.meta.url), 'utf8');

type AnyResolver = GraphQLFieldResolver<any, any, any>;

const entityFields: Record<string, AnyResolver> = {
  ...commonFields,
  schemaMetadata,
  editableSchemaMetadata,
  datasetProfiles,
  operations,
  relationships,
  lineage,
  privileges: entityPrivileges,
};

const ownFields: Record<string, Record<string, AnyResolver>> = { ...typeFields, ...accessTypeFields };
for (const module of resolverModules) {
  Object.assign(entityFields, module.entityFields);
  for (const [type, fields] of Object.entries(module.resolvers ?? {})) {
    if (type === 'Query' || type === 'Mutation') continue;
    ownFields[type] = { ...ownFields[type], ...(fields as Record<string, AnyResolver>) };
  }
}
const moduleRoots = (name: 'Query' | 'Mutation') =>
  Object.assign({}, ...resolverModules.map((m) => m.resolvers?.[name] ?? {})) as Record<string, AnyResolver>;

/** Types that stand for an entity: the `Entity` interface's implementations. */
function isEntityRef(value: unknown): value is EntityRef {
  return typeof value === 'object' && value !== null && 'urn' in value && 'entityName' in value;
}

export function buildExecutableSchema(entityNames: readonly string[]): GraphQLSchema {
  // The SDL is ours and checked by schema.test.ts; validating it again costs every start ~100 ms.
  const schema = buildSchema(SDL, { assumeValidSDL: true });
  attachScalars(schema);
  const entity = schema.getType('Entity');
  const entityTypes = new Set(isInterfaceType(entity) ? schema.getPossibleTypes(entity).map((t) => t.name) : []);

  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    const fields = type.getFields();
    const own = ownFields[type.name] ?? {};
    for (const [name, field] of Object.entries(fields)) {
      const resolver = own[name] ?? (entityTypes.has(type.name) ? entityFields[name] : undefined);
      if (resolver && entityTypes.has(type.name)) {
        // An entity built whole by its parent (as DataHub's mappers build a platform instance) is read as it is.
        field.resolve = (source, args, ctx, info) => (isEntityRef(source) ? resolver(source, args, ctx, info) : (source as Record<string, unknown>)?.[name]);
      } else if (resolver) {
        field.resolve = resolver;
      } else if (entityTypes.has(type.name)) {
        // A field we do not serve yet reads as null rather than failing the whole query.
        field.resolve = (source: unknown) => (isEntityRef(source) ? null : (source as Record<string, unknown>)?.[name]);
      }
    }
  }

  const attachRoot = (typeName: string, resolvers: Record<string, AnyResolver>) => {
    const root = schema.getType(typeName);
    if (!isObjectType(root)) return;
    for (const [name, field] of Object.entries(root.getFields())) if (resolvers[name]) field.resolve = resolvers[name];
  };
  attachRoot('Query', { ...queryResolvers(entityNames), ...accessQueries(), ...moduleRoots('Query') });
  attachRoot('Mutation', { ...mutationResolvers(), ...accessMutations(), ...moduleRoots('Mutation') });

  // Abstract types resolve from what the value is: entity references by their entity type.
  const resolveEntityType = (value: unknown) => {
    if (isEntityRef(value)) return entityTypeName(value.entityName);
    return (value as { __typename?: string })?.__typename;
  };
  for (const type of Object.values(schema.getTypeMap())) {
    if (isInterfaceType(type) || isUnionType(type)) type.resolveType = resolveEntityType;
  }
  return schema;
}
