import { defineConfig } from 'tsdown';
import { libraryBuild } from '../../tsdown.base';

export default defineConfig(
  libraryBuild({ entry: { index: 'src/index.ts', query: 'src/tanstack-query/index.ts' } }),
);
