/**
 * The entity registry: the declarations under `aspects/` and `entities.ts`, loaded once with every
 * annotation default applied and checked for consistency. Services ask it about entity types and
 * aspects; none of them names an entity type itself.
 */
import { Ajv, type ValidateFunction, type ErrorObject } from 'ajv';
import { allAspects } from './aspects/index.js';
import { entityDecls } from './entities.js';
import { toJsonSchema } from './schema/jsonSchema.js';
import { normalize, stripAvroNamespace } from './schema/normalize.js';
import type { SchemaType } from './schema/types.js';
import { undeclaredFields } from './schema/undeclared.js';
import type {
  AspectDecl,
  AspectSpec,
  EntityDecl,
  EntityListName,
  EntitySpec,
  Relationship,
  RelationshipDecl,
  SearchableDecl,
  SearchableField,
  SearchFieldType,
} from './types.js';
import { formatUrn, isUrn, type Urn, tryParseUrn } from '../urn.js';

const QUERY_BY_DEFAULT: ReadonlySet<SearchFieldType> = new Set(['TEXT', 'TEXT_PARTIAL', 'WORD_GRAM', 'URN', 'URN_PARTIAL']);

export const SNAPSHOT_NAMESPACE = 'com.linkedin.metadata.snapshot.';

/** The outcome of checking an aspect value against its schema: the problems, each with its path. */
export interface SchemaProblem {
  path: string;
  message: string;
}

export class Registry {
  readonly entities: ReadonlyMap<string, EntitySpec>;
  readonly aspects: ReadonlyMap<string, AspectSpec>;
  private readonly byLowerName = new Map<string, EntitySpec>();
  private readonly byFqn = new Map<string, AspectSpec>();
  private readonly bySnapshot = new Map<string, EntitySpec>();
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly lists = new Map<EntityListName, readonly EntitySpec[]>();
  private readonly ajv: Ajv;

  constructor(aspectDecls: readonly AspectDecl[], entityDeclList: readonly EntityDecl[]) {
    const aspects = new Map<string, AspectSpec>();
    for (const decl of aspectDecls) {
      if (aspects.has(decl.name)) throw new Error(`registry: aspect ${decl.name} is declared twice`);
      const spec = buildAspect(decl);
      if (this.byFqn.has(spec.fqn)) throw new Error(`registry: type ${spec.fqn} is used by two aspects`);
      aspects.set(decl.name, spec);
      this.byFqn.set(spec.fqn, spec);
    }
    const entities = new Map<string, EntitySpec>();
    for (const decl of entityDeclList) {
      const spec = buildEntity(decl, aspects);
      if (entities.has(spec.name)) throw new Error(`registry: entity ${spec.name} is declared twice`);
      entities.set(spec.name, spec);
      this.byLowerName.set(spec.name.toLowerCase(), spec);
      this.bySnapshot.set(spec.snapshot, spec);
    }
    this.aspects = aspects;
    this.entities = entities;
    checkAcrossTypes(entities);
    // The schemas are generated from the Pegasus types, and registry.test.ts checks each against
    // the meta-schema once; checking them again at every start costs ~40 ms.
    this.ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
    this.ajv.addFormat('urn', { type: 'string', validate: (s: string) => isUrn(s) });
  }

  /** The entity types of one of DataHub's lists (types.ts EntityLists), in the list's order. */
  entitiesIn(list: EntityListName): readonly EntitySpec[] {
    let out = this.lists.get(list);
    if (!out) {
      const place = (e: EntitySpec) => {
        const p = e.lists[list];
        return p === true ? 0 : (p ?? 0);
      };
      // Sorting is stable: the members of a set keep the registry's order.
      out = [...this.entities.values()].filter((e) => e.lists[list] !== undefined).sort((a, b) => place(a) - place(b));
      this.lists.set(list, out);
    }
    return out;
  }

  /** An entity type by name; DataHub matches entity names case-insensitively. */
  entity(name: string): EntitySpec | undefined {
    return this.entities.get(name) ?? this.byLowerName.get(name.toLowerCase());
  }

  /** The entity type of an urn, or undefined when the text is not an urn of a known type. */
  entityOfUrn(urn: unknown): EntitySpec | undefined {
    const parsed = tryParseUrn(urn);
    return parsed ? this.entity(parsed.entityType) : undefined;
  }

  /** Whether text is an urn of the entity type named (spelled exactly, as urns are). */
  isUrnOf(urn: unknown, entityName: string): boolean {
    return this.entities.has(entityName) && tryParseUrn(urn)?.entityType === entityName;
  }

  /** An aspect by its fully qualified type name, in either the Pegasus or the Avro spelling. */
  aspectByFqn(fqn: string): AspectSpec | undefined {
    return this.byFqn.get(stripAvroNamespace(fqn));
  }

  /** An entity type by its legacy snapshot type name, in either spelling. */
  entityBySnapshot(snapshotName: string): EntitySpec | undefined {
    return this.bySnapshot.get(stripAvroNamespace(snapshotName));
  }

