import { workspaceDefaults } from '@wsadmin/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient } from './client';
import {
  AbortedError,
  ApiError,
  ConfigurationError,
  InvalidResponseError,
  isApiError,
  NetworkError,
  TimeoutError,
  WsadminError,
} from './errors';
import { BASE_URL, fail, json, KEY, ok, recorder, testClient } from './test-helpers';

const workspace = { id: 7, name: 'Sales', ...workspaceDefaults };

describe('createClient', () => {
  it.each([
    ['baseUrl missing', { baseUrl: '', key: KEY }, /baseUrl is required/],
    ['key missing', { baseUrl: BASE_URL, key: '' }, /key is required/],
    ['baseUrl not a URL', { baseUrl: 'wsadmin.example.com', key: KEY }, /baseUrl is not a URL/],
  ])('throws ConfigurationError when %s', (_, options, message) => {
    expect(() => createClient(options)).toThrowError(ConfigurationError);
    expect(() => createClient(options)).toThrowError(message);
  });

  it.each([
    [
      'a user name and password',
      'http://operator:s3cret@wsadmin.test/',
      'createClient: baseUrl must not contain a user name or password: http://wsadmin.test/ (the access key goes in `key`)',
    ],
    [
      'a user name only',
      'https://operator@wsadmin.test:8443/base',
      'createClient: baseUrl must not contain a user name or password: https://wsadmin.test:8443/base (the access key goes in `key`)',
    ],
    [
      'credentials and a bad port',
      'http://operator:s3cret@wsadmin.test:99999/',
      'createClient: baseUrl is not a URL: http://wsadmin.test:99999/',
    ],
  ])('refuses a baseUrl with %s without repeating them', (_, baseUrl, message) => {
    // fetch would refuse the URL at the first call, with the password in its message.
    let error: unknown;
    try {
      createClient({ baseUrl, key: KEY });
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toBe(message);
    expect((error as Error).message).not.toMatch(/operator|s3cret/);
  });

  it('sends the key as a Bearer token, the extra headers, and JSON bodies', async () => {
    const { fetch, requests } = recorder([ok(workspace)]);
    const client = testClient(fetch, { headers: { 'X-Trace': 'abc' } });
    await client.workspaces.create({ name: 'Sales' });
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(request?.url.href).toBe(`${BASE_URL}/openapi/v1/workspaces/`);
    expect(request?.headers.get('authorization')).toBe(`Bearer ${KEY}`);
    expect(request?.headers.get('x-trace')).toBe('abc');
    expect(request?.headers.get('content-type')).toBe('application/json');
    expect(request?.body).toEqual({ name: 'Sales' });
  });

  it('passes per-call headers and the query string', async () => {
    const { fetch, requests } = recorder([ok([])]);
    await testClient(fetch).workspaces.list({ q: 'sales & more' }, { headers: { 'X-Call': '1' } });
    expect(requests[0]?.url.search).toBe('?q=sales%20%26%20more');
    expect(requests[0]?.headers.get('x-call')).toBe('1');
  });

  it('looks globalThis.fetch up on every call, so a fetch patched after createClient is used', async () => {
    const client = createClient({ baseUrl: BASE_URL, key: KEY, retries: 0 });
    const patched = vi.fn(async () => ok(workspace));
    vi.stubGlobal('fetch', patched);
    await expect(client.workspaces.get(7)).resolves.toEqual(workspace);
    expect(patched).toHaveBeenCalledTimes(1);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });
});

describe('envelope', () => {
  it.each([
    ['an object', ok(workspace), workspace],
    ['null (fetch finds nobody)', ok(null), null],
    ['false', ok(false), false],
    ['an envelope without data (envelope-only answer)', ok(), undefined],
  ])('unwraps data: %s', async (_, response, expected) => {
    const { fetch } = recorder([response]);
    const client = testClient(fetch);
    await expect(client.scopes.get()).resolves.toEqual(expected);
  });

  it('resolves void for an envelope-only operation', async () => {
    const { fetch, requests } = recorder([ok()]);
    await expect(testClient(fetch).workspaces.delete(7)).resolves.toBeUndefined();
    expect(requests[0]?.method).toBe('DELETE');
  });
});

describe('errors', () => {
  it('turns an HTTP 4xx error envelope into an ApiError with every detail', async () => {
    const issues = [{ path: 'body.name', message: 'Too long' }];
    const { fetch } = recorder([fail(400, 'invalid_request', { errmsg: 'name: too long', issues })]);
    const error = await testClient(fetch)
      .workspaces.create({ name: 'x' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(WsadminError);
    expect(error).toMatchObject({
      name: 'ApiError',
      errcode: 400,
      errmsg: 'name: too long',
      reason: 'invalid_request',
      issues,
      status: 400,
      operationId: 'createWorkspace',
    });
    expect((error as ApiError).response).toBeInstanceOf(Response);
    expect((error as ApiError).message).toBe('createWorkspace: name: too long (errcode 400)');
  });

  it('turns HTTP 200 with an error errcode into an ApiError too', async () => {
    const { fetch } = recorder([fail(404, 'not_found', { status: 200 })]);
    const error = await testClient(fetch)
      .workspaces.get(99)
      .catch((e: unknown) => e);
    expect(isApiError(error, 404)).toBe(true);
    expect(error).toMatchObject({ errcode: 404, status: 200, reason: 'not_found', issues: [] });
  });

  it.each([
    ['the X-Request-Id header', { 'X-Request-Id': 'req-42' }, 'req-42'],
    ['none when the server sent none', {}, undefined],
  ])('carries the request id of the answer: %s', async (_name, headers, expected) => {
    const { fetch } = recorder([
      json({ errcode: 409, errmsg: 'taken', data: { reason: 'conflict' } }, 409, headers),
    ]);
    const error = await testClient(fetch)
      .workspaces.create({ name: 'Sales' })
      .catch((e: unknown) => e);
    expect(isApiError(error, 409)).toBe(true);
    expect((error as ApiError).requestId).toBe(expected);
  });

  it('leaves reason undefined when the error envelope has no data', async () => {
    const { fetch } = recorder([json({ errcode: 401, errmsg: 'no key' }, 401)]);
    const error = await testClient(fetch)
      .scopes.get()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ errcode: 401, errmsg: 'no key', reason: undefined, issues: [] });
  });

  it.each([
    ['a non-JSON body', () => new Response('not json at all', { status: 200 }), 200, 'not json at all'],
    [
      'an HTML error page',
      () => new Response('<html><body>502 Bad Gateway</body></html>', { status: 502 }),
      502,
      '<html><body>502 Bad Gateway</body></html>',
    ],
    ['an empty 200 body', () => new Response(null, { status: 200 }), 200, ''],
    ['an empty 204', () => new Response(null, { status: 204 }), 204, ''],
    ['JSON that is not an envelope', () => json({ message: 'hello' }), 200, '{"message":"hello"}'],
    [
      'a JSON error body that is not an envelope',
      () => json({ error: 'nope' }, 500),
      500,
      '{"error":"nope"}',
    ],
    ['a JSON array', () => json([1, 2]), 200, '[1,2]'],
  ])('raises InvalidResponseError for %s', async (_, answer, status, body) => {
    const { fetch } = recorder(() => answer());
    const error = await testClient(fetch, { retries: 0 })
      .scopes.get()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error).toMatchObject({ name: 'InvalidResponseError', status, body, operationId: 'getScope' });
  });

  it('raises NetworkError when fetch rejects', async () => {
    const cause = new TypeError('fetch failed');
    const client = testClient(
      async () => {
        throw cause;
      },
      { retries: 0 },
    );
    const error = await client.workspaces.get(7).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ operationId: 'getWorkspace', cause });
    expect((error as Error).message).toBe(
      `getWorkspace: GET ${BASE_URL}/openapi/v1/workspaces/7/ failed: fetch failed (1 attempt over ${(error as NetworkError).elapsedMs} ms)`,
    );
  });

  it('raises NetworkError when the body breaks off', async () => {
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"errcode":'));
        controller.error(new Error('socket hang up'));
      },
    });
    const client = testClient(async () => new Response(body), { retries: 0 });
    await expect(client.scopes.get()).rejects.toBeInstanceOf(NetworkError);
  });

  it('raises TimeoutError when no answer comes within timeoutMs', async () => {
    let seen: Request | undefined;
    const hang = (request: Request) =>
      new Promise<Response>((_, reject) => {
        seen = request;
        request.signal.addEventListener('abort', () => reject(request.signal.reason));
      });
    const error = await testClient(hang, { timeoutMs: 20, retries: 0 })
      .scopes.get()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({
      operationId: 'getScope',
      message: `getScope: GET ${BASE_URL}/openapi/v1/scopes/ timed out after 20 ms on attempt 1 of 1`,
      timeoutMs: 20,
      attempts: 1,
    });
    expect(seen?.signal.aborted).toBe(true);
  });

  it('raises TimeoutError even when the fetch ignores its signal', async () => {
    const deaf = () => new Promise<Response>(() => {});
    await expect(testClient(deaf, { timeoutMs: 10, retries: 0 }).scopes.get()).rejects.toBeInstanceOf(
      TimeoutError,
    );
  });

  it('raises TimeoutError when the body stalls after the headers', async () => {
    const stalled = async () => new Response(new ReadableStream({ start() {} }), { status: 200 });
    await expect(testClient(stalled, { timeoutMs: 10, retries: 0 }).scopes.get()).rejects.toBeInstanceOf(
      TimeoutError,
    );
  });

  it('raises AbortedError when the caller aborts, and stops the request', async () => {
    let seen: Request | undefined;
    const hang = (request: Request) =>
      new Promise<Response>((_, reject) => {
        seen = request;
        request.signal.addEventListener('abort', () => reject(request.signal.reason));
      });
    const controller = new AbortController();
    const pending = testClient(hang).scopes.get({ signal: controller.signal });
    setTimeout(() => controller.abort(new Error('user left')), 5);
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbortedError);
    expect((error as AbortedError).cause).toEqual(new Error('user left'));
    expect(seen?.signal.aborted).toBe(true);
  });

  it('raises AbortedError without a request when the signal is already aborted', async () => {
    const { fetch, requests } = recorder([ok(true)]);
    const error = await testClient(fetch)
      .auth.check('x.y', { signal: AbortSignal.abort() })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbortedError);
    expect(requests).toHaveLength(0);
  });

  it('isApiError narrows by errcode', () => {
    const error = new ApiError(
      'getWorkspace',
      { errcode: 409, errmsg: 'moved' },
      new Response(null, { status: 409 }),
    );
    expect(isApiError(error)).toBe(true);
    expect(isApiError(error, 409)).toBe(true);
    expect(isApiError(error, 404)).toBe(false);
    expect(isApiError(new NetworkError('down'))).toBe(false);
    expect(error instanceof ApiError && error.errcode === 409).toBe(true);
  });
});

