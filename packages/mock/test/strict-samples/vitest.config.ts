import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// The strict-mode samples under vitest (strict-mode.test.ts runs this), on the packages' sources.
// GLOBALS=1: the runner's hooks are globals, as in a project with `globals: true`.
const SOURCE = '@wsadmin/source';
export default defineConfig({
  resolve: { conditions: [SOURCE, ...defaultClientConditions] },
  ssr: {
    resolve: {
      conditions: [SOURCE, ...defaultServerConditions.filter((condition) => condition !== 'module')],
    },
  },
  test: {
    root: import.meta.dirname,
    include: [process.env.GLOBALS ? 'globals.check.ts' : 'imported-hooks.check.ts'],
    globals: Boolean(process.env.GLOBALS),
  },
});
