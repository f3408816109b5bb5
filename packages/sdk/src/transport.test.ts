import { describe, expect, it } from 'vitest';
import { AbortedError, ApiError, NetworkError, TimeoutError } from './errors';
import { fail, ok, recorder, testClient } from './test-helpers';
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

describe('409 request_in_progress: the first request with the Idempotency-Key is still running', () => {
  const result = { operationId: 'op-9', state: 'saved', id: 12, revision: 'r3', definition: null };
  const running = (headers: Record<string, string> = { 'Retry-After': '1' }) =>
    fail(409, 'request_in_progress', { headers });
  const commit = (client: ReturnType<typeof testClient>) =>
    client.management(7).dimensions.commitDelete(11, { planToken: 'pt' }, { idempotencyKey: 'k-1' });

  it('retries a commit with the same key after the Retry-After seconds, and returns the replayed answer', async () => {
    const { fetch, requests } = recorder([() => running(), () => running(), () => ok(result)]);
    const client = testClient(fetch);
    await expect(commit(client)).resolves.toEqual(result);
    expect(client.delays).toEqual([1000, 1000]);
    expect(requests.map((r) => r.headers.get('idempotency-key'))).toEqual(['k-1', 'k-1', 'k-1']);
  });

  it('backs off as usual when the answer has no Retry-After (another implementation)', async () => {
    const { fetch } = recorder([() => running({}), () => ok(result)]);
    const client = testClient(fetch);
    await expect(commit(client)).resolves.toEqual(result);
    expect(client.delays).toEqual([225]);
  });

  it('stays within the retry budget, then throws the 409', async () => {
    const { fetch, requests } = recorder(() => running());
    const client = testClient(fetch, { retries: { limit: 1, sleep: async () => {} } });
    await expect(commit(client)).rejects.toMatchObject({ errcode: 409, reason: 'request_in_progress' });
    expect(requests).toHaveLength(2);
  });

  it('returns the 409 at once when Retry-After asks for more than maxDelayMs', async () => {
    const { fetch, requests } = recorder([() => running({ 'Retry-After': '60' }), () => ok(result)]);
    const client = testClient(fetch, { retries: { maxDelayMs: 5000 } });
    await expect(commit(client)).rejects.toMatchObject({ errcode: 409, reason: 'request_in_progress' });
    expect(requests).toHaveLength(1);
  });

  it.each([
    ['a commit answered 409 revision_conflict', commit, () => fail(409, 'revision_conflict')],
    [
      'a GET answered 409 request_in_progress (no Idempotency-Key)',
      (c: ReturnType<typeof testClient>) => c.workspaces.list(),
      () => running(),
    ],
  ])('does not retry %s', async (_, run, answer) => {
    const { fetch, requests } = recorder([answer, () => ok(result)]);
    await expect(run(testClient(fetch))).rejects.toMatchObject({ errcode: 409 });
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
