import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { allowOrigins } from './allow-origins';

const URL = 'http://wsadmin.test/openapi/v1/workspaces/';
const APP_ORIGIN = 'http://localhost:5173';

const appAllowing = (origins: readonly string[] | '*') =>
  new Hono().use(allowOrigins(origins)).get('/openapi/v1/workspaces/', (c) => c.json({ ok: true }));

describe('allowOrigins', () => {
  it("answers a listed origin's preflight with the methods, headers and max age of CORS_RULE", async () => {
    const answer = await appAllowing([APP_ORIGIN]).request(URL, {
      method: 'OPTIONS',
      headers: { origin: APP_ORIGIN, 'access-control-request-method': 'PUT' },
    });
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    expect(answer.headers.get('access-control-allow-methods')).toBe('GET,HEAD,POST,PUT,PATCH,DELETE');
    expect(answer.headers.get('access-control-allow-headers')).toBe(
      'Authorization,Content-Type,Idempotency-Key,X-Request-Id',
    );
    expect(answer.headers.get('access-control-max-age')).toBe('7200');
  });

  it('exposes the rate-limit and request-id headers on answers to a listed origin', async () => {
    const answer = await appAllowing([APP_ORIGIN]).request(URL, { headers: { origin: APP_ORIGIN } });
    expect(answer.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    expect(answer.headers.get('access-control-expose-headers')).toBe(
      'Retry-After,RateLimit-Policy,RateLimit,X-Request-Id',
    );
  });

  it('lets no other origin read, and every origin with `*`', async () => {
    const other = await appAllowing([APP_ORIGIN]).request(URL, { headers: { origin: 'http://evil.test' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const any = await appAllowing('*').request(URL, { headers: { origin: 'http://evil.test' } });
    expect(any.headers.get('access-control-allow-origin')).toBe('*');
  });
});
