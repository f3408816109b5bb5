import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MockRequestError } from './client';
import { createMock, MOCK_BASE_URL, MOCK_KEY, setupMockServer } from './node';
import { send } from './test-helpers';

const api = `${MOCK_BASE_URL}/openapi/v1`;
const START = '2030-01-01T00:00:00.000Z';
const LIMITED = 'wsk_limited_to_workspace_1';
const READ_ONLY_ACCOUNTS = 'wsk_accounts_only';
const SHORT_LIVED = 'wsk_expires_in_an_hour';
const ADA = '0b6f4c8e-3d2a-4f1b-9c7e-5a8d2e1f4b3c';

const { mock, server } = setupMockServer({
  startAt: START,
  keys: [
    { secret: LIMITED, name: 'limited', workspaceIds: [1] },
    { secret: READ_ONLY_ACCOUNTS, permissions: ['account'] },
    { secret: SHORT_LIVED, expiresAt: '2030-01-01T01:00:00.000Z' },
  ],
  seed: {
    accounts: [{ uid: ADA, username: 'ada', email: 'ada@example.com', password: 'correct horse' }],
    workspaces: [
      {
        name: 'Sales',
        desc: 'seeded',
        sources: [{ name: 'orders', fields: ['region', 'day'] }],
        timeSeries: [{ type: 'date', names: ['day'], timeUnit: 'day', table: 'orders', field: 'day' }],
        dimensions: [{ type: 'string', format: 'text', names: ['region', 'area'] }],
        measures: [{ names: ['revenue'] }],
        memberGroups: [{ name: 'analysts' }],
        members: [{ uid: ADA, role: 2 }],
      },
      { name: 'Marketing' },
    ],
  },
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => mock.reset());
afterAll(async () => {
  server.close();
  await mock.close();
});

const names = async (url = `${api}/workspaces/`) =>
  ((await send(url)).body.data as Array<{ name: string }>).map((w) => w.name);

describe('seed', () => {
  it('applies the seed through the app: ids in order, defaults filled, nested objects created', async () => {
    const workspaces = (await send(`${api}/workspaces/`)).body.data;
    expect(workspaces).toMatchObject([
      { id: 1, name: 'Sales', desc: 'seeded', date_offset: -1, dt: true },
      { id: 2, name: 'Marketing', desc: '' },
    ]);
    expect((await send(`${api}/workspaces/1/dimensions/`)).body.data).toMatchObject([
      { names: ['region', 'area'], type: 'string', used: false },
    ]);
    expect((await send(`${api}/workspaces/1/measures/`)).body.data).toMatchObject([
      { names: ['revenue'], sort: -1 },
    ]);
    expect((await send(`${api}/workspaces/1/time-series/`)).body.data).toMatchObject([{ names: ['day'] }]);
    expect((await send(`${api}/workspaces/1/sources/`)).body.data).toEqual({
      tables: [{ name: 'orders', fields: ['region', 'day'] }],
    });
    expect((await send(`${api}/workspaces/1/member-groups/`)).body.data).toMatchObject([
      { name: 'analysts' },
    ]);
    expect((await send(`${api}/workspaces/1/members/`)).body.data).toMatchObject([{ uid: ADA, role: 2 }]);
    const found = await send(`${api}/accounts/fetch/`, {
      method: 'POST',
      body: { username: 'ada@example.com' },
    });
    expect(found.body.data).toMatchObject({ username: 'ada', email: 'ada@example.com', status: 1 });
    expect(JSON.stringify(found.body)).not.toContain('correct horse');
  });

  it('refuses a seed the contract refuses, naming the problem, when the mock starts', async () => {
    const broken = createMock({
      seed: { workspaces: [{ name: 'ok', dimensions: [{ type: 'mapping', format: 'text', names: ['x'] }] }] },
    });
    await expect(broken.ready()).rejects.toThrow(
      /seeding failed: createDimensions answered 400: .*baseField/,
    );
    await broken.close();
  });

  it('runs a seed function with a typed client once; reset returns to its result', async () => {
    let runs = 0;
    const scripted = createMock({
      seed: async (client) => {
        runs += 1;
        const [a] = await client.call('createWorkspaces', { body: { workspaces: [{ name: 'scripted' }] } });
        if (!a) throw new Error('no workspace');
        await client.call('createMeasures', {
          params: { workspaceId: a.id },
          body: { measures: [{ names: ['m'] }] },
        });
      },
    });
    expect(await scripted.client.call('listWorkspaces')).toMatchObject([{ id: 1, name: 'scripted' }]);
    await scripted.client.call('createWorkspace', { body: { name: 'later' } });
    await scripted.reset();
    expect((await scripted.client.call('listWorkspaces')).map((w) => w.name)).toEqual(['scripted']);
    expect(runs).toBe(1);
    await scripted.close();
  });
});

describe('keys', () => {
  it('MOCK_KEY may do everything; a wrong key is refused as by the server', async () => {
    mock.allowRejection({ status: 401 });
    expect((await send(`${api}/scopes/`)).body.data).toMatchObject({ permissions: [], name: 'mock' });
    expect(await send(`${api}/workspaces/`, { key: 'wsk_wrong' })).toMatchObject({
      status: 401,
      body: { errmsg: 'unknown access key' },
    });
    expect(mock.key).toBe(MOCK_KEY);
  });

  it('a key restricted to workspace 1 sees only it and gets 403 on workspace 2', async () => {
    expect(await names(`${api}/workspaces/?`)).toEqual(['Sales', 'Marketing']);
    const limited = await send(`${api}/workspaces/`, { key: LIMITED });
    expect((limited.body.data as Array<{ id: number }>).map((w) => w.id)).toEqual([1]);
    expect((await send(`${api}/workspaces/2/`, { key: LIMITED })).status).toBe(403);
  });

  it('a key with only "account" gets 403 on workspaces', async () => {
    expect((await send(`${api}/accounts/`, { key: READ_ONLY_ACCOUNTS })).status).toBe(200);
    const denied = await send(`${api}/workspaces/`, { key: READ_ONLY_ACCOUNTS });
    expect(denied).toMatchObject({ status: 403, body: { data: { reason: 'forbidden' } } });
    expect(denied.body.errmsg).toContain('"workspace"');
  });

  it('expires on the mock clock, and a reset brings time (and the key) back', async () => {
    mock.allowRejection({ status: 401 });
    expect((await send(`${api}/scopes/`, { key: SHORT_LIVED })).status).toBe(200);
    mock.clock.advance(3600);
    expect((await send(`${api}/scopes/`, { key: SHORT_LIVED })).body.errmsg).toMatch(/expired/);
    await mock.reset();
    expect(mock.clock.now().toISOString()).toBe(START);
    mock.allowRejection({ status: 401 });
    expect((await send(`${api}/scopes/`, { key: SHORT_LIVED })).status).toBe(200);
  });

  it('creates and revokes keys at run time; a reset forgets them', async () => {
    mock.allowRejection({ status: 401 });
    const secret = await mock.createKey({ name: 'made later', permissions: ['workspace'] });
    expect((await send(`${api}/scopes/`, { key: secret })).body.data).toMatchObject({
      name: 'made later',
      permissions: ['workspace'],
    });
    await mock.revokeKey(secret);
    expect((await send(`${api}/scopes/`, { key: secret })).body.errmsg).toMatch(/revoked/);
    const again = await mock.createKey({ secret: 'wsk_chosen' });
    await mock.reset();
    mock.allowRejection({ status: 401 });
    expect((await send(`${api}/scopes/`, { key: again })).status).toBe(401);
    await expect(mock.revokeKey('wsk_never_made')).rejects.toThrow(/no key/);
  });
});

describe('clock', () => {
  it('starts frozen at startAt and moves only when advanced', async () => {
    expect(mock.clock.now().toISOString()).toBe(START);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(mock.clock.now().toISOString()).toBe(START);
    expect(mock.clock.advance(90).toISOString()).toBe('2030-01-01T00:01:30.000Z');
  });

  it('expires a plan token after 10 minutes of mock time', async () => {
    const preview = await mock.client.call('previewMeasureChange', {
      params: { workspaceId: 1 },
      body: { action: 'create', changes: { names: ['profit'] } },
    });
    mock.clock.advance(601);
    const commit = mock.client.call('createManagedMeasure', {
      params: { workspaceId: 1 },
      headers: { 'idempotency-key': 'late-commit' },
      body: { changes: { names: ['profit'] }, planToken: preview.planToken },
    });
    await expect(commit).rejects.toMatchObject({
      status: 410,
      answer: { data: { reason: 'plan_token_expired' } },
    });
    await expect(commit).rejects.toBeInstanceOf(MockRequestError);
  });
});

describe('reset, snapshot and restore', () => {
  it('reset puts the seed back and drops what tests wrote', async () => {
    await send(`${api}/workspaces/`, { method: 'POST', body: { name: 'written by a test' } });
    await send(`${api}/workspaces/2/`, { method: 'DELETE' });
    expect(await names()).toEqual(['Sales', 'written by a test']);
    await mock.reset();
    expect(await names()).toEqual(['Sales', 'Marketing']);
  });

  it('answers from the database storage() gives, after a reset too; the replaced one is closed', async () => {
    const before = await mock.storage();
    await mock.reset();
    const after = await mock.storage();
    expect(after).not.toBe(before);
    await after.db.updateTable('workspaces').set({ name: 'renamed in SQL' }).where('id', '=', 2).execute();
    expect(await names()).toEqual(['Sales', 'renamed in SQL']);
    await expect(before.db.selectFrom('workspaces').select('id').execute()).rejects.toThrow();
  });

  it('restore returns to the snapshot, ids included', async () => {
    await send(`${api}/workspaces/`, { method: 'POST', body: { name: 'kept' } });
    const snapshot = await mock.snapshot();
    await send(`${api}/workspaces/`, { method: 'POST', body: { name: 'dropped' } });
    await send(`${api}/workspaces/1/`, { method: 'DELETE' });
    await mock.restore(snapshot);
    expect(await names()).toEqual(['Sales', 'Marketing', 'kept']);
    const next = await send(`${api}/workspaces/`, { method: 'POST', body: { name: 'after restore' } });
    expect(next.body.data).toMatchObject({ id: 4 });
    // A snapshot is a copy: restoring it twice gives the same state.
    await mock.restore(snapshot);
    expect(await names()).toEqual(['Sales', 'Marketing', 'kept']);
  });

  it('keeps the rules of the database after a restore (foreign keys, uniqueness)', async () => {
    await mock.restore(await mock.snapshot());
    const duplicate = await send(`${api}/workspaces/1/measures/create-measures/`, {
      method: 'POST',
      body: { measures: [{ names: ['revenue'] }] },
    });
    expect(duplicate.status).toBe(409);
    // Deleting an account removes its memberships through an ON DELETE CASCADE foreign key.
    expect((await send(`${api}/accounts/${ADA}/`, { method: 'DELETE' })).status).toBe(200);
    expect((await send(`${api}/workspaces/1/members/`)).body.data).toEqual([]);
  });
});

describe('base URL', () => {
  it('serves a base URL with a path prefix, and leaves other URLs alone', async () => {
    const prefixed = createMock({ baseUrl: 'https://gateway.example.test/wsadmin/' });
    expect(prefixed.baseUrl).toBe('https://gateway.example.test/wsadmin');
    const answer = await prefixed.fetch(
      new Request('https://gateway.example.test/wsadmin/openapi/v1/workspaces/?q=x', {
        method: 'POST',
        headers: { authorization: `Bearer ${MOCK_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'through a prefix' }),
      }),
    );
    expect(await answer.json()).toMatchObject({ errcode: 200, data: { name: 'through a prefix' } });
    await expect(
      prefixed.fetch(new Request('https://gateway.example.test/openapi/v1/scopes/')),
    ).rejects.toThrow(/not under the mock's base URL/);
    expect(prefixed.handlers).toHaveLength(1);
    await prefixed.close();
  });

  it('does not answer other hosts through MSW', async () => {
    const unhandled: string[] = [];
    const listener = ({ request }: { request: Request }) => {
      unhandled.push(request.url);
    };
    server.events.on('request:unhandled', listener);
    // onUnhandledRequest: 'error' prints MSW's own report of the request, then fails it.
    const reported = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await expect(fetch('https://elsewhere.mock/openapi/v1/scopes/')).rejects.toThrow();
      expect(reported.mock.calls.map((args) => String(args[0]))).toEqual([
        expect.stringMatching(
          /\[MSW\] Error: intercepted a request without a matching request handler:[\s\S]*GET https:\/\/elsewhere\.mock\/openapi\/v1\/scopes\//,
        ),
      ]);
    } finally {
      server.events.removeListener('request:unhandled', listener);
      reported.mockRestore();
    }
    expect(unhandled).toEqual(['https://elsewhere.mock/openapi/v1/scopes/']);
  });
});
