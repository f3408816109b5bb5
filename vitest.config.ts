import { defineConfig } from 'vitest/config';

// The JSON report lets .ci/run print one plain "N passed, N failed" line.
export default defineConfig({
  test: {
    include: ['contract/**/*.test.ts', 'packages/**/*.test.ts', 'examples/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    // One throwaway PostgreSQL server per run for the PostgreSQL tests (skipped where it is not installed).
    globalSetup: ['packages/server/src/node/testing/postgres-global-setup.ts'],
    reporters: ['default', ['json', { outputFile: '.vitest-report.json' }]],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
