import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MOCK_KEY } from '@wsadmin/mock';
import { afterAll, describe, expect, it } from 'vitest';
import { httpCommand, runCommand, stdioClient } from '../../test/command';

const dir = mkdtempSync(join(tmpdir(), 'wsadmin-mcp-'));
const scenarioFile = join(dir, 'scenario.json');
writeFileSync(
  scenarioFile,
  JSON.stringify({
    seed: { workspaces: [{ name: 'Sales' }, { name: 'Ops' }] },
    keys: [{ secret: 'wsk_ops_only', permissions: ['workspace'], workspaceIds: [2] }],
  }),
);
const badScenarioFile = join(dir, 'bad.json');
writeFileSync(badScenarioFile, JSON.stringify({ seed: { workspaces: [{ nmae: 'Sales' }] } }));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const region = { type: 'string', format: 'text', names: ['region'] };

describe('wsadmin-mcp, the command', () => {
  it('--help prints the usage and exits 0', async () => {
    const { code, stdout } = await runCommand(['--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('wsadmin-mcp --http [--port N]');
    expect(stdout).toContain('WSADMIN_KEY');
  });

  it.each([
    ['no base URL', {}, 'WSADMIN_BASE_URL is not set'],
    ['no key', { WSADMIN_BASE_URL: 'http://127.0.0.1:9' }, 'WSADMIN_KEY is not set'],
    [
      'an unreachable service',
      { WSADMIN_BASE_URL: 'http://127.0.0.1:9', WSADMIN_KEY: 'wsk_secret_1' },
      'cannot reach the service at http://127.0.0.1:9',
    ],
    ['a scenario file that is not there', { WSADMIN_MOCK: 'missing.json' }, 'missing.json: no such file'],
    [
      "a scenario file with a wrong field, named by the mock's own check",
      { WSADMIN_MOCK: 'bad.json' },
      'bad.json: seed.workspaces[0].nmae',
    ],
  ])('exits 2 with a clear message: %s', async (_case, env, message) => {
    const file = (env as { WSADMIN_MOCK?: string }).WSADMIN_MOCK;
    const args = file ? ['--mock', join(dir, file)] : [];
    const { code, stderr } = await runCommand(args, env);
    expect(code).toBe(2);
    expect(stderr).toContain(message);
    expect(stderr).not.toContain('wsk_secret_1');
  });

  it('over stdio against the mock: read, batch create, preview -> commit -> operation -> read back', async () => {
    const session = await stdioClient(['--mock', scenarioFile]);
    try {
      const { tools } = await session.client.listTools();
      expect(tools.length).toBeLessThanOrEqual(40);
      const list = await session.call('read_workspaces', { operation: 'listWorkspaces' });
      expect((list.structuredContent as { data: unknown[] }).data).toHaveLength(2);
      const batch = await session.call('write_dimensions', {
        operation: 'createDimensions',
        workspaceId: 1,
        body: {
          dimensions: [
            { type: 'string', format: 'text', names: ['channel'] },
            { type: 'int', format: 'number', names: ['year'] },
          ],
        },
      });
      expect(batch.isError, JSON.stringify(batch.content)).toBeFalsy();
      expect((batch.structuredContent as { data: unknown[] }).data).toHaveLength(2);
      const preview = await session.call('preview_change', {
        kind: 'dimensions',
        workspaceId: 1,
        action: 'create',
        changes: region,
      });
      const { planToken } = preview.structuredContent as { planToken: string };
      const commit = await session.call('commit_change', { planToken });
      const { operationId, id } = commit.structuredContent as { operationId: string; id: number };
      const operation = await session.call('get_operation', { workspaceId: 1, operationId });
      expect(operation.structuredContent).toMatchObject({ operationId });
      const read = await session.call('read_management', {
        operation: 'getManagedDimension',
        workspaceId: 1,
        id,
      });
      expect(read.structuredContent).toMatchObject({ data: { definition: { names: ['region'] } } });
      expect(session.stderr()).not.toContain(MOCK_KEY);
      expect(session.stderr()).not.toContain(planToken);
    } finally {
      await session.close();
    }
  });

  it("over stdio with a scenario key limited to one workspace: only that key's tools", async () => {
    const session = await stdioClient(['--mock', scenarioFile], { WSADMIN_KEY: 'wsk_ops_only' });
    try {
      const names = (await session.client.listTools()).tools.map((tool) => tool.name);
      expect(names).toContain('read_dimensions');
      expect(names.filter((name) => name.endsWith('_accounts') || name === 'read_auth')).toEqual([]);
      const outside = await session.call('read_dimensions', { operation: 'listDimensions', workspaceId: 1 });
      expect(outside.isError).toBe(true);
    } finally {
      await session.close();
    }
  });

  it('over Streamable HTTP: sessions keep their own plan tokens, and a foreign Host or Origin is refused', async () => {
    const server = await httpCommand(['--port', '0', '--mock', scenarioFile]);
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
      const first = await server.connect();
      const second = await server.connect();
      const read = await first.call('read_workspaces', { operation: 'listWorkspaces' });
      expect(read.isError).toBeFalsy();
      const preview = await first.call('preview_change', {
        kind: 'dimensions',
        workspaceId: 1,
        action: 'create',
        changes: region,
      });
      const { planToken } = preview.structuredContent as { planToken: string };
      const foreign = await second.call('commit_change', { planToken });
      expect(foreign.isError).toBe(true);
      expect((await first.call('commit_change', { planToken })).isError).toBeFalsy();
      await Promise.all([first.client.close(), second.client.close()]);

      const { port } = new URL(server.url);
      const status = (headers: Record<string, string>) =>
        new Promise<number>((resolve, reject) => {
          const sent = request(
            {
              host: '127.0.0.1',
              port,
              path: '/mcp',
              method: 'POST',
              headers: { 'content-type': 'application/json', ...headers },
            },
            (response) => {
              response.resume();
              resolve(response.statusCode ?? 0);
            },
          );
          sent.on('error', reject);
          sent.end('{}');
        });
      expect(await status({ host: `attacker.example:${port}` })).toBe(403);
      expect(await status({ host: `127.0.0.1:${port}`, origin: 'http://attacker.example' })).toBe(403);
      expect(server.stderr()).not.toContain(planToken);
    } finally {
      await server.stop();
    }
  });
});