  /** Reads Avro-style or Pegasus JSON into Pegasus JSON (see schema/normalize.ts). */
  normalize(aspect: AspectSpec, value: unknown): unknown {
    return normalize(aspect.type, value);
  }

  /** Checks a value against the aspect's schema; an empty list means it is valid. */
  validate(aspect: AspectSpec, value: unknown): SchemaProblem[] {
    let validator = this.validators.get(aspect.name);
    if (!validator) {
      // Compiled on first use: compiling every schema up front would slow start-up.
      validator = this.ajv.compile(aspect.jsonSchema);
      this.validators.set(aspect.name, validator);
    }
    if (validator(value)) return [];
    return (validator.errors ?? []).map(describe);
  }

  /** JSON Pointers of the fields of a value that the aspect's schema does not declare (see schema/undeclared.ts). */
  undeclaredFields(aspect: AspectSpec, value: unknown): string[] {
    return undeclaredFields(aspect.type, value);
  }

  /** The key aspect value of an urn, its fields bound to the urn's parts in declaration order. */
  keyFromUrn(entity: EntitySpec, urn: Urn): Record<string, string> {
    const fields = entity.keyAspect.type.fields;
    if (urn.parts.length !== fields.length) {
      throw new Error(
        `an urn of entity type ${entity.name} has ${fields.length} key part(s) (${fields.map((f) => f.name).join(', ')}); '${formatUrn(urn)}' has ${urn.parts.length}`,
      );
    }
    // In range: the lengths were just checked to be equal.
    return Object.fromEntries(fields.map((f, i) => [f.name, urn.parts[i]!]));
  }

  /** The urn of an entity from its key aspect value (`entityKeyAspect` of a proposal). */
  urnFromKey(entity: EntitySpec, key: Record<string, unknown>): string {
    const parts = entity.keyAspect.type.fields.map((f) => {
      const v = key[f.name];
      if (typeof v !== 'string' || v.length === 0) throw new Error(`key aspect ${entity.keyAspect.name} lacks field '${f.name}'`);
      return v;
    });
    return formatUrn({ namespace: 'li', entityType: entity.name, parts });
  }
}

function describe(e: ErrorObject): SchemaProblem {
  const path = e.instancePath || '/';
  switch (e.keyword) {
    case 'required':
      return { path, message: `required field '${(e.params as { missingProperty: string }).missingProperty}' is missing` };
    case 'enum':
      return { path, message: `must be one of ${(e.params as { allowedValues: string[] }).allowedValues.join(', ')}` };
    case 'format':
      return { path, message: 'must be a valid urn' };
    case 'additionalProperties':
      return { path, message: `'${(e.params as { additionalProperty: string }).additionalProperty}' is not a member of this union` };
    case 'minProperties':
    case 'maxProperties':
      return { path, message: 'a union must hold exactly one member' };
    default:
      return { path, message: e.message ?? e.keyword };
  }
}

function lastSegment(path: string): string {
  const segs = path.split('/').filter((s) => s && s !== '*');
  return segs[segs.length - 1] ?? '';
}

function buildSearchable(d: SearchableDecl): SearchableField {
  const fieldName = d.fieldName ?? lastSegment(d.path);
  return {
    path: d.path,
    fieldType: d.fieldType,
    fieldName,
    queryByDefault: d.queryByDefault ?? QUERY_BY_DEFAULT.has(d.fieldType),
    enableAutocomplete: d.enableAutocomplete ?? false,
    addToFilters: d.addToFilters ?? false,
    filterName: d.filterNameOverride ?? fieldName,
    boostScore: d.boostScore ?? 1.0,
    weightsPerFieldValue: d.weightsPerFieldValue ?? {},
    ...(d.hasValuesFieldName ? { hasValuesFieldName: d.hasValuesFieldName } : {}),
    ...(d.numValuesFieldName ? { numValuesFieldName: d.numValuesFieldName } : {}),
  };
}

function buildRelationship(d: RelationshipDecl): Relationship {
  return {
    path: d.path,
    name: d.name,
    entityTypes: d.entityTypes,
    isLineage: d.isLineage ?? false,
    isUpstream: d.isUpstream ?? true,
    ...(d.edit ? { edit: d.edit } : {}),
  };
}

function buildAspect(decl: AspectDecl): AspectSpec {
  if (decl.timeseries && !decl.type.fields.some((f) => f.name === 'timestampMillis' && !f.optional)) {
    throw new Error(`registry: timeseries aspect ${decl.name} must have a required timestampMillis`);
  }
  return {
    name: decl.name,
    fqn: decl.type.name,
    kind: decl.timeseries ? 'timeseries' : 'versioned',
    type: decl.type,
    jsonSchema: toJsonSchema(decl.type),
    searchable: (decl.searchable ?? []).map(buildSearchable),
    relationships: (decl.relationships ?? []).map(buildRelationship),
    ...(decl.readPrivilege ? { readPrivilege: decl.readPrivilege } : {}),
    ...(decl.dropped ? { dropped: decl.dropped } : {}),
  };
}

