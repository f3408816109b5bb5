import { http, passthrough } from 'msw';
import { type SetupWorker, type StartOptions, setupWorker } from 'msw/browser';
// An asset URL (Vite's `?url`): the bundler emits the WebAssembly as a file of its own, which the
// browser compiles while streaming and caches, instead of inlining it into the JavaScript.
import sqlWasmUrl from 'sql.js/dist/sql-wasm-browser.wasm?url';
import { createMockWith, type MockOptions, type WsadminMock } from './create-mock';
import { logStart, requestLogger } from './page/console-log';
import { isDevelopmentBuild } from './page/development';
import { exposeOnWindow } from './page/devtools-handle';
import { explainWorkerStartFailure } from './worker-start';

export * from './exports';
export { DEVTOOLS_PROPERTY, type MockDevtools } from './page/devtools-handle';

/**
 * `createMock` for pages: the same mock, with sql.js's WebAssembly found where the bundler emitted
 * it (`sqlWasmUrl` defaults to that asset), so `createMock(...).handlers` work in any `setupWorker`
 * (Storybook's, Vitest browser mode's, your own) without options.
 */
export function createMock(options: MockOptions = {}): WsadminMock {
  const wasmUrl = options.sqlWasmUrl ?? sqlWasmUrl;
  // The mock's own fetch of its WebAssembly goes through the page's worker too: passed through by
  // a handler, so a worker that warns about (or fails) unhandled requests lets it by quietly.
  const ownRequests = wasmUrl === undefined ? [] : [http.get(wasmUrl, () => passthrough())];
  return createMockWith(
    http,
    { ...options, ...(wasmUrl === undefined ? {} : { sqlWasmUrl: wasmUrl }) },
    ownRequests,
  );
}

export interface MockWorkerOptions extends MockOptions {
  /** Passed to MSW's `worker.start()`. Default: the worker at `/mockServiceWorker.js`, quiet, other requests bypassed. */
  start?: StartOptions;
  /**
   * No console lines from the mock: neither the one when it starts nor the collapsed group per
   * request. Default false. (MSW's own lines are off unless `start: { quiet: false }`.)
   */
  quiet?: boolean;
  /**
   * Puts `window.__wsadminMock` (journal, state, snapshot, restore, overrides, clock) on the page
   * for the devtools console. Default: in development builds only (Vite's `import.meta.env.DEV`,
   * else `process.env.NODE_ENV` other than `production`); a production build gets it only when
   * this is true.
   */
  exposeOnWindow?: boolean;
}

/**
 * The mock in a browser: `createMock` plus an MSW service worker over its handlers, started and
 * seeded. Logs a line to the console when it starts and a collapsed group per request (`quiet`
 * turns both off); in development builds, `window.__wsadminMock` gives the devtools console the
 * journal, the state and the controls (`exposeOnWindow`). The page must serve MSW's `mockServiceWorker.js`: `wsadminMockWorker()` of
 * `@wsadmin/mock/vite` does in Vite (see the package README); when it is missing, the error says so.
 */
export async function startMockWorker(
  options: MockWorkerOptions = {},
): Promise<{ mock: WsadminMock; worker: SetupWorker }> {
  const { start, quiet, exposeOnWindow: expose, ...mockOptions } = options;
  const mock = createMock(mockOptions);
  const worker = setupWorker(...mock.handlers);
  // msw 2 reads `onUnhandledRequest`, msw 3 `onUnhandledFrame`; each ignores the other's.
  const bypass = { onUnhandledRequest: 'bypass', onUnhandledFrame: 'bypass' } as StartOptions;
  const startOptions: StartOptions = { quiet: true, ...bypass, ...start };
  // The database opens (WebAssembly fetched and compiled, seed applied) while the worker installs:
  // neither waits for the other.
  const ready = mock.ready();
  // Awaited below; a failure that comes first is not an unhandled rejection meanwhile.
  ready.catch(() => undefined);
  try {
    await worker.start(startOptions);
  } catch (error) {
    throw await explainWorkerStartFailure(error, startOptions.serviceWorker?.url ?? '/mockServiceWorker.js');
  }
  await ready;
  if (!quiet) {
    logStart(mock, mockOptions);
    const logger = requestLogger(mock);
    // After the answer's journal entry is written: the event may come first.
    worker.events.on('request:end', () => {
      setTimeout(logger.logNew, 0);
    });
  }
  if (expose ?? isDevelopmentBuild()) exposeOnWindow(mock);
  return { mock, worker };
}
