import { defineConfig } from 'tsdown';
import { libraryBuild } from '../../tsdown.base';

// The suite for vitest and Jest (ES modules and CommonJS); the command, for Node, as an ES module.
export default defineConfig([
  libraryBuild({ entry: { index: 'src/index.ts' } }),
  {
    ...libraryBuild({
      entry: { 'bin/wsadmin-conformance': 'src/cli/main.ts' },
      formats: ['esm'],
      platform: 'node',
    }),
    clean: false,
  },
]);
