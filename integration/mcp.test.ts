import { httpTarget } from '@wsadmin/server-testing/http-target';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpCommand, stdioClient } from '../packages/mcp/test/command';

/**
 * `wsadmin-mcp` against the reference server as `npm start` runs it (a temporary SQLite file), with
 * the official MCP client over stdio and over Streamable HTTP: the server's own answers, not the mock's.
 */
let server: Awaited<ReturnType<typeof httpTarget>>;
beforeAll(async () => {
  server = await httpTarget();
}, 120_000);
afterAll(() => server?.close());

const env = () => ({ WSADMIN_BASE_URL: server.baseUrl, WSADMIN_KEY: server.key });
const region = { type: 'string', format: 'text', names: ['region'] };

describe('wsadmin-mcp against the reference server', () => {
  it('over stdio: batch create, read, preview -> commit -> operation -> read back, the key never logged', async () => {
    const session = await stdioClient([], env());
    try {
      const created = await session.call('write_workspaces', {
        operation: 'createWorkspaces',
        body: { workspaces: [{ name: 'Sales' }, { name: 'Ops' }] },
      });
      expect(created.isError, JSON.stringify(created.content)).toBeFalsy();
      const [sales] = (created.structuredContent as { data: { id: number }[] }).data;
      const workspaceId = sales?.id;
      const list = await session.call('read_workspaces', { operation: 'listWorkspaces' });
      expect((list.structuredContent as { data: { name: string }[] }).data.map((item) => item.name)).toEqual(
        expect.arrayContaining(['Sales', 'Ops']),
      );
      const preview = await session.call('preview_change', {
        kind: 'dimensions',
        workspaceId,
        action: 'create',
        changes: region,
      });
      expect(preview.isError, JSON.stringify(preview.content)).toBeFalsy();
      const { planToken } = preview.structuredContent as { planToken: string };
      expect((await session.call('commit_change', { planToken: `${planToken}x` })).isError).toBe(true);
      const commit = await session.call('commit_change', { planToken });
      const { operationId, id, nextStep } = commit.structuredContent as {
        operationId: string;
        id: number;
        nextStep: string;
      };
      expect(nextStep.length).toBeGreaterThan(0);
      const operation = await session.call('get_operation', { workspaceId, operationId });
      expect(operation.structuredContent).toMatchObject({ operationId });
      const read = await session.call('read_management', {
        operation: 'getManagedDimension',
        workspaceId,
        id,
      });
      expect(read.structuredContent).toMatchObject({ data: { definition: { names: ['region'] } } });
      const bad = await session.call('write_workspaces', {
        operation: 'createWorkspace',
        body: { name: '' },
      });
      expect(bad.isError).toBe(true);
      expect(bad.content[0]?.type === 'text' && bad.content[0].text).toContain('body.name');
      expect(session.stderr()).not.toContain(server.key);
      expect(session.stderr()).not.toContain(planToken);
    } finally {
      await session.close();
    }
  });

  it("over Streamable HTTP with a key limited to one workspace and 'workspace': only its tools, only its workspace", async () => {
    const admin = await stdioClient([], env());
    const made = await admin.call('write_workspaces', {
      operation: 'createWorkspaces',
      body: { workspaces: [{ name: 'A' }, { name: 'B' }] },
    });
    await admin.close();
    const [a, b] = (made.structuredContent as { data: { id: number }[] }).data;
    const key = await server.createKey({
      name: 'mcp-limited',
      permissions: ['workspace'],
      workspaceIds: [a?.id ?? 0],
    });
    const http = await httpCommand(['--port', '0'], { WSADMIN_BASE_URL: server.baseUrl, WSADMIN_KEY: key });
    try {
      const session = await http.connect();
      const names = (await session.client.listTools()).tools.map((tool) => tool.name);
      expect(names).toEqual(expect.arrayContaining(['read_workspaces', 'preview_change', 'commit_change']));
      expect(names.filter((name) => name.endsWith('_accounts') || name === 'read_auth')).toEqual([]);
      const own = await session.call('read_dimensions', { operation: 'listDimensions', workspaceId: a?.id });
      expect(own.isError).toBeFalsy();
      const other = await session.call('read_dimensions', {
        operation: 'listDimensions',
        workspaceId: b?.id,
      });
      expect(other.isError).toBe(true);
      await session.client.close();
      expect(http.stderr()).not.toContain(key);
    } finally {
      await http.stop();
    }
  });
});
