import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'ui/test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // A worker per core (vitest's default leaves one out: on two cores, one file at a time). Test
    // files spend much of their time waiting on their server, database or child processes.
    maxWorkers: Math.max(2, availableParallelism()),
    // Files run in the same worker share the modules they import instead of importing the whole
    // service again each (seconds a file). No test mocks modules or changes the environment.
    isolate: false,
  },
});
