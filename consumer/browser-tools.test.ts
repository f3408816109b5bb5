/**
 * The mock where frontend teams test, from the packed tarballs in a fresh project: Playwright Test
 * with `@wsadmin/mock/playwright` (examples/playwright) driving Debian's Chromium.
 */
import { cpSync, mkdirSync, mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath } from '../testing/chromium';
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
let tarballs: Record<PackageName, string>;

beforeAll(async () => {
  tarballs = await sharedTarballs();
  const tools = ['vite', 'react', 'react-dom', '@tanstack/react-query', '@playwright/test'];
  await createConsumer({
    directory: project,
    fixture: 'browser-tools',
    cache: await npmCache(),
    dependencies: {
      ...tarballDependencies(tarballs, ['@wsadmin/sdk', '@wsadmin/mock']),
      ...Object.fromEntries(tools.map((name) => [name, installedVersion(name)])),
    },
    env: { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  });
  // The examples as a user's repository holds them: the app the tests drive beside its tests.
  mkdirSync(join(project, 'react-query'));
  cpSync(join(REPO_ROOT, 'examples', 'react-query', 'src'), join(project, 'react-query', 'src'), {
    recursive: true,
  });
  cpSync(join(REPO_ROOT, 'examples', 'playwright'), join(project, 'playwright'), { recursive: true });
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

interface PlaywrightSuite {
  title: string;
  suites?: PlaywrightSuite[];
  specs?: Array<{
    title: string;
    tests: Array<{ status: string; results: Array<{ errors?: Array<{ message?: string }> }> }>;
  }>;
}

interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  errors: Array<{ message?: string }>;
  suites: PlaywrightSuite[];
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
  it('runs every test green on Debian Chromium, the app built for production and the mock in the test process', async () => {
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
    // examples/playwright/tests/workspaces.spec.ts holds nine tests (one of them expected to fail).
    expect(report.stats.expected).toBe(9);
  });
});
