import { type SetupServer, setupServer } from 'msw/node';
import { createMockWith, type MockOptions, type WsadminMock } from './create-mock';
import { http } from './msw-http';
import { checkAfterEachTest, TEST_TOOL } from './strict/test-hooks';

export { loadScenarioFile, ScenarioFileError } from './cli/scenario-file';
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
 * Strict by default: a request the contract refuses fails the test that made it where the runner's
 * `afterEach` is a global (Jest; Vitest with `globals: true`), else the next `reset()` throws it
 * (or call `mock.assertNoRejections()` in your own `afterEach`).
 */
export function setupMockServer(options: MockOptions = {}): { mock: WsadminMock; server: SetupServer } {
  const mock = createMockWith(http, options, [], TEST_TOOL);
  if (options.strict ?? true) checkAfterEachTest(() => mock.assertNoRejections());
  return { mock, server: setupServer(...mock.handlers) };
}
