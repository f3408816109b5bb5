import type { Target } from '@wsadmin/conformance';
import type { SetupServer } from 'msw/node';
import { seedModelInto } from '../../../server-core/conformance/seed-model';
import type { WsadminMock } from '../create-mock';
import { setupMockServer } from '../node';

/**
 * The MSW mock as a scenario target: requests go through the global `fetch`, which MSW's Node
 * interceptor answers with the mock's handlers. A request MSW does not handle is an error.
 */
export async function mockTarget(): Promise<
  Target &
    Required<Pick<Target, 'createKey' | 'revokeKey' | 'advanceClock' | 'seedModel' | 'close'>> & {
      mock: WsadminMock;
      server: SetupServer;
    }
> {
  const { mock, server } = setupMockServer({
    baseUrl: 'http://wsadmin.mock.test',
    // The suite sends requests the contract refuses on purpose, to check the answers.
    strict: false,
    onError: (error) => console.error(error),
  });
  server.listen({ onUnhandledRequest: 'error' });
  await mock.ready();
  return {
    name: 'msw-mock',
    mock,
    server,
    baseUrl: mock.baseUrl,
    // Looked up on every call: the fetch MSW patched.
    fetch: (request) => globalThis.fetch(request),
    key: mock.key,
    createKey: (key) => mock.createKey(key),
    revokeKey: (secret) => mock.revokeKey(secret),
    advanceClock: async (seconds) => mock.clock.advance(seconds),
    async seedModel(workspaceId, model) {
      const { db } = await mock.storage();
      return seedModelInto(db, () => mock.clock.now())(workspaceId, model);
    },
    async close() {
      server.close();
      await mock.close();
    },
  };
}
