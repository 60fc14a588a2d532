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
  /**
   * Top-level fields DataHub's own tools send though its schema does not declare them: accepted and
   * dropped, as DataHub drops them. Any other undeclared field refuses the write.
   */
  dropped?: readonly string[];
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
  dropped?: readonly string[];
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

/**
 * The lists of entity types DataHub keeps in its code, one property each, read with
 * `Registry.entitiesIn`: a type with the property is in that list, at the place its number gives (the
 * order shows in answers: facet ties, the order of suggestions, a written policy), or, where `true`,
 * in a set whose order nothing shows.
 */
export interface EntityLists {
  /**
   * Searched when a GraphQL search, entity count or quick filter names no types (DataHub's
   * SearchUtils.SEARCHABLE_ENTITY_TYPES; api/graphql/resolvers/search.ts). REST's search across entities
   * searches every type not `internal` instead (domains/search/search.ts), as DataHub's REST searches
   * every type that has documents: the two differ in DataHub too.
   */
  defaultSearch?: number;
  /** Suggested by GraphQL's autoCompleteForMultiple when it names no types (SearchUtils.AUTO_COMPLETE_ENTITY_TYPES; resolvers/search.ts). */
  autocomplete?: number;
  /** Browsed by GraphQL's browseV2 when it names no types (resolvers/search.ts). */
  browse?: number;
  /** Quick filters: the source types offered, in priority order (resolvers/search.ts). */
  quickFilterSource?: number;
  /** Quick filters: DataHub's own types offered, in priority order (resolvers/search.ts). */
  quickFilterDataHub?: number;
  /** Shown by the entity-list recommendation sources (their SUPPORTED_ENTITY_TYPES; domains/search/recommendations.ts). */
  recommendedEntities?: number;
  /** Whose platforms the top-platforms recommendation counts (recommendations.ts). */
  topPlatforms?: number;
  /** Edited whole by the default Editor role's policy (DataHub's boot policies; domains/builtIns/roles.ts). */
  editorPolicy?: number;
  /** Whose entities DataHub's policy editor lets one pick (appConfig; api/graphql/resolvers/appStart.ts). */
  policyPicker?: true;
  /** May hold a role (domains/access/roles.ts). */
  roleHolder?: true;
}

export type EntityListName = keyof EntityLists;

/** A field of an aspect. */
export interface AspectField {
  aspect: string;
  field: string;
}

/** How the web app's generic edits treat a type (domains/labels/edits.ts); absent, the edit refuses it. */
export interface EditRules {
  /** Where updateDescription without a column writes; `columnsOnly`: only its columns' descriptions are edited. */
  description?: AspectField | 'columnsOnly';
  /** Where updateName writes. */
  name?: AspectField;
  /** Where moving it (updateParentNode, moveDomain) writes its parent, the parent's type, and the platform privilege needed (else the glossary's rule). */
  parent?: AspectField & { type: string; privilege?: string };
  /** updateDeprecation refuses it (DataHub: containers cannot be deprecated). */
  deprecation?: false;
  /**
   * The aspect whose `globalTags` and `glossaryTerms` tag and term edits write, for a type that keeps
   * them there rather than in aspects of their own (DataHub: a business attribute's definition).
   */
  labels?: string;
}

/** The categories of DataHub's timeline. */
export type TimelineCategory = 'TECHNICAL_SCHEMA' | 'DOCUMENTATION' | 'TAG' | 'GLOSSARY_TERM' | 'OWNER';

/** What the analytics page shows of a type (domains/analytics/analytics.ts). */
export interface AnalyticsDecl {
  /** Its highlight, at this place among them, under this title. */
  highlight?: { place: number; title: string };
  /**
   * How charts name its entities (DataHub's AnalyticsUtil): the first of these text fields of the aspect,
   * else the key part numbered, when given (only for an entity that was written, with `onlyIfWritten`).
   */
  name?: { aspect: string; fields: string[]; keyPart?: number; onlyIfWritten?: true };
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
  lists?: EntityLists;
  /**
   * The platform privilege that writing entities of this type needs, never an entity one: for types that
   * control access itself (auth/requirements.ts).
   */
  writePrivilege?: string;
  /** The platform privilege that lets its holder edit every entity of this type (auth/requirements.ts). */
  managePrivilege?: string;
  /**
   * Its entities sit in a hierarchy that privileges follow (DataHub's glossary): the aspect naming an
   * entity's parent, and whether the type has children to manage. A user manages such an entity with
   * MANAGE_GLOSSARIES, or with MANAGE_GLOSSARY_CHILDREN on its parent, or with
   * MANAGE_ALL_GLOSSARY_CHILDREN on any ancestor (GraphQL's `privileges`: api/graphql/resolvers/access.ts).
   */
  hierarchy?: { parentAspect: string; hasChildren: boolean };
  /**
   * The aspects of it that authentication and authorization read and cache: writing one bumps the
   * access generation (auth/accessGeneration.ts). Absent: nothing of it is read for access.
   */
  readForAccess?: string[];
  /** Aspects whose deletion, though not their writing, changes what access checks read (auth/accessGeneration.ts). */
  deletedForAccess?: string[];
  edits?: EditRules;
  /** Which aspects carry which category of its timeline, as DataHub's registers them (domains/timeline); absent, it has none. */
  timeline?: Partial<Record<TimelineCategory, string[]>>;
  /**
   * Its entities are there without being written: a column exists as its dataset's schema lists it, so
   * structured property upserts on one do not ask that it was written, as DataHub's do not
   * (domains/structuredProperties).
   */
  implicit?: true;
  /**
   * DataHub's refusal of a lineage upstream of a type this type does not take downstream (`%s`: the
   * upstream's urn), for updateLineage (domains/lineage/lineageEdits.ts).
   */
  upstreamRefused?: string;
  /**
   * Lineage searches answer an entity of this type as the entity of the named type its urn holds
   * first (DataHub's default grouping: a column as its dataset), unless the caller asks otherwise.
   */
  groupedInto?: string;
  analytics?: AnalyticsDecl;
  /**
   * How DataHub's GraphQL names the type: its object type and its `EntityType` value
   * (api/graphql/entityTypes.ts). Absent, the schema has no object type for it.
   */
  graphql?: { type: string; enum: string };
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
  lists: EntityLists;
  writePrivilege?: string;
  managePrivilege?: string;
  hierarchy?: { parentAspect: string; hasChildren: boolean };
  readForAccess?: readonly string[];
  deletedForAccess?: readonly string[];
  edits: EditRules;
  timeline?: Partial<Record<TimelineCategory, string[]>>;
  implicit: boolean;
  upstreamRefused?: string;
  /**
   * Lineage searches answer an entity of this type as the entity of the named type its urn holds
   * first (DataHub's default grouping: a column as its dataset), unless the caller asks otherwise.
   */
  groupedInto?: string;
  analytics: AnalyticsDecl;
  graphql?: { type: string; enum: string };
}
