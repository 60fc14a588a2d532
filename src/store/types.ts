/**
 * The store contract. Every backend (store/sqlite, store/postgres) implements it and passes the same
 * contract tests. It is deliberately low-level: rows in, rows out. Versioning rules, validation and
 * derived state are decided by the write path (service/), never by a backend.
 */

import type { Edge } from '../indexing/edges.js';
import type { SearchRow } from '../indexing/searchRow.js';
import type { UsageStore } from './usage.js';

export type { Edge, SearchRow };

/** DataHub's SystemMetadata record; unknown keys a client sends are kept. */
export interface SystemMetadata {
  lastObserved?: number;
  runId?: string;
  lastRunId?: string;
  pipelineName?: string;
  registryName?: string;
  registryVersion?: string;
  properties?: Record<string, string>;
  version?: string;
  [key: string]: unknown;
}

export interface AspectRow {
  urn: string;
  aspect: string;
  /** 0 is the latest; 1..N the history, oldest first. */
  version: number;
  value: Record<string, unknown>;
  systemMetadata: SystemMetadata | null;
  /** Epoch milliseconds of the write that produced this version. */
  createdOn: number;
  /** Actor urn of that write. */
  createdBy: string;
  /**
   * The JSON text `value` was read from, while nobody has read or set `value` (a value read may be
   * changed in place): a read that passes the value through sends this text as it is, rather than
   * parsing and serializing it again. Absent on rows not read from the store.
   */
  readonly valueJson?: string | undefined;
  /** Likewise for `systemMetadata`: its stored text, or null when it has none. */
  readonly systemMetadataJson?: string | null | undefined;
}

export interface AspectKey {
  urn: string;
  aspect: string;
  version: number;
}

export interface TimeseriesRow {
  urn: string;
  aspect: string;
  timestampMillis: number;
  /** Canonical JSON of `eventGranularity`, '' when absent. */
  eventGranularity: string;
  /** Canonical JSON of `partitionSpec`, '' when absent. */
  partition: string;
  messageId: string;
  value: Record<string, unknown>;
  systemMetadata: SystemMetadata | null;
}

export type ChangeType = 'UPSERT' | 'CREATE' | 'CREATE_ENTITY' | 'UPDATE' | 'DELETE' | 'RESTATE' | 'PATCH';

export interface TimeseriesRange {
  startTimeMillis?: number;
  endTimeMillis?: number;
  limit: number;
}

/** A MetadataChangeLog event, as appended by the write path. */
export interface ChangeLogEvent {
  entityType: string;
  entityUrn: string;
  changeType: ChangeType;
  aspectName: string;
  aspect?: Record<string, unknown>;
  previousAspectValue?: Record<string, unknown>;
  systemMetadata?: SystemMetadata;
  previousSystemMetadata?: SystemMetadata;
  created: { actor: string; time: number };
}

export interface TimeseriesDeletion {
  startTimeMillis?: number;
  endTimeMillis?: number;
  /** Only the points written by this ingestion run. */
  runId?: string;
}

/** The run id of writes that named none (GMS's default); runs lists leave it out. */
export const DEFAULT_RUN_ID = 'no-run-id-provided';

export interface RunSummary {
  runId: string;
  /** Aspect rows and timeseries points written by the run that are still stored. */
  rows: number;
  /** Time of the run's latest aspect row (0 when it wrote only timeseries points). */
  timestamp: number;
}

export interface StoredChangeLogEvent extends ChangeLogEvent {
  /** Strictly increasing, in commit order. */
  offset: number;
}

/**
 * The aspects' part of a transaction: versions and timeseries points. Reads here see the
 * transaction's own writes.
 */
