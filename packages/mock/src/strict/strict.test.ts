import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMock, type MockRejection, MockRejectionError, type WsadminMock } from '../index-node';

const opened: WsadminMock[] = [];
afterEach(async () => {
  for (const mock of opened.splice(0)) await mock.close();
});

function mockOf(options: Parameters<typeof createMock>[0] = {}): WsadminMock {
  const mock = createMock({ seed: { workspaces: [{ name: 'Sales' }] }, ...options });
  opened.push(mock);
  return mock;
}

/** Sends through `mock.fetch` (what MSW hands the mock) and returns the status. */
async function send(
  mock: WsadminMock,
  path: string,
  init: { method?: string; body?: string; key?: string | null; type?: string } = {},
): Promise<number> {
  const headers = new Headers();
  if (init.key !== null) headers.set('authorization', `Bearer ${init.key ?? mock.key}`);
  if (init.body !== undefined) headers.set('content-type', init.type ?? 'application/json');
  const response = await mock.fetch(
    new Request(`${mock.baseUrl}/openapi/v1${path}`, {
      method: init.method ?? 'GET',
      headers,
      ...(init.body === undefined ? {} : { body: init.body }),
    }),
  );
  return response.status;
}

describe('what is a rejection (decision 0035)', () => {
  it('a body the schema refuses: names the operation, the field and the request', async () => {
    const mock = mockOf();
    expect(await send(mock, '/workspaces/', { method: 'POST', body: '{"title":"Sales"}' })).toBe(400);
    expect(mock.rejections).toEqual([
      expect.objectContaining({
        operationId: 'createWorkspace',
        method: 'POST',
        path: '/openapi/v1/workspaces/',
        status: 400,
        reason: 'invalid_request',
        body: '{"title":"Sales"}',
      }),
    ]);
    const [rejection] = mock.rejections as [MockRejection];
    expect(rejection.errmsg).toContain('title');
    expect(rejection.message).toMatch(
      /^createWorkspace: 400 invalid_request: .*"title".* — request POST \/openapi\/v1\/workspaces\/ \{"title":"Sales"\}$/,
    );
  });

  it.each<[string, Parameters<typeof send>[2] & { path: string }, Partial<MockRejection>]>([
    ['a missing key', { path: '/workspaces/', key: null }, { operationId: 'listWorkspaces', status: 401 }],
    [
      'an unknown key',
      { path: '/workspaces/', key: 'wsk_nobody' },
      { operationId: 'listWorkspaces', status: 401 },
    ],
    [
      'an unknown path',
      { path: '/nothing-here/' },
      { operationId: undefined, status: 404, reason: 'not_found' },
    ],
    [
      'a method the path does not answer',
      { path: '/workspaces/', method: 'DELETE' },
      { operationId: undefined, status: 405 },
    ],
    [
      'a body that is not JSON',
      { path: '/workspaces/', method: 'POST', body: 'name=Sales', type: 'text/plain' },
      { operationId: 'createWorkspace', status: 415, reason: 'unsupported_media_type' },
    ],
    [
      'malformed JSON',
      { path: '/workspaces/', method: 'POST', body: '{"name":' },
      { operationId: 'createWorkspace', status: 400, reason: 'invalid_request' },
    ],
  ])('%s', async (_case, { path, ...init }, expected) => {
    const mock = mockOf();
    await send(mock, path, init);
    expect(mock.rejections).toEqual([expect.objectContaining(expected)]);
  });

  it('an unknown path says "no operation" with the method and path', async () => {
    const mock = mockOf();
    await send(mock, '/nothing-here/?page=2');
    expect(mock.rejections[0]?.message).toMatch(
      /^no operation \(GET \/openapi\/v1\/nothing-here\/\): 404 not_found: unknown path .* — request GET \/openapi\/v1\/nothing-here\/\?page=2$/,
    );
  });

  it.each<[string, string, Parameters<typeof send>[2], number]>([
    ['a missing workspace (404 of an operation)', '/workspaces/99/', {}, 404],
    [
      'a conflict (409)',
      '/workspaces/1/measures/create-measures/',
      { method: 'POST', body: '{"measures":[{"names":["revenue"]}]}' },
      409,
    ],
    ['a key without the permission (403)', '/workspaces/', { key: 'wsk_accounts_only' }, 403],
  ])('not %s: business answers are the app working', async (_case, path, init, status) => {
    const mock = mockOf({
      seed: { workspaces: [{ name: 'Sales', measures: [{ names: ['revenue'] }] }] },
      keys: [{ secret: 'wsk_accounts_only', permissions: ['account'] }],
    });
    expect(await send(mock, path, init)).toBe(status);
    expect(mock.rejections).toEqual([]);
  });

  it('not a CORS preflight, which the browser sends, not the app', async () => {
    const mock = mockOf();
    // The app, without CORS origins, answers it as a method the path does not take.
    expect(await send(mock, '/workspaces/', { method: 'OPTIONS' })).toBe(405);
    expect(mock.rejections).toEqual([]);
  });

  it('not an answer of an override, which the test chose', async () => {
    const mock = mockOf();
    mock.override('listWorkspaces', { errcode: 401, errmsg: 'made up' });
    expect(await send(mock, '/workspaces/')).toBe(401);
    expect(mock.rejections).toEqual([]);
  });

  it('redacts password and secret fields, and shortens a long body', async () => {
    const mock = mockOf();
    const accounts = [{ username: 'ada', password: 'correct horse battery', extra: 'x'.repeat(300) }];
    await send(mock, '/accounts/create-accounts/', { method: 'POST', body: JSON.stringify({ accounts }) });
    const [rejection] = mock.rejections as [MockRejection];
    expect(rejection.message).not.toContain('correct horse');
    expect(rejection.body).toContain('"password":"[redacted]"');
    expect(rejection.body).toMatch(/… \(\d+ characters\)$/);
  });
});

