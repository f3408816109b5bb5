import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { httpTarget } from '@wsadmin/server-testing/http-target';
import { REPO_ROOT } from '@wsadmin/server-testing/processes';
import { serverRecording } from '@wsadmin/server-testing/server-recording';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseXml, type XmlElement } from '../../../testing/xml';
import { readConfig, startServer } from '../src/index';

/** `wsadmin-conformance` from source, as `npx wsadmin-conformance` runs its build. */
async function conformance(
  args: string[],
  timeout = 120_000,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const main = join(REPO_ROOT, 'packages', 'conformance', 'src', 'cli', 'main.ts');
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--conditions=@wsadmin/source', '--import', 'tsx', main, ...args],
      { cwd: REPO_ROOT, timeout, maxBuffer: 16 * 1024 * 1024 },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

/** The summary's closing count line. */
function totals(stdout: string): { passed: number; failed: number; notRun: number } {
  const [, passed, failed, notRun] = /^(\d+) passed, (\d+) failed, (\d+) not run$/m.exec(stdout) ?? [];
  if (passed === undefined) throw new Error(`no totals in:\n${stdout}`);
  return { passed: Number(passed), failed: Number(failed), notRun: Number(notRun) };
}

const testcases = (report: XmlElement) =>
  report.children.flatMap((suite) => suite.children.filter((child) => child.name === 'testcase'));

describe('wsadmin-conformance against the Node server over HTTP', () => {
  let target: Awaited<ReturnType<typeof httpTarget>>;
  let reports: string;
  beforeAll(async () => {
    target = await httpTarget();
    reports = mkdtempSync(join(target.file, '..', 'reports-'));
  });
  afterAll(() => target.close());

  it('runs the chosen groups, says per group what was not run and why, and what it left behind', async () => {
    const junit = join(reports, 'chosen.xml');
    const run = await conformance([
      '--base-url',
      target.baseUrl,
      '--key',
      target.key,
      '--group',
      'protocol',
      '--group',
      'access-keys',
      '--junit',
      junit,
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^ {2}protocol +\d+ passed, 0 failed, 0 not run$/m);
    // Keys and the clock are not part of the public API: those tests are reported, not passed.
    expect(run.stdout).toMatch(
      /^ {2}access-keys +\d+ passed, 0 failed, \d+ not run \(\d+ needs a target that can create keys; \d+ needs a target that can move the server's clock\)$/m,
    );
    expect(run.stdout).not.toMatch(/workspaces-/);
    expect(run.stdout).toMatch(
      /^Left behind on http:\/\/127\.0\.0\.1:\d+ .*\n {2}workspaces: \d+ create requests/m,
    );
    // Not a terminal: progress is a line per group on stderr, and stdout stays the report.
    expect(run.stderr.split('\n')).toEqual([
      expect.stringMatching(
        /^wsadmin-conformance: protocol: \d+ passed, 0 failed, 0 not run \(\d+\/\d+ tests, [\d.]+ s\)$/,
      ),
      expect.stringMatching(
        /^wsadmin-conformance: access-keys: \d+ passed, 0 failed, [1-9]\d* not run \(\d+\/\d+ tests, [\d.]+ s\)$/,
      ),
      '',
    ]);
    const { passed, notRun } = totals(run.stdout);
    expect(notRun).toBeGreaterThan(0);
    const report = parseXml(readFileSync(junit, 'utf8'));
    expect(report.attributes).toMatchObject({
      tests: String(passed + notRun),
      failures: '0',
      skipped: String(notRun),
    });
    expect(report.children.map((suite) => suite.attributes.name)).toEqual(['protocol', 'access-keys']);
    const skipped = testcases(report).flatMap((testcase) =>
      testcase.children.filter((c) => c.name === 'skipped'),
    );
    expect(skipped).toHaveLength(notRun);
    expect(skipped.map((element) => element.attributes.message)).toContain(
      'needs a target that can create keys',
    );
  }, 120_000);

  // Every scenario through the command line, keys from --keys-command and the clock from
  // --test-clock, runs once per test run, from the tarballs: consumer/packages.test.ts.

  it('exits 2 before running anything when --test-clock is given and the server has no test clock', async () => {
    const server = await startServer(
      readConfig({
        PORT: '0',
        DATABASE_URL: 'sqlite::memory:',
        WSADMIN_BOOTSTRAP_KEY: target.key,
        LOG_LEVEL: 'silent',
      }),
    );
    try {
      const run = await conformance(['--base-url', server.url, '--key', target.key, '--test-clock']);
      expect(run).toEqual({
        code: 2,
        stdout: '',
        stderr: `wsadmin-conformance: --test-clock: the test clock at ${server.url}/__test__/clock/ answered 404 without {"data":{"now"}}. The reference server serves it with WSADMIN_TEST_CLOCK=1; without a test clock, leave --test-clock out.\n`,
      });
    } finally {
      await server.close();
    }
  });

  it('replays a recording made on the server against a fresh server and against the mock, with no difference', async () => {
    const config = (key: string) =>
      readConfig({
        PORT: '0',
        DATABASE_URL: 'sqlite::memory:',
        WSADMIN_BOOTSTRAP_KEY: key,
        LOG_LEVEL: 'silent',
      });
    const [recorded, fresh] = await Promise.all([
      startServer(config(target.key)),
      startServer(config(target.key)),
    ]);
    try {
      const har = join(reports, 'server.har');
      writeFileSync(har, JSON.stringify(await serverRecording(recorded.url, target.key)));
      const [againstServer, againstMock] = await Promise.all([
        conformance(['replay', har, '--base-url', fresh.url, '--key', target.key]),
        conformance(['replay', har, '--mock']),
      ]);
      for (const [run, against] of [
        [againstServer, fresh.url],
        [againstMock, 'a fresh @wsadmin/mock'],
      ] as const) {
        expect(run.stderr).toBe('');
        expect(run.stdout).toContain(
          `11 matched, 0 different, 0 not replayed, 0 skipped, against ${against}`,
        );
        expect(run.code).toBe(0);
        expect(run.stdout).not.toContain(target.key);
      }
    } finally {
      await Promise.all([recorded.close(), fresh.close()]);
    }
  }, 60_000);

  it('exits 1 naming the failed test when the server does not conform (here: a wrong key)', async () => {
    const run = await conformance([
      '--base-url',
      target.baseUrl,
      '--key',
      'wsk_wrong',
      '--group',
      'workspaces',
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^FAIL workspaces > /m);
    expect(run.stdout).toMatch(/^ {2}workspaces +0 passed, [1-9]\d* failed/m);
  }, 120_000);

  it.each([
    [['--base-url', 'http://127.0.0.1:1', '--key', 'k', '--frobnicate'], /Unknown option '--frobnicate'/],
    [['--key', 'k'], /--base-url is required/],
  ])('exits 2 with the usage for a bad command line (%j)', async (args, message) => {
    const run = await conformance(args);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).toContain('Usage: wsadmin-conformance --base-url <url> --key <secret>');
  });
});
