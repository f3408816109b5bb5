import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Plugin } from 'vite';
import { workerScriptPath } from './worker-script';

const SCRIPT = 'mockServiceWorker.js';

/** Modules of msw's browser entry: a bundle that holds one starts a service worker. */
const MSW_BROWSER_MODULE = /[\\/]msw[\\/]lib[\\/]browser[\\/]/;

export interface MockWorkerPluginOptions {
  /**
   * When builds get `mockServiceWorker.js`. `'auto'` (default): only bundles that start MSW's
   * worker (those that import `startMockWorker`, `setupWorker`), so a production build that leaves
   * the mock out gets no worker script. `'never'`: no build gets it (dev and preview still serve it).
   */
  emit?: 'auto' | 'never';
}

/**
 * Serves MSW's `mockServiceWorker.js` from the installed msw: no copy in `public/` to keep fresh
 * after an upgrade. `vite` and `vite preview` serve it at `<base>mockServiceWorker.js`; a build gets
 * it only when its bundle starts the worker (a test or demo build), never a production build
 * without the mock. The msw 3 equivalent is msw's own `msw/vite` plugin.
 *
 * @example
 * // vite.config.ts
 * import { wsadminMockWorker } from '@wsadmin/mock/vite';
 * export default defineConfig({ plugins: [wsadminMockWorker()] });
 */
export function wsadminMockWorker(options: MockWorkerPluginOptions = {}): Plugin {
  let scriptPath = `/${SCRIPT}`;
  const serve = (request: IncomingMessage, response: ServerResponse, next: () => void) => {
    const path = new URL(request.url ?? '/', 'http://vite.invalid').pathname;
    if (path !== scriptPath) {
      next();
      return;
    }
    response.setHeader('content-type', 'text/javascript; charset=utf-8');
    // A new msw after an upgrade reaches the browser at once.
    response.setHeader('cache-control', 'no-cache');
    response.end(readFileSync(workerScriptPath()));
  };
  return {
    name: 'wsadmin-mock-worker',
    configResolved(config) {
      scriptPath = `${workerBase(config.base)}${SCRIPT}`;
    },
    configureServer(server) {
      server.middlewares.use(serve);
    },
    configurePreviewServer(server) {
      server.middlewares.use(serve);
    },
    generateBundle(_output, bundle) {
      if (options.emit === 'never' || this.environment?.config.consumer === 'server') return;
      // The chunks written, not the module graph: a dynamic import under `if (import.meta.env.DEV)`
      // is in the graph of a production build, but no chunk renders it.
      const startsWorker = Object.values(bundle).some(
        (output) =>
          output.type === 'chunk' &&
          Object.entries(output.modules).some(
            ([id, module]) => MSW_BROWSER_MODULE.test(id) && module.renderedLength > 0,
          ),
      );
      if (startsWorker)
        this.emitFile({ type: 'asset', fileName: SCRIPT, source: readFileSync(workerScriptPath()) });
    },
  };
}

/** The path the page's base URL puts the worker under: `/` for a relative base (`./`). */
function workerBase(base: string): string {
  if (base === '' || base.startsWith('.')) return '/';
  const path = new URL(base, 'http://vite.invalid').pathname;
  return path.endsWith('/') ? path : `${path}/`;
}
