import { type SetupWorker, type StartOptions, setupWorker } from 'msw/browser';
// An asset URL (Vite's `?url`): the bundler emits the WebAssembly as a file of its own, which the
// browser compiles while streaming and caches, instead of inlining it into the JavaScript.
import sqlWasmUrl from 'sql.js/dist/sql-wasm-browser.wasm?url';
import { createMock, type MockOptions, type WsadminMock } from './create-mock';

export * from './index';

export interface MockWorkerOptions extends MockOptions {
  /** Passed to MSW's `worker.start()`. Default: the worker at `/mockServiceWorker.js`, quiet, other requests bypassed. */
  start?: StartOptions;
}

/**
 * The mock in a browser: `createMock` plus an MSW service worker over its handlers, started and
 * seeded. The page must serve MSW's `mockServiceWorker.js` (see the package README).
 */
export async function startMockWorker(
  options: MockWorkerOptions = {},
): Promise<{ mock: WsadminMock; worker: SetupWorker }> {
  const { start, ...mockOptions } = options;
  const mock = createMock({ sqlWasmUrl, ...mockOptions });
  const worker = setupWorker(...mock.handlers);
  await worker.start({ quiet: true, onUnhandledRequest: 'bypass', ...start });
  await mock.ready();
  return { mock, worker };
}
