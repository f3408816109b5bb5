import { expect, test } from '@wsadmin/mock/playwright';
import { demo } from '../../react-query/src/scenarios';

test.use({ mockScenario: demo });

// Fails on purpose, to show what a failed test's report carries: each API call as a step, and the
// mock's journal (wsadmin-mock.har, wsadmin-mock-requests.txt) and the changes since the seed
// (wsadmin-mock-changes.txt) as attachments. consumer/browser-tools.test.ts reads them.
test('a failed test carries the API traffic and what it changed', async ({ page }) => {
  test.fail(true, 'fails on purpose: its report carries the attachments of the mock');
  await page.goto('/');
  await page.getByPlaceholder('Workspace name').fill('Made before the failure');
  await page.getByRole('button', { name: 'Create workspace' }).click();
  await expect(page.locator('#selected-workspace')).toHaveText('Made before the failure');
  // The page lists three workspaces now: this expectation fails.
  await expect(page.locator('#workspaces li')).toHaveText(['Demo', 'Archive'], { timeout: 1_000 });
});