function isKeyFieldType(t: SchemaType): boolean {
  return (t.kind === 'primitive' && t.name === 'string') || t.kind === 'enum';
}

function buildEntity(decl: EntityDecl, aspects: ReadonlyMap<string, AspectSpec>): EntitySpec {
  const get = (name: string): AspectSpec => {
    const a = aspects.get(name);
    if (!a) throw new Error(`registry: entity ${decl.name} names unknown aspect ${name}`);
    return a;
  };
  const keyAspect = get(decl.keyAspect);
  for (const f of keyAspect.type.fields) {
    if (!isKeyFieldType(f.type)) throw new Error(`registry: key field ${keyAspect.name}.${f.name} must be a string, urn or enum`);
  }
  const own = new Map<string, AspectSpec>([[keyAspect.name, keyAspect]]);
  for (const name of decl.aspects) own.set(name, get(name));
  const named = [
    ...(decl.readForAccess ?? []),
    ...(decl.deletedForAccess ?? []),
    ...(decl.hierarchy ? [decl.hierarchy.parentAspect] : []),
    ...[decl.edits?.description, decl.edits?.name, decl.edits?.parent].flatMap((r) => (r && r !== 'columnsOnly' ? [r.aspect] : [])),
    ...(decl.edits?.labels ? [decl.edits.labels] : []),
    ...Object.values(decl.timeline ?? {}).flat(),
    ...(decl.analytics?.name ? [decl.analytics.name.aspect] : []),
  ];
  for (const name of named)
    if (!own.has(name)) throw new Error(`registry: entity ${decl.name} names ${name}, which is not one of its aspects`);
  const snapshotName = decl.snapshot ?? `${decl.name.charAt(0).toUpperCase()}${decl.name.slice(1)}Snapshot`;
  return {
    name: decl.name,
    keyAspect,
    aspects: own,
    ...(decl.category ? { category: decl.category } : {}),
    snapshot: SNAPSHOT_NAMESPACE + snapshotName,
    ...(decl.browse ? { browse: decl.browse } : {}),
    ...(decl.browseV2 ? { browseV2: decl.browseV2 } : {}),
    ...(decl.readPrivilege ? { readPrivilege: decl.readPrivilege } : {}),
    ...(decl.longUrns ? { longUrns: true } : {}),
    lists: decl.lists ?? {},
    ...(decl.writePrivilege ? { writePrivilege: decl.writePrivilege } : {}),
    ...(decl.managePrivilege ? { managePrivilege: decl.managePrivilege } : {}),
    ...(decl.hierarchy ? { hierarchy: decl.hierarchy } : {}),
    ...(decl.readForAccess ? { readForAccess: decl.readForAccess } : {}),
    ...(decl.deletedForAccess ? { deletedForAccess: decl.deletedForAccess } : {}),
    edits: decl.edits ?? {},
    ...(decl.timeline ? { timeline: decl.timeline } : {}),
    implicit: decl.implicit === true,
    ...(decl.upstreamRefused ? { upstreamRefused: decl.upstreamRefused } : {}),
    ...(decl.groupedInto ? { groupedInto: decl.groupedInto } : {}),
    analytics: decl.analytics ?? {},
    ...(decl.graphql ? { graphql: decl.graphql } : {}),
  };
}

/**
 * No two types share a place in a list (so each list has one order) or a GraphQL name; a parent type
 * is a type.
 */
function checkAcrossTypes(entities: ReadonlyMap<string, EntitySpec>): void {
  const taken = new Map<string, string>();
  for (const e of entities.values()) {
    for (const name of e.graphql ? [`type ${e.graphql.type}`, `enum ${e.graphql.enum}`] : []) {
      const other = taken.get(name);
      if (other) throw new Error(`registry: ${e.name} and ${other} have the same GraphQL ${name}`);
      taken.set(name, e.name);
    }
    for (const [list, place] of Object.entries(e.lists)) {
      if (place === true) continue;
      const other = taken.get(`${list}:${place}`);
      if (other) throw new Error(`registry: ${e.name} and ${other} are both at place ${place} of list ${list}`);
      taken.set(`${list}:${place}`, e.name);
    }
    if (e.groupedInto && !entities.has(e.groupedInto))
      throw new Error(`registry: ${e.name} is grouped into ${e.groupedInto}, an unknown type`);
    if (e.edits.parent && !entities.has(e.edits.parent.type))
      throw new Error(`registry: ${e.name}'s parent type ${e.edits.parent.type} is unknown`);
  }
}

let shared: Registry | undefined;

/** The registry of this build, loaded once per process. */
export function loadRegistry(): Registry {
  shared ??= new Registry(allAspects, entityDecls);
  return shared;
}
