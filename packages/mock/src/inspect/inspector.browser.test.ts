import { readFileSync } from 'node:fs';
import { createClient } from '@wsadmin/sdk';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../../testing/chromium';
import { type RunningMockHost, startMockHost } from '../cli/serve';
import { MOCK_KEY } from '../options';

// The inspector page of `wsadmin-mock` in real Chromium, against the command's own host (started
// in this process): what it shows after calls, and what its buttons do.
const ADA = '0b6f4c8e-3d2a-4f1b-9c7e-5a8d2e1f4b3c';
const PASSWORD = 'correct horse battery';
const OTHER_SECRET = 'wsk_scenario_reader_secret';
let host: RunningMockHost;
let browser: Browser;
let page: Page;
// The page polls its API every second: a change shows within a second or two, more on a busy machine.
const SETTLE = { timeout: 10_000 };
const problems: string[] = [];

beforeAll(async () => {
  host = await startMockHost({
    scenario: {
      seed: {
        accounts: [{ uid: ADA, username: 'ada', email: 'ada@example.com', password: PASSWORD }],
        workspaces: [{ name: 'Sales', dimensions: [{ type: 'string', format: 'text', names: ['region'] }] }],
      },
      keys: [{ secret: OTHER_SECRET, name: 'reader' }],
      overrides: { getWorkspace: { override: { errcode: 503, errmsg: 'maintenance' }, times: 2 } },
      startAt: '2030-01-01T00:00:00Z',
    },
    scenarioName: 'inspector-test',
    port: 0,
    host: '127.0.0.1',
    corsOrigins: '*',
  });
  browser = await launchChromium();
  page = await browser.newPage({ acceptDownloads: true });
  // A script or style the page's policy refused, or an error of its script, shows up here.
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await host?.close();
});

const client = () => createClient({ baseUrl: host.url, key: MOCK_KEY });
const rows = (selector: string) => page.locator(selector);
const tableRows = (table: string) => page.locator(`section[data-table="${table}"] tbody tr`);

describe('the inspector page', { timeout: 60_000 }, () => {
  it('shows the journal, the tables, the overrides and the clock after calls', async () => {
    await client().workspaces.create({ name: 'Made over HTTP' });
    await createClient({ baseUrl: host.url, key: OTHER_SECRET }).workspaces.list();
    const refused = await fetch(`${host.url}/openapi/v1/workspaces/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${MOCK_KEY}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'Sales' }),
    });
    expect(refused.status).toBe(400);
    await fetch(`${host.url}/openapi/v1/workspaces/1/`, { headers: { Authorization: `Bearer ${MOCK_KEY}` } });

    await page.goto(host.inspectorUrl);
    await expect.poll(() => rows('#journal tr.entry').count(), SETTLE).toBe(4);
    const operations = await rows('#journal tr.entry td:nth-child(5)').allTextContents();
    expect(operations).toEqual(['createWorkspace', 'listWorkspaces', 'createWorkspace', 'getWorkspace']);
    const statuses = await rows('#journal tr.entry td.status').allTextContents();
    expect(statuses).toEqual(['200', '200', '400', '503 (override)']);
    await expect.poll(() => tableRows('workspaces').count(), SETTLE).toBe(2);
    expect(await page.locator('section[data-table="workspaces"]').textContent()).toContain('Made over HTTP');
    expect(await tableRows('dimensions').count()).toBe(1);
    expect(await tableRows('accounts').count()).toBe(1);
    expect(await page.locator('#overrides').textContent()).toMatch(/getWorkspace\s*error\s*503\s*1/);
    expect(await page.locator('#clock').textContent()).toBe('2030-01-01T00:00:00.000Z');

    // A row opens to its request and answer; the refused one names the unknown field.
    await rows('#journal tr.entry').nth(2).click();
    const detail = await page.locator('#journal tr.detail-row').textContent();
    expect(detail).toContain('"title": "Sales"');
    expect(detail).toContain('Unrecognized key');

    // Secrets are never on the page: keys redacted in the journal, password hashes in the tables.
    await rows('#journal tr.entry').nth(1).click();
    const text = (await page.locator('body').textContent()) ?? '';
    expect(text).toContain('[redacted]');
    expect(text).not.toContain(OTHER_SECRET);
    expect(text).not.toContain(PASSWORD);
    expect(await page.locator('section[data-table="accounts"] tbody').textContent()).toContain('[redacted]');
  });

  it('filters the journal by operation and by status', async () => {
    await page.selectOption('#filter-operation', 'createWorkspace');
    expect(await rows('#journal tr.entry:not(.hidden)').count()).toBe(2);
    await page.selectOption('#filter-status', '4');
    expect(await rows('#journal tr.entry:not(.hidden) td:first-child').allTextContents()).toEqual(['3']);
    await page.selectOption('#filter-operation', '');
    await page.selectOption('#filter-status', 'overridden');
    expect(await rows('#journal tr.entry:not(.hidden) td:first-child').allTextContents()).toEqual(['4']);
    await page.selectOption('#filter-status', '');
  });

  it('shows new requests as they come', async () => {
    await client().workspaces.create({ name: 'Live' });
    await expect.poll(() => rows('#journal tr.entry').count(), SETTLE).toBe(5);
    await expect.poll(() => tableRows('workspaces').count(), SETTLE).toBe(3);
  });

  it('advances the clock', async () => {
    await page.fill('#advance-seconds', '3600');
    await page.click('#advance');
    await expect.poll(() => page.locator('#clock').textContent(), SETTLE).toBe('2030-01-01T01:00:00.000Z');
    expect(host.mock.clock.now().toISOString()).toBe('2030-01-01T01:00:00.000Z');
  });

  it('takes a snapshot as a download and restores it from a file', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#snapshot')]);
    const saved = await download.path();
    expect(JSON.parse(readFileSync(saved, 'utf8'))).toBeTypeOf('object');
    await client().workspaces.create({ name: 'After the snapshot' });
    await expect.poll(() => tableRows('workspaces').count(), SETTLE).toBe(4);

    await page.setInputFiles('#restore-file', saved);
    await expect.poll(() => page.locator('#status').textContent(), SETTLE).toMatch(/^Restored /);
    await expect.poll(() => tableRows('workspaces').count(), SETTLE).toBe(3);
    expect((await client().workspaces.list()).map((workspace) => workspace.name)).toEqual([
      'Sales',
      'Made over HTTP',
      'Live',
    ]);
  });

  it('resets the mock to its scenario: journal emptied, seed back, clock back, overrides back', async () => {
    await page.click('#reset');
    await expect
      .poll(() => page.locator('#status').textContent(), SETTLE)
      .toBe('Reset: back to the scenario.');
    expect(await rows('#journal tr.entry').count()).toBe(0);
    expect(await page.locator('#journal-empty').isVisible()).toBe(true);
    expect(await tableRows('workspaces').count()).toBe(1);
    expect(await page.locator('#clock').textContent()).toBe('2030-01-01T00:00:00.000Z');
    expect(await page.locator('#overrides').textContent()).toMatch(/getWorkspace\s*error\s*503\s*2/);
    expect(problems).toEqual([]);
  });
});
