import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientOptions, WsadminClient } from './client';
import { NetworkError, TimeoutError } from './errors';
import { BASE_URL, KEY, testClient } from './test-helpers';

/**
 * The transport's errors say where: method, URL, the runtime's cause code and the attempts (the
 * same over real sockets: integration/sdk/network-errors.test.ts).
 */
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
