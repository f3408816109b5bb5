/**
 * The mock where frontend teams test, from the packed tarballs in one fresh project, each on the
 * tests' Chromium (testing/chromium.ts): Playwright Test with `@wsadmin/mock/playwright`
 * (examples/playwright), Vitest browser mode (examples/vitest-browser) and Storybook 10 with
 * msw-storybook-addon 3 (examples/storybook), all on the React app of examples/react-query and its
 * scenarios.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PreviewedExample, previewFolder } from '../examples/testing/browser-page';
import { chromiumPath, launchChromium } from '../testing/chromium';
import {
  consumerEnv,
  createConsumer,
  installedVersion,
  npmCache,
  type PackageName,
  REPO_ROOT,
  run,
  tarballDependencies,
} from './harness';
import { sharedTarballs } from './packs';

const root = mkdtempSync(join(tmpdir(), 'wsadmin-browser-tools-'));
const project = join(root, 'app');
/** A page on msw 3 (a project of its own: msw is the mock's peer). */
const msw3Page = join(root, 'msw3-page');
let tarballs: Record<PackageName, string>;

beforeAll(async () => {
  tarballs = await sharedTarballs();
  const tools = [
    'vite',
    'react',
    'react-dom',
    '@tanstack/react-query',
    'msw',
    '@playwright/test',
    'vitest',
    '@vitest/browser-playwright',
    'vitest-browser-react',
    'storybook',
    '@storybook/react-vite',
    'msw-storybook-addon',
    'typescript',
    '@types/node',
  ];
  const cache = await npmCache();
  await Promise.all([
    createConsumer({
      directory: project,
      fixture: 'browser-tools',
      cache,
      dependencies: {
        ...tarballDependencies(tarballs, ['@wsadmin/sdk', '@wsadmin/mock']),
        ...Object.fromEntries(tools.map((name) => [name, installedVersion(name)])),
      },
      env: { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
    }),
    createConsumer({
      directory: msw3Page,
      fixture: 'browser-tools',
      cache,
      dependencies: {
        ...tarballDependencies(tarballs, ['@wsadmin/mock']),
        vite: installedVersion('vite'),
        // msw 3 as this repository installs it, under the alias msw3.
        msw: installedVersion('msw3'),
      },
    }),
  ]);
  // The examples as a user's repository holds them: the app the tests drive beside its tests.
  mkdirSync(join(project, 'react-query'));
  cpSync(join(REPO_ROOT, 'examples', 'react-query', 'src'), join(project, 'react-query', 'src'), {
    recursive: true,
  });
  for (const example of ['playwright', 'vitest-browser', 'storybook'])
    cpSync(join(REPO_ROOT, 'examples', example), join(project, example), { recursive: true });
}, 900_000);

afterAll(() => rm(root, { recursive: true, force: true }), 120_000);

/** A port free on 127.0.0.1 now, for a server that needs a fixed one (Playwright's webServer). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

interface PlaywrightStep {
  title: string;
  steps?: PlaywrightStep[];
}

interface PlaywrightResult {
  errors?: Array<{ message?: string }>;
  attachments?: Array<{ name: string; contentType: string; body?: string }>;
  steps?: PlaywrightStep[];
}

interface PlaywrightSuite {
  title: string;
  suites?: PlaywrightSuite[];
  specs?: Array<{ title: string; tests: Array<{ status: string; results: PlaywrightResult[] }> }>;
}

interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  errors: Array<{ message?: string }>;
  suites: PlaywrightSuite[];
}

/** The results of the test of this title, wherever it is in the report. */
function resultsOf(report: PlaywrightReport, title: string): PlaywrightResult[] {
  const specs = (suite: PlaywrightSuite): NonNullable<PlaywrightSuite['specs']> => [
    ...(suite.specs ?? []),
    ...(suite.suites ?? []).flatMap(specs),
  ];
  return report.suites
    .flatMap(specs)
    .filter((spec) => spec.title === title)
    .flatMap((spec) => spec.tests.flatMap((test) => test.results));
}

/** An attachment's text (the JSON report holds bodies in base64). */
function attachmentText(result: PlaywrightResult | undefined, name: string): string | undefined {
  const body = result?.attachments?.find((attachment) => attachment.name === name)?.body;
  return body === undefined ? undefined : Buffer.from(body, 'base64').toString('utf8');
}

/** Each test that did not end as expected, with its first error, and the run's own errors. */
function failuresOf(report: PlaywrightReport): string[] {
  const found = report.errors.map((error) => error.message ?? '');
  const visit = (suite: PlaywrightSuite, path: string) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status === 'expected') continue;
        const error = test.results.flatMap((result) => result.errors ?? [])[0]?.message ?? '';
        found.push(`${path} > ${spec.title} (${test.status}): ${error.slice(0, 1500)}`);
      }
    }
    for (const child of suite.suites ?? []) visit(child, `${path} > ${child.title}`);
  };
  for (const suite of report.suites) visit(suite, suite.title);
  return found;
}

