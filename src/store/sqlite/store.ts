/**
 * The embedded backend: one SQLite file in WAL mode. Writes go through one connection, one
 * transaction at a time; reads use a second connection, so they only ever see committed data.
 * A commit is durable before the write is answered (walSync.ts).
 */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Checkpointer } from './checkpointer.js';
import { ownerOnly } from './fileMode.js';
import { GroupCommit } from './groupCommit.js';
import { WalSync } from './walSync.js';
import { migrations } from './migrations.js';
import { NUMERIC, toAspectRow, toTimeseriesRow, type RawAspect, type RawTimeseries } from '../sql/rows.js';
import {
  autocompleteSql,
  browsePathsSql,
  byEntityType,
  matchValuesSql,
  typeCountsSql,
  typeFacetsSql,
  countAspectSql,
  facetsSql,
  listRunsSql,
  listUrnsSql,
  pageSql,
  relatedSql,
  runAspectRowsSql,
  runUrnsSql,
  scanAspectsSql,
  scanTimeseriesSql,
} from '../sql/reads.js';
import { hitsSql, matchesSql, orderSql } from '../sql/search.js';
import { derivedChange } from '../sql/derivedChange.js';
import { deleteTimeseriesSql, runIdOf } from '../sql/writes.js';
import { sqliteDialect } from './dialect.js';
import { countUsageSql, groupUsageSql, INSERT_USAGE_EVENT, PRUNE_USAGE_EVENTS, recentlyEditedSql, usageEventParams } from '../sql/usage.js';
import { usageGroup, type UsageEvent, type UsageFilter, type UsageGroup, type UsageGroupQuery } from '../usage.js';
import { FacetCounter, packFacets } from './facets.js';
import type {
  AspectRow,
  BrowseQuery,
  ChangeLogEvent,
  Edge,
  RelatedQuery,
  SearchPage,
  SearchQuery,
  SearchRow,
  Store,
  StoreTx,
  StoredChangeLogEvent,
  TimeseriesRange,
  TimeseriesRow,
  AspectKey,
  RunSummary,
} from '../types.js';

type Db = Database.Database;

function migrate(db: Db): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  for (let i = current; i < migrations.length; i++) {
    db.transaction(() => {
      db.exec(migrations[i]);
      db.pragma(`user_version = ${i + 1}`);
    })();
  }
}

