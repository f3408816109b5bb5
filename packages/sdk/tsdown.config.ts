import { fileURLToPath } from 'node:url';
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
    // The route table (plain data and functions, no zod) is built in, so `openapi-fetch` is the SDK's
    // one runtime dependency (docs/decisions/0030-sdk-standalone.md).
    bundleSources: {
      '@wsadmin/contract/routes': fileURLToPath(
        new URL('../../contract/src/route-table.ts', import.meta.url),
      ),
    },
    sharedDeclarations: true,
  }),
);