describe('examples/playwright: Playwright Test with @wsadmin/mock/playwright', { timeout: 600_000 }, () => {
  it('runs every test green in Chromium, the app built for production and the mock in the test process', async () => {
    const directory = join(project, 'playwright');
    const result = await run(
      join(project, 'node_modules', '.bin', 'playwright'),
      ['test', '--reporter=json'],
      {
        cwd: directory,
        env: consumerEnv({
          CI: '1',
          PORT: String(await freePort()),
          CHROMIUM_PATH: chromiumPath(),
          PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
        }),
        timeoutMs: 420_000,
      },
    ).catch((error: Error) => ({ stdout: error.message, stderr: '' }));
    const json = result.stdout.slice(result.stdout.indexOf('{'));
    let report: PlaywrightReport;
    try {
      report = JSON.parse(json.slice(0, json.lastIndexOf('}') + 1)) as PlaywrightReport;
    } catch {
      throw new Error(`playwright test printed no JSON report:\n${result.stdout}\n${result.stderr}`);
    }
    expect(failuresOf(report)).toEqual([]);
    expect(report.stats).toMatchObject({ unexpected: 0, flaky: 0, skipped: 0 });
    // examples/playwright/tests: workspaces.spec.ts holds nine tests (one of them expected to
    // fail), snapshot.spec.ts two, strict.spec.ts two (one expected to fail), report.spec.ts one
    // (expected to fail).
    expect(report.stats.expected).toBe(14);

    // The failed test's report: the journal as HAR and as a summary, the changes since the seed,
    // and each API call as a step.
    const [failed] = resultsOf(report, 'a failed test carries the API traffic and what it changed');
    const har = JSON.parse(attachmentText(failed, 'wsadmin-mock.har') ?? 'null') as {
      log: {
        version: string;
        entries: Array<{ request: { method: string; url: string }; response: { status: number } }>;
      };
    } | null;
    expect(har?.log.version).toBe('1.2');
    expect(
      har?.log.entries.map(
        (entry) => `${entry.request.method} ${entry.request.url} ${entry.response.status}`,
      ),
    ).toContain('POST https://api.wsadmin.test/openapi/v1/workspaces/ 200');
    expect(attachmentText(failed, 'wsadmin-mock-requests.txt')).toMatch(
      /^#\d+ POST \/openapi\/v1\/workspaces\/ createWorkspace → 200 \(\d+(\.\d)? ms\)$/m,
    );
    const changes = attachmentText(failed, 'wsadmin-mock-changes.txt') ?? '';
    expect(changes).toMatch(/^workspace 3 created by #\d+ createWorkspace$/m);
    expect(changes).toContain('"name":"Made before the failure"');
    const stepTitles = (steps: PlaywrightStep[] = []): string[] =>
      steps.flatMap((step) => [step.title, ...stepTitles(step.steps)]);
    expect(stepTitles(failed?.steps)).toContainEqual(
      expect.stringMatching(/^POST \/openapi\/v1\/workspaces\/ createWorkspace → 200 \(/),
    );
    // A test that passed carries none of them.
    const [passed] = resultsOf(report, 'lists the workspaces of the scenario');
    expect(passed?.attachments?.map((attachment) => attachment.name) ?? []).toEqual([]);
  });
});

// Issue 42: the mock's declarations carried their own copy of Playwright's types, so the fixture's
// `expect` did not know the project's `Locator` (TS2339 on every `toHaveText`) and named `electron`.
describe("examples/vitest-browser: Vitest browser mode with the mock's worker", { timeout: 300_000 }, () => {
  it('renders the app in Chromium, the worker answering, with no worker script copied', async () => {
    const { stdout } = await run(
      join(project, 'node_modules', '.bin', 'vitest'),
      ['run', '--root', 'vitest-browser', '--reporter', 'json'],
      { cwd: project, env: consumerEnv({ CHROMIUM_PATH: chromiumPath() }), timeoutMs: 240_000 },
    ).catch((error: Error) => ({ stdout: error.message }));
    const json = stdout.slice(stdout.indexOf('{'), stdout.lastIndexOf('}') + 1);
    const report = JSON.parse(json) as {
      numPassedTests: number;
      numFailedTests: number;
      testResults: Array<{
        assertionResults: Array<{ title: string; status: string; failureMessages: string[] }>;
      }>;
    };
    const failed = report.testResults
      .flatMap((file) => file.assertionResults)
      .filter((result) => result.status !== 'passed')
      .map((result) => `${result.title}: ${result.failureMessages.join(' ').slice(0, 1500)}`);
    expect(failed).toEqual([]);
    expect(report.numPassedTests).toBe(5);
  });
});

describe('examples/storybook: Storybook 10, msw-storybook-addon 3 and mockStory', {
  timeout: 400_000,
}, () => {
  let storybook: PreviewedExample | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    const outDir = join(project, 'storybook-static');
    await run(
      join(project, 'node_modules', '.bin', 'storybook'),
      ['build', '--output-dir', outDir, '--quiet', '--disable-telemetry'],
      {
        cwd: join(project, 'storybook'),
        env: consumerEnv({ STORYBOOK_DISABLE_TELEMETRY: '1' }),
        timeoutMs: 300_000,
      },
    );
    storybook = await previewFolder(outDir);
    browser = await launchChromium();
  }, 400_000);

  afterAll(async () => {
    await browser?.close();
    await storybook?.close();
  });

  it('gives each story its scenario, keeps a write within the story, and starts the next story fresh', async () => {
    const page = await (browser as Browser).newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    /** The list and the status line: a story has loaded when it says Ready. */
    const shown = async () =>
      `${await page.getByRole('status').textContent()}: ${(await page.locator('#workspaces li').allTextContents()).join(', ')}`;
    const show = (storyId: string) =>
      page.evaluate((id) => {
        const channel = (
          window as { __STORYBOOK_ADDONS_CHANNEL__?: { emit(event: string, payload: unknown): void } }
        ).__STORYBOOK_ADDONS_CHANNEL__;
        channel?.emit('setCurrentStory', { storyId: id, viewMode: 'story' });
      }, storyId);

    await page.goto(`${storybook?.url}iframe.html?id=app--demo&viewMode=story`);
    await expect.poll(shown, { timeout: 30_000 }).toBe('Ready: Demo, Archive');
    await page.getByPlaceholder('Workspace name').fill('Written in the story');
    await page.getByRole('button', { name: 'Create workspace' }).click();
    await expect.poll(shown).toBe('Ready: Demo, Archive, Written in the story');

    // The same page, another story: its own mock, from its own scenario.
    await show('app--list-outage');
    await expect
      .poll(() => page.locator('#workspaces-error').textContent())
      .toMatch(/^Error 503: down for maintenance/);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(shown).toBe('Ready: Demo, Archive');
    await show('app--empty');
    await expect.poll(shown).toBe('Ready: ');

    // A story whose play function sends a request the contract refuses, declared: no error.
    await show('app--refused-create');
    await expect.poll(() => page.evaluate(() => document.body.dataset.refusedCreate)).toBe('400');

    // Back to the first story: fresh, the write of its earlier render is gone.
    await show('app--demo');
    await expect.poll(shown).toBe('Ready: Demo, Archive');
    expect(pageErrors).toEqual([]);
    expect(consoleErrors.filter((text) => text.includes('strict mode'))).toEqual([]);
  });
});

