import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsumer, installedVersion, npmCache, run, tarballDependencies } from './harness';
import { sharedTarballs } from './packs';

/**
 * @wsadmin/mcp installed from its tarball into a fresh project, as `npx @wsadmin/mcp` would get it:
 * the project's own MCP client (the official SDK) runs the preview -> commit -> operation -> read
 * back flow against `wsadmin-mcp --mock` over stdio and over Streamable HTTP.
 */
const root = mkdtempSync(join(tmpdir(), 'wsadmin-mcp-consumer-'));
const project = join(root, 'mcp');

beforeAll(async () => {
  const tarballs = await sharedTarballs();
  await createConsumer({
    directory: project,
    fixture: 'mcp',
    cache: await npmCache(),
    dependencies: {
      ...tarballDependencies(tarballs, ['@wsadmin/mcp']),
      '@modelcontextprotocol/sdk': installedVersion('@modelcontextprotocol/sdk'),
    },
  });
}, 900_000);
afterAll(() => rm(root, { recursive: true, force: true }));

describe('@wsadmin/mcp from its tarball', () => {
  it('serves the management flow over stdio and Streamable HTTP on the mock', async () => {
    const { stdout } = await run(process.execPath, ['check.mjs'], { cwd: project, timeoutMs: 180_000 });
    const lines = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const expected = {
      tools: 28,
      names: ['region'],
      inventedRefused: true,
      openapi: expect.stringMatching(/^3\./),
    };
    for (const line of lines) expect(line.tools).toBeLessThanOrEqual(40);
    expect(lines).toEqual([
      { transport: 'stdio', state: expect.any(String), ...expected },
      { transport: 'http', state: expect.any(String), ...expected },
    ]);
  }, 240_000);
});
