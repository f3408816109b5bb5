import { createMockWith, type MockOptions, type WsadminMock } from './create-mock';
import { http } from './msw-http';

export * from './exports';

/**
 * `createMock` where the `node` export condition applies (Node, Bun, Deno): the same mock as the
 * other runtimes', on the `http` of `msw-http.ts` rather than msw's main entry, whose WebSocket
 * API keeps Deno's process from exiting (and loads GraphQL with msw 2).
 */
export function createMock(options: MockOptions = {}): WsadminMock {
  return createMockWith(http, options);
}
