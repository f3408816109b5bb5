import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../testing/chromium';
import { visitDocsOffline } from '../../../testing/docs-page';
import { readConfig } from '../src/config';
import { type RunningServer, startServer } from '../src/server';

/** The /docs page in real Chromium with no network but the server: the reference must render. */
let api: RunningServer;
let browser: Browser | undefined;

beforeAll(async () => {
  api = await startServer(readConfig({ PORT: '0', DATABASE_URL: 'sqlite::memory:', LOG_LEVEL: 'silent' }));
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await api?.close();
});

describe('/docs in Chromium, offline', () => {
  it("renders the contract's document from the server alone, asking no other host", async () => {
    const visit = await visitDocsOffline(browser as Browser, api.url);
    expect(visit).toEqual({
      heading: 'Workspace Configuration, Permission and Account Service',
      listsOperation: true,
      elsewhere: [],
      pageErrors: [],
    });
  });
});
