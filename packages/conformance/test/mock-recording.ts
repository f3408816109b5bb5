import { createMock, MOCK_BASE_URL, MOCK_KEY, type WsadminMock } from '@wsadmin/mock';

/** Test support of the replay: recordings made with the mock's `har()`. */

export const API = `${MOCK_BASE_URL}/openapi/v1`;

/** A JSON request to the mock, answered with the envelope's `data`. */
export async function call(
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
export async function recording(): Promise<string> {
  const mock = createMock();
  const warmUp = (await call(mock, 'POST', '/workspaces/create-workspaces/', {
    workspaces: [{}, {}, {}, {}],
  })) as unknown as Array<{ id: number }>;
  await call(mock, 'DELETE', '/workspaces/delete-workspaces/', { workspaceIds: warmUp.map(({ id }) => id) });
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

/** A short recording: a workspace created (id 3 after two warm-up ones) and read back. */
export async function shortRecording(): Promise<string> {
  const mock = createMock();
  await call(mock, 'POST', '/workspaces/', { name: 'warm-up 1' });
  await call(mock, 'POST', '/workspaces/', { name: 'warm-up 2' });
  const recordedFrom = mock.har().log.entries.length;
  const { id } = await call(mock, 'POST', '/workspaces/', { name: 'Recorded' });
  await call(mock, 'GET', `/workspaces/${id}/`);
  const har = mock.har();
  har.log.entries = har.log.entries.slice(recordedFrom);
  return JSON.stringify(har);
}

const text = (names: string[]) => ({ type: 'string', format: 'text', names });

/**
 * A recording of an app browsing a service that already holds data (made on a mock before the
 * recording starts, after throwaway objects, so the recorded ids are not a fresh mock's), then
 * changing some of it.
 */
export async function browsingRecording(): Promise<string> {
  const mock = createMock();
  const throwaway = await call(mock, 'POST', '/workspaces/', {});
  await call(mock, 'POST', `/workspaces/${throwaway.id}/measures/create-measures/`, {
    measures: [{ names: ['gone'] }],
  });
  await call(mock, 'DELETE', `/workspaces/${throwaway.id}/`);
  await call(mock, 'POST', '/accounts/create-accounts/', {
    accounts: [
      { username: 'ana', nickname: 'Ana', email: 'ana@example.com' },
      { username: 'bo', role: 1 },
    ],
  });
  const sales = await call(mock, 'POST', '/workspaces/', { name: 'Sales', desc: 'EMEA', date_offset: 2 });
  const generated = await call(mock, 'POST', '/workspaces/', { hc1: true });
  await call(mock, 'POST', `/workspaces/${sales.id}/dimensions/create-dimensions/`, {
    dimensions: [
      text(['region', 'Region']),
      {
        type: 'mapping',
        format: 'text',
        names: ['status'],
        baseField: { choice: { '1': 'open' }, typeBeforeMap: 'string', typeAfterMap: 'string' },
      },
    ],
  });
  await call(mock, 'POST', `/workspaces/${sales.id}/measures/create-measures/`, {
    measures: [
      { names: ['revenue'], sort: 1 },
      { names: ['cost'], description: 'all costs' },
    ],
  });
  await call(mock, 'POST', `/workspaces/${sales.id}/member-groups/`, { name: 'Analysts' });
  const from = mock.har().log.entries.length;
  await call(mock, 'GET', '/workspaces/');
  await call(mock, 'GET', `/workspaces/${sales.id}/`);
  await call(mock, 'GET', `/workspaces/${sales.id}/dimensions/`);
  const measures = (await call(mock, 'GET', `/workspaces/${sales.id}/measures/`)) as unknown as Array<{
    id: number;
  }>;
  await call(mock, 'GET', `/workspaces/${sales.id}/member-groups/`);
  await call(mock, 'GET', `/workspaces/${generated.id}/measures/`);
  const accounts = (await call(mock, 'GET', '/accounts/')) as unknown as Array<{ uid: string }>;
  await call(mock, 'GET', `/accounts/${accounts[0]?.uid}/`);
  await call(mock, 'PUT', `/workspaces/${sales.id}/measures/update-measures/`, {
    measures: [{ id: measures[1]?.id, description: 'every cost' }],
  });
  const added = await call(mock, 'POST', '/workspaces/', { name: 'Added while recording' });
  await call(mock, 'POST', `/workspaces/${added.id}/member-groups/`, { name: 'New group' });
  await call(mock, 'GET', `/workspaces/${added.id}/member-groups/`);
  await call(mock, 'GET', '/workspaces/');
  const har = mock.har();
  har.log.entries = har.log.entries.slice(from);
  return JSON.stringify(har);
}