export interface AspectTx {
  /**
   * Reads and locks the latest versions of these aspects at once, for the rest of the transaction:
   * a batch's later getLatest calls are then answered without a statement each.
   */
  lockLatest(keys: ReadonlyArray<{ urn: string; aspect: string }>): Promise<void>;
  /** The latest version (v0) of an aspect; backends that allow concurrent writers lock it. */
  getLatest(urn: string, aspect: string): Promise<AspectRow | undefined>;
  /** The highest history version of an aspect, 0 when it has no history. */
  getMaxVersion(urn: string, aspect: string): Promise<number>;
  /** Inserts or replaces the row at (urn, aspect, version). */
  putAspect(row: AspectRow): Promise<void>;
  /** Replaces only the system metadata of one version. */
  putSystemMetadata(urn: string, aspect: string, version: number, systemMetadata: SystemMetadata): Promise<void>;
  /** Removes every version of an aspect; answers the number of rows removed. */
  deleteAspect(urn: string, aspect: string): Promise<number>;
  /** Every version of an aspect, in version order (0, the latest, first). */
  getVersions(urn: string, aspect: string): Promise<AspectRow[]>;
  /** Removes one version of an aspect. */
  deleteVersion(urn: string, aspect: string, version: number): Promise<void>;
  /** Removes the history rows (version ≥ 1) below `version`. */
  deleteHistoryBelow(urn: string, aspect: string, version: number): Promise<void>;
  /** Inserts a timeseries point, replacing one with the same identity. */
  putTimeseries(row: TimeseriesRow): Promise<void>;
  /** Removes timeseries points of an entity (of one aspect, within inclusive bounds, when given); answers how many. */
  deleteTimeseries(urn: string, aspect?: string, range?: TimeseriesDeletion): Promise<number>;
  /** The latest version of every aspect of each urn. */
  getLatestAspects(urns: readonly string[]): Promise<Map<string, AspectRow[]>>;
  /** Aspect rows (any version) of an urn written by an ingestion run. */
  getRunRows(urn: string, runId: string): Promise<AspectRow[]>;
}

/** The search index's part of a transaction: the rows derived from an entity's aspects. */
export interface IndexTx {
  /** Replaces the derived rows of entities: each one's search row and its outgoing edges. */
  putDerived(entities: ReadonlyArray<{ row: SearchRow; edges: readonly Edge[] }>): Promise<void>;
  /** Removes the derived rows of entities (they no longer exist). */
  deleteDerived(urns: readonly string[]): Promise<void>;
}

/** The change log's part of a transaction. */
export interface ChangeLogTx {
  /** Appends events, in order; they are read in the order their transactions committed. */
  appendChangeLog(events: readonly ChangeLogEvent[]): Promise<void>;
}

/**
 * Generations: named counters a transaction bumps when it changes something a cache holds (what
 * authorization reads: auth/accessGeneration.ts). The bump commits with the change, so a reader on
 * any replica that finds the generation unchanged knows its cache is current, for the price of one
 * lookup by key.
 */
export interface GenerationTx {
  /** Adds one to the named generation, when this transaction commits; writers bumping one name take turns until they commit. */
  bumpGeneration(name: string): Promise<void>;
}

/** Operations available inside a transaction: its parts share the one transaction, and commit as one. */
export interface StoreTx extends AspectTx, IndexTx, ChangeLogTx, GenerationTx {}

export type Condition =
  | 'EQUAL'
  | 'CONTAIN'
  | 'START_WITH'
  | 'END_WITH'
  | 'GREATER_THAN'
  | 'GREATER_THAN_OR_EQUAL_TO'
  | 'LESS_THAN'
  | 'LESS_THAN_OR_EQUAL_TO'
  | 'IN'
  | 'EXISTS'
  | 'IS_NULL'
  /** A path value equal to a value or below it (segments start with `BROWSE_PATH_V2_DELIMITER`). */
  | 'PATH_WITHIN'
  /**
   * A value matching a pattern whole, ignoring case: `*` any run of characters, `?` one, `\` makes the
   * next character literal (a search's `field:value`; never a client's filter condition).
   */
  | 'WILDCARD';

/** Browse path v2 values are stored as indexing writes them (indexing/browsePaths.ts). */
export { BROWSE_PATH_V2_DELIMITER } from '../indexing/browsePaths.js';

/** One filter criterion on a search document field; `values` is empty for EXISTS and IS_NULL. */
export interface Criterion {
  field: string;
  condition: Condition;
  values: string[];
  negated: boolean;
}

/**
 * A condition a search's query text puts on documents: words of the full text, criteria, and their
 * combinations. The words of the full text that are not negated rank the hits, as `words` do.
 */
export type Match =
  /** A word of the text equal to `word`, or starting with it when `prefix`. */
  | { kind: 'word'; word: string; prefix: boolean }
  /** Words (one or more) following each other in one text column, each equal to the one in its place. */
  | { kind: 'phrase'; words: readonly string[] }
  | { kind: 'criterion'; criterion: Criterion }
  /** Every part holds (none: every document). */
  | { kind: 'and'; of: readonly Match[] }
  /** Some part holds (none: no document). */
  | { kind: 'or'; of: readonly Match[] }
  | { kind: 'not'; of: Match };

