import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The app as a project builds it: Vite 8 compiles the TSX itself (oxc, automatic JSX runtime).
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    target: 'es2022',
    rolldownOptions: {
      // TanStack's "use client" markers are for React Server Components; a plain SPA ignores them.
      onwarn: (warning, warn) => {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
});
