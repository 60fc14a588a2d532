import type { RecordType } from './schema/types.js';

/** Search field types of DataHub's `@Searchable` annotation. */
export type SearchFieldType =
  | 'KEYWORD'
  | 'TEXT'
  | 'TEXT_PARTIAL'
  | 'BROWSE_PATH'
  | 'URN'
  | 'URN_PARTIAL'
  | 'BOOLEAN'
  | 'COUNT'
  | 'DATETIME'
  | 'OBJECT'
  | 'BROWSE_PATH_V2'
  | 'WORD_GRAM'
  | 'DOUBLE'
  | 'MAP_ARRAY';

/**
 * One searchable field of an aspect, as declared (only `path` and `fieldType` are needed; the loader
 * fills in every default of the annotation).
 */
export interface SearchableDecl {
  /** Path inside the aspect in DataHub's syntax: `/name`, `/owners/*\/owner`, `/customProperties/*`. */
  path: string;
  fieldType: SearchFieldType;
  fieldName?: string;
  queryByDefault?: boolean;
  enableAutocomplete?: boolean;
  addToFilters?: boolean;
  filterNameOverride?: string;
  boostScore?: number;
  hasValuesFieldName?: string;
  numValuesFieldName?: string;
  weightsPerFieldValue?: Record<string, number>;
}

export interface SearchableField
  extends Required<Omit<SearchableDecl, 'hasValuesFieldName' | 'numValuesFieldName' | 'filterNameOverride'>> {
  filterName: string;
  hasValuesFieldName?: string;
  numValuesFieldName?: string;
}

export interface RelationshipDecl {
  path: string;
  name: string;
  entityTypes: string[];
  isLineage?: boolean;
  isUpstream?: boolean;
}

export interface Relationship extends Required<RelationshipDecl> {}

/** An aspect as declared; `N` and `S` keep its name and schema for the type checker (see `aspectValues.ts`). */
export interface AspectDecl<N extends string = string, S extends RecordType = RecordType> {
  name: N;
  /** The Pegasus record; its name is the aspect's fully qualified type name. */
  type: S;
  timeseries?: boolean;
  searchable?: SearchableDecl[];
  relationships?: RelationshipDecl[];
  /**
   * The platform privilege without which this aspect is not read (left out of entity reads and the
   * change log, refused when asked for by name): for aspects that hold secrets, such as password hashes.
   */
  readPrivilege?: string;
}

export interface AspectSpec {
  name: string;
  /** Fully qualified type name, e.g. `com.linkedin.common.Ownership`. */
  fqn: string;
  kind: 'versioned' | 'timeseries';
  type: RecordType;
  /** JSON Schema (draft 2020-12 subset understood by ajv) for the aspect's Pegasus JSON. */
  jsonSchema: Record<string, unknown>;
  searchable: SearchableField[];
  relationships: Relationship[];
  readPrivilege?: string;
}

/**
 * How the legacy default browse path of an entity is built from its key: the listed key fields are
 * joined with `/` (an urn-valued field contributes its own key's first part, e.g. the platform name),
 * then optionally every `.` becomes `/`, and the whole path is lower-cased.
 */
export interface BrowseRule {
  parts: Array<string | { field: string; part: number }>;
  dotsAsSlashes?: boolean;
}

/**
 * Where DataHub files an entity written without `browsePathsV2`: under the folders its key's name field
 * holds before its last `.`-separated part (datasets), under the entity a key field names (a task under
 * its pipeline), or, without a rule or a folder to give, in `Default`.
 */
export interface BrowseV2Rule {
  nameFolders?: string;
  parent?: string;
}

export interface EntityDecl {
  name: string;
  keyAspect: string;
  aspects: string[];
  category?: 'core' | 'internal';
  /** Legacy snapshot record name (without namespace), e.g. `DatasetSnapshot`; defaults to `<Name>Snapshot`. */
  snapshot?: string;
  browse?: BrowseRule;
  browseV2?: BrowseV2Rule;
  /**
   * The platform privilege without which entities of this type are not seen at all: they are left
   * out of searches, counts and listings, and reading one is refused. For types that hold secrets
   * or say who may do what (access tokens, policies); absent, anyone may read the type.
   */
  readPrivilege?: string;
  /** Urns of this type may be longer than GMS's 512-byte limit on written urns (they nest another urn whole). */
  longUrns?: boolean;
}

export interface EntitySpec {
  name: string;
  keyAspect: AspectSpec;
  /** Every aspect of the entity, the key aspect included, by name. */
  aspects: ReadonlyMap<string, AspectSpec>;
  category?: 'core' | 'internal';
  /** Fully qualified snapshot type name, e.g. `com.linkedin.metadata.snapshot.DatasetSnapshot`. */
  snapshot: string;
  browse?: BrowseRule;
  browseV2?: BrowseV2Rule;
  readPrivilege?: string;
  longUrns?: boolean;
}
