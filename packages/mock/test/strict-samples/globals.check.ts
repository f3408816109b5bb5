/// <reference types="vitest/globals" />
// A project with `globals: true`: setupMockServer registers its check after each test itself.
import { MOCK_BASE_URL, MOCK_KEY, setupMockServer } from '@wsadmin/mock/node';

const { mock, server } = setupMockServer({ seed: { workspaces: [{ name: 'Sales' }] } });
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => mock.reset());
afterAll(() => server.close());

const createWorkspace = (body: unknown) =>
  fetch(`${MOCK_BASE_URL}/openapi/v1/workspaces/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${MOCK_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

test('sends a wrong body and checks only what the page shows', async () => {
  const response = await createWorkspace({ title: 'Sales 2' });
  expect(response.status).toBe(400);
});

test('declares the rejection it expects', async () => {
  mock.allowRejection('createWorkspace');
  expect((await createWorkspace({ title: 'Sales 2' })).status).toBe(400);
});

test('sends a right body', async () => {
  expect((await createWorkspace({ name: 'Sales 2' })).status).toBe(200);
});