describe('declared rejections', () => {
  it('takes an operationId, or a matcher whose every field must match, until reset()', async () => {
    const mock = mockOf();
    mock.allowRejection('createWorkspace');
    mock.allowRejection({ operationId: null, status: 404 });
    mock.allowRejection({ operationId: 'listWorkspaces', reason: 'forbidden' });
    await send(mock, '/workspaces/', { method: 'POST', body: '{"title":"x"}' });
    await send(mock, '/nothing-here/');
    await send(mock, '/workspaces/', { key: null });
    expect(mock.rejections.map((rejection) => rejection.status)).toEqual([401]);
    await mock.reset();
    await send(mock, '/workspaces/', { method: 'POST', body: '{"title":"x"}' });
    expect(mock.rejections.map((rejection) => rejection.operationId)).toEqual(['createWorkspace']);
  });

  it("the scenario's allowRejections hold after every reset; the returned function removes one", async () => {
    const mock = mockOf({ allowRejections: [{ status: 401 }] });
    await mock.reset();
    await send(mock, '/workspaces/', { key: null });
    const remove = mock.allowRejection('createWorkspace');
    remove();
    await send(mock, '/workspaces/', { method: 'POST', body: '{"title":"x"}' });
    expect(mock.rejections.map((rejection) => rejection.status)).toEqual([400]);
  });

  it('refuses a declaration that can never match, where it is written', () => {
    const mock = mockOf();
    expect(() => mock.allowRejection('createWorkspaceX' as 'createWorkspace')).toThrow(
      "mock.allowRejection: unknown operationId 'createWorkspaceX'; did you mean 'createWorkspace' or 'createWorkspaces'?",
    );
    expect(() => createMock({ allowRejections: [{ operationId: 'getWorkspac' as 'getWorkspace' }] })).toThrow(
      "allowRejections: unknown operationId 'getWorkspac'; did you mean 'getWorkspace'?",
    );
    // null stays the way to name a request that matched no operation.
    expect(() => mock.allowRejection({ operationId: null, status: 404 })).not.toThrow();
    expect(() => mock.allowRejection({ status: 409 as 400 })).toThrow(/status 409 is not a rejection status/);
    expect(() => createMock({ allowRejections: [{ errcode: 500 as 400 }] })).toThrow(
      /^allowRejections: errcode 500/,
    );
  });
});

describe('strict mode', () => {
  it('off in createMock: recorded, nothing logged, reset() clears them quietly', async () => {
    const mock = mockOf();
    await send(mock, '/nothing-here/');
    expect(mock.rejections).toHaveLength(1);
    await mock.reset();
    expect(mock.rejections).toEqual([]);
  });

  it('on: logs each as it happens, and reset() throws what no check took, after resetting', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const mock = mockOf({ strict: true });
    await send(mock, '/workspaces/', { method: 'POST', body: '{"title":"x"}' });
    expect(logged).toHaveBeenCalledWith(
      expect.stringMatching(/^\[wsadmin mock\] strict mode: createWorkspace: 400/),
    );
    await mock.client.call('createWorkspace', { body: { name: 'written' } });
    const reset = mock.reset();
    await expect(reset).rejects.toBeInstanceOf(MockRejectionError);
    await expect(reset).rejects.toThrow(
      /refused a request the contract does not allow \(strict mode\):\n- createWorkspace: 400 .*\nIf the test expects it, declare it: mock\.allowRejection\('createWorkspace'\)/,
    );
    expect((await mock.client.call('listWorkspaces')).map((workspace) => workspace.name)).toEqual(['Sales']);
    logged.mockRestore();
  });

  it('assertNoRejections() throws them once and clears them', async () => {
    const mock = mockOf({ strict: true, onRejection: () => undefined });
    expect(() => mock.assertNoRejections()).not.toThrow();
    await send(mock, '/nothing-here/');
    await send(mock, '/workspaces/', { method: 'PATCH' });
    expect(() => mock.assertNoRejections()).toThrow(/refused 2 requests/);
    expect(() => mock.assertNoRejections()).not.toThrow();
    await expect(mock.reset()).resolves.toBeUndefined();
  });
});
