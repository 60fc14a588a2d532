/**
 * The search index over SQL tables: each entity's document (`search_doc`, its row as JSON), its
 * filterable values (`search_value`), its full text (`search_text`), its packed facet values
 * (`search_facet`) and its outgoing edges (`edge`). Written in the write's transaction, so a write is
 * searchable once it is acknowledged. Only the dialect differs between databases.
 */
import type { Edge, IndexTx, SearchIndex, SearchPage, SearchRow } from '../types.js';
import { derivedChange } from './derivedChange.js';
import { chunks, first, placeholders, sql, valuesList, type SqlConnection, type SqlDriver } from './driver.js';
import { FacetCounter, packFacets } from './facets.js';
import { autocompleteSql, browsePathsSql, matchValuesSql, relatedSql } from './reads.js';
import { NUMERIC } from './rows.js';
import { matchesSql, searchSql } from './search.js';

/** The index's tables, documents last (the others refer to them). */
const TABLES = ['search_text', 'search_value', 'search_facet', 'edge', 'search_doc'] as const;

const EDGE_COLUMNS = 'source, type, destination, aspect';
const UPSERT_FACETS = 'ON CONFLICT (doc) DO UPDATE SET facets = excluded.facets';

/** Multi-row statements: `template(rows)` for each chunk of `rows`, parameters `params(row)` in order. */
async function each<T>(conn: SqlConnection, rows: readonly T[], template: (n: number) => string, params: (row: T) => unknown[]): Promise<void> {
  for (const some of chunks(rows)) await conn.run({ text: template(some.length), params: some.flatMap(params) });
}

/** `written` is told of each document written, for the statistics' upkeep. */
export function indexTx(conn: SqlConnection, written: () => void = () => undefined): IndexTx {
  return {
    async putDerived(row, edges) {
      written();
      const json = JSON.stringify(row);
      const stored = await first<{ id: number; row: string }>(conn, sql('SELECT id, row FROM search_doc WHERE urn = ?', row.urn));
      const rewritten = stored?.row !== json;
      // The same document text means the same values and full text: only the edges may differ.
      const oldRow = stored && (rewritten ? (JSON.parse(stored.row) as SearchRow) : row);
      const oldEdges = stored ? await conn.all<Edge>(sql(`SELECT ${EDGE_COLUMNS} FROM edge WHERE source = ?`, row.urn)) : [];
      const change = derivedChange(stored && oldRow && { row: oldRow, edges: oldEdges }, row, edges);
      const removed = row.removed ? 1 : 0;
      let id: number;
      if (!stored) {
        const inserted = await first<{ id: number }>(conn, sql('INSERT INTO search_doc (urn, entity_type, removed, row, faceted) VALUES (?, ?, ?, ?, 1) RETURNING id', row.urn, row.entityType, removed, json));
        id = inserted!.id;
      } else {
        id = stored.id;
        if (rewritten) await conn.run(sql('UPDATE search_doc SET entity_type = ?, removed = ?, row = ?, faceted = 1 WHERE id = ?', row.entityType, removed, json, id));
      }
      if (rewritten) await conn.run(sql(`INSERT INTO search_facet (doc, facets) VALUES (?, ?) ${UPSERT_FACETS}`, id, packFacets(row)));
      if (change.text) {
        if (stored) await conn.run(sql('DELETE FROM search_text WHERE rowid = ?', id));
        await conn.run(sql('INSERT INTO search_text (rowid, a, b, c, d) VALUES (?, ?, ?, ?, ?)', id, ...row.text));
      }
      const keyed = new Set(row.keyed);
      for (const some of chunks(change.removedValues)) {
        await conn.run({ text: `DELETE FROM search_value WHERE urn = ? AND (field, value) IN (VALUES ${valuesList(some.length, 2)})`, params: [row.urn, ...some.flat()] });
      }
      await each(
        conn,
        change.addedValues,
        (n) => `INSERT INTO search_value (urn, field, value, num, keyed) VALUES ${valuesList(n, 5)} ON CONFLICT DO NOTHING`,
        ([field, value]) => [row.urn, field, value, NUMERIC.test(value) ? Number(value) : null, keyed.has(field) ? 1 : 0],
      );
      for (const some of chunks(change.removedEdges)) {
        await conn.run({ text: `DELETE FROM edge WHERE source = ? AND (type, destination, aspect) IN (VALUES ${valuesList(some.length, 3)})`, params: [row.urn, ...some.flatMap((e) => [e.type, e.destination, e.aspect])] });
      }
      await each(conn, change.addedEdges, (n) => `INSERT INTO edge (${EDGE_COLUMNS}) VALUES ${valuesList(n, 4)} ON CONFLICT DO NOTHING`, (e) => [e.source, e.type, e.destination, e.aspect]);
    },
    async deleteDerived(urn) {
      const doc = 'SELECT id FROM search_doc WHERE urn = ?';
      await conn.run(sql(`DELETE FROM search_text WHERE rowid IN (${doc})`, urn));
      await conn.run(sql(`DELETE FROM search_facet WHERE doc IN (${doc})`, urn));
      await conn.run(sql('DELETE FROM search_doc WHERE urn = ?', urn));
      await conn.run(sql('DELETE FROM search_value WHERE urn = ?', urn));
      await conn.run(sql('DELETE FROM edge WHERE source = ?', urn));
    },
  };
}

export function searchIndex(db: SqlDriver): SearchIndex {
  const dialect = db.dialect;
  return {
    async search(q) {
      if (q.entityTypes.length === 0) return { total: 0, urns: [], facets: {} };
      const typeFields = q.byEntityType?.fields ?? [];
      const withFacets = q.facetFields.length > 0 || typeFields.length > 0;
      const rows = await db.all<{ part: number; urn: string | null; t: string | null; facets: string | null; n: number }>(searchSql(q, dialect, withFacets));
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
        if (!type) byType.set(r.t!, (type = { total: 0, counter: new FacetCounter() }));
        type.total += n;
        if (r.facets) {
          all.add(r.facets);
          type.counter.add(r.facets);
        }
      }
      const page: SearchPage = { total, urns, facets: all.result(q.facetFields) };
      if (q.byEntityType) page.entityTypes = Object.fromEntries([...byType].map(([t, { total, counter }]) => [t, { total, facets: counter.result(typeFields) }]));
      return page;
    },
    async matchValues(q, field) {
      if (q.entityTypes.length === 0) return [];
      return db.all<{ urn: string; value: string }>(matchValuesSql(matchesSql(q, dialect), field));
    },
    async getSearchRows(urns) {
      const out = new Map<string, SearchRow>();
      for (const some of chunks(urns)) {
        const rows = await db.all<{ urn: string; row: string }>({ text: `SELECT urn, row FROM search_doc WHERE urn IN (${placeholders(some.length)})`, params: some });
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
      const rows = (await db.all<{ row: string }>(sql('SELECT row FROM search_doc ORDER BY urn'))).map((r) => JSON.parse(r.row) as SearchRow);
      const edges = await db.all<Edge>(sql(`SELECT ${EDGE_COLUMNS} FROM edge ORDER BY ${EDGE_COLUMNS}`));
      return { rows, edges };
    },
    async clearDerived() {
      await db.transaction(async (conn) => {
        for (const statement of dialect.clear(TABLES)) await conn.run(statement);
      });
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
      await conn.run({ text: `UPDATE search_doc SET faceted = 1 WHERE id IN (${placeholders(docs.length)})`, params: docs.map((d) => d.id) });
    });
  }
}
