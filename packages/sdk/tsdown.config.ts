import { defineConfig } from 'tsdown';
import { libraryBuild } from '../../tsdown.base';

export default defineConfig(
  libraryBuild({
    entry: {
      index: 'src/index.ts',
      query: 'src/tanstack-query/index.ts',
      // Loads @opentelemetry/api (an optional peer); the main entry never does.
      opentelemetry: 'src/opentelemetry.ts',
    },
  }),
);
