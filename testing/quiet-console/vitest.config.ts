import { defineConfig } from 'vitest/config';

// The quiet-console guard alone over its sample tests (quiet-console-guard.test.ts runs this).
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['samples.check.ts'],
    setupFiles: ['../quiet-console-guard.ts'],
  },
});
