import { fileURLToPath } from 'node:url';
import { defineConfig, type UserConfig } from 'tsdown';
import { libraryBuild } from '../../tsdown.base';

const entries = {
  index: 'src/index.ts',
  // `@wsadmin/mock` under the `node` export condition (Node, Bun, Deno).
  'index-node': 'src/index-node.ts',
  node: 'src/node.ts',
  browser: 'src/browser.ts',
  playwright: 'src/playwright.ts',
  vite: 'src/vite.ts',
  // Storybook loads ES modules only: no CommonJS build.
  storybook: 'src/storybook.ts',
};

/**
 * The browser entry imports sql.js's WebAssembly as an asset URL (`?url`), which only a bundler
 * understands. CommonJS is for Node and Jest: there the import becomes `undefined` (sql.js then
 * locates its file itself, or the caller passes `sqlWasmUrl`), and the browser entry is built on
 * its own, so no chunk shared with the Node entries can ever require it or its `?url`.
 */
const assetUrlUnset = {
  name: 'asset-url-unset',
  // Before the build's own resolver, which would leave the dependency's path external.
  resolveId: {
    order: 'pre' as const,
    handler: (id: string) => (id.endsWith('?url') ? '\0asset-url-unset' : null),
  },
  load: (id: string) => (id === '\0asset-url-unset' ? 'export default undefined;' : null),
};

/**
 * CommonJS has no `import.meta`: there Vite's development flag (`src/page/vite-env.ts`) is
 * undefined, and the development-build check reads `process.env.NODE_ENV`, which webpack-style
 * bundlers replace.
 */
const viteEnvUnset = {
  name: 'vite-env-unset',
  resolveId: {
    order: 'pre' as const,
    handler: (id: string) => (id === './vite-env' ? '\0vite-env-unset' : null),
  },
  load: (id: string) =>
    id === '\0vite-env-unset' ? 'export function viteDevFlag() { return undefined; }' : null,
};

/**
 * CommonJS has no top-level await: the Node entries' `msw-http.ts` (which awaits msw 2's or msw 3's
 * `http`) becomes `msw-http.cjs.ts`, which requires it.
 */
const mswHttpRequired = {
  name: 'msw-http-required',
  resolveId: {
    order: 'pre' as const,
    handler: (id: string) =>
      id === './msw-http' ? fileURLToPath(new URL('src/msw-http.cjs.ts', import.meta.url)) : null,
  },
};

const esm = libraryBuild({ entry: entries, formats: ['esm'] });
const cjs = (entry: Record<string, string>, extra: Partial<UserConfig> = {}): UserConfig => ({
  ...libraryBuild({ entry, formats: ['cjs'] }),
  clean: false,
  ...extra,
});

export default defineConfig([
  esm,
  cjs(
    {
      index: entries.index,
      'index-node': entries['index-node'],
      node: entries.node,
      playwright: entries.playwright,
      vite: entries.vite,
    },
    { plugins: [mswHttpRequired] },
  ),
  cjs({ browser: entries.browser }, { plugins: [assetUrlUnset, viteEnvUnset] }),
  // The `wsadmin-mock` command, for Node, as an ES module.
  {
    ...libraryBuild({ entry: { 'bin/wsadmin-mock': 'src/cli/main.ts' }, formats: ['esm'], platform: 'node' }),
    clean: false,
  },
]);
