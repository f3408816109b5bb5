// The root README's "Use the mock in your tests" is an excerpt of this file (testing/docs.test.ts holds it so).
import {
  MOCK_BASE_URL,
  MOCK_KEY,
  type MockMatchers,
  mockMatchers,
  setupMockServer,
} from '@wsadmin/mock/node';
import { createClient } from '@wsadmin/sdk';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';

const { mock, server } = setupMockServer({
  seed: {
    workspaces: [{ name: 'Sales', dimensions: [{ type: 'string', format: 'text', names: ['region'] }] }],
  },
  keys: [{ secret: 'wsk_sales_only', permissions: ['workspace'], workspaceIds: [1] }],
});
const client = createClient({ baseUrl: MOCK_BASE_URL, key: MOCK_KEY, retries: 0 });

// The journal's matchers (usually in a setup file): expect(mock).toHaveReceived(...).
expect.extend(mockMatchers);
declare module 'vitest' {
  // biome-ignore lint/suspicious/noExplicitAny: merges with Vitest's declaration, which reads `any`.
  interface Matchers<T = any> extends MockMatchers<void> {}
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => mock.reset()); // seed back, overrides cleared, clock reset
afterEach(() => mock.assertNoRejections()); // strict mode: a request the contract refuses fails its test
afterAll(() => server.close());

it('creates and lists workspaces with the rules of the reference server', async () => {
  const created = await client.workspaces.create({ name: 'Marketing' });
  expect(created).toMatchObject({ id: 2, name: 'Marketing', date_offset: -1 }); // defaults filled in
  expect((await client.workspaces.list()).map((w) => w.name)).toEqual(['Sales', 'Marketing']);
  const duplicate = client.dimensions.create(1, [{ type: 'string', format: 'text', names: ['region'] }]);
  await expect(duplicate).rejects.toMatchObject({ errcode: 409 }); // the keyword is taken
});

it('limits a restricted key, as the server does', async () => {
  const salesOnly = createClient({ baseUrl: MOCK_BASE_URL, key: 'wsk_sales_only', retries: 0 });
  await client.workspaces.create({ name: 'Other' });
  expect((await salesOnly.workspaces.list()).map((w) => w.id)).toEqual([1]);
  await expect(salesOnly.workspaces.get(2)).rejects.toMatchObject({ errcode: 403 });
});

it('plays a scenario: one failure, then the retry succeeds', async () => {
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

it('expires plan tokens on the mock clock', async () => {
  const measures = client.management(1).measures;
  const changes = { names: ['revenue'] };
  const { planToken } = await measures.preview({ action: 'create', changes });
  mock.clock.advance(11 * 60); // plan tokens live 10 minutes
  await expect(measures.commitCreate({ changes, planToken })).rejects.toMatchObject({ errcode: 410 });
});

it('fails when an override answers outside the contract', async () => {
  // The types refuse this data at compile time; the cast plays a handler that got it wrong anyway.
  mock.override('getWorkspace', () => ({ id: 1, name: 42 }) as never);
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {}); // the mock also logs it
  await expect(client.workspaces.get(1)).rejects.toThrow(/violates the contract: answer data\.name/);
  expect(logged).toHaveBeenCalledWith(
    expect.stringMatching(/^\[wsadmin mock\] mock override of getWorkspace violates/),
  );
  logged.mockRestore();
});

it('shows what the app sent and what each request changed', async () => {
  await client.workspaces.create({ name: 'Marketing' });
  mock.allowRejection('createWorkspace'); // the wrong call below is on purpose: strict mode lets it by
  await expect(client.workspaces.create({ title: 'Ops' } as never)).rejects.toMatchObject({ errcode: 400 });
  expect(mock).toHaveReceived('createWorkspace', { body: { name: 'Marketing' }, answer: { status: 200 } });
  expect(mock).toHaveReceived('createWorkspace', { answer: { errmsg: expect.stringContaining('title') } });
  expect(mock).toHaveReceivedTimes('createWorkspace', 2);
  expect(mock).toHaveReceivedNothingElse();

  const [created] = mock.requests;
  if (created?.operationId === 'createWorkspace') expect(created.body?.name).toBe('Marketing'); // typed
  expect(created?.headers.authorization).toBe('[redacted]');
  expect(created?.changes).toEqual([
    expect.objectContaining({
      kind: 'workspace',
      action: 'created',
      id: 2,
      after: expect.objectContaining({ name: 'Marketing' }),
    }),
  ]);
});