describe("a page on msw 3: its own setupWorker holding its handler and the mock's", {
  timeout: 300_000,
}, () => {
  it("answers both from msw 3's worker (served by wsadminMockWorker), and startMockWorker starts on msw 3", async () => {
    // The pages of packages/mock/src/vite.browser.test.ts (msw 2 there), built with this project's msw 3.
    cpSync(join(REPO_ROOT, 'packages', 'mock', 'test', 'vite-pages', 'worker'), join(msw3Page, 'page'), {
      recursive: true,
    });
    writeFileSync(
      join(msw3Page, 'page', 'vite.config.mjs'),
      "import { wsadminMockWorker } from '@wsadmin/mock/vite';\nexport default { plugins: [wsadminMockWorker()], build: { target: 'es2022' } };\n",
    );
    const outDir = join(msw3Page, 'dist');
    await run(
      join(msw3Page, 'node_modules', '.bin', 'vite'),
      ['build', 'page', '--outDir', outDir, '--logLevel', 'error'],
      {
        cwd: msw3Page,
      },
    );
    const served = readFileSync(join(outDir, 'mockServiceWorker.js'), 'utf8');
    expect(served).toBe(
      readFileSync(join(msw3Page, 'node_modules', 'msw', 'lib', 'mockServiceWorker.js'), 'utf8'),
    );
    const page = await previewFolder(outDir);
    const browser = await launchChromium();
    try {
      const resultOf = async (search: string) => {
        const context = await browser.newContext();
        const tab = await context.newPage();
        await tab.goto(`${page.url}${search}`);
        const result = await tab.waitForFunction(() => document.body.dataset.result, undefined, {
          timeout: 30_000,
        });
        const value = JSON.parse(String(await result.jsonValue())) as unknown;
        await context.close();
        return value;
      };
      expect(await resultOf('?case=own-worker')).toEqual({ own: { own: true }, names: ['In my own worker'] });
      expect(await resultOf('?case=start-worker')).toEqual({ names: ['Started'] });
    } finally {
      await browser.close();
      await page.close();
    }
  });
});
