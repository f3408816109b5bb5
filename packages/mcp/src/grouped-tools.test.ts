import { afterEach, describe, expect, it } from 'vitest';
import { inMemorySession, textOf } from '../test/in-memory-session';

const scenario = { seed: { workspaces: [{ name: 'Sales' }, { name: 'Ops' }] } };
type Session = Awaited<ReturnType<typeof inMemorySession>>;
const sessions: Session[] = [];
const open = async (options: Parameters<typeof inMemorySession>[0] = {}) => {
  const session = await inMemorySession({ scenario, ...options });
  sessions.push(session);
  return session;
};
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((session) => session.close()));
});

describe('the grouped tools', () => {
  it('read: lists the workspaces as structured content', async () => {
    const { call } = await open();
    const result = await call('read_workspaces', { operation: 'listWorkspaces' });
    expect(result.isError).toBeFalsy();
    const { data } = result.structuredContent as { data: { name: string }[] };
    expect(data.map((workspace) => workspace.name)).toEqual(['Sales', 'Ops']);
  });

  it('batch create: creates dimensions in one call, then lists them', async () => {
    const { call } = await open();
    const created = await call('write_dimensions', {
      operation: 'createDimensions',
      workspaceId: 1,
      body: {
        dimensions: [
          { type: 'string', format: 'text', names: ['region'] },
          { type: 'string', format: 'text', names: ['channel'] },
        ],
      },
    });
    expect(created.isError).toBeFalsy();
    expect((created.structuredContent as { data: unknown[] }).data).toHaveLength(2);
    const listed = await call('read_dimensions', { operation: 'listDimensions', workspaceId: 1 });
    const names = (listed.structuredContent as { data: { names: string[] }[] }).data.map(
      (item) => item.names[0],
    );
    expect(names).toEqual(expect.arrayContaining(['region', 'channel']));
  });

  it.each([
    [
      'a wrong type deep in the body',
      { operation: 'createWorkspaces', body: { workspaces: [{ name: 5 }] } },
      'body.workspaces.0.name',
    ],
    [
      'a field the operation does not have',
      { operation: 'createWorkspace', body: { name: 'A', colour: 'red' } },
      'body.colour',
    ],
    ['an operation of another tool', { operation: 'listWorkspaces' }, 'operation'],
    ['an operation the contract does not have', { operation: 'createWorkspce' }, 'operation'],
    ['a missing path value', { operation: 'updateWorkspace', body: { name: 'B' } }, 'workspaceId'],
  ])('bad arguments (%s): a tool error naming the field, nothing sent', async (_case, args, field) => {
    let requests = 0;
    const { call } = await open({
      wrapFetch: (fetch) => (request) => {
        if (!request.url.endsWith('/scopes/')) requests++;
        return fetch(request);
      },
    });
    const result = await call('write_workspaces', args);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain(`- ${field}:`);
    expect(requests).toBe(0);
  });

  it('names the nearest operations for one the contract does not have', async () => {
    const { call } = await open();
    const result = await call('read_workspaces', { operation: 'listWorkspace' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(
      "errcode 400: invalid arguments: operation\n- operation: unknown operationId 'listWorkspace'; did you mean 'listWorkspaces'?",
    );
  });

  it("answers the service's refusal as a tool error with its errcode and errmsg", async () => {
    const { call } = await open();
    const result = await call('read_time_series', {
      operation: 'getTimeSeries',
      workspaceId: 1,
      timeSeriesId: 99,
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^errcode 404: /);
  });
});

describe('deletions', () => {
  const remove = { operation: 'deleteWorkspace', workspaceId: 2 };
  const names = async (session: Session) =>
    (
      (await session.call('read_workspaces', { operation: 'listWorkspaces' })).structuredContent as {
        data: { name: string }[];
      }
    ).data.map((workspace) => workspace.name);

  it('are refused when the client cannot ask the user and the server was not started to allow them', async () => {
    const session = await open();
    const result = await session.call('delete_workspaces', remove);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('--allow-destructive');
    expect(await names(session)).toEqual(['Sales', 'Ops']);
  });

  it('ask the user through elicitation, and run on a yes only', async () => {
    const asked: string[] = [];
    let answer = false;
    const session = await open({
      elicit: (message) => {
        asked.push(message);
        return { action: 'accept', content: { confirm: answer } };
      },
    });
    const declined = await session.call('delete_workspaces', remove);
    expect(declined.isError).toBe(true);
    expect(await names(session)).toEqual(['Sales', 'Ops']);
    answer = true;
    const confirmed = await session.call('delete_workspaces', remove);
    expect(confirmed.isError).toBeFalsy();
    expect(await names(session)).toEqual(['Sales']);
    expect(asked).toHaveLength(2);
    expect(asked[0]).toContain('Delete a workspace');
  });

  it('run without asking when the client cannot ask but the server allows them (--allow-destructive)', async () => {
    const session = await open({ allowDestructive: true });
    expect((await session.call('delete_workspaces', remove)).isError).toBeFalsy();
    expect(await names(session)).toEqual(['Sales']);
  });

  it('a delete commit of the management flow asks too', async () => {
    const session = await open();
    const created = await session.call('write_dimensions', {
      operation: 'createDimensions',
      workspaceId: 1,
      body: { dimensions: [{ type: 'string', format: 'text', names: ['region'] }] },
    });
    const id = (created.structuredContent as { data: { id: number }[] }).data[0]?.id;
    const read = await session.call('read_management', {
      operation: 'getManagedDimension',
      workspaceId: 1,
      id,
    });
    const { revision } = (read.structuredContent as { data: { revision: string } }).data;
    const preview = await session.call('preview_change', {
      kind: 'dimensions',
      workspaceId: 1,
      action: 'delete',
      targetId: id,
      revision,
    });
    const { planToken } = preview.structuredContent as { planToken: string };
    const refused = await session.call('commit_change', { planToken });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain('--allow-destructive');
  });
});
