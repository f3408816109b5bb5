import { expect, test } from '@wsadmin/mock/playwright';
import { demo, listOutage } from '../../react-query/src/scenarios';

// Every test starts from the demo scenario: the mock in this process is reset before each.
test.use({ mockScenario: demo });

const workspaces = (page: import('@playwright/test').Page) => page.locator('#workspaces li');

test('lists the workspaces of the scenario', async ({ page }) => {
  await page.goto('/');
  await expect(workspaces(page)).toHaveText(['Demo', 'Archive']);
});

test('shows what the test arranged through the typed client before the page loaded', async ({
  page,
  mock,
}) => {
  await mock.client.call('createWorkspace', { body: { name: 'Arranged by the test' } });
  await page.goto('/');
  await expect(workspaces(page)).toHaveText(['Demo', 'Archive', 'Arranged by the test']);
});

test('a workspace created in the page is in the mock, and still there after a reload', async ({
  page,
  mock,
}) => {
  await page.goto('/');
  await page.getByPlaceholder('Workspace name').fill('Made in the page');
  await page.getByRole('button', { name: 'Create workspace' }).click();
  await expect(page.locator('#selected-workspace')).toHaveText('Made in the page');
  const names = (await mock.client.call('listWorkspaces')).map((workspace) => workspace.name);
  expect(names).toEqual(['Demo', 'Archive', 'Made in the page']);
  await page.reload();
  await expect(workspaces(page)).toHaveText(['Demo', 'Archive', 'Made in the page']);
});

test('starts again from the scenario: nothing of the previous test is left', async ({ page }) => {
  await page.goto('/');
  await expect(workspaces(page)).toHaveText(['Demo', 'Archive']);
});

test('a one-time 503 is the query error; the next request is answered by the app', async ({ page, mock }) => {
  mock.override(
    'getWorkspace',
    { errcode: 503, errmsg: 'maintenance', data: { reason: 'unavailable' } },
    { times: 1 },
  );
  await page.goto('/');
  await page.getByRole('button', { name: 'Demo' }).click();
  await expect(page.locator('#workspace-error')).toHaveText('Error 503: maintenance');
  await page.getByRole('button', { name: 'Archive' }).click();
  await expect(page.locator('#selected-workspace')).toHaveText('Archive');
});

test('a network-error override aborts the request: the page sees a failed fetch', async ({ page, mock }) => {
  mock.override('getWorkspace', 'network-error');
  await page.goto('/');
  await page.getByRole('button', { name: 'Demo' }).click();
  // The SDK's NetworkError names the request and what the browser said (no code in a browser).
  await expect(page.locator('#workspace-error')).toContainText(
    /^getWorkspace: GET https:\/\/\S+\/openapi\/v1\/workspaces\/1\/ failed: Failed to fetch/,
  );
});

test('an override answering outside the contract fails the test', async ({ page, mock }) => {
  test.fail(true, 'the fixture fails a test whose mock answered outside the contract');
  mock.override('listWorkspaces', () => [{ id: 'one', name: 'Not a workspace' }] as never);
  await page.goto('/');
  await expect(page.locator('#workspaces-error')).toContainText('Error 500');
});

test.describe('the list-outage scenario', () => {
  test.use({ mockScenario: listOutage });

  test('answers the first list 503, the retry with the workspaces', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('#workspaces-error')).toContainText('Error 503: down for maintenance');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(workspaces(page)).toHaveText(['Demo', 'Archive']);
  });
});

test.describe('the clock', () => {
  test.use({ mockScenario: { ...demo, startAt: '2030-01-01T00:00:00.000Z' } });

  test('starts at the scenario time and moves when the test says: a key expires for the page', async ({
    page,
    mock,
  }) => {
    expect(mock.clock.now().toISOString()).toBe('2030-01-01T00:00:00.000Z');
    await page.goto('/');
    await expect(workspaces(page)).toHaveText(['Demo', 'Archive']);
    const secret = await mock.createKey({ expiresAt: '2030-01-01T00:05:00.000Z' });
    const scopeStatus = () =>
      page.evaluate(
        async ([url, key]) =>
          (await fetch(`${url}/openapi/v1/scopes/`, { headers: { authorization: `Bearer ${key}` } })).status,
        [mock.baseUrl, secret] as const,
      );
    expect(await scopeStatus()).toBe(200);
    mock.clock.advance(600);
    // The 401 is what the test is after: declared, strict mode does not fail it.
    mock.allowRejection({ operationId: 'getScope', status: 401 });
    expect(await scopeStatus()).toBe(401);
  });
});
