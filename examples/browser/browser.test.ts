import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { workerScriptPath } from '@wsadmin/mock/node';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAndPreview, launchChromium, type PreviewedExample } from '../testing/browser-page';

const root = fileURLToPath(new URL('.', import.meta.url));
const configFile = join(root, 'vite.config.ts');

describe('the browser example: SDK -> MSW service worker -> reference app in the page', () => {
  let example: PreviewedExample | undefined;
  let browser: Browser | undefined;
  let page: Page;
  const pageErrors: string[] = [];
  // Console errors include expected ones (the browser logs every 4xx answer); kept for diagnostics.
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    example = await buildAndPreview(configFile, 'wsadmin-browser-');
    browser = await launchChromium();
    page = await browser.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await page.goto(example.url);
    const status = page.getByRole('status');
    try {
      await status.filter({ hasText: 'Ready' }).waitFor({ timeout: 20_000 });
    } catch (error) {
      const shown = await status.textContent();
      throw new Error(
        `the page did not get ready: status "${shown}", errors: ${[...pageErrors, ...consoleErrors].join(' | ')}`,
        {
          cause: error,
        },
      );
    }
  });

  afterAll(async () => {
    await browser?.close();
    await example?.close();
  });

  it('serves the worker script of the installed msw (the plugin of @wsadmin/mock/vite)', async () => {
    const served = await page.evaluate(async () => (await fetch('/mockServiceWorker.js')).text());
    expect(served === readFileSync(workerScriptPath(), 'utf8')).toBe(true);
  });

  it('is controlled by the MSW worker and shows the seeded workspace', async () => {
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(
      /\/mockServiceWorker\.js$/,
    );
    await expect.poll(() => page.locator('#workspaces li').allTextContents()).toEqual(['Demo']);
  });

  it('creates a workspace and a dimension, then lists them', async () => {
    await page.getByPlaceholder('Workspace name').fill('Made in Chromium');
    await page.getByRole('button', { name: 'Create workspace' }).click();
    await expect
      .poll(() => page.locator('#workspaces li').allTextContents())
      .toEqual(['Demo', 'Made in Chromium']);
    expect(await page.locator('#selected-workspace').textContent()).toBe('Made in Chromium');
    expect(await page.locator('#dimensions li').count()).toBe(0);

    for (const keyword of ['region', 'channel']) {
      await page.getByPlaceholder('Dimension keyword').fill(keyword);
      await page.getByRole('button', { name: 'Add dimension' }).click();
      await expect
        .poll(() => page.locator('#dimensions li').allTextContents())
        .toContain(`${keyword} (string)`);
    }
    expect(await page.locator('#dimensions li').allTextContents()).toEqual([
      'region (string)',
      'channel (string)',
    ]);

    // Another workspace has its own dimensions: the list is read from the mock's storage.
    await page.getByRole('button', { name: 'Demo' }).click();
    await expect.poll(() => page.locator('#selected-workspace').textContent()).toBe('Demo');
    await expect.poll(() => page.locator('#dimensions li').count()).toBe(0);
    await page.getByRole('button', { name: 'Made in Chromium' }).click();
    await expect.poll(() => page.locator('#dimensions li').count()).toBe(2);
  });

  it('shows the rules of the reference server: a duplicate keyword is refused', async () => {
    await page.getByPlaceholder('Dimension keyword').fill('region');
    await page.getByRole('button', { name: 'Add dimension' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/^Error 409: /);
    expect(await page.locator('#dimensions li').count()).toBe(2);
    expect(pageErrors).toEqual([]);
  });
});