/** Prepared statements over one connection. */
function statements(db: Db) {
  return {
    latest: db.prepare<[string, string], RawAspect>('SELECT * FROM aspect WHERE urn = ? AND aspect = ? AND version = 0'),
    version: db.prepare<[string, string, number], RawAspect>('SELECT * FROM aspect WHERE urn = ? AND aspect = ? AND version = ?'),
    maxVersion: db.prepare<[string, string], { v: number | null }>('SELECT MAX(version) AS v FROM aspect WHERE urn = ? AND aspect = ?'),
    allLatest: db.prepare<[string], RawAspect>('SELECT * FROM aspect WHERE urn = ? AND version = 0 ORDER BY aspect'),
    put: db.prepare(
      `INSERT OR REPLACE INTO aspect (urn, aspect, version, value, system_metadata, created_on, created_by, run_id)
       VALUES (@urn, @aspect, @version, @value, @systemMetadata, @createdOn, @createdBy, @runId)`,
    ),
    putSystemMetadata: db.prepare('UPDATE aspect SET system_metadata = ? WHERE urn = ? AND aspect = ? AND version = ?'),
    deleteAspect: db.prepare('DELETE FROM aspect WHERE urn = ? AND aspect = ?'),
    versions: db.prepare<[string, string], RawAspect>('SELECT * FROM aspect WHERE urn = ? AND aspect = ? ORDER BY version'),
    deleteVersion: db.prepare('DELETE FROM aspect WHERE urn = ? AND aspect = ? AND version = ?'),
    deleteHistoryBelow: db.prepare('DELETE FROM aspect WHERE urn = ? AND aspect = ? AND version >= 1 AND version < ?'),
    pruneTimeseries: db.prepare('DELETE FROM timeseries WHERE timestamp_millis < ?'),
    putTimeseries: db.prepare(
      `INSERT OR REPLACE INTO timeseries (urn, aspect, timestamp_millis, event_granularity, partition, message_id, value, system_metadata, run_id)
       VALUES (@urn, @aspect, @timestampMillis, @eventGranularity, @partition, @messageId, @value, @systemMetadata, @runId)`,
    ),
    timeseries: db.prepare<[string, string, number, number, number], RawTimeseries>(
      `SELECT * FROM timeseries WHERE urn = ? AND aspect = ? AND timestamp_millis >= ? AND timestamp_millis <= ?
       ORDER BY timestamp_millis DESC, event_granularity, partition, message_id LIMIT ?`,
    ),
    appendChangeLog: db.prepare('INSERT INTO change_log (entity_urn, aspect, change_type, event, created_on) VALUES (?, ?, ?, ?, ?)'),
    runRows: db.prepare<[string, string], RawAspect>('SELECT * FROM aspect WHERE run_id = ? AND urn = ? ORDER BY aspect, version'),
    insertDoc: db.prepare<[string, string, number, string], { id: number }>('INSERT INTO search_doc (urn, entity_type, removed, row, faceted) VALUES (?, ?, ?, ?, 1) RETURNING id'),
    updateDoc: db.prepare('UPDATE search_doc SET entity_type = ?, removed = ?, row = ?, faceted = 1 WHERE id = ?'),
    putFacets: db.prepare('INSERT OR REPLACE INTO search_facet (doc, facets) VALUES (?, ?)'),
    deleteFacets: db.prepare('DELETE FROM search_facet WHERE doc = ?'),
    docId: db.prepare<[string], { id: number }>('SELECT id FROM search_doc WHERE urn = ?'),
    doc: db.prepare<[string], { id: number; row: string }>('SELECT id, row FROM search_doc WHERE urn = ?'),
    edgesFrom: db.prepare<[string], Edge>('SELECT source, type, destination, aspect FROM edge WHERE source = ?'),
    deleteValue: db.prepare('DELETE FROM search_value WHERE urn = ? AND field = ? AND value = ?'),
    deleteEdge: db.prepare('DELETE FROM edge WHERE source = ? AND type = ? AND destination = ? AND aspect = ?'),
    deleteDoc: db.prepare('DELETE FROM search_doc WHERE urn = ?'),
    deleteText: db.prepare('DELETE FROM search_text WHERE rowid = ?'),
    insertText: db.prepare('INSERT INTO search_text (rowid, a, b, c, d) VALUES (?, ?, ?, ?, ?)'),
    deleteValues: db.prepare('DELETE FROM search_value WHERE urn = ?'),
    insertValue: db.prepare('INSERT OR IGNORE INTO search_value (urn, field, value, num, keyed) VALUES (?, ?, ?, ?, ?)'),
    deleteEdges: db.prepare('DELETE FROM edge WHERE source = ?'),
    insertEdge: db.prepare('INSERT OR IGNORE INTO edge (source, type, destination, aspect) VALUES (?, ?, ?, ?)'),
    insertSetting: db.prepare('INSERT OR IGNORE INTO setting (name, value) VALUES (?, ?)'),
    setting: db.prepare<[string], { value: string }>('SELECT value FROM setting WHERE name = ?'),
    insertUsageEvent: db.prepare<unknown[], { id: number }>(`${INSERT_USAGE_EVENT} RETURNING id`),
    pruneUsageEvents: db.prepare(PRUNE_USAGE_EVENTS),
    readChangeLog: db.prepare<[number, number], { offset: number; event: string }>(
      'SELECT "offset", event FROM change_log WHERE "offset" > ? ORDER BY "offset" LIMIT ?',
    ),
  };
}

export class SqliteStore implements Store {
  private readonly writer: Db;
  private readonly reader: Db;
  private readonly w: ReturnType<typeof statements>;
  private readonly r: ReturnType<typeof statements>;
  private readonly commits: GroupCommit;
  private readonly checkpointer?: Checkpointer;
  private readonly walSync?: WalSync;
  private closed = false;

