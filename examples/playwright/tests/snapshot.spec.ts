import { test as base, createMock, expect, type MockScenario } from '@wsadmin/mock/playwright';

// A state built once per worker (here through the typed client), kept as a snapshot: each test
// starts from it, since the fixture's mock resets to its scenario before every test.
const test = base.extend<object, { builtScenario: MockScenario }>({
  builtScenario: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const builder = createMock({ startAt: '2030-01-01T00:00:00.000Z' });
      for (const name of ['North', 'South', 'East', 'West'])
        await builder.client.call('createWorkspace', { body: { name } });
      await builder.client.call('deleteWorkspace', { params: { workspaceId: 3 } });
      builder.clock.advance(3600);
      await use({ snapshot: await builder.snapshot() });
      await builder.close();
    },
    { scope: 'worker' },
  ],
  mockScenario: async ({ builtScenario }, use) => use(builtScenario),
});

const workspaces = (page: import('@playwright/test').Page) => page.locator('#workspaces li');

test('starts from the snapshot: its data, its clock, its next id', async ({ page, mock }) => {
  expect(mock.clock.now().toISOString()).toBe('2030-01-01T01:00:00.000Z');
  await page.goto('/');
  await expect(workspaces(page)).toHaveText(['North', 'South', 'West']);
  const made = await mock.client.call('createWorkspace', { body: { name: 'Made by a test' } });
  expect(made.id).toBe(5);
});

test('the next test starts from the snapshot again, and a test may restore it itself', async ({
  page,
  mock,
  builtScenario,
}) => {
  await page.goto('/');
  await expect(workspaces(page)).toHaveText(['North', 'South', 'West']);
  await mock.client.call('deleteWorkspace', { params: { workspaceId: 1 } });
  mock.clock.advance(60);
  if (builtScenario.snapshot) await mock.restore(builtScenario.snapshot);
  await page.reload();
  await expect(workspaces(page)).toHaveText(['North', 'South', 'West']);
  expect(mock.clock.now().toISOString()).toBe('2030-01-01T01:00:00.000Z');
});