export interface SearchQuery {
  entityTypes: readonly string[];
  /** Words to match as prefixes in the full text; none matches everything. */
  words: readonly string[];
  /** What the query text asks of a document besides `words` (absent: nothing). */
  match?: Match;
  /** The whole query, for ranking exact name matches first. */
  phrase?: string;
  /** Fields whose value equal to `phrase` ranks a document first. */
  nameFields: readonly string[];
  /** Score multipliers when a field has a value (deprecated = true: 0.5). */
  weights: ReadonlyArray<{ field: string; value: string; weight: number }>;
  /** OR of ANDs. */
  filter: readonly (readonly Criterion[])[];
  /** Filter fields whose values are all in the by-value index (keyed) for every type searched. */
  keyedFields?: readonly string[];
  includeRemoved: boolean;
  /**
   * Sort keys, in order, before the urn; each sorts by the least value of its fields (several fields
   * stand for one name, such as `_entityName`). None: rank by relevance.
   */
  sort?: ReadonlyArray<{ fields: readonly string[]; order: 'ASCENDING' | 'DESCENDING' }>;
  start: number;
  count: number;
  /** Fields to count values of over the whole result set. */
  facetFields: readonly string[];
  /** At most this many values of each facet field (of each type's too): the most frequent, ties by value. None: all. */
  facetLimit?: number;
  /** Also count the matches of each entity type, and the values of these fields per entity type. */
  byEntityType?: { fields: readonly string[] };
}

export interface SearchPage {
  total: number;
  urns: string[];
  /** Field → value → number of matching entities. */
  facets: Record<string, Record<string, number>>;
  /** When `byEntityType` was asked: entity type → its number of matches and its counts of the asked fields' values. */
  entityTypes?: Record<string, { total: number; facets: Record<string, Record<string, number>> }>;
}

/** The search field naming an entity's type (DataHub's virtual `_entityType`); its values are entity type names. */
export const ENTITY_TYPE_FIELD = '_entityType';

export interface BrowseQuery {
  entityType: string;
  path: string;
  filter: readonly (readonly Criterion[])[];
}

export interface RelatedQuery {
  urn: string;
  types: readonly string[];
  direction: 'INCOMING' | 'OUTGOING';
  start: number;
  count: number;
  /** Entity types whose entities are left out at the other end (the reader may not see them). */
  hiddenTypes?: readonly string[];
}

/** Committed aspects and timeseries points. */
export interface AspectStore {
  /** The latest version of the named aspects (all aspects when `aspects` is omitted) of each urn. */
  getLatestAspects(urns: readonly string[], aspects?: readonly string[]): Promise<Map<string, AspectRow[]>>;
  /** One version of an aspect (0 = latest). */
  getAspect(urn: string, aspect: string, version: number): Promise<AspectRow | undefined>;
  getMaxVersion(urn: string, aspect: string): Promise<number>;
  /** Timeseries points of an aspect, newest first, within inclusive time bounds. */
  getTimeseries(urn: string, aspect: string, range: TimeseriesRange): Promise<TimeseriesRow[]>;
  /**
   * Urns with a latest version of some aspect (of `aspect` when given), in urn order; `urnLike` is an
   * SQL LIKE pattern; `after`: only urns after this one (keyset paging: no rescan of earlier rows),
   * and `start` then skips further.
   */
  listUrns(options: { urnLike?: string; aspect?: string; after?: string; start: number; limit: number }): Promise<string[]>;
  /** Number of entities with a latest version of an aspect. */
  countAspect(aspect: string, urnLike?: string): Promise<number>;
  /** Aspect rows of every version after a position, in (urn, aspect, version) order: for export. */
  scanAspects(after: AspectKey | undefined, limit: number): Promise<AspectRow[]>;
  /** Timeseries points after a position, in identity order: for export. */
  scanTimeseries(after: TimeseriesRow | undefined, limit: number): Promise<TimeseriesRow[]>;
  /** Ingestion runs, newest first (by the time of their latest aspect row); the default run id is left out. */
  listRuns(start: number, count: number): Promise<RunSummary[]>;
  /** Aspect rows (every version) a run wrote, in (urn, aspect, version) order. */
  runAspectRows(runId: string, start: number, count: number): Promise<AspectRow[]>;
  /** Urns a run wrote aspect rows or timeseries points of, in urn order, after `afterUrn`. */
  runUrns(runId: string, afterUrn: string | undefined, limit: number): Promise<string[]>;
  /** Timeseries points older than `beforeMillis` are removed; answers how many. */
  pruneTimeseries(beforeMillis: number): Promise<number>;
}

