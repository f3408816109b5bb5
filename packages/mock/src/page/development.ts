// Whether the page is a development build, as the bundler says it.
import { viteDevFlag } from './vite-env';

// Typed here rather than through `vite/client` or Node's types: the bundler replaces the text.
declare const process: { readonly env: Readonly<Record<string, string | undefined>> };

/**
 * True in a development build: Vite replaces `import.meta.env.DEV` (dev server and build, true in
 * `vite` and `vite build --mode development`, false in a production build); webpack, Rspack,
 * Parcel and esbuild set-ups replace `process.env.NODE_ENV`. Where neither is replaced (no
 * bundler said), false: a production page never carries the mock's window handle unasked.
 */
export function isDevelopmentBuild(): boolean {
  try {
    const dev = viteDevFlag();
    if (typeof dev === 'boolean') return dev;
  } catch {
    // No `import.meta.env` (not Vite): ask the other convention.
  }
  try {
    const mode = process.env.NODE_ENV;
    return mode !== undefined && mode !== 'production';
  } catch {
    return false;
  }
}
