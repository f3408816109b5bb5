import { defineConfig } from 'tsdown';
import { libraryBuild } from '../../tsdown.base';

// Node only (SQLite file, PostgreSQL, the command), so ES modules only.
export default defineConfig(
  libraryBuild({
    entry: {
      index: 'src/index.ts',
      testing: 'src/testing/index.ts',
      'bin/start': 'src/bin/start.ts',
      'bin/keys': 'src/bin/keys.ts',
    },
    formats: ['esm'],
    platform: 'node',
  }),
);