  /**
   * `synchronous` FULL (the default): every commit is on disk before it is answered (walSync.ts);
   * NORMAL leaves that to checkpoints, for throwaway databases.
   */
  constructor(path: string, options: { synchronous?: 'FULL' | 'NORMAL' } = {}) {
    const memory = path === ':memory:';
    if (!memory) mkdirSync(dirname(path), { recursive: true });
    ownerOnly(path);
    this.writer = new Database(path);
    this.writer.pragma('journal_mode = WAL');
    // Commits are synced off the event loop by walSync; SQLite itself only keeps the file consistent.
    this.writer.pragma('synchronous = NORMAL');
    this.writer.pragma('busy_timeout = 5000');
    migrate(this.writer);
    // An in-memory database is private to its connection, so there it serves reads too.
    this.reader = memory ? this.writer : new Database(path, { readonly: true });
    if (!memory) this.reader.pragma('busy_timeout = 5000');
    this.w = statements(this.writer);
    this.r = this.reader === this.writer ? this.w : statements(this.reader);
    if (!memory && (options.synchronous ?? 'FULL') === 'FULL') this.walSync = new WalSync(`${path}-wal`);
    const wal = this.walSync;
    this.commits = new GroupCommit(this.writer, wal && (() => wal.sync()));
    if (!memory) {
      // Checkpoints run on a worker thread. The writer checkpoints itself, inside a COMMIT on the
      // thread that serves requests, only if the WAL grows to 400 MB: the worker has fallen far
      // behind. (At 40 MB, one 10,000-proposal batch crossed it and held requests 100+ ms longer.)
      // A reset WAL is cut back to 64 MB.
      this.writer.pragma('wal_autocheckpoint = 100000');
      this.writer.pragma('journal_size_limit = 67108864');
      this.checkpointer = new Checkpointer(path);
    }
  }

  /** Transactions waiting together share one durable commit (groupCommit.ts). */
  transaction<T>(fn: (tx: StoreTx) => Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(new Error('store is closed'));
    return this.commits.run(() => fn(this.tx));
  }

  private readonly tx: StoreTx = {
    getLatest: async (urn, aspect) => {
      const r = this.w.latest.get(urn, aspect);
      return r ? toAspectRow(r) : undefined;
    },
    getMaxVersion: async (urn, aspect) => this.w.maxVersion.get(urn, aspect)?.v ?? 0,
    putAspect: async (row) => {
      this.w.put.run({
        urn: row.urn,
        aspect: row.aspect,
        version: row.version,
        value: JSON.stringify(row.value),
        systemMetadata: row.systemMetadata === null ? null : JSON.stringify(row.systemMetadata),
        createdOn: row.createdOn,
        createdBy: row.createdBy,
        runId: runIdOf(row.systemMetadata),
      });
    },
    getVersions: async (urn, aspect) => this.w.versions.all(urn, aspect).map(toAspectRow),
    deleteVersion: async (urn, aspect, version) => {
      this.w.deleteVersion.run(urn, aspect, version);
    },
    deleteHistoryBelow: async (urn, aspect, version) => this.w.deleteHistoryBelow.run(urn, aspect, version).changes,
    putSystemMetadata: async (urn, aspect, version, systemMetadata) => {
      this.w.putSystemMetadata.run(JSON.stringify(systemMetadata), urn, aspect, version);
    },
    deleteAspect: async (urn, aspect) => this.w.deleteAspect.run(urn, aspect).changes,
    deleteTimeseries: async (urn, aspect, range) => {
      const q = deleteTimeseriesSql(urn, aspect, range);
      return this.writer.prepare(q.text).run(...q.params).changes;
    },
    putTimeseries: async (row: TimeseriesRow) => {
      this.w.putTimeseries.run({
        ...row,
        value: JSON.stringify(row.value),
        systemMetadata: row.systemMetadata === null ? null : JSON.stringify(row.systemMetadata),
        runId: runIdOf(row.systemMetadata),
      });
    },
    appendChangeLog: async (event: ChangeLogEvent) => {
      const info = this.w.appendChangeLog.run(event.entityUrn, event.aspectName, event.changeType, JSON.stringify(event), event.created.time);
      return Number(info.lastInsertRowid);
    },
    getLatestAspects: async (urn) => this.w.allLatest.all(urn).map(toAspectRow),
    getRunRows: async (urn, runId) => this.w.runRows.all(runId, urn).map(toAspectRow),
    putDerived: async (row, edges) => {
      const json = JSON.stringify(row);
      const stored = this.w.doc.get(row.urn);
      const rewritten = stored?.row !== json;
      // The same document text means the same values and full text: only the edges may differ.
      const oldRow = stored && (rewritten ? (JSON.parse(stored.row) as SearchRow) : row);
      const change = derivedChange(stored && { row: oldRow!, edges: this.w.edgesFrom.all(row.urn) }, row, edges);
      const id = stored ? stored.id : this.w.insertDoc.get(row.urn, row.entityType, row.removed ? 1 : 0, json)!.id;
      if (stored && rewritten) this.w.updateDoc.run(row.entityType, row.removed ? 1 : 0, json, id);
      if (rewritten) this.w.putFacets.run(id, packFacets(row));
      if (change.text) {
        if (stored) this.w.deleteText.run(id);
        this.w.insertText.run(id, ...row.text);
      }
      for (const [field, value] of change.removedValues) this.w.deleteValue.run(row.urn, field, value);
      const keyed = new Set(row.keyed);
      for (const [field, value] of change.addedValues) this.w.insertValue.run(row.urn, field, value, NUMERIC.test(value) ? Number(value) : null, keyed.has(field) ? 1 : 0);
      for (const e of change.removedEdges) this.w.deleteEdge.run(e.source, e.type, e.destination, e.aspect);
      for (const e of change.addedEdges) this.w.insertEdge.run(e.source, e.type, e.destination, e.aspect);
    },
    deleteDerived: async (urn) => {
      const doc = this.w.docId.get(urn);
      if (doc) {
        this.w.deleteText.run(doc.id);
        this.w.deleteFacets.run(doc.id);
      }
      this.w.deleteDoc.run(urn);
      this.w.deleteValues.run(urn);
      this.w.deleteEdges.run(urn);
    },
  };

