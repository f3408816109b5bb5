import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { httpTarget } from '@wsadmin/server-testing/http-target';
import { REPO_ROOT } from '@wsadmin/server-testing/processes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** `wsadmin-conformance` from source, as `npx wsadmin-conformance` runs its build. */
async function conformance(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const main = join(REPO_ROOT, 'packages', 'conformance', 'src', 'cli', 'main.ts');
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--conditions=@wsadmin/source', '--import', 'tsx', main, ...args],
      { cwd: REPO_ROOT, timeout: 120_000, maxBuffer: 16 * 1024 * 1024 },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

describe('wsadmin-conformance against the Node server over HTTP', () => {
  let target: Awaited<ReturnType<typeof httpTarget>>;
  beforeAll(async () => {
    target = await httpTarget();
  });
  afterAll(() => target.close());

  it('runs the chosen groups, says per group what was not run and why, and what it left behind', async () => {
    const run = await conformance([
      '--base-url',
      target.baseUrl,
      '--key',
      target.key,
      '--group',
      'protocol',
      '--group',
      'access-keys',
    ]);
    expect(run.stderr).toBe('');
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
  }, 120_000);

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
