import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig } from 'vite';

// `npx vite examples/browser` serves the page; public/ holds MSW's mockServiceWorker.js.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // The workspace packages from their TypeScript sources (no build needed in the repository).
  resolve: { conditions: ['@wsadmin/source', ...defaultClientConditions] },
  // The reference server, with SQLite as WebAssembly, ships inside the page: one large chunk.
  build: { target: 'es2022', chunkSizeWarningLimit: 4096 },
});
