import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { createKey } from '../auth/keys';
import { pbkdf2Passwords } from '../auth/pbkdf2-passwords';
import { AdjustableClock } from '../clock';
import { tokenBucketLimiter } from '../rate-limit/token-bucket';
import { openMemoryStorage } from '../storage/memory';
import type { Storage } from '../storage/storage';
import type { RequestReport } from './request-report';

const BASE = 'http://wsadmin.test';
const clock = new AdjustableClock();
let storage: Storage;
let secret: string;
let keyId: string;
const reports: RequestReport[] = [];

beforeAll(async () => {
  storage = await openMemoryStorage({ now: () => clock.now() });
  const key = await createKey(storage.db, clock.now(), { name: 'hooks' });
  secret = key.secret;
  keyId = key.id;
});
afterAll(() => storage.close());

function appWith(extra: Partial<Parameters<typeof createApp>[0]> = {}) {
  return createApp({
    storage,
    clock,
    passwords: pbkdf2Passwords(1000),
    onRequestDone: (report) => reports.push(report),
    ...extra,
  });
}
const auth = () => ({ authorization: `Bearer ${secret}` });

describe('request ids and request reports', () => {
  let app: ReturnType<typeof appWith>;
  beforeAll(() => {
    app = appWith();
  });

  it.each([
    ['none sent: a fresh UUID', undefined, /^[0-9a-f-]{36}$/],
    ['a well-formed one: kept', 'lb-7f3a.42', /^lb-7f3a\.42$/],
    ['one with a space (log forging): replaced', 'a b', /^[0-9a-f-]{36}$/],
    ['one of 200 characters: replaced', 'x'.repeat(200), /^[0-9a-f-]{36}$/],
  ])('%s', async (_name, incoming, expected) => {
    const headers: Record<string, string> = { ...auth(), ...(incoming ? { 'x-request-id': incoming } : {}) };
    const response = await app.request(`${BASE}/openapi/v1/scopes/`, { headers });
    expect(response.headers.get('x-request-id')).toMatch(expected);
    expect(reports.at(-1)?.requestId).toBe(response.headers.get('x-request-id'));
  });

  it('reports the route template, operation, status and key id, never the raw path or the secret', async () => {
    const created = await app.request(`${BASE}/openapi/v1/workspaces/`, {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'application/json' },
      body: '{"name":"hooks"}',
    });
    const id = ((await created.json()) as { data: { id: number } }).data.id;
    await app.request(`${BASE}/openapi/v1/workspaces/${id}/`, { headers: auth() });
    const report = reports.at(-1);
    expect(report).toMatchObject({
      method: 'GET',
      route: '/openapi/v1/workspaces/{workspaceId}/',
      operationId: 'getWorkspace',
      status: 200,
      keyId,
      rateLimited: undefined,
    });
    expect(report?.durationMs).toBeGreaterThan(0);
    expect(JSON.stringify(reports)).not.toContain(secret);
  });

  it('reports errors too: an unknown path as "unmatched", a bad key without a key id', async () => {
    const unknown = await app.request(`${BASE}/openapi/v1/nothing/42/`, { headers: auth() });
    expect(unknown.headers.get('x-request-id')).toBeTruthy();
    expect(reports.at(-1)).toMatchObject({ route: 'unmatched', status: 404, operationId: undefined });
    await app.request(`${BASE}/openapi/v1/scopes/`, { headers: { authorization: 'Bearer wsk_wrong' } });
    expect(reports.at(-1)).toMatchObject({ operationId: 'getScope', status: 401, keyId: undefined });
  });
});

