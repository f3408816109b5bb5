import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig } from 'tsdown';
import { libraryBuild } from '../../tsdown.base';

// The /docs page's script: @scalar/api-reference's browser bundle, from the dev dependency, so an
// install carries this one file (and its licence) instead of the package and its dependencies.
const scalarBundle = join(
  dirname(createRequire(import.meta.url).resolve('@scalar/api-reference')),
  'browser',
  'standalone.js',
);

// Node only (SQLite file, PostgreSQL, the command), so ES modules only.
export default defineConfig({
  ...libraryBuild({
    entry: {
      index: 'src/index.ts',
      'bin/start': 'src/bin/start.ts',
      'bin/keys': 'src/bin/keys.ts',
    },
    formats: ['esm'],
    platform: 'node',
  }),
  copy: [
    { from: scalarBundle, to: 'dist/docs', rename: 'scalar.js' },
    { from: 'licenses/scalar-api-reference.txt', to: 'dist/docs', rename: 'scalar.LICENSE.txt' },
  ],
});
