/**
 * The runtime matrix: the SDK and the mock from their packed tarballs on Node 20, 22 and 24, Bun,
 * Deno and workerd (Miniflare), with msw 2 and, on Node 22 and 24, with msw 3 in a project of its
 * own (msw is the mock's peer dependency), one `it` per runtime and case, then the runtime table (docs/runtimes.md)
 * checked against what ran. The cases are consumer/fixtures/runtimes/*.mjs, written once: run.mjs
 * on Node, Bun and Deno, worker.mjs bundled as a Worker for workerd (consumer/runtimes.ts).
 */
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsumer, installedVersion, npmCache, tarballDependencies } from './harness';
import { sharedTarballs } from './packs';
import {
  type CaseResult,
  ENTRIES,
  type Entry,
  parseRuntimeTable,
  RUNTIMES,
  type RuntimeReport,
  readmeRuntimeTable,
  tableProblems,
  workerWithoutNodejsCompat,
} from './runtimes';

const root = mkdtempSync(join(tmpdir(), 'wsadmin-runtimes-'));
/** The consumer projects by the msw they installed (the mock's peer dependency). */
const projects = { 2: join(root, 'runtimes'), 3: join(root, 'runtimes-msw3') };
const project = projects[2];
const reports: Record<string, RuntimeReport | undefined> = {};
const failures: Record<string, Error> = {};
const timings: string[] = [];

beforeAll(async () => {
  const started = performance.now();
  const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  const [cache, tarballs] = await Promise.all([npmCache(), sharedTarballs()]);
  timings.push(`tarballs after ${seconds()}`);
  await Promise.all(
    ([2, 3] as const).map((msw) =>
      createConsumer({
        directory: projects[msw],
        fixture: 'runtimes',
        cache,
        dependencies: {
          ...tarballDependencies(tarballs, ['@wsadmin/sdk', '@wsadmin/mock']),
          '@tanstack/query-core': installedVersion('@tanstack/query-core'),
          // msw 3 as this repository installs it, under the alias msw3.
          msw: installedVersion(msw === 3 ? 'msw3' : 'msw'),
        },
      }),
    ),
  );
  timings.push(`installed after ${seconds()}`);
  // Three at a time: each starts a runtime and sql.js; the machine may have two cores.
  const queue = Object.entries(RUNTIMES);
  const next = async (): Promise<void> => {
    const item = queue.shift();
    if (!item) return;
    const [id, runtime] = item;
    const begun = performance.now();
    try {
      reports[id] = await runtime.start(projects[runtime.msw ?? 2]);
    } catch (error) {
      failures[id] = error as Error;
    }
    timings.push(`${id} in ${((performance.now() - begun) / 1000).toFixed(1)} s`);
    await next();
  };
  await Promise.all([next(), next(), next()]);
  timings.push(`all runtimes after ${seconds()}`);
}, 900_000);

afterAll(async () => {
  // The summary: each runtime with its counts, and what it does not run and why.
  const lines = Object.entries(RUNTIMES).map(([id, runtime]) => {
    const report = reports[id];
    if (!report) return `${id}: did not run: ${failures[id]?.message.split('\n')[0] ?? 'unknown'}`;
    const passed = report.results.filter((result) => result.ok).length;
    const notRun = Object.entries(runtime.notRun).map(([entry, reason]) => `${entry} (${reason})`);
    return `${id} (${report.runtime}): ${passed} passed, ${report.results.length - passed} failed; not run: ${notRun.join('; ')}`;
  });
  console.info(`runtime matrix\n  ${lines.join('\n  ')}\n  timings: ${timings.join(', ')}`);
  await rm(root, { recursive: true, force: true });
}, 120_000);

function reportOf(id: string): RuntimeReport {
  const report = reports[id];
  if (!report) throw failures[id] ?? new Error(`${id} did not run`);
  return report;
}

describe.each(Object.entries(RUNTIMES))('%s', (id, runtime) => {
  it('is the runtime it claims and ran exactly the matrix cases', () => {
    const report = reportOf(id);
    expect(report.runtime).toMatch(runtime.identity);
    expect(report.results.map((result) => result.name)).toEqual(runtime.cases);
  });

  it.each(runtime.cases)('%s', (name) => {
    const result = reportOf(id).results.find((candidate) => candidate.name === name);
    expect(result, `${name} was not reported`).toBeDefined();
    expect((result as CaseResult).ok, (result as CaseResult).detail).toBe(true);
  });

  it.each(Object.entries(runtime.notRun))('%s is not run: %s (the runtime table says no)', (entry) => {
    const cell = readmeRuntimeTable()
      .get(ENTRIES[entry as Entry])
      ?.get(runtime.column);
    expect(cell).toMatch(/^no\b/);
  });
});

describe('the runtime table (docs/runtimes.md)', () => {
  it('claims only what the matrix showed, and says no only where a runtime names its reason', () => {
    expect(tableProblems(readmeRuntimeTable(), RUNTIMES, reports)).toEqual([]);
  });

  it('is checked for real: a claim of a failed case, a case-less yes and an unexplained no are reported', () => {
    const table = parseRuntimeTable(
      [
        'Text before.',
        '',
        '| Entry | Node 20 | workerd (Cloudflare Workers) |',
        '|---|---|---|',
        '| `@wsadmin/sdk` | yes | yes |',
        '| `@wsadmin/sdk/query` | yes | no |',
        '| `@wsadmin/mock` | yes | maybe |',
        '| `@wsadmin/mock/node` | yes | no: needs Node |',
        '| `@wsadmin/mock/browser` | no | no |',
        '',
      ].join('\n'),
    );
    const runtimes = {
      node20: { column: 'Node 20', notRun: {} },
      workerd: { column: 'workerd', notRun: { 'mock/node': 'needs Node', 'mock/browser': 'a page' } },
    };
    const pass = (name: string) => ({ name, ok: true, detail: '' });
    const reportsOf = {
      node20: {
        runtime: 'node 20',
        results: [pass('sdk: a'), { name: 'sdk/query: b', ok: false, detail: 'broke' }, pass('mock core: c')],
      },
      workerd: { runtime: 'workerd', results: [pass('sdk: a'), pass('sdk/query: b')] },
    };
    expect(tableProblems(table, runtimes, reportsOf)).toEqual([
      '@wsadmin/sdk/query / Node 20: says "yes", but failed: sdk/query: b',
      '@wsadmin/mock/node / Node 20: says "yes", but no case ran',
      '@wsadmin/mock/browser / Node 20: says "no", but the matrix runs it (cases: 0)',
      '@wsadmin/sdk/query / workerd: says "no", but the matrix runs it (cases: 1)',
      '@wsadmin/mock / workerd: "maybe" starts with neither yes nor no',
    ]);
  });
});

describe('workerd without the nodejs_compat flag', () => {
  it("cannot load the mock: MSW's cookie store wants localStorage or a Node process (the runtime table says so)", async () => {
    // After the matrix (beforeAll) so that the Worker bundle exists and the runtimes are not raced.
    expect(await workerWithoutNodejsCompat(project)).toMatch(
      /Failed to create a CookieStore: `localStorage` is not available in this environment/,
    );
    expect(readmeRuntimeTable().get('@wsadmin/mock')?.get('workerd')).toMatch(/nodejs_compat/);
  });
});
