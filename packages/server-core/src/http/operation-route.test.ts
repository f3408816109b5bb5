import type { OperationId } from '@wsadmin/contract';
import { type Context, Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { tokenBucketLimiter } from '../rate-limit/token-bucket';
import { answerError } from './answer-error';
import type { AppEnv } from './app-env';
import { operationRoute } from './operation-route';
import { refuseUnmatched } from './refuse-unmatched';
import type { OperationAnswer } from './register-operations';
import { reportRequests } from './report-requests';
import type { RequestReport } from './request-report';

const BASE = 'http://wsadmin.test/openapi/v1';

/**
 * The route with an answer for two operations that says what it was given (the facts the route
 * noted before it, and the decoded path values), the report middleware outside it as in the app.
 */
function routeApp(options: { addressCapacity?: number; clientAddress?: (c: Context) => string } = {}) {
  const reports: RequestReport[] = [];
  const told: OperationAnswer = async (c, params) =>
    Response.json({ facts: { ...c.get('facts'), requestId: undefined }, params });
  const answers = new Map<OperationId, OperationAnswer>([
    ['getWorkspace', told],
    ['listWorkspaces', told],
  ]);
  const rateLimiter = options.addressCapacity
    ? tokenBucketLimiter({ address: { capacity: options.addressCapacity, periodSeconds: 60 } }, () => 0)
    : undefined;
  const route = operationRoute({
    answers,
    refuse: refuseUnmatched(false),
    rateLimiter,
    clientAddress: options.clientAddress,
  });
  const app = new Hono<AppEnv>();
  app.use(reportRequests({ onRequestDone: (report) => reports.push(report) }));
  app.all('/openapi/v1/*', route);
  app.onError(answerError(undefined));
  return { app, reports };
}

describe('operationRoute', () => {
  it('runs the operation the matcher finds, with its route template, operation and decoded values', async () => {
    const { app } = routeApp();
    const answer = await app.request(`${BASE}/workspaces/%37/`);
    expect(await answer.json()).toEqual({
      facts: { route: '/openapi/v1/workspaces/{workspaceId}/', operationId: 'getWorkspace' },
      params: { workspaceId: '7' },
    });
  });

  it("answers HEAD with GET's operation", async () => {
    const { app, reports } = routeApp();
    expect((await app.request(`${BASE}/workspaces/`, { method: 'HEAD' })).status).toBe(200);
    expect(reports[0]).toMatchObject({ method: 'HEAD', operationId: 'listWorkspaces' });
  });

  it('refuses a path of no operation (404) and another method (405 with Allow), as unmatched', async () => {
    const { app, reports } = routeApp();
    expect((await app.request(`${BASE}/nothing/`)).status).toBe(404);
    const wrongMethod = await app.request(`${BASE}/workspaces/7/`, { method: 'PATCH' });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('GET, HEAD, PUT, DELETE');
    expect(reports.map(({ route, operationId }) => ({ route, operationId }))).toEqual([
      { route: 'unmatched', operationId: undefined },
      { route: 'unmatched', operationId: undefined },
    ]);
  });

  it('charges the address bucket for every request, found or not, before the answer runs', async () => {
    const { app, reports } = routeApp({ addressCapacity: 2 });
    expect((await app.request(`${BASE}/nothing/`)).status).toBe(404);
    const answered = await app.request(`${BASE}/workspaces/`);
    expect(await answered.json()).toMatchObject({ facts: { quotas: { address: { remaining: 0 } } } });
    const refused = await app.request(`${BASE}/workspaces/7/`);
    expect(refused.status).toBe(429);
    expect(reports[2]).toMatchObject({
      route: '/openapi/v1/workspaces/{workspaceId}/',
      operationId: 'getWorkspace',
      rateLimited: 'address',
    });
  });

  it("counts each client address apart, and every request as `unknown` without the host's address", async () => {
    const byHeader = routeApp({
      addressCapacity: 1,
      clientAddress: (c) => c.req.header('x-test-address') ?? '',
    });
    const from = (address: string) =>
      byHeader.app.request(`${BASE}/workspaces/`, { headers: { 'x-test-address': address } });
    expect([(await from('192.0.2.1')).status, (await from('192.0.2.2')).status]).toEqual([200, 200]);
    expect((await from('192.0.2.1')).status).toBe(429);
    const unknown = routeApp({ addressCapacity: 1 });
    expect((await unknown.app.request(`${BASE}/workspaces/`)).status).toBe(200);
    expect((await unknown.app.request(`${BASE}/workspaces/`)).status).toBe(429);
  });
});
