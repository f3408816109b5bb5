import { afterEach, describe, expect, it } from 'vitest';
import { inMemorySession, textOf } from '../test/in-memory-session';

const scenario = {
  seed: { workspaces: [{ name: 'Sales' }, { name: 'Ops' }] },
  keys: [{ secret: 'wsk_ops_only', permissions: ['workspace' as const], workspaceIds: [2] }],
};
type Session = Awaited<ReturnType<typeof inMemorySession>>;
const sessions: Session[] = [];
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((session) => session.close()));
});

describe("the tools of a key limited to one workspace and the 'workspace' permission", () => {
  it('lists no account or login-data tool, and no operation that needs another permission', async () => {
    const session = await inMemorySession({ scenario, key: 'wsk_ops_only' });
    sessions.push(session);
    const { tools } = await session.mcp.listTools();
    const names = tools.map((tool) => tool.name);
    expect(names).not.toEqual(expect.arrayContaining(['read_accounts']));
    for (const name of ['read_accounts', 'write_accounts', 'delete_accounts', 'read_auth'])
      expect(names).not.toContain(name);
    expect(names).toEqual(
      expect.arrayContaining(['read_workspaces', 'write_dimensions', 'preview_change', 'commit_change']),
    );

    const all = await inMemorySession({ scenario });
    sessions.push(all);
    const allNames = (await all.mcp.listTools()).tools.map((tool) => tool.name);
    expect(allNames).toEqual(
      expect.arrayContaining(['read_accounts', 'write_accounts', 'delete_accounts', 'read_auth']),
    );
  });

  it('refuses a workspace outside its set before calling, naming workspaceId, and reads its own', async () => {
    const session = await inMemorySession({ scenario, key: 'wsk_ops_only' });
    sessions.push(session);
    const outside = await session.call('read_dimensions', { operation: 'listDimensions', workspaceId: 1 });
    expect(outside.isError).toBe(true);
    expect(textOf(outside)).toContain('- workspaceId:');
    const own = await session.call('read_dimensions', { operation: 'listDimensions', workspaceId: 2 });
    expect(own.isError).toBeFalsy();
    const created = await inMemorySession({ scenario, mock: session.mock });
    sessions.push(created);
    const made = await created.call('write_workspaces', {
      operation: 'createWorkspace',
      body: { name: 'New' },
    });
    const { id } = (made.structuredContent as { data: { id: number } }).data;
    // Made after this session read the scope: the scope is read again, and the key still does not reach it.
    const stillOutside = await session.call('read_dimensions', {
      operation: 'listDimensions',
      workspaceId: id,
    });
    expect(textOf(stillOutside)).toContain('- workspaceId:');
    // An unrestricted session reaches the workspace it has just made.
    expect(
      (await created.call('read_dimensions', { operation: 'listDimensions', workspaceId: id })).isError,
    ).toBeFalsy();
    const hidden = await session.call('read_accounts', { operation: 'listAccounts' });
    expect(hidden.isError).toBe(true);
    expect(textOf(hidden)).toContain('not available to this key');
  });
});
