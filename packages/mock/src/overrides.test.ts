import { workspaceDefaults } from '@wsadmin/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MockRequestError } from './client';
import { MOCK_BASE_URL, MOCK_KEY } from './create-mock';
import { setupMockServer } from './node';
import { MockContractError } from './overrides';
import { send } from './test-helpers';

const api = `${MOCK_BASE_URL}/openapi/v1`;
const onContractViolation = vi.fn();
const { mock, server } = setupMockServer({
  seed: { workspaces: [{ name: 'Sales' }, { name: 'Marketing' }] },
  onContractViolation,
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(async () => {
  await mock.reset();
  onContractViolation.mockClear();
});
afterAll(async () => {
  server.close();
  await mock.close();
});

describe('overrides', () => {
  it('answers a fixed error envelope with its status, for that operation only', async () => {
    mock.override('getWorkspace', {
      errcode: 503,
      errmsg: 'down for maintenance',
      data: { reason: 'unavailable' },
    });
    expect(await send(`${api}/workspaces/1/`)).toEqual({
      status: 503,
      body: { errcode: 503, errmsg: 'down for maintenance', data: { reason: 'unavailable' } },
    });
    expect((await send(`${api}/workspaces/`)).status).toBe(200);
    expect((await send(`${api}/workspaces/1/`, { method: 'PUT', body: { desc: 'edited' } })).status).toBe(
      200,
    );
  });

  it("never takes a literal path for the id path it overrides: 405 with the literal path's Allow", async () => {
    mock.allowRejection({ operationId: null, status: 405 });
    mock.override('updateWorkspace', { errcode: 503, errmsg: 'down', data: { reason: 'unavailable' } });
    const response = await fetch(`${api}/workspaces/create-workspaces/`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${MOCK_KEY}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    // The override is still there for the id path.
    expect((await send(`${api}/workspaces/1/`, { method: 'PUT', body: {} })).status).toBe(503);
  });

  it('gives an override answer its X-Request-Id, as every answer of the app has', async () => {
    mock.override('getWorkspace', ({ params }) => ({ ...workspace(), id: Number(params.workspaceId) }));
    const response = await fetch(`${api}/workspaces/1/`, {
      headers: { authorization: `Bearer ${MOCK_KEY}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('runs a handler with the path parameters and the request, and checks its data', async () => {
    mock.override('updateWorkspace', async ({ params, request, operationId }) => {
      const body = (await request.json()) as { name?: string };
      return {
        ...(await mock.client.call('getWorkspace', { params: { workspaceId: params.workspaceId } })),
        name: `${operationId}: ${body.name}`,
      };
    });
    const answer = await send(`${api}/workspaces/2/`, { method: 'PUT', body: { name: 'renamed' } });
    expect(answer).toMatchObject({
      status: 200,
      body: { data: { id: 2, name: 'updateWorkspace: renamed' } },
    });
    // Nothing was written: the handler answered instead of the app.
    expect((await mock.client.call('getWorkspace', { params: { workspaceId: 2 } })).name).toBe('Marketing');
  });

  it('lets a handler start from the real answer', async () => {
    mock.override('listWorkspaces', async ({ real }) => (await real()).filter((w) => w.name !== 'Sales'));
    expect((await send(`${api}/workspaces/`)).body.data).toMatchObject([{ name: 'Marketing' }]);
  });

  it('passes on the real error when a handler lets real() throw', async () => {
    mock.override('getWorkspace', async ({ real }) => real());
    expect(await send(`${api}/workspaces/99/`)).toMatchObject({ status: 404, body: { errcode: 404 } });
    const direct = mock.client.call('getWorkspace', { params: { workspaceId: 99 } });
    await expect(direct).rejects.toBeInstanceOf(MockRequestError);
    await expect(direct).rejects.toMatchObject({ status: 404, answer: { data: { reason: 'not_found' } } });
  });

  it('answers a handler error envelope', async () => {
    mock.override('createWorkspace', () => ({
      errcode: 409,
      errmsg: 'name taken',
      data: { reason: 'conflict' },
    }));
    expect(await send(`${api}/workspaces/`, { method: 'POST', body: { name: 'x' } })).toMatchObject({
      status: 409,
      body: { errmsg: 'name taken' },
    });
  });

  it('delays the real answer', async () => {
    mock.override('listWorkspaces', { delayMs: 150 });
    const started = performance.now();
    const answer = await send(`${api}/workspaces/`);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect(answer.body.data).toHaveLength(2);
  });

  it('fails the fetch itself on "network-error"', async () => {
    mock.override('getScope', 'network-error');
    await expect(fetch(`${api}/scopes/`)).rejects.toThrow(TypeError);
    await expect(mock.fetch(new Request(`${api}/scopes/`))).rejects.toThrow(/network-error/);
  });

  it('applies `times` answers, then the app answers again', async () => {
    mock.override('listWorkspaces', { errcode: 500, errmsg: 'flaky' }, { times: 2 });
    expect((await send(`${api}/workspaces/`)).status).toBe(500);
    expect((await send(`${api}/workspaces/`)).status).toBe(500);
    expect((await send(`${api}/workspaces/`)).status).toBe(200);
  });

  it('is removed by its disposer, by clearOverrides() and by reset()', async () => {
    const remove = mock.override('listWorkspaces', { errcode: 500, errmsg: 'x' });
    remove();
    expect((await send(`${api}/workspaces/`)).status).toBe(200);
    mock.override('listWorkspaces', { errcode: 500, errmsg: 'x' });
    mock.clearOverrides();
    expect((await send(`${api}/workspaces/`)).status).toBe(200);
    mock.override('listWorkspaces', { errcode: 500, errmsg: 'x' });
    await mock.reset();
    expect((await send(`${api}/workspaces/`)).status).toBe(200);
  });

  it('tells static segments from parameters: update-workspaces is not workspace "update-workspaces"', async () => {
    mock.override('updateWorkspace', { errcode: 418 + 82, errmsg: 'single edit overridden' });
    const batch = await send(`${api}/workspaces/update-workspaces/`, {
      method: 'PUT',
      body: { workspaces: [{ id: 1, desc: 'batch' }] },
    });
    expect(batch.status).toBe(200);
    expect((await send(`${api}/workspaces/1/`, { method: 'PUT', body: {} })).body.errmsg).toBe(
      'single edit overridden',
    );
  });

  it('answers an envelope without data for envelope-only operations', async () => {
    mock.override('deleteWorkspace', () => undefined);
    expect(await send(`${api}/workspaces/1/`, { method: 'DELETE' })).toEqual({
      status: 200,
      body: { errcode: 200, errmsg: 'success' },
    });
    expect(await mock.client.call('listWorkspaces')).toHaveLength(2);
  });
});

describe('overrides that break the contract fail loudly', () => {
  it('answers 500 naming the field when a handler returns data of the wrong shape', async () => {
    mock.override('getWorkspace', () => ({ id: 1, name: 42 }) as never);
    const answer = await send(`${api}/workspaces/1/`);
    expect(answer.status).toBe(500);
    expect(answer.body.errmsg).toMatch(
      /mock override of getWorkspace violates the contract: answer data\.name/,
    );
    expect(mock.violations).toHaveLength(1);
    expect(mock.violations[0]).toBeInstanceOf(MockContractError);
    expect(onContractViolation).toHaveBeenCalledTimes(1);
    // A client built on the contract fails with that message.
    await expect(mock.fetch(new Request(`${api}/workspaces/1/`))).resolves.toHaveProperty('status', 500);
  });

  it('refuses data on an envelope-only operation', async () => {
    mock.override('deleteWorkspace', () => ({ deleted: true }) as never);
    const answer = await send(`${api}/workspaces/1/`, { method: 'DELETE' });
    expect(answer.status).toBe(500);
    expect(answer.body.errmsg).toMatch(/envelope without data/);
  });

  it('refuses an error envelope outside the contract from a handler', async () => {
    mock.override('getWorkspace', () => ({ errcode: 200, errmsg: 'not an error' }));
    const answer = await send(`${api}/workspaces/1/`);
    expect(answer.status).toBe(500);
    expect(answer.body.errmsg).toMatch(/error envelope errcode/);
  });

  it.each([
    ['a success code', { errcode: 200, errmsg: 'ok' }, /errcode/],
    ['no errmsg', { errcode: 404 }, /errmsg/],
    ['an unknown reason', { errcode: 404, errmsg: 'gone', data: { reason: 'vanished' } }, /data\.reason/],
    ['a negative delay', { delayMs: -1 }, /delayMs/],
    ['something else', { status: 500 }, /an override is a handler/],
  ])('throws where a fixed override with %s is declared', (_name, override, message) => {
    expect(() => mock.override('getWorkspace', override as never)).toThrow(MockContractError);
    expect(() => mock.override('getWorkspace', override as never)).toThrow(message);
  });

  it('lists the overrides in force with what is left of them, as plain data', async () => {
    expect(mock.overrides).toEqual([]);
    mock.override('getWorkspace', { errcode: 503, errmsg: 'down' }, { times: 2 });
    mock.override('listWorkspaces', { delayMs: 5 });
    const remove = mock.override('deleteWorkspace', () => undefined);
    mock.override('updateWorkspace', 'network-error', { times: 1 });
    remove();
    await send(`${api}/workspaces/1/`);
    expect(JSON.parse(JSON.stringify(mock.overrides))).toEqual([
      { operationId: 'getWorkspace', kind: 'error', remaining: 1, errcode: 503 },
      { operationId: 'listWorkspaces', kind: 'delay', remaining: null, delayMs: 5 },
      { operationId: 'updateWorkspace', kind: 'network-error', remaining: 1 },
    ]);
    await send(`${api}/workspaces/1/`);
    expect(mock.overrides.map((active) => active.operationId)).toEqual(['listWorkspaces', 'updateWorkspace']);
    await mock.reset();
    expect(mock.overrides).toEqual([]);
  });

  it('throws for a `times` that is not a positive integer', () => {
    expect(() => mock.override('getWorkspace', 'network-error', { times: 0 })).toThrow(/times/);
  });

  it('refuses an unknown operationId where it is written, naming the nearest', async () => {
    // What a JavaScript caller gets for a typo the types would catch: no silent override.
    const override = mock.override as (operationId: string, override: unknown) => () => void;
    expect(() => override('listWorkspace', { errcode: 503, errmsg: 'x' })).toThrow(
      "mock.override: unknown operationId 'listWorkspace'; did you mean 'listWorkspaces'?",
    );
    expect(mock.overrides).toEqual([]);
    const call = mock.client.call as (operationId: string) => Promise<unknown>;
    await expect(call('getWorkspce')).rejects.toThrow(
      "mock.client.call: unknown operationId 'getWorkspce'; did you mean 'getWorkspace'?",
    );
  });

  it('refuses an unknown operationId among the overrides a mock starts with', () => {
    expect(() => setupMockServer({ overrides: { listWorkspace: 'network-error' } as never })).toThrow(
      "overrides: unknown operationId 'listWorkspace'; did you mean 'listWorkspaces'?",
    );
  });

  it('keeps the types of the contract', async () => {
    // Type-level checks (tsc runs over tests): wrong data, wrong operation ids and params do not compile.
    // @ts-expect-error name must be a string
    mock.override('getWorkspace', () => ({ ...workspace(), name: 1 }));
    // @ts-expect-error not an operation of the contract (and at run time: the test above)
    expect(() => mock.override('getWorkspaces', { errcode: 500, errmsg: 'x' })).toThrow(
      /unknown operationId/,
    );
    // @ts-expect-error listWorkspaces answers an array
    mock.override('listWorkspaces', () => workspace());
    mock.override('listWorkspaces', () => [{ ...workspace(), hc1: false }]);
    mock.override('getWorkspace', ({ params }) => ({ ...workspace(), id: Number(params.workspaceId) }));
    // @ts-expect-error getWorkspace has no path parameter account_uid
    mock.override('getWorkspace', ({ params }) => ({ ...workspace(), name: params.account_uid }));
    mock.clearOverrides();
    const typed: Array<{ id: number; hc1: boolean }> = await mock.client.call('listWorkspaces', {
      query: { q: 'Sales' },
    });
    expect(typed).toMatchObject([{ id: 1, hc1: false }]);
  });
});

function workspace() {
  return { id: 1, name: 'w', ...workspaceDefaults };
}
