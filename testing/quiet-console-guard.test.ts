import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The unit tiers' quiet-console guard (quiet-console-guard.ts) run by vitest over sample tests
 * (quiet-console/samples.check.ts): a test that writes to the console fails with the text, a test
 * that takes its expected output itself passes. A process of its own (the system tier).
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));

interface JsonReport {
  testResults: { assertionResults: { title: string; status: string; failureMessages: string[] }[] }[];
}

describe('the quiet-console guard', () => {
  const run = spawnSync(
    process.execPath,
    [
      'node_modules/vitest/vitest.mjs',
      'run',
      '--config',
      'testing/quiet-console/vitest.config.ts',
      '--reporter=json',
    ],
    { cwd: ROOT, encoding: 'utf8', timeout: 60_000 },
  );
  const report = JSON.parse(run.stdout) as JsonReport;
  const results = new Map(
    report.testResults.flatMap((file) => file.assertionResults).map((result) => [result.title, result]),
  );

  it('passes a test that prints nothing, and one that takes the output it expects', () => {
    expect(results.get('prints nothing')?.status).toBe('passed');
    expect(results.get('takes the warning it expects and asserts on it')?.status).toBe('passed');
  });

  it.each([
    ['logs an error from code under test', 'console.error: [MSW] Error: intercepted a request'],
    ['prints a line with console.log', 'console.log: figures: 1234 req/s'],
  ])('fails "%s", quoting what it wrote', (title, text) => {
    const result = results.get(title);
    expect(result?.status).toBe('failed');
    expect(result?.failureMessages.join('\n')).toContain('unit tier: the test wrote to the console');
    expect(result?.failureMessages.join('\n')).toContain(text);
  });

  it('fails the run', () => {
    expect(run.status).toBe(1);
  });
});
