import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { refuseUnmatched } from './refuse-unmatched';

const BASE = 'http://wsadmin.test/openapi/v1';
const appRefusing = (preflight: boolean) => new Hono().notFound(refuseUnmatched(preflight));

describe('refuseUnmatched', () => {
  it('answers an unknown path 404 in the error envelope, naming the path', async () => {
    const answer = await appRefusing(false).request(`${BASE}/nothing/`);
    expect(answer.status).toBe(404);
    expect(answer.headers.get('allow')).toBeNull();
    expect(await answer.json()).toEqual({
      errcode: 404,
      errmsg: 'unknown path /openapi/v1/nothing/',
      data: { reason: 'not_found' },
    });
  });

  it("answers another method on a known path 405 with the path's methods in Allow", async () => {
    const answer = await appRefusing(false).request(`${BASE}/workspaces/`, { method: 'DELETE' });
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('GET, HEAD, POST');
    expect(await answer.json()).toMatchObject({ errcode: 405, data: { reason: 'method_not_allowed' } });
  });

  it('lists OPTIONS in Allow where preflights are answered (CORS on)', async () => {
    const answer = await appRefusing(true).request(`${BASE}/workspaces/`, { method: 'DELETE' });
    expect(answer.headers.get('allow')).toBe('GET, HEAD, POST, OPTIONS');
  });
});
