import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientOptions, WsadminClient } from './client';
import { AbortedError, ApiError, NetworkError, TimeoutError } from './errors';
import { BASE_URL, fail, KEY, ok, recorder, testClient } from './test-helpers';
import { retryAfterMs } from './transport';

const offline = () => {
  throw new TypeError('fetch failed');
};

describe('retries of safe requests (GET)', () => {
  it.each([
    ['HTTP 503 with an error envelope', () => fail(503, 'unavailable')],
    ['HTTP 500 with an HTML page', () => new Response('<h1>Internal Server Error</h1>', { status: 500 })],
    ['HTTP 429', () => fail(429, 'unavailable')],
    ['HTTP 200 with errcode 503', () => fail(503, 'unavailable', { status: 200 })],
    ['HTTP 200 with errcode 429', () => fail(429, 'unavailable', { status: 200 })],
    ['a network error', offline],
  ])('retries after %s and then succeeds', async (_, first) => {
    const { fetch, requests } = recorder([first, first, () => ok([])]);
    const client = testClient(fetch);
    await expect(client.workspaces.list()).resolves.toEqual([]);
    expect(requests).toHaveLength(3);
    expect(client.delays).toHaveLength(2);
  });

  it.each([
    ['HTTP 400', () => fail(400, 'invalid_request')],
    ['HTTP 404', () => fail(404, 'not_found')],
    ['HTTP 409', () => fail(409, 'conflict')],
    ['HTTP 200 with errcode 404', () => fail(404, 'not_found', { status: 200 })],
  ])('does not retry %s', async (_, answer) => {
    const { fetch, requests } = recorder([answer, () => ok([])]);
    await expect(testClient(fetch).workspaces.list()).rejects.toBeInstanceOf(ApiError);
    expect(requests).toHaveLength(1);
  });

  it('gives up after `retries` retries with the last error', async () => {
    const { fetch, requests } = recorder(() => fail(503, 'unavailable'));
    const client = testClient(fetch, { retries: { limit: 3, sleep: async () => {} } });
    await expect(client.scopes.get()).rejects.toMatchObject({ errcode: 503, operationId: 'getScope' });
    expect(requests).toHaveLength(4);
  });

  it('defaults to 2 retries; `retries: 0` switches them off', async () => {
    const down = recorder(() => fail(503, 'unavailable'));
    await expect(testClient(down.fetch).scopes.get()).rejects.toBeInstanceOf(ApiError);
    expect(down.requests).toHaveLength(3);
    const once = recorder(() => fail(503, 'unavailable'));
    await expect(testClient(once.fetch, { retries: 0 }).scopes.get()).rejects.toBeInstanceOf(ApiError);
    expect(once.requests).toHaveLength(1);
  });

  it('throws NetworkError once the retries are used up', async () => {
    const { fetch, requests } = recorder(offline);
    await expect(testClient(fetch).scopes.get()).rejects.toBeInstanceOf(NetworkError);
    expect(requests).toHaveLength(3);
  });

  it('retries a timeout', async () => {
    let n = 0;
    const fetch = (request: Request) =>
      n++ === 0
        ? new Promise<Response>((_, reject) =>
            request.signal.addEventListener('abort', () => reject(request.signal.reason)),
          )
        : Promise.resolve(ok({ enableRowPermission: true }));
    const client = testClient(fetch, { timeoutMs: 10 });
    await expect(client.memberGroups(7, 2).rowPermission.getEnabled()).resolves.toEqual({
      enableRowPermission: true,
    });
    expect(n).toBe(2);
  });

  it('throws TimeoutError when every attempt times out', async () => {
    const hang = (request: Request) =>
      new Promise<Response>((_, reject) =>
        request.signal.addEventListener('abort', () => reject(request.signal.reason)),
      );
    await expect(testClient(hang, { timeoutMs: 5, retries: 1 }).scopes.get()).rejects.toBeInstanceOf(
      TimeoutError,
    );
  });
});

