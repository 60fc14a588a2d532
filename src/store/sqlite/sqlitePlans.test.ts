/**
 * How SQLite runs the multi-row writes of a batch. A plan that tests every row of a VALUES list for
 * each row it reaches costs the square of the statement (160 ms for 625 aspect rows), and one that
 * walks the whole table costs the catalog's size; either held the event loop while a batch was
 * written, and every read waited behind it. These check that each row is reached by its key.
 */
import Database from 'better-sqlite3';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../../test/helpers.js';
import { DELETE_HISTORY_BELOW, SET_SYSTEM_METADATA, type WriteKind } from '../sql/aspects.js';
import { updateDocuments } from '../sql/searchIndex.js';
import { migrations } from './migrations.js';

const URNS = 300;
const ASPECTS = ['datasetProperties', 'ownership', 'globalTags'];
/** Documents: enough that walking them all costs more than finding a statement's by id, as in any real catalog. */
const DOCUMENTS = 5_000;
const urn = (i: number) => `urn:li:dataset:(urn:li:dataPlatform:hive,db.table${i},PROD)`;

describe('SQLite plans of a batch’s multi-row writes', () => {
  let dir: string;
  let db: Database.Database;

  beforeAll(() => {
    dir = tempDir('sqlite-plans-');
    db = new Database(join(dir, 'catalog.db'));
    for (const migration of migrations) db.exec(migration);
    const insert = db.prepare(
      `INSERT INTO aspect (urn, aspect, version, value, system_metadata, created_on, created_by) VALUES (?, ?, ?, '{}', ?, 0, 'urn:li:corpuser:datahub')`,
    );
    const document = db.prepare(`INSERT INTO search_doc (id, urn, entity_type, removed, row) VALUES (?, ?, 'dataset', 0, '{}')`);
    db.transaction(() => {
      for (let i = 0; i < URNS; i++)
        for (const aspect of ASPECTS) for (let version = 0; version < 3; version++) insert.run(urn(i), aspect, version, `{"v":${version}}`);
      for (let i = 0; i < DOCUMENTS; i++) document.run(i + 1, urn(i));
    })();
    db.exec('ANALYZE');
  });
  afterAll(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const planOf = ({ text, params }: { text: string; params: unknown[] }) =>
    (db.prepare(`EXPLAIN QUERY PLAN ${text}`).all(...params) as Array<{ detail: string }>).map((r) => r.detail);

  /** The statement for rows of every other urn's `datasetProperties`, with its plan. */
  const statementFor = (kind: WriteKind, row: (i: number) => unknown[]) => {
    const rows = Array.from({ length: URNS / 2 }, (_, k) => row(2 * k));
    const statement = kind.statement(rows);
    return { run: () => db.prepare(statement.text).run(...statement.params).changes, plan: planOf(statement) };
  };

  /** Every lookup in the VALUES list (`v`) uses the urn and the aspect name; the table is never scanned. */
  const expectKeyedLookups = (plan: string[]) => {
    expect(plan.some((line) => line.startsWith('SEARCH aspect USING PRIMARY KEY'))).toBe(true);
    expect(plan.filter((line) => /^SCAN (aspect|v)$/.test(line))).toEqual([]);
    const lookups = plan.filter((line) => line.startsWith('SEARCH v'));
    expect(lookups.length).toBeGreaterThan(0);
    for (const line of lookups) expect(line).toMatch(/column1=\?.*column2=\?|column2=\?.*column1=\?/);
  };

  it('sets the system metadata of the rows named, reaching each by its key', () => {
    const { run, plan } = statementFor(SET_SYSTEM_METADATA, (i) => [urn(i), 'datasetProperties', 0, '{"runId":"again"}']);
    expectKeyedLookups(plan);
    const changed = db.transaction(run)();
    expect(changed).toBe(URNS / 2);
    const updated = db.prepare(`SELECT urn, aspect, version FROM aspect WHERE system_metadata = '{"runId":"again"}' ORDER BY urn`).all();
    expect(updated).toHaveLength(URNS / 2);
    expect(updated).toContainEqual({ urn: urn(0), aspect: 'datasetProperties', version: 0 });
    expect(updated).not.toContainEqual({ urn: urn(1), aspect: 'datasetProperties', version: 0 });
  });

  it('removes history below a version of the aspects named, reaching each by its key', () => {
    const { run, plan } = statementFor(DELETE_HISTORY_BELOW, (i) => [urn(i), 'ownership', 2]);
    expectKeyedLookups(plan);
    const removed = db.transaction(run)();
    // Versions 1 of every other urn's ownership; version 0 (the latest) and version 2 stay.
    expect(removed).toBe(URNS / 2);
    const left = db.prepare(`SELECT version FROM aspect WHERE urn = ? AND aspect = 'ownership' ORDER BY version`).pluck();
    expect(left.all(urn(0))).toEqual([0, 2]);
    expect(left.all(urn(1))).toEqual([0, 1, 2]);
  });

  it('rewrites the stored documents named, reaching each by its id', () => {
    const ids = Array.from({ length: URNS / 2 }, (_, k) => 2 * k + 1);
    const statement = updateDocuments(ids.map((id) => ({ id, entityType: 'dataset', removed: true, json: `{"id":${id}}` })));
    const plan = planOf(statement);
    expect(plan.filter((line) => line.startsWith('SCAN search_doc'))).toEqual([]);
    expect(plan.some((line) => line.startsWith('SEARCH search_doc USING INTEGER PRIMARY KEY'))).toBe(true);
    expect(db.transaction(() => db.prepare(statement.text).run(...statement.params).changes)()).toBe(ids.length);
    const removed = db.prepare(`SELECT id, row FROM search_doc WHERE removed = 1 ORDER BY id`).all();
    expect(removed).toEqual(ids.map((id) => ({ id, row: `{"id":${id}}` })));
  });
});
