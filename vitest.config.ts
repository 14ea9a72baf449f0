// Test runner settings: tests live in test/, mirroring src/; dist/ is rebuilt first for the CLI tests.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/setup-build.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