  /** Statements built per query shape, prepared once on the read connection. */
  private readonly prepared = new Map<string, Database.Statement>();
  private read<T>(sql: string): Database.Statement<unknown[], T> {
    let stmt = this.prepared.get(sql);
    if (!stmt) {
      stmt = this.reader.prepare(sql);
      if (this.prepared.size > 500) this.prepared.clear();
      this.prepared.set(sql, stmt);
    }
    return stmt as Database.Statement<unknown[], T>;
  }

  async search(q: SearchQuery): Promise<SearchPage> {
    if (q.entityTypes.length === 0) return { total: 0, urns: [], facets: {} };
    const page = pageSql(q, hitsSql(q, sqliteDialect), (params) => orderSql(q, params));
    const urns = this.read<{ urn: string }>(page.text).all(...page.params).map((r) => r.urn);
    return { urns, ...this.totalAndFacets(q), ...(q.byEntityType ? { entityTypes: this.byEntityType(q, q.byEntityType.fields) } : {}) };
  }

  private byEntityType(q: SearchQuery, fields: readonly string[]): NonNullable<SearchPage['entityTypes']> {
    const counts = typeCountsSql(matchesSql(q, sqliteDialect, 'd.entity_type AS t'));
    const facets = fields.length > 0 ? typeFacetsSql(matchesSql(q, sqliteDialect, 'd.urn AS urn, d.entity_type AS t'), fields) : undefined;
    return byEntityType(
      this.read<{ t: string; n: number }>(counts.text).all(...counts.params),
      facets ? this.read<{ t: string; field: string; value: string; n: number }>(facets.text).all(...facets.params) : [],
    );
  }

  async matchValues(q: SearchQuery, field: string): Promise<Array<{ urn: string; value: string }>> {
    if (q.entityTypes.length === 0) return [];
    const sql = matchValuesSql(matchesSql(q, sqliteDialect), field);
    return this.read<{ urn: string; value: string }>(sql.text).all(...sql.params);
  }