/** The search index: documents and edges derived from the aspects, as committed. */
export interface SearchIndex {
  search(query: SearchQuery): Promise<SearchPage>;
  /** Values of one field on every document matching the query (its page, sort and facets aside). */
  matchValues(query: SearchQuery, field: string): Promise<Array<{ urn: string; value: string }>>;
  /** Search rows by urn (those that exist). */
  getSearchRows(urns: readonly string[]): Promise<Map<string, SearchRow>>;
  /** Values of the given fields that start with `prefix` (case-insensitively), on entities that are not removed. */
  autocomplete(
    entityTypes: readonly string[],
    fields: readonly string[],
    prefix: string,
    filter: SearchQuery['filter'],
    limit: number,
  ): Promise<string[]>;
  /** Browse paths at or below `path` of the (not removed) entities matching the query, with their urns. */
  browsePaths(query: BrowseQuery): Promise<Array<{ urn: string; path: string }>>;
  /** Edges of an entity, leaving out those to or from soft-deleted entities; with the total count. */
  related(query: RelatedQuery): Promise<{ total: number; edges: Edge[] }>;
  /** Every derived row, for comparing a rebuild with the original. */
  dumpDerived(): Promise<{ rows: SearchRow[]; edges: Edge[] }>;
  /** Removes every derived row (before a full rebuild). */
  clearDerived(): Promise<void>;
}

/** The change log, as committed. */
export interface ChangeLogStore {
  /** Change log events after `offset`, oldest first. */
  readChangeLog(after: number, limit: number): Promise<StoredChangeLogEvent[]>;
}

/** Settings of the service itself (such as the token signing key); never served by the API. */
export interface SettingsStore {
  /**
   * Stores `value` under `name` unless a value is already there, and answers the stored value, so
   * concurrent starts agree on one.
   */
  ensureSetting(name: string, value: string): Promise<string>;
}

/** Generations as committed (see GenerationTx). */
export interface GenerationStore {
  /** The named generation: 0 until a transaction first bumps it. */
  generation(name: string): Promise<number>;
}

/** A connection pool, as it stands now. */
export interface PoolStats {
  /** Connections open, idle or in use. */
  total: number;
  idle: number;
  /** Requests for a connection waiting for one to be free. */
  waiting: number;
  /** The most connections it may open. */
  max: number;
}

/** Why the in-memory search index was let go: the heap it took or would take, against its budget. */
export interface SearchIndexOverBudget {
  bytes: number;
  maxBytes: number;
  /** Documents it held when let go. */
  documents: number;
}

/** The in-memory search index, as it stands now. */
export interface SearchIndexStats {
  /** Documents it holds (0 before its first build). */
  documents: number;
  /** The heap it takes, about (as counted by the index). */
  bytes: number;
  /** Ids dropped by changes and not yet reclaimed: a rebuild comes when they outnumber the documents. */
  dropped: number;
  /** Searches are answered from memory (false until the first build is done: SQL answers them). */
  ready: boolean;
  /** Set when the index outgrew its memory budget and was let go: SQL answers every search. */
  overBudget?: SearchIndexOverBudget;
  /** A build is running: the first, or one reclaiming dropped ids. */
  building: boolean;
}

/** What operators watch of the store; read without a statement, so a scrape costs the database nothing. */
export interface StoreStats {
  /** Absent where there is no pool (SQLite: one connection, its transactions queued in process). */
  pool?: PoolStats;
  searchIndex: SearchIndexStats;
}

export interface Store extends AspectStore, SearchIndex, ChangeLogStore, SettingsStore, UsageStore, GenerationStore {
  /**
   * Runs `fn` in one transaction: all of its writes commit together, durably, or none do (when it
   * throws). Transactions do not interleave.
   */
  transaction<T>(fn: (tx: StoreTx) => Promise<T>, options?: { bulk?: boolean }): Promise<T>;
  /**
   * Refreshes the database's statistics after a bulk change (a rebuild, an import), so its plans fit
   * the data; writes also trigger it as the tables grow.
   */
  analyze(): Promise<void>;
  stats(): StoreStats;
  close(): Promise<void>;
}
