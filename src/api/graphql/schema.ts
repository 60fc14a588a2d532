/**
 * The executable schema: the SDL file (names, types and nullability as DataHub's) with the resolvers
 * attached by type and field name. Entity fields are attached wherever a type declares them, so one
 * resolver serves `ownership` on every entity type that has it.
 */
import { readFileSync } from 'node:fs';
import {
  buildSchema,
  DirectiveLocation,
  defaultFieldResolver,
  GraphQLDirective,
  GraphQLError,
  GraphQLSchema,
  isInterfaceType,
  isObjectType,
  isUnionType,
  type GraphQLFieldResolver,
} from 'graphql';
import type { EntityRef, GraphQLContext } from './context.js';
import { ARGUMENT_ITEM_COST, MAX_RESOLVED_FIELDS, RESULT_TOO_LARGE } from './limits.js';
import { entityTypeName } from './entityTypes.js';
import { resolverModules } from './resolvers/index.js';
import { entityRootsModule } from './resolvers/queries.js';
import type { ResolverModule } from './resolvers/module.js';
import { attachScalars } from './scalars.js';

export const SDL = readFileSync(new URL('./schema.graphql', import.meta.url), 'utf8');

type AnyResolver = GraphQLFieldResolver<any, any, any>;

/**
 * The resolvers of all modules by type and field, and the fields attached to every entity type. A
 * module may serve a field of the registry's per-type `roots`, which then gives way; two modules
 * serving one field is a mistake that would make one of them silently dead, and stops the start.
 */
export function mergeModules(roots: ResolverModule, modules: Readonly<Record<string, ResolverModule>>) {
  const entityFields: Record<string, AnyResolver> = { ...roots.entityFields };
  const byType: Record<string, Record<string, AnyResolver>> = {};
  for (const [type, fields] of Object.entries(roots.resolvers ?? {})) byType[type] = { ...(fields as Record<string, AnyResolver>) };
  const servedBy = new Map<string, string>();
  const twice: string[] = [];
  const claim = (field: string, module: string) => {
    const earlier = servedBy.get(field);
    if (earlier !== undefined) twice.push(`${field} (${earlier} and ${module})`);
    servedBy.set(field, module);
  };
  for (const [moduleName, module] of Object.entries(modules)) {
    for (const [name, resolver] of Object.entries(module.entityFields ?? {})) {
      claim(`<every entity>.${name}`, moduleName);
      entityFields[name] = resolver as AnyResolver;
    }
    for (const [type, fields] of Object.entries(module.resolvers ?? {})) {
      for (const name of Object.keys(fields as object)) claim(`${type}.${name}`, moduleName);
      byType[type] = { ...byType[type], ...(fields as Record<string, AnyResolver>) };
    }
  }
  if (twice.length > 0) throw new Error(`GraphQL fields resolved by two modules, one of which would never run: ${twice.join(', ')}`);
  return { entityFields, byType };
}

/** Types that stand for an entity: the `Entity` interface's implementations. */
function isEntityRef(value: unknown): value is EntityRef {
  return typeof value === 'object' && value !== null && 'urn' in value && 'entityName' in value;
}

/**
 * Items of the lists among a field's arguments, at the top or in an input object: each is work the
 * field does before it resolves anything (an urn to parse and check, say).
 */
function argumentItems(args: Record<string, unknown>): number {
  let items = 0;
  for (const value of Object.values(args)) {
    if (Array.isArray(value)) items += value.length;
    else if (value !== null && typeof value === 'object') {
      for (const inner of Object.values(value)) if (Array.isArray(inner)) items += inner.length;
    }
  }
  return items;
}

/**
 * Makes every field count itself, and the items of its list arguments, against the request's
 * MAX_RESOLVED_FIELDS. Once past it, each field fails at once, which skips what lies under it: the rest
 * of the answer costs a field per item pending.
 */