  /** One pass over the matches counts them and, from each document's packed facets, their facet values. */
  private totalAndFacets(q: SearchQuery): Pick<SearchPage, 'total' | 'facets'> {
    if (q.facetFields.length === 0 || this.read('SELECT 1 FROM search_doc WHERE faceted = 0 LIMIT 1').get() !== undefined) {
      const matches = matchesSql(q, sqliteDialect);
      const total = this.read<{ n: number }>(`SELECT count(*) AS n FROM (${matches.text})`).get(...matches.params)!.n;
      const facets: SearchPage['facets'] = {};
      // Documents indexed before facets were packed: counted from search_value until restoreIndices.
      if (q.facetFields.length > 0 && total > 0) {
        const f = facetsSql(matches, q.facetFields);
        for (const r of this.read<{ field: string; value: string; n: number }>(f.text).all(...f.params)) (facets[r.field] ??= {})[r.value] = r.n;
      }
      return { total, facets };
    }
    const matches = matchesSql(q, sqliteDialect, 'd.id AS id');
    const counter = new FacetCounter();
    let total = 0;
    const sql = `SELECT f.facets FROM (${matches.text}) m JOIN search_facet f ON f.doc = m.id`;
    // This statement text is prepared for this pass alone, so leaving it in pluck mode is safe.
    for (const packed of this.read<string>(sql).pluck().iterate(...matches.params)) {
      total++;
      counter.add(packed);
    }
    return { total, facets: counter.result(q.facetFields) };
  }

  async getSearchRows(urns: readonly string[]): Promise<Map<string, SearchRow>> {
    const out = new Map<string, SearchRow>();
    if (urns.length === 0) return out;
    const rows = this.read<{ urn: string; row: string }>(`SELECT urn, row FROM search_doc WHERE urn IN (${urns.map(() => '?').join(', ')})`).all(...urns);
    for (const r of rows) out.set(r.urn, JSON.parse(r.row) as SearchRow);
    return out;
  }

  async autocomplete(entityTypes: readonly string[], fields: readonly string[], prefix: string, filter: SearchQuery['filter'], limit: number): Promise<string[]> {
    if (entityTypes.length === 0 || fields.length === 0) return [];
    const q = autocompleteSql(sqliteDialect, entityTypes, fields, prefix, filter, limit);
    return this.read<{ value: string }>(q.text).all(...q.params).map((r) => r.value);
  }

  async browsePaths(q: BrowseQuery): Promise<Array<{ urn: string; path: string }>> {
    const sql = browsePathsSql(sqliteDialect, q);
    return this.read<{ urn: string; path: string }>(sql.text).all(...sql.params);
  }

  async related(q: RelatedQuery): Promise<{ total: number; edges: Edge[] }> {
    if (q.types.length === 0) return { total: 0, edges: [] };
    const { count, page } = relatedSql(q);
    const total = this.read<{ n: number }>(count.text).get(...count.params)!.n;
    return { total, edges: this.read<Edge>(page.text).all(...page.params) };
  }

  async listUrns(o: Parameters<Store['listUrns']>[0]): Promise<string[]> {
    const q = listUrnsSql(o);
    return this.read<{ urn: string }>(q.text).all(...q.params).map((r) => r.urn);
  }

  async countAspect(aspect: string, urnLike?: string): Promise<number> {
    const q = countAspectSql(aspect, urnLike);
    return this.read<{ n: number }>(q.text).get(...q.params)!.n;
  }

  async scanAspects(after: AspectKey | undefined, limit: number): Promise<AspectRow[]> {
    const q = scanAspectsSql(after, limit);
    return this.read<RawAspect>(q.text).all(...q.params).map(toAspectRow);
  }

  async scanTimeseries(after: TimeseriesRow | undefined, limit: number): Promise<TimeseriesRow[]> {
    const q = scanTimeseriesSql(after, limit);
    return this.read<RawTimeseries>(q.text).all(...q.params).map(toTimeseriesRow);
  }

  async dumpDerived(): Promise<{ rows: SearchRow[]; edges: Edge[] }> {
    const rows = this.read<{ row: string }>('SELECT row FROM search_doc ORDER BY urn').all().map((r) => JSON.parse(r.row) as SearchRow);
    const edges = this.read<Edge>('SELECT source, type, destination, aspect FROM edge ORDER BY source, type, destination, aspect').all();
    return { rows, edges };
  }

  async clearDerived(): Promise<void> {
    await this.transaction(async () => {
      this.writer.exec('DELETE FROM search_text; DELETE FROM search_value; DELETE FROM search_facet; DELETE FROM search_doc; DELETE FROM edge;');
    });
  }

