// Test runner settings: tests live in test/, mirroring src/; dist/ is rebuilt first for the CLI tests.
// Two files run at a time (one a core), sharing loaded modules; the files that time how fast a command stops
// (Ctrl-C within half a second, the job queue's too: queue-timing) and the CLI's ends run after them, one at a time,
// so no other test's load is in their times.
import { defineConfig } from 'vitest/config';

const ALONE = ['test/**/*-interrupt.test.ts', 'test/**/*-timing.test.ts', 'test/cli/ends.test.ts'];

export default defineConfig({
  test: {
    globalSetup: ['test/setup-build.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['test/**/*.test.ts'],
          exclude: ALONE,
          maxWorkers: 2,
          // The files share each worker's loaded modules (and their compiled code) instead of loading them again:
          // the library's tests ran in 48 s instead of 77 (`npx vitest run --project shared test/core test/pieces
          // test/walk test/valley test/api test/render`, with and without --no-isolate, 2026-12-06). No test here
          // changes a module's state for the next file.
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: { name: 'alone', include: ALONE, maxWorkers: 1, fileParallelism: false, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