function countResolvedFields(schema: GraphQLSchema): void {
  // One error for every field past the bound. Having a path, graphql-js passes it on as it is rather
  // than making a new one, stack and all, for each of the many fields that fail.
  const TOO_LARGE = new GraphQLError(RESULT_TOO_LARGE, { path: [] });
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const resolve = field.resolve ?? defaultFieldResolver;
      const hasArguments = field.args.length > 0;
      field.resolve = (source, args, ctx: GraphQLContext, info) => {
        ctx.resolved += hasArguments ? 1 + ARGUMENT_ITEM_COST * argumentItems(args) : 1;
        if (ctx.resolved > MAX_RESOLVED_FIELDS) throw TOO_LARGE;
        return resolve(source, args, ctx, info);
      };
    }
  }
}

/**
 * A built-in directive as DataHub's schema declares it. graphql-js 16.15 lets `@deprecated` stand on
 * directive definitions too, and introspection lists that location; the Python client DataHub's SDK
 * pins (gql with graphql-core 3.2) knows no such location and cannot build the schema at all.
 */
function asDataHubServesIt(directive: GraphQLDirective): GraphQLDirective {
  if (!directive.locations.includes(DirectiveLocation.DIRECTIVE_DEFINITION) || directive.name !== 'deprecated') return directive;
  const config = directive.toConfig();
  return new GraphQLDirective({ ...config, locations: config.locations.filter((l) => l !== DirectiveLocation.DIRECTIVE_DEFINITION) });
}

/**
 * The executable schema, and the fields of entity types no module serves, as `Type.field`: each
 * answers null (schema.test.ts holds the list, which may only shrink).
 */
/**
 * The schema serving these entity types. It holds no state of a catalog (resolvers reach the catalog
 * through the request's context), so a process that serves several catalogs, as the tests do, builds
 * it once for each set of types rather than once a server (~100 ms).
 */
export function buildExecutableSchema(entityNames: readonly string[]): GraphQLSchema {
  const key = entityNames.join(' ');
  const known = executableSchemas.get(key);
  if (known) return known;
  const { schema } = buildSchemaServing(entityNames);
  executableSchemas.set(key, schema);
  return schema;
}
const executableSchemas = new Map<string, GraphQLSchema>();

export function buildSchemaServing(entityNames: readonly string[]): { schema: GraphQLSchema; unserved: string[] } {
  // The registry's per-type roots come first, so a module that serves one of them itself wins.
  const { entityFields, byType } = mergeModules(entityRootsModule(entityNames), resolverModules);
  // The SDL is ours and checked by schema.test.ts; validating it again costs every start ~100 ms.
  const built = buildSchema(SDL, { assumeValidSDL: true });
  const schema = new GraphQLSchema({ ...built.toConfig(), directives: built.getDirectives().map(asDataHubServesIt) });
  attachScalars(schema);
  const entity = schema.getType('Entity');
  const entityTypes = new Set(isInterfaceType(entity) ? schema.getPossibleTypes(entity).map((t) => t.name) : []);

  const unserved: string[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    const fields = type.getFields();
    const own = byType[type.name] ?? {};
    for (const [name, field] of Object.entries(fields)) {
      const resolver = own[name] ?? (entityTypes.has(type.name) ? entityFields[name] : undefined);
      if (resolver && entityTypes.has(type.name)) {
        // An entity built whole by its parent (as DataHub's mappers build a platform instance) is read as it is.
        field.resolve = (source, args, ctx, info) =>
          isEntityRef(source) ? resolver(source, args, ctx, info) : (source as Record<string, unknown>)?.[name];
      } else if (resolver) {
        field.resolve = resolver;
      } else if (entityTypes.has(type.name)) {
        // A field we do not serve yet reads as null rather than failing the whole query.
        unserved.push(`${type.name}.${name}`);
        field.resolve = (source: unknown) => (isEntityRef(source) ? null : (source as Record<string, unknown>)?.[name]);
      }
    }
  }

  countResolvedFields(schema);

  // Abstract types resolve from what the value is: entity references by their entity type.
  const resolveEntityType = (value: unknown) => {
    if (isEntityRef(value)) return entityTypeName(value.entityName);
    return (value as { __typename?: string })?.__typename;
  };
  for (const type of Object.values(schema.getTypeMap())) {
    if (isInterfaceType(type) || isUnionType(type)) type.resolveType = resolveEntityType;
  }
  return { schema, unserved: unserved.sort() };
}
