/**
 * The store's part for the web app's usage events (DataHub keeps them in its `datahub_usage_event`
 * index): page views, searches and entity views as the app reports them, and what is read back from
 * them (recently viewed and searched, active users, top searches). Events are kept in a table of their
 * own, bounded in size: the oldest go first.
 */

/** One recorded event: the columns reads group and filter on, and the event as the client sent it. */
export interface UsageEvent {
  actor: string;
  /** DataHub's event type name (`EntityViewEvent`, `SearchResultsViewEvent`…). */
  type: string;
  timestampMillis: number;
  entityUrn?: string;
  /** The registry name of the entity's type (`dataset`). */
  entityType?: string;
  query?: string;
  /** Results a search showed (SearchResultsViewEvent). */
  total?: number;
  /** The tab an entity page showed (EntitySectionViewEvent). */
  section?: string;
  /** What an edit did (EntityActionEvent). */
  actionType?: string;
  event: Record<string, unknown>;
}

export type UsageColumn = 'actor' | 'type' | 'entityUrn' | 'entityType' | 'query' | 'section' | 'actionType';

export interface UsageFilter {
  /** Inclusive. */
  startTimeMillis?: number;
  /** Exclusive. */
  endTimeMillis?: number;
  types?: readonly string[];
  actor?: string;
  excludeActors?: readonly string[];
  entityTypes?: readonly string[];
  /** Only events whose `total` is above this. */
  totalAbove?: number;
}

export interface UsageGroupQuery extends UsageFilter {
  /** One or two columns to group by. */
  by: readonly UsageColumn[];
  /** Events with no value in a grouped column are left out (otherwise they form a group of their own). */
  present: boolean;
  /** Groups with the most events (or distinct actors) first, or those seen most recently first. */
  order: 'count' | 'latest';
  /** Count distinct actors rather than events. */
  distinctActors?: boolean;
  limit: number;
}

export interface UsageGroup {
  /** The grouped columns' values, in `by` order; null where the events had none. */
  values: Array<string | null>;
  count: number;
  /** The time of the group's newest event. */
  latest: number;
}

export interface UsageStore {
  /** Records an event, then removes the oldest so that at most `keep` remain. */
  appendUsageEvent(event: UsageEvent, keep: number): Promise<void>;
  groupUsage(query: UsageGroupQuery): Promise<UsageGroup[]>;
  /** Per time bucket [start, end): the number of matching events, or of distinct actors. */
  countUsage(filter: UsageFilter, buckets: ReadonlyArray<readonly [number, number]>, distinctActors: boolean): Promise<number[]>;
  /**
   * Entities (urns starting with one of `urnPrefixes`) whose aspects `actor` wrote outside any
   * ingestion run, most recently written first, with the time of the latest such write.
   */
  recentlyEdited(actor: string, urnPrefixes: readonly string[], limit: number): Promise<Array<{ urn: string; latest: number }>>;
}

/** A grouped row (`v0`, `v1`…, `n`, `latest`) as a UsageGroup. */
export function usageGroup(row: Record<string, unknown>, columns: number): UsageGroup {
  return {
    values: Array.from({ length: columns }, (_, i) => (row[`v${i}`] === null || row[`v${i}`] === undefined ? null : String(row[`v${i}`]))),
    count: Number(row.n),
    latest: Number(row.latest),
  };
}
