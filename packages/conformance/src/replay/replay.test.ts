import { createMock, MOCK_BASE_URL, MOCK_KEY, type WsadminMock } from '@wsadmin/mock';
import { describe, expect, it } from 'vitest';
import { replayRecording } from './replay';

const API = `${MOCK_BASE_URL}/openapi/v1`;

/** A JSON request to the mock, answered with the envelope's `data`. */
async function call(
  mock: WsadminMock,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await mock.fetch(
    new Request(`${API}${path}`, {
      method,
      headers: { authorization: `Bearer ${MOCK_KEY}`, 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );
  const envelope = (await response.json()) as { errcode: number; data?: unknown };
  return envelope.data as Record<string, unknown> & { id: number };
}

/**
 * A recording made with `mock.har()`. The recording mock first makes and deletes a few workspaces,
 * left out of the recording, so its ids are not the fresh replay mock's: mapping is needed.
 */
async function recording(): Promise<string> {
  const mock = createMock();
  for (let index = 0; index < 4; index += 1) {
    const { id } = await call(mock, 'POST', '/workspaces/', { name: `warm-up ${index}` });
    await call(mock, 'DELETE', `/workspaces/${id}/`);
  }
  const recordedFrom = mock.har().log.entries.length;
  const workspace = await call(mock, 'POST', '/workspaces/', { desc: 'generated name' });
  await call(mock, 'GET', `/workspaces/${workspace.id}/`);
  await call(mock, 'PUT', `/workspaces/${workspace.id}/`, { desc: 'edited' });
  const other = await call(mock, 'POST', '/workspaces/', { name: 'Other' });
  await call(mock, 'DELETE', `/workspaces/${other.id}/`);
  await call(mock, 'GET', `/workspaces/${other.id}/`);
  const batch = (await call(mock, 'POST', '/workspaces/create-workspaces/', {
    workspaces: [{ name: 'Batch A' }, { name: 'Batch B', date_offset: 2 }],
  })) as unknown as Array<{ id: number }>;
  await call(mock, 'PUT', '/workspaces/update-workspaces/', {
    workspaces: batch.map(({ id }, index) => ({ id, desc: `batch ${index}` })),
  });
  const ws = workspace.id;
  const preview = await call(mock, 'POST', `/workspaces/${ws}/management/measures/preview/`, {
    action: 'create',
    changes: { names: ['revenue'] },
  });
  const commit = await call(
    mock,
    'POST',
    `/workspaces/${ws}/management/measures/`,
    { changes: { names: ['revenue'] }, planToken: preview.planToken },
    { 'idempotency-key': 'create-revenue' },
  );
  const detail = await call(mock, 'GET', `/workspaces/${ws}/management/measures/${commit.id}/`);
  const update = await call(mock, 'POST', `/workspaces/${ws}/management/measures/preview/`, {
    action: 'update',
    targetId: commit.id,
    revision: detail.revision,
    changes: { names: ['revenue', 'sales'] },
  });
  const updated = await call(
    mock,
    'PATCH',
    `/workspaces/${ws}/management/measures/${commit.id}/`,
    { changes: { names: ['revenue', 'sales'] }, planToken: update.planToken },
    { 'idempotency-key': 'update-revenue' },
  );
  await call(mock, 'GET', `/workspaces/${ws}/management/operations/${String(updated.operationId)}/`);
  await call(mock, 'GET', '/workspaces/');
  const har = mock.har();
  har.log.entries = har.log.entries.slice(recordedFrom);
  return JSON.stringify(har);
}

const pathsOf = (har: string) =>
  (
    JSON.parse(har) as { log: { entries: Array<{ request: { method: string; url: string } }> } }
  ).log.entries.map(({ request }) => `${request.method} ${new URL(request.url).pathname}`);

const freshMock = () => {
  const mock = createMock();
  return {
    mock,
    target: { baseUrl: MOCK_BASE_URL, key: MOCK_KEY, fetch: (request: Request) => mock.fetch(request) },
  };
};

describe('replayRecording', () => {
  it('replays create, read, update, delete, a batch and a preview -> commit on a fresh mock with no difference', async () => {
    const har = await recording();
    const { mock, target } = freshMock();
    const result = await replayRecording(har, target);
    expect(result.problems).toEqual([]);
    // The recording's workspace 5 is the replay's workspace 1: paths and bodies were mapped.
    const recordedPaths = pathsOf(har);
    const replayedPaths = pathsOf(JSON.stringify(mock.har()));
    expect(recordedPaths[2]).toBe('PUT /openapi/v1/workspaces/5/');
    expect(replayedPaths[2]).toBe('PUT /openapi/v1/workspaces/1/');
    expect(replayedPaths).toHaveLength(recordedPaths.length);
    expect(result.replayed.map((entry) => entry.operationId)).toEqual([
      'createWorkspace',
      'getWorkspace',
      'updateWorkspace',
      'createWorkspace',
      'deleteWorkspace',
      'getWorkspace',
      'createWorkspaces',
      'updateWorkspaces',
      'previewMeasureChange',
      'createManagedMeasure',
      'getManagedMeasure',
      'previewMeasureChange',
      'updateManagedMeasure',
      'getManagementOperation',
      'listWorkspaces',
    ]);
    expect(result.replayed.flatMap((entry) => entry.differences)).toEqual([]);
  });
});
