import { defineConfig } from 'tsdown';
import { libraryBuild } from '../tsdown.base';

// `routes` is the request builder and route table on their own (no zod): the SDK's one import.
// `examples`: every operation's example, as the document shows it, for tools and tests.
export default defineConfig({
  ...libraryBuild({
    entry: { index: 'src/index.ts', routes: 'src/route-table.ts', examples: 'src/examples/index.ts' },
  }),
  tsconfig: '../tsconfig.build.json',
});
