import { afterAll, describe, expect, it } from 'vitest';
import { createMock } from '../index-node';
import { INSPECTOR_PATH, inspectorHandler } from './inspector-api';

// The inspector's API without a host: what the page reads, and how bad requests are refused.
const mock = createMock({
  baseUrl: 'http://127.0.0.1:8787',
  seed: { workspaces: [{ name: 'Sales' }] },
  overrides: { getWorkspace: { override: { errcode: 503, errmsg: 'maintenance' }, times: 1 } },
  startAt: '2030-01-01T00:00:00Z',
});
const inspector = inspectorHandler(mock, { scenario: 'demo.json' });
afterAll(() => mock.close());

const at = (path: string, init?: RequestInit) =>
  inspector(new Request(`${mock.baseUrl}${INSPECTOR_PATH}${path}`, init));
const post = (path: string, body: string, type = 'application/json') =>
  at(path, { method: 'POST', headers: { 'Content-Type': type }, body });
const api = (path: string) =>
  mock.fetch(
    new Request(`${mock.baseUrl}/openapi/v1/${path}`, {
      headers: { Authorization: `Bearer ${mock.key}` },
    }),
  );

describe('the inspector API', () => {
  it('serves the page, its script and its style under a policy that allows only them', async () => {
    const page = await at('');
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await page.text()).toContain('<script src="inspector.js" defer></script>');
    const script = await (await at('inspector.js')).text();
    // The served text runs on its own: no import, no helper from outside the function.
    expect(script).not.toMatch(/\bimport\b|\brequire\(/);
    expect(() => new Function(script)).not.toThrow();
    expect((await at('inspector.css')).headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it('states the mock: base URL, scenario, clock, overrides', async () => {
    expect(await (await at('api/state')).json()).toEqual({
      baseUrl: 'http://127.0.0.1:8787',
      key: mock.key,
      scenario: 'demo.json',
      now: '2030-01-01T00:00:00.000Z',
      overrides: [{ operationId: 'getWorkspace', kind: 'error', remaining: 1, errcode: 503 }],
      generation: 0,
    });
  });

  it('hands out the journal after a sequence number, and from its start after a reset', async () => {
    await api('workspaces/');
    await api('workspaces/1/');
    const all = (await (await at('api/journal?after=0&generation=0')).json()) as {
      fromStart: boolean;
      entries: Array<{ seq: number; operationId: string }>;
    };
    expect(all.fromStart).toBe(false);
    expect(all.entries.map((entry) => [entry.seq, entry.operationId])).toEqual([
      [1, 'listWorkspaces'],
      [2, 'getWorkspace'],
    ]);
    const later = (await (await at('api/journal?after=1&generation=0')).json()) as typeof all;
    expect(later.entries.map((entry) => entry.seq)).toEqual([2]);
    expect((await post('api/reset', '{}')).status).toBe(200);
    await api('workspaces/');
    const afterReset = (await (await at('api/journal?after=2&generation=0')).json()) as typeof all & {
      generation: number;
    };
    expect(afterReset).toMatchObject({ generation: 1, fromStart: true, entries: [{ seq: 1 }] });
  });

  it('moves the clock', async () => {
    const state = await post('api/clock', JSON.stringify({ advanceSeconds: 90 }));
    expect(await state.json()).toMatchObject({ now: '2030-01-01T00:01:30.000Z' });
  });

  it.each<[string, () => Promise<Response>, number, RegExp]>([
    [
      'a clock moved by nothing',
      () => post('api/clock', '{"advanceSeconds": 0}'),
      400,
      /advanceSeconds must be a number/,
    ],
    ['a body that is not JSON', () => post('api/clock', '{'), 400, /body is not JSON/],
    [
      'a form post',
      () => post('api/reset', 'a=1', 'application/x-www-form-urlencoded'),
      415,
      /application\/json/,
    ],
    ['something that is not a snapshot', () => post('api/restore', '{"bytes": 1}'), 400, /^not restored: /],
    ['a GET of a button', () => at('api/reset'), 405, /GET is not allowed here: POST/],
    [
      'an unknown path',
      () => at('api/nothing'),
      404,
      /no inspector page or API at \/__inspector__\/api\/nothing/,
    ],
  ])('refuses %s with the error envelope', async (_name, send, status, message) => {
    const response = await send();
    expect(response.status).toBe(status);
    const body = (await response.json()) as { errcode: number; errmsg: string };
    expect(body.errcode).toBe(status);
    expect(body.errmsg).toMatch(message);
  });
});
