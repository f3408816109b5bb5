import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createMock } from '../index-node';
import { requestSummary } from './summary';

const mock = createMock({ seed: { workspaces: [{ name: 'Demo' }] }, journal: { limit: 3 } });
afterAll(() => mock.close());
beforeEach(() => mock.reset());

const send = (method: string, path: string, body?: unknown) =>
  mock.fetch(
    new Request(`${mock.baseUrl}/openapi/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${mock.key}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );
const duration = String.raw`\(\d+(\.\d)? ms\)`;

describe('requestSummary', () => {
  it('gives a line per request: seq, method, path, operationId, status, the errmsg of an error, the duration', async () => {
    await send('GET', '/workspaces/');
    await send('POST', '/workspaces/', { title: 'Sales' });
    await send('GET', '/nowhere/');
    const lines = requestSummary(mock.requests).trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(new RegExp(`^#1 GET /openapi/v1/workspaces/ listWorkspaces → 200 ${duration}$`));
    expect(lines[1]).toMatch(
      new RegExp(`^#2 POST /openapi/v1/workspaces/ createWorkspace → 400 .*"title".* ${duration}$`),
    );
    expect(lines[2]).toMatch(
      new RegExp(`^#3 GET /openapi/v1/nowhere/ \\(no operation\\) → 404 .+ ${duration}$`),
    );
  });

  it('marks an answer of an override', async () => {
    mock.override('listWorkspaces', { errcode: 503, errmsg: 'maintenance' });
    await send('GET', '/workspaces/');
    expect(requestSummary(mock.requests)).toMatch(
      new RegExp(
        `^#1 GET /openapi/v1/workspaces/ listWorkspaces → 503 maintenance \\[override\\] ${duration}\n$`,
      ),
    );
  });

  it('says when the journal dropped older requests, and when there were none', async () => {
    expect(requestSummary(mock.requests)).toBe('The mock answered no request in this test.\n');
    for (let i = 0; i < 5; i += 1) await send('GET', '/workspaces/');
    expect(requestSummary(mock.requests).split('\n').slice(0, 2)).toEqual([
      '(2 earlier requests dropped: the journal keeps its limit)',
      expect.stringMatching(/^#3 GET /),
    ]);
  });
});