describe('backoff', () => {
  it('doubles the delay from baseDelayMs, with jitter in [delay/2, delay]', async () => {
    const delays: number[] = [];
    const randoms = [0, 0.999999, 0.5];
    const { fetch } = recorder(() => fail(503, 'unavailable'));
    const client = testClient(fetch, {
      retries: {
        limit: 3,
        baseDelayMs: 100,
        sleep: async (ms) => {
          delays.push(ms);
        },
        random: () => randoms.shift() ?? 0,
      },
    });
    await expect(client.scopes.get()).rejects.toBeInstanceOf(ApiError);
    expect(delays).toHaveLength(3);
    expect(delays[0]).toBe(50); // 100 * 2^0, lowest jitter
    expect(delays[1]).toBeCloseTo(200, 3); // 100 * 2^1, highest jitter
    expect(delays[2]).toBe(300); // 100 * 2^2 = 400, jitter 0.5 -> 200 + 100
  });

  it('never waits longer than maxDelayMs', async () => {
    const delays: number[] = [];
    const { fetch } = recorder(() => fail(500, 'internal'));
    const client = testClient(fetch, {
      retries: {
        limit: 8,
        baseDelayMs: 1000,
        maxDelayMs: 3000,
        random: () => 0.999999,
        sleep: async (ms) => {
          delays.push(ms);
        },
      },
    });
    await expect(client.scopes.get()).rejects.toBeInstanceOf(ApiError);
    expect(delays).toHaveLength(8);
    expect(Math.max(...delays)).toBeLessThanOrEqual(3000);
    expect(delays.slice(2).every((ms) => ms > 2999)).toBe(true);
  });
});

