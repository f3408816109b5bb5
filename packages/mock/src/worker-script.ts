import { copyFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** Path of the service-worker script of the installed MSW. */
export function workerScriptPath(): string {
  return createRequire(import.meta.url).resolve('msw/mockServiceWorker.js');
}

/**
 * Copies MSW's `mockServiceWorker.js` into a directory the page serves at its root (a Vite app's
 * `public/`). Same result as `npx msw init <dir>`; run it again after upgrading msw.
 */
export function copyWorkerScript(directory: string): string {
  mkdirSync(directory, { recursive: true });
  const destination = join(directory, 'mockServiceWorker.js');
  copyFileSync(workerScriptPath(), destination);
  return destination;
}
