/**
 * One folder for every file a test run writes (vitest's globalSetup), removed when the run ends. Tests
 * and the processes they start make their databases and files with the system's temporary folder
 * (`os.tmpdir()`, which reads TMPDIR); a test that failed, or a process killed on purpose, leaves its
 * files behind, and runs used to leave some 70 MB each. The folder is in memory where the machine has
 * a memory file system: a commit's fsync then costs nothing, and no test measures it (the crash tests
 * kill the process, which leaves the page cache as it was).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Shared by the projects (each runs this setup): made once, removed after the last. */
const shared = globalThis as { scratchFolder?: { folder: string; was: string | undefined; projects: number } };

export default function setup(): () => void {
  const base = process.env.TMPDIR ?? (existsSync('/dev/shm') ? '/dev/shm' : tmpdir());
  // Set before the workers start, so that they and every process they spawn inherit it.
  shared.scratchFolder ??= { folder: mkdtempSync(join(base, 'catalog-run-')), was: process.env.TMPDIR, projects: 0 };
  const scratch = shared.scratchFolder;
  scratch.projects++;
  process.env.TMPDIR = scratch.folder;
  return () => {
    if (--scratch.projects > 0) return;
    delete shared.scratchFolder;
    if (scratch.was === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = scratch.was;
    rmSync(scratch.folder, { recursive: true, force: true });
  };
}
