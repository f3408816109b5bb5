import { defineConfig } from 'tsdown';
import { libraryBuild } from '../../tsdown.base';

export default defineConfig(
  libraryBuild({ entry: { index: 'src/index.ts', node: 'src/node.ts', browser: 'src/browser.ts' } }),
);
