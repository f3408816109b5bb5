import { fileURLToPath } from 'node:url';
import { defineConfig } from 'tsdown';
import { libraryBuild } from '../../tsdown.base';

const library = libraryBuild({
  entry: {
    index: 'src/index.ts',
    query: 'src/tanstack-query/index.ts',
    // Loads @opentelemetry/api (an optional peer); the main entry never does.
    opentelemetry: 'src/opentelemetry.ts',
  },
  // The route table (plain data and functions, no zod) is built in, so `openapi-fetch` is the SDK's
  // one runtime dependency (docs/decisions/0030-sdk-standalone.md).
  bundleSources: {
    '@wsadmin/contract/routes': fileURLToPath(new URL('../../contract/src/route-table.ts', import.meta.url)),
  },
  sharedDeclarations: true,
});

export default defineConfig({
  ...library,
  // `client.raw` loads openapi-fetch on first use: in the CommonJS build a `require` (openapi-fetch
  // ships one), since Jest's CommonJS runtime refuses `import()` without --experimental-vm-modules.
  outputOptions: { ...library.outputOptions, dynamicImportInCjs: false },
});
