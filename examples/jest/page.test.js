/**
 * @jest-environment ./jsdom-environment.js
 */
// A component-style test in jsdom: the page renders what the SDK fetched from the mock.
const { MOCK_BASE_URL, MOCK_KEY, setupMockServer } = require('@wsadmin/mock/node');
const { createClient } = require('@wsadmin/sdk');

const { mock, server } = setupMockServer({ seed: { workspaces: [{ name: 'Sales' }, { name: 'Support' }] } });
const client = createClient({ baseUrl: MOCK_BASE_URL, key: MOCK_KEY, retries: 0 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => mock.reset());
afterAll(() => server.close());

async function renderWorkspaces(list) {
  list.replaceChildren();
  for (const workspace of await client.workspaces.list()) {
    const item = document.createElement('li');
    item.textContent = `${workspace.id} ${workspace.name}`;
    list.append(item);
  }
}

test('runs in jsdom and lists the seeded workspaces into the page', async () => {
  expect(typeof window).toBe('object');
  const list = document.createElement('ul');
  document.body.append(list);
  await renderWorkspaces(list);
  expect([...list.children].map((item) => item.textContent)).toEqual(['1 Sales', '2 Support']);
});

test('shows an error the mock was told to answer', async () => {
  mock.override('listWorkspaces', { errcode: 503, errmsg: 'maintenance', data: { reason: 'unavailable' } });
  await expect(renderWorkspaces(document.createElement('ul'))).rejects.toMatchObject({ errcode: 503 });
});
