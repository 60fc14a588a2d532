/**
 * The search index over SQL tables: each entity's document (`search_doc`, its row as JSON), the
 * values of its keyed fields by document id (`search_value`, looked up by value; free text is read
 * from the document), its full text (`search_text`), its packed facet values (`search_facet`) and
 * its outgoing edges (`edge`). Written in the write's transaction, so a write is searchable once it
 * is acknowledged. Only the dialect differs between databases.
 */
import type { Edge, IndexTx, SearchIndex, SearchPage, SearchRow } from '../types.js';
import { derivedChange } from './derivedChange.js';
import { chunks, first, placeholders, sql, typedValuesList, valuesList, type Sql, type SqlConnection, type SqlDriver } from './driver.js';
import { FacetCounter, packFacets } from './facets.js';
import { autocompleteSql, browsePathsSql, matchValuesSql, relatedSql } from './reads.js';
import { NUMERIC } from './rows.js';
import type { IndexChanges, LiveIndex } from '../bitmap/liveIndex.js';
import { matchesSql, searchSql } from './search.js';
import { Slices } from '../../slices.js';

/** The index's tables, documents last (the others refer to them). */
const TABLES = ['search_text', 'search_value', 'search_facet', 'edge', 'search_doc'] as const;

const EDGE_COLUMNS = 'source, type, destination, aspect';
const UPSERT_FACETS = 'ON CONFLICT (doc) DO UPDATE SET facets = excluded.facets';

/**
 * Stored documents rewritten, by id. Also narrowed by the ids themselves: joined to the VALUES list
 * alone, SQLite walked every document of the table for each statement (sqlitePlans.test.ts).
 */
export function updateDocuments(docs: ReadonlyArray<{ id: number; entityType: string; removed: boolean; json: string }>): Sql {
  return {
    text: `UPDATE search_doc SET entity_type = v.column2, removed = v.column3, row = v.column4, faceted = 1
      FROM (VALUES ${typedValuesList(docs.length, ['bigint', '', 'smallint', ''])}) v
      WHERE search_doc.id IN (${placeholders(docs.length)}) AND search_doc.id = v.column1`,
    params: [...docs.flatMap((d) => [d.id, d.entityType, d.removed ? 1 : 0, d.json]), ...docs.map((d) => d.id)],
  };
}

/** Multi-row statements: `template(n)` for each chunk of `rows`, parameters `params(row)` in order. */
async function each<T>(
  conn: SqlConnection,
  rows: readonly T[],
  template: (n: number) => string,
  params: (row: T) => unknown[],
): Promise<void> {
  for (const some of chunks(rows)) await conn.run({ text: template(some.length), params: some.flatMap(params) });
}

/**
 * Rows removed by key, narrowed by their first column (the document) so both databases reach them
 * through the primary key; `types` casts the key's columns where PostgreSQL cannot tell them.
 */
async function deleteKeys(
  conn: SqlConnection,
  table: string,
  columns: readonly string[],
  keys: ReadonlyArray<readonly (string | number)[]>,
  types: readonly string[] = columns.map(() => ''),
): Promise<void> {
  for (const some of chunks(keys)) {
    const owners = [...new Set(some.map((k) => k[0]))];
    await conn.run({
      text: `DELETE FROM ${table} WHERE ${columns[0]} IN (${placeholders(owners.length)}) AND (${columns.join(', ')}) IN (VALUES ${typedValuesList(some.length, types)})`,
      params: [...owners, ...some.flat()],
    });
  }
}

/**
 * The index's part of a transaction. A batch of entities costs a fixed number of statements: one
 * read of their stored documents and one of their edges, then one multi-row statement per table for
 * what changed (most writes touch one aspect, so most values, text and edges stay as they were).
 * `written` is told of each document written, for the statistics' upkeep; `changed` collects what the
 * in-memory index applies once the transaction commits.
 */
