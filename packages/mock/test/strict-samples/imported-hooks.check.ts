// A project without globals: nothing runs after each test unless the file says so; the next
// reset() reports what the previous test left.
import { MOCK_BASE_URL, MOCK_KEY, setupMockServer } from '@wsadmin/mock/node';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';

const { mock, server } = setupMockServer({ seed: { workspaces: [{ name: 'Sales' }] } });
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => mock.reset());
afterAll(() => server.close());

test('calls a path that does not exist', async () => {
  const response = await fetch(`${MOCK_BASE_URL}/openapi/v1/workspace/`, {
    headers: { authorization: `Bearer ${MOCK_KEY}` },
  });
  expect(response.status).toBe(404);
});

test('the next test', () => {
  expect(mock.rejections).toEqual([]);
});
