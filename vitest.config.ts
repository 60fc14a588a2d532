import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import { HAS_DATAHUB_FIXTURES, NEEDS_DATAHUB_FIXTURES } from './test/datahubFixtures.js';

/** Test files that load DataHub's files, which live only in ../shared (test/datahubFixtures.ts). */
function needingDataHubFiles(): string[] {
  const files = ['src', 'test', 'ui/test'].flatMap((dir) =>
    (readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith('.test.ts')).map((f) => join(dir, f)),
  );
  return files.filter((f) => {
    const text = readFileSync(f, 'utf8');
    return NEEDS_DATAHUB_FIXTURES.test(text) && !text.includes('HAS_DATAHUB_FIXTURES');
  });
}

/** Test files that measure the service's latency, run once the others are done. */
const ALONE = ['test/attacks.test.ts', 'test/readsDuringBulkIngest.test.ts'];

const skipped = HAS_DATAHUB_FIXTURES ? [] : needingDataHubFiles();
if (skipped.length > 0)
  console.warn(
    `DataHub's files are not beside this clone (../shared/fixtures/datahub): skipping the ${skipped.length} test files that load them: ${skipped.join(', ')}`,
  );

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'ui/test/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...skipped],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // The `catalog` program the tests spawn, compiled once for the run.
    globalSetup: ['./test/scratchFolder.ts', './test/catalogProgram.ts'],
    // A worker per core (vitest's default leaves one out: on two cores, one file at a time). Test
    // files spend much of their time waiting on their server, database or child processes.
    maxWorkers: Math.max(2, availableParallelism()),
    // Files run in the same worker share the modules they import instead of importing the whole
    // service again each (seconds a file). No test mocks modules or changes the environment.
    isolate: false,
    projects: [
      { extends: true, test: { name: 'suite', exclude: [...ALONE] } },
      // The attack corpus times /health while each attack runs, and readsDuringBulkIngest times reads
      // while a big batch is written: they run after the rest, one at a time, so what they measure is
      // the service, not the other test files sharing the cores.
      // Not extending the root, whose `include` would be merged into this one's.
      {
        test: {
          name: 'alone',
          include: ALONE,
          exclude: skipped,
          globalSetup: ['./test/scratchFolder.ts', './test/catalogProgram.ts'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
