// A component of the example app rendered in Chromium by Vitest browser mode, the mock's service
// worker answering its requests with the reference server's own code.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MOCK_BASE_URL, MOCK_KEY, type MockDevtools, startMockWorker } from '@wsadmin/mock/browser';
import { createClient } from '@wsadmin/sdk';
import { createQueries } from '@wsadmin/sdk/query';
import { afterAll, beforeEach, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { App } from '../react-query/src/app';
import { demo } from '../react-query/src/scenarios';

const client = createClient({ baseUrl: MOCK_BASE_URL, key: MOCK_KEY, retries: 0 });
const q = createQueries(client);
// quiet: no console line per request in the test run's output.
const { mock, worker } = await startMockWorker({ ...demo, quiet: true });

beforeEach(() => mock.reset());
afterAll(() => worker.stop());

const renderApp = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App q={q} />
    </QueryClientProvider>,
  );

test('lists the workspaces of the scenario', async () => {
  const screen = await renderApp();
  await expect.element(screen.getByRole('button', { name: 'Archive' })).toBeVisible();
  expect(
    screen
      .getByRole('listitem')
      .elements()
      .map((item) => item.textContent),
  ).toEqual(['Demo', 'Archive']);
});

test('a workspace created in the component is in the mock', async () => {
  const screen = await renderApp();
  await userEvent.fill(screen.getByPlaceholder('Workspace name'), 'Made in the browser test');
  await userEvent.click(screen.getByRole('button', { name: 'Create workspace' }));
  await expect
    .element(screen.getByRole('heading', { name: 'Made in the browser test', level: 2 }))
    .toBeVisible();
  const names = (await mock.client.call('listWorkspaces')).map((workspace) => workspace.name);
  expect(names).toEqual(['Demo', 'Archive', 'Made in the browser test']);
});

test('starts again from the scenario after reset()', async () => {
  expect((await mock.client.call('listWorkspaces')).map((workspace) => workspace.name)).toEqual([
    'Demo',
    'Archive',
  ]);
});

test('a one-time 503 from an override shows as the query error', async () => {
  mock.override(
    'getWorkspace',
    { errcode: 503, errmsg: 'maintenance', data: { reason: 'unavailable' } },
    { times: 1 },
  );
  const screen = await renderApp();
  await userEvent.click(screen.getByRole('button', { name: 'Demo' }));
  await expect.element(screen.getByText('Error 503: maintenance')).toBeVisible();
});

test('in a development build the devtools console has the mock: window.__wsadminMock', async () => {
  const handle = (window as unknown as { __wsadminMock?: MockDevtools }).__wsadminMock;
  expect(handle?.mock).toBe(mock);
  await client.workspaces.list();
  expect(handle?.requests.at(-1)).toMatchObject({ operationId: 'listWorkspaces', answer: { status: 200 } });
  expect((await handle?.state())?.workspaces.map((row) => row.name)).toEqual(['Demo', 'Archive']);
});
