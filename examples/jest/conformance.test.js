// The conformance suite under Jest: @wsadmin/conformance takes Jest's own test functions, here
// against the mock (which, unlike a server reached over HTTP, can create keys and move its clock).
// Against your own implementation: runConformance(httpTarget({ baseUrl, key }), { ... }).
const { runConformance } = require('@wsadmin/conformance');
const { setupMockServer } = require('@wsadmin/mock/node');

// strict: false, as the suite sends requests the contract refuses on purpose, to check the answers.
const { mock, server } = setupMockServer({ baseUrl: 'http://conformance.mock.test', strict: false });

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  await mock.ready();
});
afterAll(() => server.close());

const target = {
  name: 'msw-mock',
  baseUrl: mock.baseUrl,
  key: mock.key,
  fetch: (request) => globalThis.fetch(request),
  createKey: (key) => mock.createKey(key),
  revokeKey: (secret) => mock.revokeKey(secret),
  advanceClock: async (seconds) => mock.clock.advance(seconds),
};

runConformance(target, { describe, it, expect, afterAll }, { groups: ['protocol', 'workspaces'] });
