/**
 * Schema migrations of the PostgreSQL backend, applied in order at start under an advisory lock,
 * so several processes starting at once apply each exactly once. Append new ones; never edit one
 * that has shipped. Text columns use the "C" collation so urns sort byte-wise, as in SQLite.
 */
export const migrations: readonly string[] = [
  `
  CREATE TABLE aspect (
    urn             text COLLATE "C" NOT NULL,
    aspect          text COLLATE "C" NOT NULL,
    version         bigint NOT NULL,
    value           text   NOT NULL,
    system_metadata text,
    created_on      bigint NOT NULL,
    created_by      text   NOT NULL,
    PRIMARY KEY (urn, aspect, version)
  );
  CREATE INDEX aspect_latest ON aspect (aspect, urn) WHERE version = 0;

  CREATE TABLE timeseries (
    urn               text COLLATE "C" NOT NULL,
    aspect            text COLLATE "C" NOT NULL,
    timestamp_millis  bigint NOT NULL,
    event_granularity text COLLATE "C" NOT NULL,
    partition         text COLLATE "C" NOT NULL,
    message_id        text COLLATE "C" NOT NULL,
    value             text   NOT NULL,
    system_metadata   text,
    PRIMARY KEY (urn, aspect, timestamp_millis, event_granularity, partition, message_id)
  );

  CREATE TABLE change_log (
    "offset"    bigserial PRIMARY KEY,
    entity_urn  text   NOT NULL,
    aspect      text   NOT NULL,
    change_type text   NOT NULL,
    event       text   NOT NULL,
    created_on  bigint NOT NULL
  );

  CREATE TABLE search_doc (
    id          bigserial PRIMARY KEY,
    urn         text COLLATE "C" NOT NULL UNIQUE,
    entity_type text COLLATE "C" NOT NULL,
    removed     smallint NOT NULL,
    row         text NOT NULL,
    a           text NOT NULL,
    b           text NOT NULL,
    c           text NOT NULL,
    d           text NOT NULL,
    tsv_a       tsvector GENERATED ALWAYS AS (to_tsvector('simple', a)) STORED,
    tsv_b       tsvector GENERATED ALWAYS AS (to_tsvector('simple', b)) STORED,
    tsv_c       tsvector GENERATED ALWAYS AS (to_tsvector('simple', c)) STORED,
    tsv_d       tsvector GENERATED ALWAYS AS (to_tsvector('simple', d)) STORED,
    tsv         tsvector GENERATED ALWAYS AS (to_tsvector('simple', a || ' ' || b || ' ' || c || ' ' || d)) STORED
  );
  CREATE INDEX search_doc_type ON search_doc (entity_type, removed, urn);
  CREATE INDEX search_doc_tsv ON search_doc USING gin (tsv);

  CREATE TABLE search_value (
    urn   text COLLATE "C" NOT NULL,
    field text COLLATE "C" NOT NULL,
    value text COLLATE "C" NOT NULL,
    num   double precision,
    PRIMARY KEY (urn, field, value)
  );
  CREATE INDEX search_value_field ON search_value (field, lower(value));
  CREATE INDEX search_value_prefix ON search_value (field, lower(value) text_pattern_ops);

  CREATE TABLE edge (
    source      text COLLATE "C" NOT NULL,
    type        text COLLATE "C" NOT NULL,
    destination text COLLATE "C" NOT NULL,
    aspect      text COLLATE "C" NOT NULL,
    PRIMARY KEY (source, type, destination, aspect)
  );
  CREATE INDEX edge_destination ON edge (destination, type);
  `,
  `
  CREATE TABLE setting (
    name  text COLLATE "C" PRIMARY KEY,
    value text NOT NULL
  );
  `,
  `
  ALTER TABLE aspect ADD COLUMN run_id text COLLATE "C";
  UPDATE aspect SET run_id = system_metadata::jsonb->>'runId' WHERE system_metadata IS NOT NULL;
  CREATE INDEX aspect_run ON aspect (run_id, urn, aspect, version) WHERE run_id IS NOT NULL;
  ALTER TABLE timeseries ADD COLUMN run_id text COLLATE "C";
  UPDATE timeseries SET run_id = system_metadata::jsonb->>'runId' WHERE system_metadata IS NOT NULL;
  CREATE INDEX timeseries_run ON timeseries (run_id, urn) WHERE run_id IS NOT NULL;
  `,
  `
  -- Only values looked up by value (autocomplete, browse) are in the by-value indexes (see SQLite's).
  ALTER TABLE search_value ADD COLUMN keyed smallint NOT NULL DEFAULT 1;
  DROP INDEX search_value_field;
  DROP INDEX search_value_prefix;
  CREATE INDEX search_value_field ON search_value (field, lower(value)) WHERE keyed = 1;
  CREATE INDEX search_value_prefix ON search_value (field, lower(value) text_pattern_ops) WHERE keyed = 1;
  `,
  `
  -- The web app's usage events and each user's edits outside ingestion runs (see SQLite's).
  CREATE TABLE usage_event (
    id               bigserial PRIMARY KEY,
    actor            text COLLATE "C" NOT NULL,
    type             text COLLATE "C" NOT NULL,
    timestamp_millis bigint NOT NULL,
    entity_urn       text COLLATE "C",
    entity_type      text COLLATE "C",
    query            text COLLATE "C",
    total            bigint,
    section          text COLLATE "C",
    action_type      text COLLATE "C",
    event            text   NOT NULL
  );
  CREATE INDEX usage_event_actor ON usage_event (actor, type, timestamp_millis);
  CREATE INDEX usage_event_time ON usage_event (timestamp_millis);
  CREATE INDEX aspect_editor ON aspect (created_by, created_on) WHERE (run_id IS NULL OR run_id = 'no-run-id-provided');
  `,
  `
  -- The schema of SQLite's, so one set of statements serves both: full text in a table of its own
  -- (a change of a document's flags no longer rewrites its five tsvectors), and each document's facet
  -- values packed (store/sql/facets.ts). Documents get their packed facets at the next start.
  -- A document's text row (~3.6 KB) stays whole in its page: ranking reads every hit's column
  -- tsvectors, and out of line that was two thirds of a search's page reads (66,000 of 100,000 at
  -- 10,000 datasets; 9,000 in all with rows inline, and half the time).
  CREATE TABLE search_text (
    rowid bigint PRIMARY KEY,
    a     text NOT NULL,
    b     text NOT NULL,
    c     text NOT NULL,
    d     text NOT NULL,
    tsv_a tsvector GENERATED ALWAYS AS (to_tsvector('simple', a)) STORED,
    tsv_b tsvector GENERATED ALWAYS AS (to_tsvector('simple', b)) STORED,
    tsv_c tsvector GENERATED ALWAYS AS (to_tsvector('simple', c)) STORED,
    tsv_d tsvector GENERATED ALWAYS AS (to_tsvector('simple', d)) STORED,
    tsv   tsvector GENERATED ALWAYS AS (to_tsvector('simple', a || ' ' || b || ' ' || c || ' ' || d)) STORED
  ) WITH (toast_tuple_target = 8160);
  INSERT INTO search_text (rowid, a, b, c, d) SELECT id, a, b, c, d FROM search_doc;
  CREATE INDEX search_text_tsv ON search_text USING gin (tsv);
  DROP INDEX search_doc_tsv;
  ALTER TABLE search_doc DROP COLUMN tsv, DROP COLUMN tsv_a, DROP COLUMN tsv_b, DROP COLUMN tsv_c, DROP COLUMN tsv_d,
    DROP COLUMN a, DROP COLUMN b, DROP COLUMN c, DROP COLUMN d;
  CREATE TABLE search_facet (doc bigint PRIMARY KEY, facets text NOT NULL);
  ALTER TABLE search_doc ADD COLUMN faceted smallint NOT NULL DEFAULT 0;
  CREATE INDEX search_doc_unfaceted ON search_doc (id) WHERE faceted = 0;
  `,
  `
  -- Events of committed transactions wait here for their offsets (postgres/changeLogSequencer.ts), so
  -- writers no longer commit one at a time to keep offsets in order.
  CREATE TABLE change_log_pending (
    id          bigserial PRIMARY KEY,
    entity_urn  text   NOT NULL,
    aspect      text   NOT NULL,
    change_type text   NOT NULL,
    event       text   NOT NULL,
    created_on  bigint NOT NULL
  );
  `,
  `
  -- Generations (store/sql/generations.ts): a counter per name, bumped by the writes that change what
  -- a cache holds, such as the access generation of auth/accessGeneration.ts.
  CREATE TABLE generation (
    name  text   PRIMARY KEY,
    value bigint NOT NULL
  );
  `,
  `
  -- search_value keeps only what is looked up by value, its rows naming their document by id (see SQLite's).
  CREATE TABLE search_value_by_doc (
    doc   bigint NOT NULL,
    field text COLLATE "C" NOT NULL,
    value text COLLATE "C" NOT NULL,
    num   double precision,
    PRIMARY KEY (doc, field, value)
  );
  INSERT INTO search_value_by_doc (doc, field, value, num)
    SELECT d.id, v.field, v.value, v.num FROM search_value v JOIN search_doc d ON d.urn = v.urn WHERE v.keyed = 1;
  DROP TABLE search_value;
  ALTER TABLE search_value_by_doc RENAME TO search_value;
  CREATE INDEX search_value_field ON search_value (field, lower(value));
  CREATE INDEX search_value_prefix ON search_value (field, lower(value) text_pattern_ops);
  `,
  `
  -- Events deflated (store/sql/changeLog.ts), their text left empty; earlier events keep their text.
  ALTER TABLE change_log ADD COLUMN packed bytea;
  ALTER TABLE change_log_pending ADD COLUMN packed bytea;
  `,
  `
  -- The stored document's values as jsonb, for filters, sorts and listings of free text, which have no
  -- rows in search_value: reading them by casting the stored text per row took three times as long.
  -- jsonb refuses text that JSON allows (an escaped half of a surrogate pair): such a document has
  -- no values here rather than failing its write, or this migration.
  CREATE FUNCTION catalog_document_values(document text) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
  BEGIN
    RETURN document::jsonb -> 'values';
  EXCEPTION WHEN others THEN
    RETURN NULL;
  END
  $$;
  ALTER TABLE search_doc ADD COLUMN field_values jsonb GENERATED ALWAYS AS (catalog_document_values(row)) STORED;
  `,
  `
  -- Aspect values of 256 characters and more deflated (store/sql/packedText.ts), their text left
  -- empty; earlier versions keep their text.
  ALTER TABLE aspect ADD COLUMN packed bytea;
  `,
];
