/**
 * Schema migrations of the SQLite backend, applied in order; `PRAGMA user_version` records how many
 * have run. Append new ones; never edit one that has shipped.
 */
export const migrations: readonly string[] = [
  `
  CREATE TABLE aspect (
    urn             TEXT    NOT NULL,
    aspect          TEXT    NOT NULL,
    version         INTEGER NOT NULL,
    value           TEXT    NOT NULL,
    system_metadata TEXT,
    created_on      INTEGER NOT NULL,
    created_by      TEXT    NOT NULL,
    PRIMARY KEY (urn, aspect, version)
  ) WITHOUT ROWID;

  CREATE TABLE timeseries (
    urn               TEXT    NOT NULL,
    aspect            TEXT    NOT NULL,
    timestamp_millis  INTEGER NOT NULL,
    event_granularity TEXT    NOT NULL,
    partition         TEXT    NOT NULL,
    message_id        TEXT    NOT NULL,
    value             TEXT    NOT NULL,
    system_metadata   TEXT,
    PRIMARY KEY (urn, aspect, timestamp_millis, event_granularity, partition, message_id)
  ) WITHOUT ROWID;

  CREATE TABLE change_log (
    "offset"    INTEGER PRIMARY KEY AUTOINCREMENT,
    entity_urn  TEXT    NOT NULL,
    aspect      TEXT    NOT NULL,
    change_type TEXT    NOT NULL,
    event       TEXT    NOT NULL,
    created_on  INTEGER NOT NULL
  );
  `,
  `
  CREATE TABLE search_doc (
    id          INTEGER PRIMARY KEY,
    urn         TEXT    NOT NULL UNIQUE,
    entity_type TEXT    NOT NULL,
    removed     INTEGER NOT NULL,
    row         TEXT    NOT NULL
  );
  CREATE INDEX search_doc_type ON search_doc (entity_type, removed, urn);

  CREATE TABLE search_value (
    urn   TEXT NOT NULL,
    field TEXT NOT NULL,
    value TEXT NOT NULL,
    num   REAL,
    PRIMARY KEY (urn, field, value)
  ) WITHOUT ROWID;
  CREATE INDEX search_value_field ON search_value (field, value COLLATE NOCASE);

  CREATE VIRTUAL TABLE search_text USING fts5(a, b, c, d, tokenize = 'unicode61 remove_diacritics 2');

  CREATE TABLE edge (
    source      TEXT NOT NULL,
    type        TEXT NOT NULL,
    destination TEXT NOT NULL,
    aspect      TEXT NOT NULL,
    PRIMARY KEY (source, type, destination, aspect)
  ) WITHOUT ROWID;
  CREATE INDEX edge_destination ON edge (destination, type);
  `,
  `
  CREATE TABLE setting (
    name  TEXT NOT NULL PRIMARY KEY,
    value TEXT NOT NULL
  ) WITHOUT ROWID;
  `,
  `
  -- Latest versions by aspect: listing the entities that have an aspect (policies, tokens, listUrns, getCount)
  -- without scanning every row.
  CREATE INDEX aspect_latest ON aspect (aspect, urn) WHERE version = 0;
  `,
  `
  -- The ingestion run that wrote each row, for listing runs and rolling them back.
  ALTER TABLE aspect ADD COLUMN run_id TEXT;
  UPDATE aspect SET run_id = json_extract(system_metadata, '$.runId') WHERE system_metadata IS NOT NULL;
  CREATE INDEX aspect_run ON aspect (run_id, urn, aspect, version) WHERE run_id IS NOT NULL;
  ALTER TABLE timeseries ADD COLUMN run_id TEXT;
  UPDATE timeseries SET run_id = json_extract(system_metadata, '$.runId') WHERE system_metadata IS NOT NULL;
  CREATE INDEX timeseries_run ON timeseries (run_id, urn) WHERE run_id IS NOT NULL;
  `,
  `
  -- Only values looked up by value (autocomplete, browse) are in the by-value index: free text such as
  -- column names and descriptions made most of its writes, each into a random page. Existing rows stay
  -- keyed until restoreIndices rewrites them.
  ALTER TABLE search_value ADD COLUMN keyed INTEGER NOT NULL DEFAULT 1;
  DROP INDEX search_value_field;
  CREATE INDEX search_value_key ON search_value (field, value COLLATE NOCASE) WHERE keyed = 1;
  `,
  `
  -- Each document's facet values, packed (store/sqlite/facets.ts), in a table of their own: after the
  -- document's large row column they would be read through its overflow pages. Documents written
  -- before this have none (faceted = 0) until restoreIndices rewrites them; while any is left,
  -- searches count facets the old way, from search_value, and the partial index makes asking cheap.
  CREATE TABLE search_facet (doc INTEGER PRIMARY KEY, facets TEXT NOT NULL);
  ALTER TABLE search_doc ADD COLUMN faceted INTEGER NOT NULL DEFAULT 0;
  CREATE INDEX search_doc_unfaceted ON search_doc (id) WHERE faceted = 0;
  `,
  `
  -- The web app's usage events (store/usage.ts), newest kept; and the writes a user made outside
  -- ingestion runs, for their recently edited entities (ingestion runs stay out of this index).
  CREATE TABLE usage_event (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    actor            TEXT    NOT NULL,
    type             TEXT    NOT NULL,
    timestamp_millis INTEGER NOT NULL,
    entity_urn       TEXT,
    entity_type      TEXT,
    query            TEXT,
    total            INTEGER,
    section          TEXT,
    action_type      TEXT,
    event            TEXT    NOT NULL
  );
  CREATE INDEX usage_event_actor ON usage_event (actor, type, timestamp_millis);
  CREATE INDEX usage_event_time ON usage_event (timestamp_millis);
  CREATE INDEX aspect_editor ON aspect (created_by, created_on) WHERE (run_id IS NULL OR run_id = 'no-run-id-provided');
  `,
  `
  -- Generations (store/sql/generations.ts): a counter per name, bumped by the writes that change what
  -- a cache holds, such as the access generation of auth/accessGeneration.ts.
  CREATE TABLE generation (
    name  TEXT    NOT NULL PRIMARY KEY,
    value INTEGER NOT NULL
  ) WITHOUT ROWID;
  `,
  `
  -- search_value keeps only what is looked up by value: free text (column names, descriptions) is read
  -- from the stored document, and rows name their document by its id, not its urn, which each row and
  -- its index entry repeated.
  CREATE TABLE search_value_by_doc (
    doc   INTEGER NOT NULL,
    field TEXT    NOT NULL,
    value TEXT    NOT NULL,
    num   REAL,
    PRIMARY KEY (doc, field, value)
  ) WITHOUT ROWID;
  INSERT INTO search_value_by_doc (doc, field, value, num)
    SELECT d.id, v.field, v.value, v.num FROM search_value v JOIN search_doc d ON d.urn = v.urn WHERE v.keyed = 1;
  DROP TABLE search_value;
  ALTER TABLE search_value_by_doc RENAME TO search_value;
  CREATE INDEX search_value_key ON search_value (field, value COLLATE NOCASE);
  `,
  `
  -- Events deflated (store/sql/changeLog.ts), their text left empty; earlier events keep their text.
  ALTER TABLE change_log ADD COLUMN packed BLOB;
  `,
  `
  -- The full-text table keeps no copy of the text it indexes (contentless, with deletes): nothing
  -- reads the text back from it, the stored document holds it, and the copy was a tenth of the
  -- database. Searches, column filters and phrases work as before.
  CREATE VIRTUAL TABLE search_text_indexed USING fts5(a, b, c, d, tokenize = 'unicode61 remove_diacritics 2', content = '', contentless_delete = 1);
  INSERT INTO search_text_indexed (rowid, a, b, c, d) SELECT rowid, a, b, c, d FROM search_text;
  DROP TABLE search_text;
  ALTER TABLE search_text_indexed RENAME TO search_text;
  `,
  `
  -- Aspect values of 256 characters and more deflated (store/sql/packedText.ts), their text left
  -- empty; earlier versions keep their text.
  ALTER TABLE aspect ADD COLUMN packed BLOB;
  `,
];
