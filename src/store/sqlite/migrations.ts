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
];
