import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig } from 'vite';
// A user imports it as '@wsadmin/mock/vite'; Vite loads a config's packages without the
// repository's "@wsadmin/source" condition, so here it comes from the source file.
import { wsadminMockWorker } from '../../packages/mock/src/vite';

// `npx vite examples/browser` serves the page; the plugin serves MSW's worker script from the
// installed msw (and puts it into this build, whose page starts the worker).
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [wsadminMockWorker()],
  // The workspace packages from their TypeScript sources (no build needed in the repository).
  resolve: { conditions: ['@wsadmin/source', ...defaultClientConditions] },
  // The reference server, with SQLite as WebAssembly, ships inside the page: one large chunk.
  build: { target: 'es2022', chunkSizeWarningLimit: 4096 },
});
