import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Strict mode as a test runner sees it: vitest runs the sample files of strict-samples/ in a
 * process of its own (the system tier), and the report says which tests failed, and why.
 */
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

interface JsonReport {
  testResults: { assertionResults: { title: string; status: string; failureMessages: string[] }[] }[];
}

function runSamples(globals: boolean) {
  const run = spawnSync(
    process.execPath,
    [
      'node_modules/vitest/vitest.mjs',
      'run',
      '--config',
      'packages/mock/test/strict-samples/vitest.config.ts',
      '--reporter=json',
    ],
    {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 120_000,
      env: { ...process.env, GLOBALS: globals ? '1' : '' },
    },
  );
  const report = JSON.parse(run.stdout.slice(run.stdout.indexOf('{'))) as JsonReport;
  const results = new Map(
    report.testResults.flatMap((file) => file.assertionResults).map((result) => [result.title, result]),
  );
  return { status: run.status, results };
}

describe('setupMockServer in a vitest project with globals', () => {
  const { status, results } = runSamples(true);

  it('fails the test that sent a wrong body, naming the operation, the field and the request', () => {
    const result = results.get('sends a wrong body and checks only what the page shows');
    expect(result?.status).toBe('failed');
    const message = result?.failureMessages.join('\n') ?? '';
    expect(message).toContain('MockRejectionError');
    expect(message).toMatch(
      /- createWorkspace: 400 invalid_request: .*"title".* — request POST \/openapi\/v1\/workspaces\/ \{"title":"Sales 2"\}/,
    );
    expect(message).toContain("declare it: mock.allowRejection('createWorkspace')");
  });

  it('passes the test that declared the rejection, and the next one', () => {
    expect(results.get('declares the rejection it expects')?.status).toBe('passed');
    expect(results.get('sends a right body')?.status).toBe('passed');
  });

  it('fails the run', () => {
    expect(status).toBe(1);
  });
});

describe('setupMockServer in a vitest project without globals', () => {
  const { results } = runSamples(false);

  it('lets the test that made the request pass, and fails the next one at reset(), naming the request', () => {
    expect(results.get('calls a path that does not exist')?.status).toBe('passed');
    const next = results.get('the next test');
    expect(next?.status).toBe('failed');
    expect(next?.failureMessages.join('\n')).toMatch(
      /- no operation \(GET \/openapi\/v1\/workspace\/\): 404 not_found: unknown path \/openapi\/v1\/workspace\/.*— request GET \/openapi\/v1\/workspace\//,
    );
  });
});