export function indexTx(conn: SqlConnection, written: (n: number) => void = () => undefined, changed: IndexChanges = []): IndexTx {
  return {
    async putDerived(entities) {
      if (entities.length === 0) return;
      written(entities.length);
      const latest = new Map(entities.map((e) => [e.row.urn, e]));
      const urns = [...latest.keys()];
      const stored = new Map<string, { id: number; row: string }>();
      const oldEdges = new Map<string, Edge[]>();
      for (const some of chunks(urns)) {
        const docs = await conn.all<{ id: number; urn: string; row: string }>({
          text: `SELECT id, urn, row FROM search_doc WHERE urn IN (${placeholders(some.length)})`,
          params: some,
        });
        for (const d of docs) stored.set(d.urn, { id: Number(d.id), row: d.row });
        const known = some.filter((u) => stored.has(u));
        if (known.length === 0) continue;
        for (const e of await conn.all<Edge>({
          text: `SELECT ${EDGE_COLUMNS} FROM edge WHERE source IN (${placeholders(known.length)})`,
          params: known,
        })) {
          (oldEdges.get(e.source) ?? oldEdges.set(e.source, []).get(e.source)!).push(e);
        }
      }
      // Thousands of documents compared and serialized: in slices, so requests run between them.
      const slices = new Slices();
      const changes = await slices.map([...latest.values()], ({ row, edges }) => {
        const json = JSON.stringify(row);
        const before = stored.get(row.urn);
        const rewritten = before?.row !== json;
        // The same document text means the same values and full text: only the edges may differ.
        const oldRow = before && (rewritten ? (JSON.parse(before.row) as SearchRow) : row);
        const change = derivedChange(before && oldRow && { row: oldRow, edges: oldEdges.get(row.urn) ?? [] }, row, edges);
        return { row, json, before, rewritten, change };
      });
      const ids = new Map<string, number>([...stored].map(([urn, d]) => [urn, d.id]));
      const added = changes.filter((c) => !c.before);
      for (const some of chunks(added)) {
        const rows = await conn.all<{ id: number; urn: string }>({
          text: `INSERT INTO search_doc (urn, entity_type, removed, row, faceted) VALUES ${Array.from(some, () => '(?, ?, ?, ?, 1)').join(', ')} RETURNING id, urn`,
          params: some.flatMap((c) => [c.row.urn, c.row.entityType, c.row.removed ? 1 : 0, c.json]),
        });
        for (const r of rows) ids.set(r.urn, Number(r.id));
      }
      const id = (urn: string) => ids.get(urn)!;
      const rewritten = changes.filter((c) => c.rewritten);
      for (const c of rewritten) changed.push({ urn: c.row.urn, json: c.json, row: c.row });
      for (const some of chunks(rewritten.filter((c) => c.before)))
        await conn.run(
          updateDocuments(some.map((c) => ({ id: id(c.row.urn), entityType: c.row.entityType, removed: c.row.removed, json: c.json }))),
        );
      await each(
        conn,
        rewritten,
        (n) => `INSERT INTO search_facet (doc, facets) VALUES ${valuesList(n, 2)} ${UPSERT_FACETS}`,
        (c) => [id(c.row.urn), packFacets(c.row)],
      );
      // In rowid order: SQLite's full-text index writes what it holds in memory to disk whenever a
      // row comes before the last one written, so rows in any other order cost twice the time.
      const text = changes.filter((c) => c.change.text).sort((a, b) => id(a.row.urn) - id(b.row.urn));
      const replaced = text.filter((c) => c.before).map((c) => id(c.row.urn));
      for (const some of chunks(replaced))
        await conn.run({ text: `DELETE FROM search_text WHERE rowid IN (${placeholders(some.length)})`, params: some });
      await each(
        conn,
        text,
        (n) => `INSERT INTO search_text (rowid, a, b, c, d) VALUES ${valuesList(n, 5)}`,
        (c) => [id(c.row.urn), ...c.row.text],
      );
      await deleteKeys(
        conn,
        'search_value',
        ['doc', 'field', 'value'],
        changes.flatMap((c) => c.change.removedValues.map(([f, v]) => [id(c.row.urn), f, v])),
        ['bigint', '', ''],
      );
      await each(
        conn,
        (
          await slices.map(changes, (c) =>
            c.change.addedValues.map(([field, value]) => [id(c.row.urn), field, value, NUMERIC.test(value) ? Number(value) : null]),
          )
        ).flat(),
        (n) => `INSERT INTO search_value (doc, field, value, num) VALUES ${valuesList(n, 4)} ON CONFLICT DO NOTHING`,
        (v) => v,
      );
      const removedEdges = changes.flatMap((c) => c.change.removedEdges.map((e) => [e.source, e.type, e.destination, e.aspect]));
      await deleteKeys(conn, 'edge', ['source', 'type', 'destination', 'aspect'], removedEdges);
      const addedEdges = changes.flatMap((c) => c.change.addedEdges);
      await each(
        conn,
        addedEdges,
        (n) => `INSERT INTO edge (${EDGE_COLUMNS}) VALUES ${valuesList(n, 4)} ON CONFLICT DO NOTHING`,
        (e) => [e.source, e.type, e.destination, e.aspect],
      );
    },
    async deleteDerived(urns) {
      for (const urn of urns) changed.push({ urn });
      for (const some of chunks(urns)) {
        const list = placeholders(some.length);
        const docs = `SELECT id FROM search_doc WHERE urn IN (${list})`;
        await conn.run({ text: `DELETE FROM search_text WHERE rowid IN (${docs})`, params: some });
        await conn.run({ text: `DELETE FROM search_facet WHERE doc IN (${docs})`, params: some });
        await conn.run({ text: `DELETE FROM search_value WHERE doc IN (${docs})`, params: some });
        await conn.run({ text: `DELETE FROM search_doc WHERE urn IN (${list})`, params: some });
        await conn.run({ text: `DELETE FROM edge WHERE source IN (${list})`, params: some });
      }
    },
  };
}