describe('health and readiness', () => {
  it('answers /healthz and /readyz without a key', async () => {
    const app = appWith();
    for (const path of ['/healthz', '/readyz']) {
      const response = await app.request(`${BASE}${path}`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ errcode: 200, errmsg: 'success', data: { status: 'ok' } });
      expect(reports.at(-1)).toMatchObject({ route: path, status: 200 });
    }
  });

  it('is not ready (503) when the database is gone, while /healthz still answers 200', async () => {
    const lost = await openMemoryStorage({ now: () => clock.now() });
    const app = createApp({ storage: lost, clock, passwords: pbkdf2Passwords(1000) });
    await lost.close();
    const ready = await app.request(`${BASE}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ errcode: 503, data: { reason: 'unavailable' } });
    expect((await app.request(`${BASE}/healthz`)).status).toBe(200);
  });

  it('tells a change of readiness once, not once per failing probe, and says so while shutting down', async () => {
    const storage = await openMemoryStorage({ now: () => clock.now() });
    let shuttingDown = false;
    const changes: Array<[boolean, string]> = [];
    let reachable = true;
    const app = createApp({
      storage: () => {
        if (!reachable) throw Object.assign(new Error('connection refused'), { code: 'ECONNREFUSED' });
        return storage;
      },
      clock,
      passwords: pbkdf2Passwords(1000),
      readiness: { shuttingDown: () => shuttingDown, onChange: (ready, why) => changes.push([ready, why]) },
    });
    const probe = async () => (await app.request(`${BASE}/readyz`)).status;
    expect(await probe()).toBe(200);
    reachable = false;
    expect([await probe(), await probe(), await probe()]).toEqual([503, 503, 503]);
    reachable = true;
    expect([await probe(), await probe()]).toEqual([200, 200]);
    expect(changes).toEqual([
      [false, 'not ready: the database is unreachable'],
      [true, 'ready'],
    ]);
    shuttingDown = true;
    const draining = await app.request(`${BASE}/readyz`);
    expect(draining.status).toBe(503);
    expect(((await draining.json()) as { errmsg: string }).errmsg).toBe(
      'not ready: the server is shutting down',
    );
    expect(changes).toHaveLength(2);
    await storage.close();
  });

  it('is not ready (503) when the schema lacks a migration of this build', async () => {
    const old = await openMemoryStorage({ now: () => clock.now() });
    const app = createApp({ storage: old, clock, passwords: pbkdf2Passwords(1000) });
    const latest = await old.db
      .selectFrom('schema_migrations')
      .select((eb) => eb.fn.max('version').as('v'))
      .executeTakeFirstOrThrow();
    await old.db.deleteFrom('schema_migrations').where('version', '=', Number(latest.v)).execute();
    const ready = await app.request(`${BASE}/readyz`);
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { errmsg: string }).errmsg).toMatch(/schema is at version \d+/);
    await old.close();
  });
});

describe('CORS', () => {
  let app: ReturnType<typeof appWith>;
  beforeAll(() => {
    app = appWith({ corsOrigins: ['http://localhost:5173'] });
  });
  const preflight = (origin: string) =>
    app.request(`${BASE}/openapi/v1/workspaces/`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type,idempotency-key',
      },
    });

  it('answers the preflight of a listed origin without a key', async () => {
    const response = await preflight('http://localhost:5173');
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase().split(',')).toEqual(
      expect.arrayContaining(['authorization', 'content-type', 'idempotency-key']),
    );
  });

  it('gives an origin not listed no Allow-Origin, so the browser refuses it', async () => {
    expect((await preflight('http://evil.test')).headers.get('access-control-allow-origin')).toBeNull();
  });

  it('exposes Retry-After, the RateLimit fields and X-Request-Id on answers', async () => {
    const response = await app.request(`${BASE}/openapi/v1/scopes/`, {
      headers: { ...auth(), origin: 'http://localhost:5173' },
    });
    expect(response.headers.get('access-control-expose-headers')?.toLowerCase().split(',')).toEqual([
      'retry-after',
      'ratelimit-policy',
      'ratelimit',
      'x-request-id',
    ]);
  });

  it('sends no CORS headers when no origin is configured', async () => {
    const response = await appWith().request(`${BASE}/openapi/v1/scopes/`, {
      headers: { ...auth(), origin: 'http://localhost:5173' },
    });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('rate limits', () => {
  it.each([
    ['key', { key: { capacity: 2, periodSeconds: 60 } }, 'getScope', '/openapi/v1/scopes/', 'GET', undefined],
    [
      'address',
      { address: { capacity: 2, periodSeconds: 60 } },
      'getScope',
      '/openapi/v1/scopes/',
      'GET',
      undefined,
    ],
    [
      'strict',
      { strict: { capacity: 2, periodSeconds: 60 } },
      'createAccount',
      '/openapi/v1/accounts/',
      'POST',
      () =>
        JSON.stringify({ username: `u${Math.random().toString(36).slice(2)}`, password: 'Secret-pass-1' }),
    ],
  ] as const)(
    'the %s bucket answers 429 with the envelope and Retry-After once spent',
    async (bucket, limits, _op, path, method, body) => {
      const app = appWith({
        rateLimiter: tokenBucketLimiter(limits, () => 0),
        clientAddress: () => '192.0.2.1',
      });
      const send = () =>
        app.request(`${BASE}${path}`, {
          method,
          headers: { ...auth(), 'content-type': 'application/json' },
          ...(body ? { body: body() } : {}),
        });
      expect((await send()).status).toBe(200);
      expect((await send()).status).toBe(200);
      const refused = await send();
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('30');
      const envelope = (await refused.json()) as {
        errcode: number;
        errmsg: string;
        data: { reason: string };
      };
      expect(envelope).toMatchObject({ errcode: 429, data: { reason: 'rate_limited' } });
      expect(envelope.errmsg).toMatch(bucket === 'address' ? /client address/ : /access key/);
      expect(reports.at(-1)).toMatchObject({ status: 429, rateLimited: bucket });
    },
  );

  it('refuses a strict operation without creating the account', async () => {
    const app = appWith({
      rateLimiter: tokenBucketLimiter({ strict: { capacity: 0.5, periodSeconds: 60 } }, () => 0),
    });
    const refused = await app.request(`${BASE}/openapi/v1/accounts/`, {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'never-made', password: 'Secret-pass-1' }),
    });
    expect(refused.status).toBe(429);
    const search = await app.request(`${BASE}/openapi/v1/accounts/?q=never-made`, { headers: auth() });
    expect(((await search.json()) as { data: unknown[] }).data).toEqual([]);
  });

  it('leaves other operations of a key free when only its strict bucket is spent', async () => {
    const app = appWith({
      rateLimiter: tokenBucketLimiter({ strict: { capacity: 0.5, periodSeconds: 60 } }, () => 0),
    });
    expect((await app.request(`${BASE}/openapi/v1/scopes/`, { headers: auth() })).status).toBe(200);
  });
});
