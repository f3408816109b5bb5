import { baseScope } from './base-scope';
import { mockClient } from './client';
import { createAnswering } from './mock-answering';
import { MOCK_BASE_URL, MOCK_KEY, type MockOptions } from './mock-options';
import { createMockState } from './mock-state';
import type { WsadminMock } from './wsadmin-mock';

export { MOCK_BASE_URL, MOCK_KEY, type MockKey, type MockOptions } from './mock-options';
export type { MockClock, MockSnapshot, WsadminMock } from './wsadmin-mock';

/**
 * Stateful mock of the service: the reference server's app on in-memory SQLite, behind MSW handlers.
 * The state (storage, keys, seed, clock) and the answering (overrides, MSW handler) live apart;
 * this joins them into the public object.
 */
export function createMock(options: MockOptions = {}): WsadminMock {
  const scope = baseScope(options.baseUrl ?? MOCK_BASE_URL);
  const state = createMockState(options);
  const answering = createAnswering({
    scope,
    appFetch: state.appFetch,
    onViolation: options.onContractViolation ?? ((error) => console.error(`[wsadmin mock] ${error.message}`)),
  });

  return {
    baseUrl: scope.href,
    key: MOCK_KEY,
    handlers: answering.handlers,
    clock: state.clock,
    client: mockClient((request) => state.appFetch(request), MOCK_KEY),
    get violations() {
      return answering.violations;
    },
    async fetch(request) {
      const response = await answering.answer(request);
      // Outside MSW a network error is a rejected fetch, as with the real one.
      if (response.type === 'error')
        throw new TypeError('Failed to fetch (wsadmin mock: network-error override)');
      return response;
    },
    ready: state.ready,
    async reset() {
      answering.clear();
      await state.reset();
    },
    snapshot: state.snapshot,
    restore: state.restore,
    override: answering.override,
    clearOverrides: answering.clearOverrides,
    createKey: state.createKey,
    revokeKey: state.revokeKey,
    storage: state.storage,
    close: state.close,
  };
}
