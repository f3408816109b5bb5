import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '@wsadmin/server-testing/processes';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../testing/chromium';
import { readConfig } from '../src/config';
import { type RunningServer, startServer } from '../src/server';

/**
 * A page on one origin calls the server on another through the SDK, in real Chromium: the browser,
 * not the test, decides whether CORS lets the answer through. The page server serves the same page
 * on 127.0.0.1 (listed in WSADMIN_CORS_ORIGINS) and on localhost (not listed): two origins.
 */
const KEY = 'wsk_browser-cors-secret';
let dir: string;
let api: RunningServer;
let pages: Server;
let pagePort: number;
let browser: Browser | undefined;

// The page's own module, as an app would ship it (kept out of the test's code, which Vite transforms).
const PAGE_SCRIPT = `
import { createClient } from '/sdk.js';
window.runCalls = async ({ baseUrl, key, calls }) => {
  const client = createClient({ baseUrl, key, retries: 0, timeoutMs: 10000 });
  try {
    if (calls === 'read') return { ok: await client.scopes.get() };
    if (calls === 'fail') return { ok: await client.workspaces.get(987654) };
    // A POST with a JSON body and an Idempotency-Key: preflighted, with every header the SDK sends.
    const { id } = await client.workspaces.create({ name: 'From another origin' });
    const { readBack } = await client.management(id).apply({
      collection: 'measures', action: 'create', changes: { names: ['revenue'] },
    });
    return { ok: { id, revision: readBack.revision } };
  } catch (e) {
    return { error: { name: e.name, errcode: e.errcode, requestId: e.requestId, message: e.message, code: e.code ?? null, attempts: e.attempts } };
  }
};
document.body.dataset.ready = 'yes';
`;
const PAGE = '<!doctype html><title>cors</title><body><script type="module" src="/page.js"></script></body>';

async function sdkBundle(): Promise<string> {
  const result = await build({
    entryPoints: [join(REPO_ROOT, 'packages/sdk/src/index.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    conditions: ['@wsadmin/source'],
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]?.text ?? '';
}

beforeAll(async () => {
  const sdk = await sdkBundle();
  const files: Record<string, [string, string]> = {
    '/sdk.js': ['text/javascript', sdk],
    '/page.js': ['text/javascript', PAGE_SCRIPT],
  };
  pages = createServer((request, response) => {
    const [type, body] = files[request.url ?? ''] ?? ['text/html', PAGE];
    response.writeHead(200, { 'content-type': type });
    response.end(body);
  });
  await new Promise<void>((listening) => pages.listen(0, '127.0.0.1', listening));
  pagePort = (pages.address() as AddressInfo).port;
  dir = mkdtempSync(join(tmpdir(), 'wsadmin-cors-'));
  api = await startServer(
    readConfig({
      PORT: '0',
      DATABASE_URL: `sqlite:${join(dir, 'wsadmin.db')}`,
      WSADMIN_BOOTSTRAP_KEY: KEY,
      WSADMIN_CORS_ORIGINS: `http://127.0.0.1:${pagePort}`,
      LOG_LEVEL: 'silent',
    }),
  );
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await api?.close();
  await new Promise((closed) => pages?.close(closed));
  rmSync(dir, { recursive: true, force: true });
});

async function pageOn(host: string): Promise<Page> {
  const page = await (browser as Browser).newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`http://${host}:${pagePort}/`);
  try {
    await page.waitForSelector('body[data-ready="yes"]', { state: 'attached', timeout: 15_000 });
  } catch (cause) {
    throw new Error(`the page did not load its script: ${errors.join(' | ') || 'no page error'}`, { cause });
  }
  return page;
}

interface Outcome {
  ok?: unknown;
  error?: {
    name: string;
    errcode?: number;
    requestId?: string;
    message: string;
    code?: string | null;
    attempts?: number;
  };
}

/** Runs SDK calls in the page, against the API on its other origin (`window.runCalls` of PAGE_SCRIPT). */
function callFromPage(page: Page, calls: 'read' | 'write' | 'fail'): Promise<Outcome> {
  return page.evaluate(
    (args) => (window as unknown as { runCalls(a: typeof args): Promise<Outcome> }).runCalls(args),
    { baseUrl: api.url, key: KEY, calls },
  );
}

describe('CORS in Chromium: a page on another origin calls the server through the SDK', () => {
  it('a listed origin reads', async () => {
    const page = await pageOn('127.0.0.1');
    expect(await callFromPage(page, 'read')).toEqual({ ok: expect.objectContaining({ name: 'bootstrap' }) });
    await page.close();
  });

  it('a listed origin writes: JSON bodies and the Idempotency-Key pass the preflight', async () => {
    const page = await pageOn('127.0.0.1');
    const outcome = await callFromPage(page, 'write');
    expect(outcome.error).toBeUndefined();
    expect(outcome.ok).toMatchObject({ id: expect.any(Number), revision: expect.stringMatching(/^r\d+-/) });
    await page.close();
  });

  it('a listed origin sees the error envelope and the exposed request id', async () => {
    const page = await pageOn('127.0.0.1');
    const { error } = await callFromPage(page, 'fail');
    expect(error).toMatchObject({ name: 'ApiError', errcode: 404 });
    expect(error?.requestId).toMatch(/^[0-9a-f-]{36}$/);
    await page.close();
  });

  it('an origin not listed is refused by the browser: the SDK sees a network error', async () => {
    const page = await pageOn('localhost');
    const { error, ok } = await callFromPage(page, 'read');
    expect(ok).toBeUndefined();
    expect(error).toMatchObject({ name: 'NetworkError', code: null, attempts: 1 });
    // Chromium says only "Failed to fetch": the SDK shows it with where the request went, and no code.
    const elapsedMs = error?.message.match(/over (\d+) ms\)$/)?.[1];
    expect(error?.message).toBe(
      `getScope: GET ${api.url}/openapi/v1/scopes/ failed: Failed to fetch (1 attempt over ${elapsedMs} ms)`,
    );
    await page.close();
  });
});
