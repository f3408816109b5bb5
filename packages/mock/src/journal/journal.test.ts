import { createClient } from '@wsadmin/sdk';
import { describe, expect, it } from 'vitest';
import { createMock, MOCK_BASE_URL, MOCK_KEY } from '../index-node';
import { REDACTED } from './redact';

const PASSWORD = 'correct horse battery';

function setup(options: Parameters<typeof createMock>[0] = {}) {
  const mock = createMock({ seed: { workspaces: [{ name: 'Sales' }] }, ...options });
  const client = createClient({ baseUrl: MOCK_BASE_URL, key: MOCK_KEY, fetch: mock.fetch, retries: 0 });
  return { mock, client };
}

describe('mock.requests', () => {
  it('keeps one entry per request, in order, with what was sent and answered', async () => {
    const { mock, client } = setup();
    await client.workspaces.list();
    await client.workspaces.create({ name: 'Marketing' });
    await expect(client.workspaces.get(99)).rejects.toMatchObject({ errcode: 404 });
    const [list, create, get] = mock.requests;
    expect(mock.requests.map((entry) => [entry.seq, entry.operationId, entry.answer.status])).toEqual([
      [1, 'listWorkspaces', 200],
      [2, 'createWorkspace', 200],
      [3, 'getWorkspace', 404],
    ]);
    expect(list).toMatchObject({
      method: 'GET',
      path: '/openapi/v1/workspaces/',
      overridden: false,
      changes: [],
    });
    expect(list?.answer.data).toMatchObject([{ id: 1, name: 'Sales' }]);
    expect(create).toMatchObject({ method: 'POST', body: { name: 'Marketing' }, answer: { errcode: 200 } });
    expect(get).toMatchObject({ params: { workspaceId: '99' }, answer: { errcode: 404 } });
    expect(get?.answer.errmsg).toMatch(/workspace/i);
    expect(get?.url).toBe(`${MOCK_BASE_URL}/openapi/v1/workspaces/99/`);
    for (const entry of mock.requests) {
      expect(Date.parse(entry.startedAt)).not.toBeNaN();
      expect(entry.durationMs).toBeGreaterThanOrEqual(0);
      expect(entry.answer.headers['x-request-id']).toBeTruthy();
    }
  });

  it('records an unmatched path, an override, the query, and keeps nothing with journal: false', async () => {
    const { mock } = setup();
    mock.override('listWorkspaces', () => []);
    const get = (path: string) =>
      mock.fetch(
        new Request(`${MOCK_BASE_URL}${path}`, { headers: { authorization: `Bearer ${MOCK_KEY}` } }),
      );
    await get('/openapi/v1/nowhere/?a=1&a=2&b=x');
    await get('/openapi/v1/workspaces/');
    const [unmatched, overridden] = mock.requests;
    expect(unmatched).toMatchObject({
      operationId: undefined,
      params: {},
      query: { a: ['1', '2'], b: 'x' },
      answer: { status: 404 },
    });
    expect(overridden).toMatchObject({
      operationId: 'listWorkspaces',
      overridden: true,
      answer: { data: [] },
    });

    const off = setup({ journal: false });
    await off.client.workspaces.list();
    expect(off.mock.requests).toEqual([]);
  });

  it('keeps at most journal.limit entries, the newest, and reset() clears them', async () => {
    const { mock, client } = setup({ journal: { limit: 2 } });
    for (let i = 0; i < 3; i += 1) await client.workspaces.get(1);
    expect(mock.requests.map((entry) => entry.seq)).toEqual([2, 3]);
    await mock.reset();
    expect(mock.requests).toEqual([]);
    await client.workspaces.list();
    expect(mock.requests.map((entry) => entry.seq)).toEqual([1]);
    expect(() => createMock({ journal: { limit: 0 } })).toThrow(
      /journal\.limit must be a positive integer, got 0/,
    );
  });

  it('redacts credentials and passwords everywhere in the journal', async () => {
    const { mock, client } = setup();
    await mock.fetch(
      new Request(`${MOCK_BASE_URL}/openapi/v1/accounts/`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${MOCK_KEY}`,
          cookie: 'session=s3cr3t-cookie',
          'x-api-key': 'k3y-in-header',
          'content-type': 'application/json',
        },
        body: JSON.stringify({ username: 'ada', password: PASSWORD }),
      }),
    );
    const { uid } = (await client.accounts.list())[0] ?? { uid: '' };
    await client.accounts.update(uid, { password: `${PASSWORD} 2` });
    const [created, , updated] = mock.requests;
    expect(updated?.body).toEqual({ password: REDACTED });
    expect(created?.headers).toMatchObject({
      authorization: REDACTED,
      cookie: REDACTED,
      'x-api-key': REDACTED,
      'content-type': 'application/json',
    });
    expect(created?.body).toEqual({ username: 'ada', password: REDACTED });
    const written = JSON.stringify(mock.requests);
    for (const secret of [MOCK_KEY, PASSWORD, 's3cr3t-cookie', 'k3y-in-header', 'pbkdf2'])
      expect(written).not.toContain(secret);
  });
});
