import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors';
import { tokenBucketLimiter } from '../rate-limit/token-bucket';
import { answerError } from './answer-error';
import type { AppEnv } from './app-env';
import { limit } from './pipeline/limit';
import { reportRequests } from './report-requests';
import { jsonAnswer } from './request-id';
import type { RequestReport } from './request-report';

const BASE = 'http://wsadmin.test';

/** The middleware alone before a few routes that fill in the facts as the app's steps do. */
function reportingApp() {
  const lines: string[] = [];
  const reports: RequestReport[] = [];
  const limiter = tokenBucketLimiter({ address: { capacity: 5, periodSeconds: 60 } }, () => 0);
  const app = new Hono<AppEnv>()
    .use(reportRequests({ log: (line) => lines.push(line), onRequestDone: (report) => reports.push(report) }))
    .get('/seen/', (c) => c.json({ requestId: c.get('facts').requestId }))
    .get('/operation/', (c) => {
      Object.assign(c.get('facts'), { route: '/operation/', operationId: 'listWorkspaces', keyId: 'key_a' });
      limit(limiter, c, 'address', '192.0.2.1');
      return jsonAnswer('{"errcode":200}', c.get('facts').requestId);
    })
    .get('/refused/', (c) => {
      c.get('facts').rateLimited = 'key';
      throw new ApiError(429, 'slow down', 'rate_limited');
    });
  app.onError(answerError(undefined));
  return { app, lines, reports };
}

describe('reportRequests', () => {
  it('gives each request an id, on its facts and its answer, keeping a well-formed incoming one', async () => {
    const { app } = reportingApp();
    const fresh = await app.request(`${BASE}/seen/`);
    const id = fresh.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await fresh.json()).toEqual({ requestId: id });
    const kept = await app.request(`${BASE}/seen/`, { headers: { 'x-request-id': 'lb-1' } });
    expect(kept.headers.get('x-request-id')).toBe('lb-1');
    const forged = await app.request(`${BASE}/seen/`, { headers: { 'x-request-id': 'a\tb' } });
    expect(forged.headers.get('x-request-id')).not.toBe('a\tb');
  });

  it('reports and logs what the steps noted: route, operation, key, and the RateLimit fields', async () => {
    const { app, lines, reports } = reportingApp();
    const answer = await app.request(`${BASE}/operation/`, { headers: { 'x-request-id': 'r-1' } });
    expect(answer.headers.get('x-request-id')).toBe('r-1');
    expect(answer.headers.get('ratelimit-policy')).toBe('"address";q=5;w=60');
    expect(answer.headers.get('ratelimit')).toMatch(/^"address";r=4;t=\d+$/);
    expect(reports).toEqual([
      {
        requestId: 'r-1',
        method: 'GET',
        route: '/operation/',
        operationId: 'listWorkspaces',
        status: 200,
        durationMs: expect.any(Number),
        keyId: 'key_a',
        rateLimited: undefined,
      },
    ]);
    expect(lines).toEqual([expect.stringMatching(/^GET \/operation\/ 200 \d+\.\dms$/)]);
  });

  it('reports an error answer with its status and the bucket that refused, its id set', async () => {
    const { app, reports } = reportingApp();
    const answer = await app.request(`${BASE}/refused/`);
    expect(answer.status).toBe(429);
    expect(answer.headers.get('x-request-id')).toBe(reports[0]?.requestId);
    expect(reports[0]).toMatchObject({ route: '/refused/', status: 429, rateLimited: 'key' });
  });

  it('reports an unmatched path as `unmatched`, never the raw path', async () => {
    const { app, lines, reports } = reportingApp();
    expect((await app.request(`${BASE}/secret-id-4711/`)).status).toBe(404);
    expect(reports[0]).toMatchObject({ route: 'unmatched', status: 404, operationId: undefined });
    expect(lines[0]).toMatch(/^GET unmatched 404 /);
  });
});
