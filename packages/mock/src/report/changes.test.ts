import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createMock } from '../index-node';
import { readTables } from '../inspect/tables';
import { changesText, diffTables, netChanges } from './changes';

const mock = createMock({
  seed: {
    workspaces: [
      { name: 'Demo', dimensions: [{ type: 'string', format: 'text', names: ['region'] }] },
      { name: 'Archive' },
    ],
  },
});
afterAll(() => mock.close());
beforeEach(() => mock.reset());

const send = (method: string, path: string, body?: unknown) =>
  mock.fetch(
    new Request(`${mock.baseUrl}/openapi/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${mock.key}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );

describe('netChanges: the journal by object', () => {
  it('nets each object over the requests: created then updated is created with its last row, updated twice is one update', async () => {
    await send('POST', '/workspaces/', { name: 'Sales' });
    await send('PUT', '/workspaces/3/', { name: 'Sales EU' });
    await send('PUT', '/workspaces/1/', { name: 'Demo 2' });
    await send('PUT', '/workspaces/1/', { name: 'Demo 3' });
    await send('DELETE', '/workspaces/2/');
    const workspaces = netChanges(mock.requests).filter((change) => change.kind === 'workspace');
    expect(workspaces).toMatchObject([
      {
        id: 3,
        action: 'created',
        after: { name: 'Sales EU' },
        by: ['#1 createWorkspace', '#2 updateWorkspace'],
      },
      { id: 1, action: 'updated', before: { name: 'Demo' }, after: { name: 'Demo 3' } },
      { id: 2, action: 'deleted', before: { name: 'Archive' }, after: undefined },
    ]);
    const text = changesText(workspaces, 'Changes:');
    expect(text).toContain('workspace 3 created by #1 createWorkspace, #2 updateWorkspace\n  {');
    expect(text).toContain('"name":"Sales EU"');
    expect(text).toMatch(
      /^workspace 1 updated by #3 updateWorkspace, #4 updateWorkspace\n {2}name: "Demo" → "Demo 3"$/m,
    );
    expect(text).toMatch(/^workspace 2 deleted by #5 deleteWorkspace$/m);
  });

  it('shows an object created and deleted in the same test as such', async () => {
    await send('POST', '/workspaces/', { name: 'Brief' });
    await send('DELETE', '/workspaces/3/');
    expect(netChanges(mock.requests).filter((change) => change.kind === 'workspace')).toMatchObject([
      { id: 3, action: 'created and deleted', before: undefined, after: undefined },
    ]);
  });
});

describe('diffTables: the tables now against the seed', () => {
  it('finds rows created, updated and deleted, whatever made them', async () => {
    const seed = await readTables(mock);
    await mock.client.call('createWorkspace', { body: { name: 'Sales' } });
    await mock.client.call('updateWorkspace', { params: { workspaceId: 1 }, body: { name: 'Renamed' } });
    await mock.client.call('deleteWorkspace', { params: { workspaceId: 2 } });
    const changes = diffTables(seed, await readTables(mock));
    expect(changes.map((change) => [change.kind, change.id, change.action])).toEqual([
      ['workspace', '1', 'updated'],
      ['workspace', '2', 'deleted'],
      ['workspace', '3', 'created'],
    ]);
    const text = changesText(changes, 'Changes:');
    expect(text).toMatch(/^ {2}name: "Demo" → "Renamed"$/m);
    expect(text).toMatch(/^workspace 3 created\n {2}\{.*"name":"Sales"/m);
  });

  it('says when nothing changed', async () => {
    const seed = await readTables(mock);
    expect(changesText(diffTables(seed, await readTables(mock)), 'Changes:')).toBe(
      'Changes:\n(no changes)\n',
    );
  });
});
