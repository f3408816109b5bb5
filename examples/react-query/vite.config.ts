import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig } from 'vite';
// A user imports it as '@wsadmin/mock/vite' (see examples/browser/vite.config.ts).
import { wsadminMockWorker } from '../../packages/mock/src/vite';

// `npx vite examples/react-query` serves the page. Vite 8 compiles the TSX itself (oxc, automatic
// JSX runtime); @vitejs/plugin-react would only add Fast Refresh in development.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // The workspace packages from their TypeScript sources (no build needed in the repository).
  resolve: { conditions: ['@wsadmin/source', ...defaultClientConditions] },
  // MSW's mockServiceWorker.js, from the installed msw.
  plugins: [wsadminMockWorker()],
  oxc: { jsx: { runtime: 'automatic' } },
  // The reference server, with SQLite as WebAssembly, ships inside the page: one large chunk.
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 4096,
    rolldownOptions: {
      // TanStack's "use client" markers are for React Server Components; a plain SPA ignores them.
      onwarn: (warning, warn) => {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
});
