import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAndPreview, launchChromium, type PreviewedExample } from '../testing/browser-page';

const root = fileURLToPath(new URL('.', import.meta.url));
const configFile = join(root, 'vite.config.ts');

describe('the React example: useQuery/useMutation with @wsadmin/sdk/query -> MSW worker -> reference app', () => {
  let example: PreviewedExample | undefined;
  let browser: Browser | undefined;
  let page: Page;
  const pageErrors: string[] = [];
  /** Every request the page sends to the mock (the service worker answers them). */
  const apiRequests: string[] = [];

  const workspaceNames = () => page.locator('#workspaces li').allTextContents();
  const status = () => page.getByRole('status');

  beforeAll(async () => {
    example = await buildAndPreview(configFile, 'wsadmin-react-query-');
    browser = await launchChromium();
    page = await browser.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.hostname === 'wsadmin.mock')
        apiRequests.push(`${request.method()} ${url.pathname.replace('/openapi/v1', '')}`);
    });
    await page.goto(example.url);
    try {
      await status().filter({ hasText: 'Ready' }).waitFor({ timeout: 20_000 });
    } catch (error) {
      const shown = await status().textContent();
      throw new Error(`the page did not get ready: status "${shown}", errors: ${pageErrors.join(' | ')}`, {
        cause: error,
      });
    }
  });

  afterAll(async () => {
    await browser?.close();
    await example?.close();
  });

  it('is controlled by the MSW worker and lists the seeded workspaces through useQuery', async () => {
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(
      /\/mockServiceWorker\.js$/,
    );
    expect(await workspaceNames()).toEqual(['Demo', 'Archive']);
  });

  it('a create through useMutation refetches the workspace list', async () => {
    await page.getByPlaceholder('Workspace name').fill('Made in Chromium');
    await page.getByRole('button', { name: 'Create workspace' }).click();
    await expect.poll(workspaceNames).toEqual(['Demo', 'Archive', 'Made in Chromium']);
    await expect.poll(() => page.locator('#selected-workspace').textContent()).toBe('Made in Chromium');
  });

  it('a rename refetches the detail and the list, and leaves the dimensions alone', async () => {
    await page.getByRole('button', { name: 'Demo' }).click();
    await expect.poll(() => page.locator('#selected-workspace').textContent()).toBe('Demo');
    await expect.poll(() => status().textContent()).toBe('Ready');
    apiRequests.length = 0;
    await page.getByPlaceholder('New name').fill('Demo renamed');
    await page.getByRole('button', { name: 'Rename' }).click();
    await expect.poll(() => page.locator('#selected-workspace').textContent()).toBe('Demo renamed');
    await expect.poll(workspaceNames).toEqual(['Demo renamed', 'Archive', 'Made in Chromium']);
    await expect.poll(() => status().textContent()).toBe('Ready');
    expect([...apiRequests].sort()).toEqual(['GET /workspaces/', 'GET /workspaces/1/', 'PUT /workspaces/1/']);
  });

  it('adding dimensions refetches their list; a duplicate shows the errcode of the ApiError', async () => {
    for (const keyword of ['region', 'channel']) {
      await page.getByPlaceholder('Dimension keyword').fill(keyword);
      await page.getByRole('button', { name: 'Add dimension' }).click();
      await expect
        .poll(() => page.locator('#dimensions li').allTextContents())
        .toContain(`${keyword} (string)`);
    }
    await page.getByPlaceholder('Dimension keyword').fill('region');
    await page.getByRole('button', { name: 'Add dimension' }).click();
    await expect.poll(() => page.locator('#write-error').textContent()).toMatch(/^Error 409: /);
    expect(await page.locator('#dimensions li').allTextContents()).toEqual([
      'region (string)',
      'channel (string)',
    ]);
  });

  it('a missing workspace is the query error, with errcode 404', async () => {
    await page.getByRole('button', { name: 'Open workspace 99' }).click();
    await expect.poll(() => page.locator('#workspace-error').textContent()).toMatch(/^Error 404: /);
    expect(pageErrors).toEqual([]);
  });
});
