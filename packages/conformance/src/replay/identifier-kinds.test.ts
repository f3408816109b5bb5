import { createMock, MOCK_BASE_URL, MOCK_KEY, type WsadminMock } from '@wsadmin/mock';
import { describe, expect, it } from 'vitest';
import { call } from '../../test/mock-recording';
import { IdentifierMap } from './id-map';
import { fieldKind, kindOfParam, operationKind } from './identifier-kinds';
import { replayRecording } from './replay';

describe('identifier kinds, read off the route table', () => {
  it("names the kind of an operation's objects, of a path parameter and of a field", () => {
    expect(operationKind('getWorkspace')).toBe('workspaces');
    expect(operationKind('createWorkspaces')).toBe('workspaces');
    expect(operationKind('updateDimensions')).toBe('dimensions');
    expect(operationKind('previewMeasureChange')).toBe('measures');
    expect(operationKind('createMemberGroup')).toBe('member-groups');
    expect(kindOfParam('getMemberGroupRowPermission', 'member_groups_pk')).toBe('member-groups');
    expect(kindOfParam('getManagedDimension', 'id')).toBe('dimensions');
    // Impacts' `/{type}/{id}/`: the type is a kind's path segment.
    expect(kindOfParam('getManagementImpacts', 'id', { workspaceId: '3', type: 'measures' })).toBe(
      'measures',
    );
    expect(fieldKind('deleteWorkspaces', 'workspaceIds', [])).toBe('workspaces');
    expect(fieldKind('deleteDimensions', 'dimensionIds', [])).toBe('dimensions');
    expect(fieldKind('listDimensions', 'id', ['models', 'id'])).toBe('models');
    expect(fieldKind('previewMeasureChange', 'targetId', ['targetId'])).toBe('measures');
    // `updateDimensions` carries its items under `measures` (sic): they are dimensions.
    expect(fieldKind('updateDimensions', 'id', ['id'])).toBe('dimensions');
  });

  it('keeps a workspace 3 and a dimension 3 apart, and maps a generated name by its own kind', () => {
    const ids = new IdentifierMap();
    ids.learn(3, 1, 'workspaces');
    ids.learn(3, 7, 'dimensions');
    expect(ids.map('3', 'workspaces')).toBe('1');
    expect(ids.map(3, 'dimensions')).toBe(7);
    expect(ids.mapText('Workspace 3', 'workspaces')).toBe('Workspace 1');
    // No kind given and the kinds disagree: left as recorded rather than guessed.
    expect(ids.mapText('3 items')).toBe('3 items');
    expect(ids.map(3)).toBe(3);
    // No kind given and one kind knows it: that kind's.
    ids.learn(9, 4, 'measures');
    expect(ids.map('9')).toBe('4');
  });
});

const API = `${MOCK_BASE_URL}/openapi/v1`;

/**
 * Recorded: workspace 3 and dimension 3 (two workspaces and two dimensions made before the
 * recording starts); replayed on a mock where the same requests get workspace 2 and dimension 4.
 */
async function collidingRecording(): Promise<string> {
  const mock = createMock();
  const first = await call(mock, 'POST', '/workspaces/', { name: 'warm-up' });
  await call(mock, 'POST', '/workspaces/', { name: 'warm-up 2' });
  await call(mock, 'POST', `/workspaces/${first.id}/dimensions/create-dimensions/`, {
    dimensions: [
      { type: 'string', format: 'text', names: ['a'] },
      { type: 'string', format: 'text', names: ['b'] },
    ],
  });
  const from = mock.har().log.entries.length;
  const workspace = await call(mock, 'POST', '/workspaces/', {});
  const [dimension] = (await call(mock, 'POST', `/workspaces/${workspace.id}/dimensions/create-dimensions/`, {
    dimensions: [{ type: 'string', format: 'text', names: ['region'] }],
  })) as unknown as Array<{ id: number }>;
  expect([workspace.id, dimension?.id]).toEqual([3, 3]);
  await call(mock, 'PUT', `/workspaces/${workspace.id}/dimensions/update-dimensions/`, {
    dimensions: [{ id: dimension?.id, type: 'string', format: 'text', names: ['region'], rating: 5 }],
  });
  await call(mock, 'GET', `/workspaces/${workspace.id}/dimensions/`);
  await call(mock, 'GET', `/workspaces/?q=${encodeURIComponent(`Workspace ${workspace.id}`)}`);
  await call(mock, 'DELETE', `/workspaces/${workspace.id}/dimensions/delete-dimensions/`, {
    dimensionIds: [dimension?.id],
  });
  const har = mock.har();
  har.log.entries = har.log.entries.slice(from);
  return JSON.stringify(har);
}

async function replayMock(): Promise<WsadminMock> {
  const mock = createMock();
  const { id } = await call(mock, 'POST', '/workspaces/', { name: 'already there' });
  await call(mock, 'POST', `/workspaces/${id}/dimensions/create-dimensions/`, {
    dimensions: ['x', 'y', 'z'].map((name) => ({ type: 'string', format: 'text', names: [name] })),
  });
  return mock;
}

describe('replay with colliding identifiers', () => {
  it('maps a workspace 3 and a dimension 3 each to its own replayed id, in paths, bodies and query strings', async () => {
    const har = await collidingRecording();
    const mock = await replayMock();
    const sent: string[] = [];
    const result = await replayRecording(har, {
      baseUrl: MOCK_BASE_URL,
      key: MOCK_KEY,
      fetch: async (request) => {
        sent.push(`${request.method} ${request.url.slice(API.length)} ${await request.clone().text()}`);
        return mock.fetch(request);
      },
    });
    expect(result.problems).toEqual([]);
    expect(result.replayed.flatMap((entry) => entry.differences)).toEqual([]);
    expect(sent.slice(2)).toEqual([
      expect.stringMatching(
        /^PUT \/workspaces\/2\/dimensions\/update-dimensions\/ \{"dimensions":\[\{"id":4,/,
      ),
      'GET /workspaces/2/dimensions/ ',
      'GET /workspaces/?q=Workspace+2 ',
      'DELETE /workspaces/2/dimensions/delete-dimensions/ {"dimensionIds":[4]}',
    ]);
  });
});