  async getLatestAspects(urns: readonly string[], aspects?: readonly string[]): Promise<Map<string, AspectRow[]>> {
    const out = new Map<string, AspectRow[]>();
    for (const urn of urns) {
      let rows: AspectRow[];
      if (aspects) {
        rows = [];
        for (const a of aspects) {
          const r = this.r.latest.get(urn, a);
          if (r) rows.push(toAspectRow(r));
        }
      } else {
        rows = this.r.allLatest.all(urn).map(toAspectRow);
      }
      out.set(urn, rows);
    }
    return out;
  }

  async getAspect(urn: string, aspect: string, version: number): Promise<AspectRow | undefined> {
    const r = this.r.version.get(urn, aspect, version);
    return r ? toAspectRow(r) : undefined;
  }

  async getMaxVersion(urn: string, aspect: string): Promise<number> {
    return this.r.maxVersion.get(urn, aspect)?.v ?? 0;
  }

  async getTimeseries(urn: string, aspect: string, range: TimeseriesRange): Promise<TimeseriesRow[]> {
    const start = range.startTimeMillis ?? Number.MIN_SAFE_INTEGER;
    const end = range.endTimeMillis ?? Number.MAX_SAFE_INTEGER;
    return this.r.timeseries.all(urn, aspect, start, end, range.limit).map(toTimeseriesRow);
  }

  async readChangeLog(after: number, limit: number): Promise<StoredChangeLogEvent[]> {
    return this.r.readChangeLog.all(after, limit).map((r) => ({ ...(JSON.parse(r.event) as ChangeLogEvent), offset: r.offset }));
  }

  async ensureSetting(name: string, value: string): Promise<string> {
    return this.transaction(async () => {
      this.w.insertSetting.run(name, value);
      return this.w.setting.get(name)!.value;
    });
  }

  async listRuns(start: number, count: number): Promise<RunSummary[]> {
    const q = listRunsSql(start, count);
    return this.read<RunSummary>(q.text).all(...q.params);
  }

  async runAspectRows(runId: string, start: number, count: number): Promise<AspectRow[]> {
    const q = runAspectRowsSql(runId, start, count);
    return this.read<RawAspect>(q.text).all(...q.params).map(toAspectRow);
  }

  async runUrns(runId: string, afterUrn: string | undefined, limit: number): Promise<string[]> {
    const q = runUrnsSql(runId, afterUrn, limit);
    return this.read<{ urn: string }>(q.text).all(...q.params).map((r) => r.urn);
  }

  async pruneTimeseries(beforeMillis: number): Promise<number> {
    return this.transaction(async () => this.w.pruneTimeseries.run(beforeMillis).changes);
  }

  async appendUsageEvent(event: UsageEvent, keep: number): Promise<void> {
    await this.transaction(async () => {
      const { id } = this.w.insertUsageEvent.get(...usageEventParams(event))!;
      this.w.pruneUsageEvents.run(id - keep);
    });
  }

  async groupUsage(q: UsageGroupQuery): Promise<UsageGroup[]> {
    const sql = groupUsageSql(q);
    return this.read<Record<string, unknown>>(sql.text).all(...sql.params).map((r) => usageGroup(r, q.by.length));
  }

  async countUsage(filter: UsageFilter, buckets: ReadonlyArray<readonly [number, number]>, distinctActors: boolean): Promise<number[]> {
    if (buckets.length === 0) return [];
    const sql = countUsageSql(filter, buckets, distinctActors);
    return this.read<{ n: number }>(sql.text).all(...sql.params).map((r) => r.n);
  }

  async recentlyEdited(actor: string, urnPrefixes: readonly string[], limit: number): Promise<Array<{ urn: string; latest: number }>> {
    if (urnPrefixes.length === 0) return [];
    const sql = recentlyEditedSql(actor, urnPrefixes, limit);
    return this.read<{ urn: string; latest: number }>(sql.text).all(...sql.params);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.commits.idle();
    await this.checkpointer?.stop();
    await this.walSync?.close();
    if (this.reader !== this.writer) this.reader.close();
    this.writer.close();
  }
}
