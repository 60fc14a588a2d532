/**
 * The database holds the token signing key (unless TOKEN_SIGNING_KEY is set) and every token's
 * metadata, so only the service's own user may read it. A new database file is created at 0600
 * before SQLite opens it; SQLite then gives its -wal and -shm files the database file's mode. A
 * database left at a looser mode by an earlier version is tightened, and the tightening is reported.
 */
import { chmodSync, closeSync, openSync, statSync } from 'node:fs';

export const OWNER_ONLY = 0o600;

/** Files beside the database that hold its pages, and so its secrets. */
const COMPANIONS = ['', '-wal', '-shm', '-journal'];

/**
 * Creates the database file at 0600 if it is missing, and brings it and its companions down to
 * 0600 if they are readable or writable by others. Answers the files it tightened, each reported
 * to `warn`.
 */
export function ownerOnly(path: string, warn: (message: string) => void = (m) => process.emitWarning(m, 'SecurityWarning')): string[] {
  if (path === ':memory:' || path === '' || path.startsWith('file:')) return [];
  // 'a' creates the file when missing and never truncates one that exists; the mode applies only on creation.
  closeSync(openSync(path, 'a', OWNER_ONLY));
  const tightened: string[] = [];
  for (const file of COMPANIONS.map((suffix) => path + suffix)) {
    let mode: number;
    try {
      mode = statSync(file).mode & 0o777;
    } catch {
      continue; // not there: SQLite creates it with the database's mode
    }
    if ((mode & ~OWNER_ONLY) === 0) continue;
    chmodSync(file, mode & OWNER_ONLY);
    tightened.push(file);
    warn(
      `${file} was readable by others (mode ${mode.toString(8).padStart(4, '0')}); it holds the token signing key and token metadata, so its mode is now ${(mode & OWNER_ONLY).toString(8).padStart(4, '0')}`,
    );
  }
  return tightened;
}
