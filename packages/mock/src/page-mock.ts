import { http, passthrough } from 'msw';
// An asset URL (Vite's `?url`): the bundler emits the WebAssembly as a file of its own, which the
// browser compiles while streaming and caches, instead of inlining it into the JavaScript.
import sqlWasmUrl from 'sql.js/dist/sql-wasm-browser.wasm?url';
import { createMockWith, type MockOptions, type MockRole, type WsadminMock } from './create-mock';

/**
 * The mock in a page (`createMock` of `@wsadmin/mock/browser`, `startMockWorker`, `mockStory`):
 * sql.js's WebAssembly found where the bundler emitted it. `role`: as its entry runs it.
 */
export function createPageMock(options: MockOptions, role?: MockRole): WsadminMock {
  const wasmUrl = options.sqlWasmUrl ?? sqlWasmUrl;
  // The mock's own fetch of its WebAssembly goes through the page's worker too: passed through by
  // a handler, so a worker that warns about (or fails) unhandled requests lets it by quietly.
  const ownRequests = wasmUrl === undefined ? [] : [http.get(wasmUrl, () => passthrough())];
  return createMockWith(
    http,
    { ...options, ...(wasmUrl === undefined ? {} : { sqlWasmUrl: wasmUrl }) },
    ownRequests,
    role,
  );
}
