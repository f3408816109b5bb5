/**
 * The mock in a page, seen from the devtools: the line it logs when it starts, a collapsed group
 * per request, `quiet`, and `window.__wsadminMock` in development builds only (unless asked).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, ConsoleMessage, Page } from 'playwright-core';
import { build, createServer, defaultClientConditions, type InlineConfig, preview } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../../testing/chromium';
import { wsadminMockWorker } from '../vite';

const root = fileURLToPath(new URL('../../test/vite-pages/devtools/', import.meta.url));
const outDir = mkdtempSync(join(tmpdir(), 'wsadmin-devtools-page-'));
const config: InlineConfig = {
  configFile: false,
  root,
  logLevel: 'error',
  plugins: [wsadminMockWorker()],
  resolve: { conditions: ['@wsadmin/source', ...defaultClientConditions] },
  server: { host: '127.0.0.1', port: 0 },
  preview: { host: '127.0.0.1', port: 0 },
  build: { target: 'es2022', chunkSizeWarningLimit: 4096, outDir, emptyOutDir: true },
};

let browser: Browser;
let dev: { url: string; close(): Promise<void> };
beforeAll(async () => {
  browser = await launchChromium();
  const server = await createServer(config);
  await server.listen();
  dev = { url: urlOf(server), close: () => server.close() };
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await dev?.close();
  rmSync(outDir, { recursive: true, force: true });
});

function urlOf(server: { resolvedUrls: { local: string[] } | null }): string {
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('the server is not listening');
  return url;
}

interface Opened {
  page: Page;
  result: Record<string, unknown>;
  messages: ConsoleMessage[];
  close(): Promise<void>;
}

/** Opens a case of the page in a fresh context, keeping every console message, and waits for its result. */
async function open(url: string): Promise<Opened> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const messages: ConsoleMessage[] = [];
  page.on('console', (message) => messages.push(message));
  await page.goto(url);
  const handle = await page.waitForFunction(() => document.body.dataset.result, undefined, {
    timeout: 60_000,
  });
  const result = JSON.parse(String(await handle.jsonValue())) as Record<string, unknown>;
  return { page, result, messages, close: () => context.close() };
}

const ours = (messages: ConsoleMessage[]) => messages.filter((m) => m.text().startsWith('[wsadmin mock]'));

