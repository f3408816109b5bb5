/**
 * The mock on a page's cold path, each figure beside its counterpart in the same run: the React +
 * TanStack Query example built by Vite and served by `vite preview`, opened in a fresh Chromium
 * context per run (nothing cached, no service worker installed), timed from navigation start to the
 * first answer of the API the page receives.
 *
 *   - worker: examples/react-query, the mock's service worker in the page (`startMockWorker`);
 *   - routeMock: examples/playwright (the same app built without the mock) answered by a mock in
 *     this process through `routeMock` (what `@wsadmin/mock/playwright` does);
 *   - page.route: the same build answered by a hand-written `page.route` handler (the counterpart).
 *
 * Also the mock's assets: what the worker build downloads beyond the build without the mock
 * (gzip and brotli of every file), and the largest chunk against Vite's 500 kB warning.
 *
 *   node --conditions=@wsadmin/source --import tsx packages/mock/bench/cold-page.ts
 * RUNS (default 9) fresh contexts per variant, interleaved; prints medians (min-max).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { build, defaultClientConditions, type InlineConfig } from 'vite';
import { previewFolder } from '../../../examples/testing/browser-page';
import { launchChromium } from '../../../testing/chromium';
import { createMock, MOCK_KEY, routeMock } from '../src/node';

const RUNS = Number(process.env.RUNS ?? 9);
const API = 'https://api.wsadmin.test';
const examples = fileURLToPath(new URL('../../../examples/', import.meta.url));
const demo = { seed: { workspaces: [{ name: 'Demo' }, { name: 'Archive' }] } };

/** Builds an example into a temporary folder, as its own config says, from the workspace sources. */
async function buildExample(name: 'react-query' | 'playwright'): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), `wsadmin-cold-${name}-`));
  const config: InlineConfig = {
    configFile: join(examples, name, 'vite.config.ts'),
    logLevel: 'error',
    resolve: { conditions: ['@wsadmin/source', ...defaultClientConditions] },
    define: {
      'import.meta.env.VITE_WSADMIN_URL': JSON.stringify(API),
      'import.meta.env.VITE_WSADMIN_KEY': JSON.stringify(MOCK_KEY),
    },
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 500 },
  };
  await build(config);
  return outDir;
}

/** Milliseconds from navigation start until the page's first API answer arrived. */
const FIRST_ANSWER = `(() => {
  const fetch = window.fetch;
  window.fetch = async (...args) => {
    const response = await fetch(...args);
    const url = String(args[0] instanceof Request ? args[0].url : args[0]);
    if (url.includes('/openapi/v1/') && window.__firstAnswer === undefined) window.__firstAnswer = performance.now();
    return response;
  };
})();`;

async function firstAnswer(
  browser: Browser,
  url: string,
  arrange: (page: Page) => Promise<unknown> = async () => undefined,
): Promise<number> {
  const context = await browser.newContext();
  try {
    await context.addInitScript(FIRST_ANSWER);
    const page = await context.newPage();
    await arrange(page);
    await page.goto(url);
    const handle = await page.waitForFunction(
      () => (window as { __firstAnswer?: number }).__firstAnswer,
      undefined,
      { timeout: 30_000 },
    );
    return Number(await handle.jsonValue());
  } finally {
    await context.close();
  }
}

/** Every file of a build with its raw, gzip and brotli size. */
function filesOf(
  dir: string,
  prefix = '',
): Array<{ name: string; raw: number; gzip: number; brotli: number }> {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return filesOf(path, `${prefix}${entry}/`);
    const bytes = readFileSync(path);
    return [
      {
        name: `${prefix}${entry}`,
        raw: bytes.length,
        gzip: gzipSync(bytes, { level: 9 }).length,
        brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
      },
    ];
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const figure = (values: number[]) =>
  `${median(values).toFixed(0)} ms (${Math.min(...values).toFixed(0)}-${Math.max(...values).toFixed(0)})`;
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

const load = loadavg();
const [withMock, withoutMock] = await Promise.all([buildExample('react-query'), buildExample('playwright')]);
const [workerPage, plainPage] = await Promise.all([previewFolder(withMock), previewFolder(withoutMock)]);
const browser = await launchChromium();
const mock = createMock({ ...demo, baseUrl: API });
await mock.ready();
// A hand-written answer to the first request the app sends (the workspace list), as a team would write it.
const listAnswer = JSON.stringify({
  errcode: 200,
  errmsg: 'success',
  data: await mock.client.call('listWorkspaces'),
});

const times: Record<string, number[]> = { worker: [], routeMock: [], 'page.route': [] };
try {
  // One warm-up of each (Chromium's own start), then the rounds, the variants interleaved.
  for (let round = -1; round < RUNS; round++) {
    const worker = await firstAnswer(browser, workerPage.url);
    const routed = await firstAnswer(browser, plainPage.url, async (page) => {
      await mock.reset();
      await routeMock(page, mock);
    });
    const handWritten = await firstAnswer(browser, plainPage.url, (page) =>
      page.route(`${API}/openapi/v1/**`, (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: listAnswer }),
      ),
    );
    if (round < 0) continue;
    times.worker?.push(worker);
    times.routeMock?.push(routed);
    times['page.route']?.push(handWritten);
  }
} finally {
  await browser.close();
  await mock.close();
  await Promise.all([workerPage.close(), plainPage.close()]);
}

const mocked = filesOf(withMock);
const plain = filesOf(withoutMock);
const total = (files: typeof mocked, key: 'raw' | 'gzip' | 'brotli') =>
  files.reduce((sum, file) => sum + file[key], 0);
const largest = [...mocked].filter((file) => file.name.endsWith('.js')).sort((a, b) => b.raw - a.raw)[0];

console.log(
  `node ${process.version}, ${RUNS} fresh contexts per variant, load ${load.map((value) => value.toFixed(2)).join(' ')} (1, 5, 15 min)`,
);
console.log('first API answer after navigation start, median (min-max):');
console.log(`  mock's service worker in the page (examples/react-query)   ${figure(times.worker ?? [])}`);
console.log(`  routeMock, the mock in the test process                    ${figure(times.routeMock ?? [])}`);
console.log(
  `  hand-written page.route answer (counterpart)               ${figure(times['page.route'] ?? [])}`,
);
console.log('assets of the page with the mock, beyond the same app without it:');
for (const key of ['gzip', 'brotli'] as const)
  console.log(`  ${key.padEnd(7)} ${kB(total(mocked, key) - total(plain, key))}`);
for (const file of mocked)
  console.log(
    `    ${file.name.padEnd(44)} raw ${kB(file.raw).padStart(10)}  gzip ${kB(file.gzip).padStart(9)}`,
  );
console.log(
  `largest chunk: ${largest?.name} ${kB(largest?.raw ?? 0)} raw: ${(largest?.raw ?? 0) > 500_000 ? 'over' : 'under'} Vite's 500 kB warning`,
);
for (const dir of [withMock, withoutMock]) rmSync(dir, { recursive: true, force: true });
