/** The error for a database whose schema a later build has migrated past what this build knows. */
export function newerSchema(version: number, known: number): Error {
  return new Error(
    `the database was migrated by a newer build of the catalog (schema version ${version}; this build knows up to ${known}): run that build or a later one`,
  );
}
