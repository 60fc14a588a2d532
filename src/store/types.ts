/**
 * The store contract. Every backend (store/sqlite, store/postgres) implements it and passes the same
 * contract tests. It is deliberately low-level: rows in, rows out. Versioning rules, validation and
 * derived state are decided by the write path (service/), never by a backend.
 */

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

export interface StoredChangeLogEvent extends ChangeLogEvent {
  /** Strictly increasing, in commit order. */
  offset: number;
}

/** Operations available inside a transaction. Reads here see the transaction's own writes. */
export interface StoreTx {
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
  /** Inserts a timeseries point, replacing one with the same identity. */
  putTimeseries(row: TimeseriesRow): Promise<void>;
  appendChangeLog(event: ChangeLogEvent): Promise<number>;
}

export interface Store {
  /**
   * Runs `fn` in one transaction: all of its writes commit together, durably, or none do (when it
   * throws). Transactions do not interleave.
   */
  transaction<T>(fn: (tx: StoreTx) => Promise<T>): Promise<T>;

  /** The latest version of the named aspects (all aspects when `aspects` is omitted) of each urn. */
  getLatestAspects(urns: readonly string[], aspects?: readonly string[]): Promise<Map<string, AspectRow[]>>;
  /** One version of an aspect (0 = latest). */
  getAspect(urn: string, aspect: string, version: number): Promise<AspectRow | undefined>;
  getMaxVersion(urn: string, aspect: string): Promise<number>;
  /** Timeseries points of an aspect, newest first, within inclusive time bounds. */
  getTimeseries(urn: string, aspect: string, range: TimeseriesRange): Promise<TimeseriesRow[]>;
  /** Change log events after `offset`, oldest first. */
  readChangeLog(after: number, limit: number): Promise<StoredChangeLogEvent[]>;

  close(): Promise<void>;
}
