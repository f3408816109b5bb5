/**
 * The worker script without a copy in `public/`: `wsadminMockWorker()` serves it in dev and preview
 * and puts it into builds that start the worker only; a page without it fails naming the fix; and
 * `createMock` from the browser entry finds its WebAssembly in any `setupWorker`.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { build, createServer, defaultClientConditions, type InlineConfig, type Plugin, preview } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../testing/chromium';
import { wsadminMockWorker } from './vite';
import { workerScriptPath } from './worker-script';

const pages = fileURLToPath(new URL('../test/vite-pages/', import.meta.url));
const installedScript = readFileSync(workerScriptPath(), 'utf8');
const outDirs: string[] = [];

const config = (page: 'worker' | 'production', plugins: Plugin[]): InlineConfig => ({
  configFile: false,
  root: join(pages, page),
  logLevel: 'error',
  plugins,
  resolve: { conditions: ['@wsadmin/source', ...defaultClientConditions] },
  server: { host: '127.0.0.1', port: 0 },
  preview: { host: '127.0.0.1', port: 0 },
  build: { target: 'es2022', chunkSizeWarningLimit: 4096 },
});

async function buildInto(page: 'worker' | 'production', plugins: Plugin[]): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'wsadmin-vite-plugin-'));
  outDirs.push(outDir);
  const base = config(page, plugins);
  await build({
    ...base,
    // Vitest's NODE_ENV=test makes every build here a development one; a production build has DEV false.
    ...(page === 'production' ? { define: { 'import.meta.env.DEV': 'false' } } : {}),
    build: { ...base.build, outDir, emptyOutDir: true },
  });
  return outDir;
}

let browser: Browser | undefined;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  for (const dir of outDirs) rmSync(dir, { recursive: true, force: true });
});

/** Where a listening dev or preview server serves the page. */
function urlOf(server: { resolvedUrls: { local: string[] } | null }): string {
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('the server is not listening');
  return url;
}

/** Opens `url` in a fresh context and waits for what the page reports. */
async function resultOf(url: string): Promise<Record<string, unknown>> {
  const context = await (browser as Browser).newContext();
  try {
    const page = await context.newPage();
    await page.goto(url);
    const result = await page.waitForFunction(() => document.body.dataset.result, undefined, {
      timeout: 30_000,
    });
    return JSON.parse(String(await result.jsonValue())) as Record<string, unknown>;
  } finally {
    await context.close();
  }
}

describe('wsadminMockWorker() in the dev server', () => {
  let origin: string;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const server = await createServer(config('worker', [wsadminMockWorker()]));
    await server.listen();
    origin = urlOf(server).replace(/\/$/, '');
    close = () => server.close();
  });
  afterAll(() => close());

  it('serves the installed msw worker script, uncached, as JavaScript', async () => {
    const response = await fetch(`${origin}/mockServiceWorker.js`);
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toBe(installedScript);
  });

  it("lets a project's own setupWorker hold its handlers and createMock's, which finds its WebAssembly unaided", async () => {
    expect(await resultOf(`${origin}/?case=own-worker`)).toEqual({
      own: { own: true },
      names: ['In my own worker'],
    });
  });

  it('names the option and the URL when the WebAssembly cannot be fetched', async () => {
    const { error } = await resultOf(`${origin}/?case=wrong-wasm-url`);
    expect(error).toMatch(
      /sql\.js's WebAssembly could not be loaded from http:\/\/127\.0\.0\.1:\d+\/no-such\/sql-wasm-browser\.wasm \(.*\): set `createMock\(\{ sqlWasmUrl \}\)`/,
    );
  });
});

describe('a page whose worker script is missing', () => {
  it('fails with an error that names the plugin, not a bare MIME type complaint', async () => {
    const server = await createServer(config('worker', []));
    await server.listen();
    try {
      const { error } = await resultOf(`${urlOf(server)}?case=start-worker`);
      expect(error).toMatch(
        /MSW's worker script is not served at http:\/\/127\.0\.0\.1:\d+\/mockServiceWorker\.js \(the server answered text\/html, not JavaScript\): in Vite, add wsadminMockWorker\(\) from '@wsadmin\/mock\/vite'/,
      );
    } finally {
      await server.close();
    }
  });
});

describe('wsadminMockWorker() in builds', () => {
  it('puts the script into a build whose page starts the worker, and preview serves that page', async () => {
    const outDir = await buildInto('worker', [wsadminMockWorker()]);
    expect(readFileSync(join(outDir, 'mockServiceWorker.js'), 'utf8')).toBe(installedScript);
    const server = await preview({ ...config('worker', [wsadminMockWorker()]), build: { outDir } });
    try {
      expect(await resultOf(`${urlOf(server)}?case=start-worker`)).toEqual({ names: ['Started'] });
      // Built, the WebAssembly is an asset of its own (in dev it is a node_modules path msw lets by).
      expect(await resultOf(`${urlOf(server)}?case=strict-worker`)).toEqual({ names: ['Strict'] });
    } finally {
      await server.close();
    }
  });

  it('leaves it out of a production build without the mock, and out of every build with emit: never', async () => {
    const production = await buildInto('production', [wsadminMockWorker()]);
    expect(existsSync(join(production, 'index.html'))).toBe(true);
    expect(existsSync(join(production, 'mockServiceWorker.js'))).toBe(false);
    const never = await buildInto('worker', [wsadminMockWorker({ emit: 'never' })]);
    expect(existsSync(join(never, 'mockServiceWorker.js'))).toBe(false);
  });
});
