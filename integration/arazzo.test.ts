import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { httpTarget } from '@wsadmin/server-testing/http-target';
import { REPO_ROOT } from '@wsadmin/server-testing/processes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The Arazzo workflows of `contract/arazzo.yaml`, run by `redocly respect` (a process of its own)
 * against a freshly started reference server: every step's request goes over HTTP and every
 * success criterion is checked, so a step that fails makes respect exit non-zero and this test fail.
 */

const run = promisify(execFile);
const CLI = join(REPO_ROOT, 'node_modules/.bin/redocly');
const ENV = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
const WORKFLOWS = ['workspaceLifecycle', 'dimensionPreviewCommit', 'memberGroupRowPermissions'];

let server: Awaited<ReturnType<typeof httpTarget>>;
const dir = mkdtempSync(join(tmpdir(), 'wsadmin-arazzo-'));

beforeAll(async () => {
  server = await httpTarget();
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** `redocly respect contract/arazzo.yaml` on this server; resolves with its exit code and report. */
async function respect(): Promise<{ code: number; output: string; report: string }> {
  const reportFile = join(dir, 'respect.json');
  const args = [
    'respect',
    'contract/arazzo.yaml',
    '--server',
    `wsadmin=${server.baseUrl}`,
    '--input',
    `accessKey=${server.key}`,
    '--json-output',
    reportFile,
    '--max-fetch-timeout',
    '10000',
  ];
  try {
    const { stdout, stderr } = await run(CLI, args, { cwd: REPO_ROOT, env: ENV, timeout: 50_000 });
    return { code: 0, output: stdout + stderr, report: readFileSync(reportFile, 'utf8') };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}`, report: '' };
  }
}

describe('the Arazzo workflows (contract/arazzo.yaml)', () => {
  it('lint clean with Redocly (zero errors, zero warnings)', async () => {
    const { stdout } = await run(
      CLI,
      ['lint', 'contract/arazzo.yaml', '--config', 'contract/redocly-arazzo.yaml', '--format', 'json'],
      { cwd: REPO_ROOT, env: ENV },
    );
    const report = JSON.parse(stdout.slice(stdout.indexOf('{'))) as { totals: Record<string, number> };
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it('run green with redocly respect against the reference server', { timeout: 60_000 }, async () => {
    const { code, output, report } = await respect();
    expect(code, output).toBe(0);
    // Every workflow ran: a renamed or skipped one would pass silently otherwise.
    for (const workflow of WORKFLOWS) expect(report, output).toContain(workflow);
  });
});