describe('non-throwing style: client.safe', () => {
  it('resolves { data } on success', async () => {
    const { fetch } = recorder([ok(workspace)]);
    const result = await testClient(fetch).safe.workspaces.get(7);
    expect(result).toEqual({ data: workspace });
  });

  it('resolves { error } instead of rejecting, through scope factories too', async () => {
    const { fetch } = recorder([fail(409, 'conflict'), fail(404, 'not_found')]);
    const client = testClient(fetch);
    const first = await client.safe.memberGroups(7).create({ name: 'Analysts' });
    expect(first.data).toBeUndefined();
    expect(first.error).toBeInstanceOf(ApiError);
    expect(first.error).toMatchObject({ errcode: 409, operationId: 'createMemberGroup' });
    const second = await client.safe.management(7).dimensions.get(11);
    expect(second.error).toMatchObject({ errcode: 404, operationId: 'getManagedDimension' });
  });

  it('captures network errors as results as well', async () => {
    const client = testClient(
      async () => {
        throw new TypeError('offline');
      },
      { retries: 0 },
    );
    const { error } = await client.safe.scopes.get();
    expect(error).toBeInstanceOf(NetworkError);
  });

  it('pages through client.safe.accounts.projects().page() as a result', async () => {
    const { fetch } = recorder([ok([{ id: 1 }])]);
    const result = await testClient(fetch).safe.accounts.projects('acc-1').page({ limit: 1 });
    expect(result).toEqual({ data: [{ id: 1 }] });
  });
});

describe('raw client', () => {
  it('is the typed openapi-fetch client, envelope included, with the same auth', async () => {
    const { fetch, requests } = recorder([ok(workspace)]);
    const client = testClient(fetch);
    const { data, response } = await client.raw.GET('/openapi/v1/workspaces/{workspaceId}/', {
      params: { path: { workspaceId: 7 } },
    });
    expect(response.status).toBe(200);
    expect(data).toEqual({ errcode: 200, errmsg: 'success', data: workspace });
    expect(requests[0]?.headers.get('authorization')).toBe(`Bearer ${KEY}`);
  });
});
