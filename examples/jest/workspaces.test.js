// The mock in Jest's default setup: CommonJS, testEnvironment 'node', no transform beyond Jest's own.
const { MOCK_BASE_URL, MOCK_KEY, mockMatchers, setupMockServer } = require('@wsadmin/mock/node');
const { createClient } = require('@wsadmin/sdk');

const { mock, server } = setupMockServer({
  seed: {
    workspaces: [{ name: 'Sales', dimensions: [{ type: 'string', format: 'text', names: ['region'] }] }],
  },
  keys: [{ secret: 'wsk_sales_only', permissions: ['workspace'], workspaceIds: [1] }],
});
const client = createClient({ baseUrl: MOCK_BASE_URL, key: MOCK_KEY, retries: 0 });

expect.extend(mockMatchers); // expect(mock).toHaveReceived(...), usually in a setup file

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => mock.reset()); // seed back, overrides cleared, clock reset
afterAll(() => server.close());

test('creates and lists workspaces with the rules of the reference server', async () => {
  const created = await client.workspaces.create({ name: 'Marketing' });
  expect(created).toMatchObject({ id: 2, name: 'Marketing', date_offset: -1 }); // defaults filled in
  expect((await client.workspaces.list()).map((w) => w.name)).toEqual(['Sales', 'Marketing']);
  const duplicate = client.dimensions.create(1, [{ type: 'string', format: 'text', names: ['region'] }]);
  await expect(duplicate).rejects.toMatchObject({ errcode: 409 }); // the keyword is taken
});

test('the raw openapi-fetch client works in CommonJS too', async () => {
  const { data, response } = await client.raw.GET('/openapi/v1/workspaces/');
  expect(response.status).toBe(200);
  expect(data).toMatchObject({ errcode: 200, data: [{ id: 1, name: 'Sales' }] });
});

test('reset() brings the seed back', async () => {
  expect((await client.workspaces.list()).map((w) => w.name)).toEqual(['Sales']);
});

test('limits a restricted key, as the server does', async () => {
  const salesOnly = createClient({ baseUrl: MOCK_BASE_URL, key: 'wsk_sales_only', retries: 0 });
  await client.workspaces.create({ name: 'Other' });
  expect((await salesOnly.workspaces.list()).map((w) => w.id)).toEqual([1]);
  await expect(salesOnly.workspaces.get(2)).rejects.toMatchObject({ errcode: 403 });
});

test('plays a failure once, then the retry succeeds', async () => {
  mock.override(
    'listWorkspaces',
    { errcode: 503, errmsg: 'maintenance', data: { reason: 'unavailable' } },
    { times: 1 },
  );
  const retrying = createClient({
    baseUrl: MOCK_BASE_URL,
    key: MOCK_KEY,
    retries: { limit: 1, baseDelayMs: 1 },
  });
  expect(await retrying.workspaces.list()).toHaveLength(1);
});

test('shows what the app sent, and a failure lists what was received instead', async () => {
  await client.workspaces.create({ name: 'Marketing' });
  expect(mock).toHaveReceived('createWorkspace', { body: { name: 'Marketing' } });
  expect(mock).not.toHaveReceived('deleteWorkspace');
  expect(mock.requests[0].changes).toEqual([
    expect.objectContaining({ kind: 'workspace', action: 'created', id: 2 }),
  ]);
  expect(() => expect(mock).toHaveReceived('createWorkspace', { body: { name: 'Sales' } })).toThrow(
    'body.name: expected "Sales", received "Marketing"',
  );
});
