import { http } from 'msw';
import { createMockWith, type MockOptions, type WsadminMock } from './create-mock';

export * from './exports';

/**
 * Stateful mock of the service: the reference server's app on in-memory SQLite, behind MSW handlers
 * (`mock.handlers`) or called directly (`mock.fetch`). This file serves bundlers and Workers (msw's
 * main entry, of which a bundle keeps `http` alone); Node, Bun and Deno get `index-node.ts` through
 * the `node` export condition. In a page, `@wsadmin/mock/browser` finds sql.js's WebAssembly itself.
 */
export function createMock(options: MockOptions = {}): WsadminMock {
  return createMockWith(http, options);
}