// Each test opens a page that compiles the reference server: slow on a loaded machine.
describe('the console of a page whose mock startMockWorker started', { timeout: 90_000 }, () => {
  it('logs one line when the mock starts: base URL and scenario', async () => {
    const { messages, result, close } = await open(`${dev.url}?case=logged`);
    try {
      expect(result).toEqual({ statuses: [200, 200, 400] });
      const start = ours(messages).filter((m) => m.text().includes(' answering '));
      expect(start.map((m) => [m.type(), m.text()])).toEqual([
        [
          'info',
          '[wsadmin mock] answering https://wsadmin.mock/openapi/v1/ (1 workspace, 1 dimension; keys: 1 besides MOCK_KEY; overrides: getWorkspace; clock from 2030-01-01T00:00:00.000Z)',
        ],
      ]);
    } finally {
      await close();
    }
  });

  it('logs a collapsed group per request: method, path, operationId, status, duration; inside, request, answer and changes', async () => {
    const { messages, close } = await open(`${dev.url}?case=logged`);
    try {
      const groups = () => messages.filter((m) => m.type() === 'startGroupCollapsed');
      await expect.poll(() => groups().length, { timeout: 10_000 }).toBe(3);
      expect(groups().map((m) => m.text())).toEqual([
        expect.stringMatching(
          /^\[wsadmin mock\] GET \/openapi\/v1\/workspaces\/ listWorkspaces → 200 \(\d+(\.\d)? ms\)$/,
        ),
        expect.stringMatching(
          /^\[wsadmin mock\] POST \/openapi\/v1\/workspaces\/ createWorkspace → 200 \(\d+(\.\d)? ms\)$/,
        ),
        expect.stringMatching(
          /^\[wsadmin mock\] POST \/openapi\/v1\/workspaces\/ createWorkspace → 400 .*title.* \(\d+(\.\d)? ms\)$/,
        ),
      ]);
      // The create's group: request, answer, changes, then the group ends.
      const created = messages.indexOf(groups()[1] as ConsoleMessage);
      const inside = messages.slice(created + 1, created + 5);
      expect(inside.map((m) => [m.type(), m.text().split(' ')[0]])).toEqual([
        ['log', 'request'],
        ['log', 'answer'],
        ['log', 'changes'],
        ['endGroup', 'console.groupEnd'],
      ]);
      const [request, answer, changes] = await Promise.all(
        inside.slice(0, 3).map((m) => m.args()[1]?.jsonValue()),
      );
      expect(request).toMatchObject({ body: { name: 'Sales' }, headers: { authorization: '[redacted]' } });
      expect(answer).toMatchObject({ status: 200, data: { name: 'Sales', id: 2 } });
      expect(changes).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            kind: 'workspace',
            action: 'created',
            after: expect.objectContaining({ name: 'Sales' }),
          }),
        ]),
      );
    } finally {
      await close();
    }
  });

  it('says nothing with quiet: true', async () => {
    const { messages, result, page, close } = await open(`${dev.url}?case=quiet`);
    try {
      expect(result).toEqual({ statuses: [200, 200, 400] });
      // Time for a late group to come, had there been one.
      await page.waitForTimeout(300);
      expect(ours(messages).map((m) => m.text())).toEqual([]);
      expect(messages.filter((m) => m.type() === 'startGroupCollapsed')).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('window.__wsadminMock', { timeout: 90_000 }, () => {
  it('is there in a development build, unasked: journal, state, snapshot and restore, overrides, clock', async () => {
    const { page, close } = await open(`${dev.url}?case=default`);
    try {
      const seen = await page.evaluate(async () => {
        const handle = (window as unknown as { __wsadminMock: import('@wsadmin/mock/browser').MockDevtools })
          .__wsadminMock;
        const names = async () => (await handle.state()).workspaces.map((row) => row.name);
        const journal = handle.requests.map((entry) => `${entry.operationId} ${entry.answer.status}`);
        const tables = await handle.state();
        const saved = await handle.snapshot();
        const api = 'https://wsadmin.mock/openapi/v1/workspaces/';
        const headers = { authorization: 'Bearer wsk_mock_unrestricted', 'content-type': 'application/json' };
        await fetch(api, { method: 'POST', headers, body: JSON.stringify({ name: 'After the snapshot' }) });
        const beforeRestore = await names();
        await handle.restore(saved);
        const afterRestore = await names();
        handle.override('listWorkspaces', { errcode: 503, errmsg: 'down' }, { times: 1 });
        const overridden = (await fetch(api, { headers })).status;
        const clockBefore = handle.clock.now().toISOString();
        handle.clock.advance(3600);
        return {
          journal,
          dimensions: tables.dimensions.map((row) => row.name),
          beforeRestore,
          afterRestore,
          overridden,
          clock: [clockBefore, handle.clock.now().toISOString()],
          journalAfter: handle.requests.length,
        };
      });
      expect(seen).toEqual({
        journal: ['listWorkspaces 200', 'createWorkspace 200', 'createWorkspace 400'],
        dimensions: ['region'],
        beforeRestore: ['Demo', 'Sales', 'After the snapshot'],
        afterRestore: ['Demo', 'Sales'],
        overridden: 503,
        clock: ['2030-01-01T00:00:00.000Z', '2030-01-01T01:00:00.000Z'],
        journalAfter: 5,
      });
    } finally {
      await close();
    }
  });

  it('is not in a production build unless exposeOnWindow: true', async () => {
    // Vitest's NODE_ENV=test makes every build here a development one; a production build has DEV false.
    await build({ ...config, define: { 'import.meta.env.DEV': 'false' } });
    const server = await preview({ ...config, build: { outDir } });
    try {
      const handleOf = async (name: string) => {
        const { page, result, close } = await open(`${urlOf(server)}?case=${name}`);
        try {
          expect(result).toEqual({ statuses: [200, 200, 400] });
          return await page.evaluate(() => typeof (window as { __wsadminMock?: unknown }).__wsadminMock);
        } finally {
          await close();
        }
      };
      expect(await handleOf('default')).toBe('undefined');
      expect(await handleOf('exposed')).toBe('object');
    } finally {
      await server.close();
    }
  });
});