describe('Retry-After', () => {
  it('waits the seconds a 429 asks for instead of the backoff', async () => {
    const { fetch } = recorder([
      () => fail(429, 'unavailable', { headers: { 'Retry-After': '7' } }),
      () => ok([]),
    ]);
    const client = testClient(fetch);
    await client.workspaces.list();
    expect(client.delays).toEqual([7000]);
  });

  it('understands an HTTP date', async () => {
    const date = new Date(Date.now() + 4000).toUTCString();
    const { fetch } = recorder([
      () => fail(503, 'unavailable', { headers: { 'Retry-After': date } }),
      () => ok([]),
    ]);
    const client = testClient(fetch);
    await client.workspaces.list();
    expect(client.delays[0]).toBeGreaterThan(2000);
    expect(client.delays[0]).toBeLessThanOrEqual(4000);
  });

  it('returns the error instead of waiting longer than maxDelayMs', async () => {
    const { fetch, requests } = recorder([
      () => fail(503, 'unavailable', { headers: { 'Retry-After': '3600' } }),
      () => ok([]),
    ]);
    const client = testClient(fetch);
    await expect(client.workspaces.list()).rejects.toMatchObject({ errcode: 503 });
    expect(requests).toHaveLength(1);
    expect(client.delays).toEqual([]);
  });

  it.each([
    ['0', 0],
    ['12', 12_000],
    ['Wed, 21 Oct 2015 07:28:10 GMT', 10_000],
    ['Wed, 21 Oct 2015 07:27:00 GMT', 0],
    ['soon', undefined],
    [null, undefined],
  ])('retryAfterMs(%j) = %j', (value, expected) => {
    expect(retryAfterMs(value, Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).toBe(expected);
  });
});

describe('retries of commits and other writes', () => {
  it('retries a management commit with the same Idempotency-Key on every attempt', async () => {
    const result = { operationId: 'op-1', state: 'saved', id: 11, revision: 'r2', definition: null };
    const { fetch, requests } = recorder([offline, () => fail(503, 'unavailable'), () => ok(result)]);
    const client = testClient(fetch);
    const answer = await client.management(7).dimensions.commitUpdate(11, { changes: {}, planToken: 'pt' });
    expect(answer).toEqual(result);
    expect(requests).toHaveLength(3);
    const keys = requests.map((r) => r.headers.get('idempotency-key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys)).toEqual(new Set([keys[0]]));
    expect(requests.every((r) => r.method === 'PATCH')).toBe(true);
    expect(requests.map((r) => r.body)).toEqual(Array(3).fill({ changes: {}, planToken: 'pt' }));
  });

  it('uses a caller-chosen Idempotency-Key, and a fresh one per commit otherwise', async () => {
    const { fetch, requests } = recorder(() =>
      ok({ operationId: 'op', state: 'saved', id: 1, revision: 'r', definition: null }),
    );
    const dimensions = testClient(fetch).management(7).dimensions;
    await dimensions.commitDelete(11, { planToken: 'a' }, { idempotencyKey: 'my-key-1' });
    await dimensions.commitDelete(11, { planToken: 'b' });
    await dimensions.commitDelete(11, { planToken: 'c' });
    const [mine, second, third] = requests.map((r) => r.headers.get('idempotency-key'));
    expect(mine).toBe('my-key-1');
    expect(second).not.toBe(third);
  });

  it.each([
    [
      'POST create-workspaces',
      (c: ReturnType<typeof testClient>) => c.workspaces.createMany([{ name: 'A' }]),
    ],
    ['PUT a workspace', (c: ReturnType<typeof testClient>) => c.workspaces.update(7, { name: 'B' })],
    ['DELETE an account', (c: ReturnType<typeof testClient>) => c.accounts.delete('acc-1')],
    [
      'POST a preview',
      (c: ReturnType<typeof testClient>) =>
        c
          .management(7)
          .measures.preview({ action: 'create', changes: { names: ['revenue'], expression: 'x' } }),
    ],
  ])('does not retry a write without an Idempotency-Key: %s', async (_, run) => {
    const { fetch, requests } = recorder([() => fail(503, 'unavailable'), () => ok([])]);
    await expect(run(testClient(fetch))).rejects.toMatchObject({ errcode: 503 });
    expect(requests).toHaveLength(1);
  });

  it('does not retry a non-idempotent POST after a network error', async () => {
    const { fetch, requests } = recorder([offline, () => ok({})]);
    await expect(testClient(fetch).accounts.create({ username: 'alice' })).rejects.toBeInstanceOf(
      NetworkError,
    );
    expect(requests).toHaveLength(1);
  });
});

describe('abort during retries', () => {
  it('stops waiting and rejects with AbortedError when the signal fires during the backoff', async () => {
    const controller = new AbortController();
    const { fetch, requests } = recorder(() => fail(503, 'unavailable'));
    // The real sleep, so the abort has to interrupt it.
    const client = testClient(fetch, { retries: { limit: 2, baseDelayMs: 60_000 } });
    const pending = client.scopes.get({ signal: controller.signal });
    setTimeout(() => controller.abort(), 10);
    await expect(pending).rejects.toBeInstanceOf(AbortedError);
    expect(requests).toHaveLength(1);
  });
});

describe('errors that say where (injected fetch, a clock moved only by the waits)', () => {
  // Date is frozen and moved forward by each wait, so elapsedMs is exactly the sum of the waits.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-03-01T00:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const clockedSleep = async (ms: number) => {
    vi.setSystemTime(Date.now() + ms);
  };
  /** A client whose waits move the clock: with random 0.5 the two default waits are 225 and 450 ms. */
  const clocked = (fetch: (request: Request) => Promise<Response>, options: Partial<ClientOptions> = {}) =>
    testClient(fetch, { retries: { sleep: clockedSleep, random: () => 0.5 }, ...options });
  const throwing = (thrown: () => unknown) => async (): Promise<Response> => {
    throw thrown();
  };
  const refused = () =>
    new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect ECONNREFUSED 10.0.0.7:8080'), { code: 'ECONNREFUSED' }),
    });
  const selfSigned = () =>
    new TypeError('fetch failed', {
      cause: Object.assign(new Error('self-signed certificate'), { code: 'DEPTH_ZERO_SELF_SIGNED_CERT' }),
    });
  const brokenBody = async () =>
    new Response(
      new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"errcode":'));
          controller.error(
            new TypeError('terminated', {
              cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }),
            }),
          );
        },
      }),
    );
  const hang = (request: Request) =>
    new Promise<Response>((_, reject) =>
      request.signal.addEventListener('abort', () => reject(request.signal.reason)),
    );
  const stalledBody = async () => new Response(new ReadableStream({ start() {} }), { status: 200 });

  type Row = [
    string,
    (request: Request) => Promise<Response>,
    (client: WsadminClient) => Promise<unknown>,
    Partial<ClientOptions>,
    { name: string; message: string; fields: Record<string, unknown> },
  ];
  const rows: Row[] = [
    [
      'a refused connection, retried twice',
      throwing(refused),
      (c) => c.workspaces.list({ q: 'sales' }),
      {},
      {
        name: 'NetworkError',
        message: `listWorkspaces: GET ${BASE_URL}/openapi/v1/workspaces/?q=sales failed: connect ECONNREFUSED 10.0.0.7:8080 (3 attempts over 675 ms)`,
        fields: {
          operationId: 'listWorkspaces',
          method: 'GET',
          url: `${BASE_URL}/openapi/v1/workspaces/?q=sales`,
          code: 'ECONNREFUSED',
          attempts: 3,
          elapsedMs: 675,
        },
      },
    ],
    [
      'a TLS error, whose message does not name its code',
      throwing(selfSigned),
      (c) => c.workspaces.get(7),
      { retries: { limit: 0 } },
      {
        name: 'NetworkError',
        message: `getWorkspace: GET ${BASE_URL}/openapi/v1/workspaces/7/ failed: self-signed certificate (DEPTH_ZERO_SELF_SIGNED_CERT; 1 attempt over 0 ms)`,
        fields: { method: 'GET', code: 'DEPTH_ZERO_SELF_SIGNED_CERT', attempts: 1, elapsedMs: 0 },
      },
    ],
    [
      'a browser, which gives no code',
      throwing(() => new TypeError('Failed to fetch')),
      (c) => c.scopes.get(),
      {},
      {
        name: 'NetworkError',
        message: `getScope: GET ${BASE_URL}/openapi/v1/scopes/ failed: Failed to fetch (3 attempts over 675 ms)`,
        fields: { code: undefined, attempts: 3, elapsedMs: 675 },
      },
    ],
    [
      'a write that is not retried',
      throwing(refused),
      (c) => c.accounts.create({ username: 'alice' }),
      {},
      {
        name: 'NetworkError',
        message: `createAccount: POST ${BASE_URL}/openapi/v1/accounts/ failed: connect ECONNREFUSED 10.0.0.7:8080 (1 attempt over 0 ms)`,
        fields: { method: 'POST', attempts: 1, elapsedMs: 0 },
      },
    ],
    [
      'a body that breaks off',
      brokenBody,
      (c) => c.scopes.get(),
      { retries: { limit: 1, sleep: clockedSleep, random: () => 0.5 } },
      {
        name: 'NetworkError',
        message: `getScope: GET ${BASE_URL}/openapi/v1/scopes/ failed while reading the body: other side closed (UND_ERR_SOCKET; 2 attempts over 225 ms)`,
        fields: { code: 'UND_ERR_SOCKET', attempts: 2, elapsedMs: 225 },
      },
    ],
    [
      'no answer on any attempt',
      hang,
      (c) => c.workspaces.get(7),
      { timeoutMs: 5, retries: { limit: 1, sleep: clockedSleep, random: () => 0.5 } },
      {
        name: 'TimeoutError',
        message: `getWorkspace: GET ${BASE_URL}/openapi/v1/workspaces/7/ timed out after 5 ms on attempt 2 of 2`,
        fields: {
          method: 'GET',
          url: `${BASE_URL}/openapi/v1/workspaces/7/`,
          timeoutMs: 5,
          attempts: 2,
          elapsedMs: 225,
        },
      },
    ],
    [
      'headers, then a body that never ends',
      stalledBody,
      (c) => c.scopes.get(),
      { timeoutMs: 5, retries: 0 },
      {
        name: 'TimeoutError',
        message: `getScope: GET ${BASE_URL}/openapi/v1/scopes/ timed out after 5 ms while reading the body on attempt 1 of 1`,
        fields: { timeoutMs: 5, attempts: 1, elapsedMs: 0 },
      },
    ],
  ];

  it.each(rows)('%s', async (_, fetch, run, options, expected) => {
    const error = await run(clocked(fetch, options)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(expected.name === 'TimeoutError' ? TimeoutError : NetworkError);
    expect(error).toMatchObject({ name: expected.name, ...expected.fields });
    expect((error as Error).message).toBe(expected.message);
    // The key is sent on every request; it must not surface in what is shown or logged.
    expect(JSON.stringify({ ...(error as object), message: (error as Error).message })).not.toContain(KEY);
  });

  it('describes the last attempt: a timeout followed by a refused connection is a NetworkError of 2 attempts', async () => {
    let n = 0;
    const fetch = (request: Request) => (n++ === 0 ? hang(request) : throwing(refused)());
    const error = await clocked(fetch, {
      timeoutMs: 5,
      retries: { limit: 1, sleep: clockedSleep, random: () => 0.5 },
    })
      .scopes.get()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ code: 'ECONNREFUSED', attempts: 2, elapsedMs: 225 });
  });

  it('names method and URL without an operationId through the raw client', async () => {
    const error = await clocked(throwing(refused), { retries: 0 })
      .raw.GET('/openapi/v1/workspaces/{workspaceId}/', { params: { path: { workspaceId: 7 } } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).operationId).toBeUndefined();
    expect((error as Error).message).toBe(
      `GET ${BASE_URL}/openapi/v1/workspaces/7/ failed: connect ECONNREFUSED 10.0.0.7:8080 (1 attempt over 0 ms)`,
    );
  });

  it('keeps what the runtime threw as the cause', async () => {
    const cause = refused();
    const error = await clocked(
      throwing(() => cause),
      { retries: 0 },
    )
      .scopes.get()
      .catch((e: unknown) => e);
    expect((error as NetworkError).cause).toBe(cause);
  });
});