/** `live`: the in-memory index, which answers the searches it can. */
export function searchIndex(db: SqlDriver, live?: LiveIndex): SearchIndex {
  const dialect = db.dialect;
  return {
    async search(q) {
      if (q.entityTypes.length === 0) return { total: 0, urns: [], facets: {} };
      const fromMemory = await live?.search(q);
      if (fromMemory) return fromMemory;
      const typeFields = q.byEntityType?.fields ?? [];
      const withFacets = q.facetFields.length > 0 || typeFields.length > 0;
      const rows = await db.all<{ part: number; urn: string | null; t: string | null; facets: string | null; n: number }>(
        searchSql(q, dialect, withFacets),
      );
      const urns: string[] = [];
      const all = new FacetCounter();
      const byType = new Map<string, { total: number; counter: FacetCounter }>();
      let total = 0;
      for (const r of rows) {
        if (Number(r.part) === 0) {
          urns.push(r.urn!);
          continue;
        }
        const n = Number(r.n);
        total += n;
        if (!q.byEntityType) {
          if (r.facets) all.add(r.facets);
          continue;
        }
        let type = byType.get(r.t!);
        if (!type) {
          type = { total: 0, counter: new FacetCounter() };
          byType.set(r.t!, type);
        }
        type.total += n;
        if (r.facets) {
          all.add(r.facets);
          type.counter.add(r.facets);
        }
      }
      const page: SearchPage = { total, urns, facets: all.result(q.facetFields, q.facetLimit) };
      if (q.byEntityType)
        page.entityTypes = Object.fromEntries(
          [...byType].map(([t, { total, counter }]) => [t, { total, facets: counter.result(typeFields, q.facetLimit) }]),
        );
      return page;
    },
    async matchValues(q, field) {
      if (q.entityTypes.length === 0) return [];
      return db.all<{ urn: string; value: string }>(
        matchValuesSql(matchesSql(q, dialect), field, (q.keyedFields ?? []).includes(field), dialect),
      );
    },
    async getSearchRows(urns) {
      const out = new Map<string, SearchRow>();
      for (const some of chunks(urns)) {
        const rows = await db.all<{ urn: string; row: string }>({
          text: `SELECT urn, row FROM search_doc WHERE urn IN (${placeholders(some.length)})`,
          params: some,
        });
        for (const r of rows) out.set(r.urn, JSON.parse(r.row) as SearchRow);
      }
      return out;
    },
    async autocomplete(entityTypes, fields, prefix, filter, limit) {
      if (entityTypes.length === 0 || fields.length === 0) return [];
      return (await db.all<{ value: string }>(autocompleteSql(dialect, entityTypes, fields, prefix, filter, limit))).map((r) => r.value);
    },
    browsePaths: (q) => db.all<{ urn: string; path: string }>(browsePathsSql(dialect, q)),
    async related(q) {
      if (q.types.length === 0) return { total: 0, edges: [] };
      const { count, page } = relatedSql(q);
      const rows = await db.all<Edge & { total: number }>(page);
      const edges = rows.map(({ source, type, destination, aspect }) => ({ source, type, destination, aspect }));
      // An empty page (past the end, or asked only for the total) holds no row to carry the total.
      const [top] = rows;
      const total = top ? Number(top.total) : q.start > 0 || q.count === 0 ? Number((await first<{ n: number }>(db, count))?.n ?? 0) : 0;
      return { total, edges };
    },
    async dumpDerived() {
      const rows = (await db.all<{ row: string }>(sql('SELECT row FROM search_doc ORDER BY urn'))).map(
        (r) => JSON.parse(r.row) as SearchRow,
      );
      const edges = await db.all<Edge>(sql(`SELECT ${EDGE_COLUMNS} FROM edge ORDER BY ${EDGE_COLUMNS}`));
      return { rows, edges };
    },
    async clearDerived() {
      await db.transaction(async (conn) => {
        for (const statement of dialect.clear(TABLES)) await conn.run(statement);
      });
      live?.cleared();
    },
  };
}

/**
 * Documents written before facets were packed (faceted = 0) get their packed facets, in batches:
 * every search then counts facets one way.
 */
export async function packMissingFacets(db: SqlDriver): Promise<void> {
  for (;;) {
    const docs = await db.all<{ id: number; row: string }>(sql('SELECT id, row FROM search_doc WHERE faceted = 0 LIMIT 500'));
    if (docs.length === 0) return;
    await db.transaction(async (conn) => {
      await conn.run({
        text: `INSERT INTO search_facet (doc, facets) VALUES ${valuesList(docs.length, 2)} ${UPSERT_FACETS}`,
        params: docs.flatMap((d) => [d.id, packFacets(JSON.parse(d.row) as SearchRow)]),
      });
      await conn.run({
        text: `UPDATE search_doc SET faceted = 1 WHERE id IN (${placeholders(docs.length)})`,
        params: docs.map((d) => d.id),
      });
    });
  }
}
