import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// Redocly's command over the committed document: a process, so the system tier (testing/tiers.ts);
// the document's own checks are in openapi.test.ts.
const root = fileURLToPath(new URL('../../', import.meta.url));

describe('the OpenAPI document', () => {
  it('lints clean with Redocly (zero errors, zero warnings)', async () => {
    const run = promisify(execFile);
    const cli = `${root}node_modules/.bin/redocly`;
    const { stdout } = await run(
      cli,
      ['lint', 'contract/openapi.json', '--config', 'contract/redocly.yaml', '--format', 'json'],
      {
        cwd: root,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    );
    const report = JSON.parse(stdout.slice(stdout.indexOf('{'))) as { totals: Record<string, number> };
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });
});
