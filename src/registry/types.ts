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
  /** Set where lineage drawn by hand in the app is kept (see LineageEditDecl). */
  edit?: LineageEditDecl;
}

/**
 * Marks the lineage relationship in which the app's lineage editor (DataHub's updateLineage) keeps an
 * edge between the aspect's entity and one of `entityTypes`: as an entry of the list `path` names
 * (`/<list>/*\/<urn field>`). Which end holds the edge is the relationship's direction: the downstream
 * one, or the upstream one where `isUpstream` is false.
 */
export interface LineageEditDecl {
  /**
   * The path of the older list of bare urns the entries replace: an urn in it counts as an edge
   * already, and a removed edge is taken out of it too.
   */
  legacy?: string;
}

export interface Relationship extends Required<Omit<RelationshipDecl, 'edit'>> {
  edit?: LineageEditDecl;
}

export interface AspectDecl {
  name: string;
  /** The Pegasus record; its name is the aspect's fully qualified type name. */
  type: RecordType;
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
