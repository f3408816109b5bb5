import { type SetupServer, setupServer } from 'msw/node';
import type { MockOptions, WsadminMock } from './create-mock';
import { createMock } from './index-node';

export * from './index-node';
export {
  type MockRoute,
  type RoutedRequest,
  type RouteMockOptions,
  type RouteTarget,
  routeMock,
} from './route-mock';
export { copyWorkerScript, workerScriptPath } from './worker-script';

/**
 * The mock for Node tests: `createMock` plus an MSW server over its handlers. Call
 * `server.listen()` (e.g. in `beforeAll`) to intercept `fetch`, and `mock.reset()` between tests.
 */
export function setupMockServer(options: MockOptions = {}): { mock: WsadminMock; server: SetupServer } {
  const mock = createMock(options);
  return { mock, server: setupServer(...mock.handlers) };
}
