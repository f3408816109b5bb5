import { describe, expect, it } from 'vitest';
import { createMock, MOCK_BASE_URL, MOCK_KEY, setupMockServer } from './node';
import { MockContractError } from './overrides';
import { defineScenario, scenarioOverrides } from './scenario';

const api = `${MOCK_BASE_URL}/openapi/v1`;
const get = (mock: ReturnType<typeof createMock>, path: string) =>
  mock.respond(new Request(`${api}${path}`, { headers: { authorization: `Bearer ${MOCK_KEY}` } }));

const outage = defineScenario({
  startAt: '2031-05-01T08:00:00.000Z',
  keys: [{ secret: 'wsk_scenario_accounts', permissions: ['account'] }],
  seed: { workspaces: [{ name: 'Sales' }, { name: 'Archive' }] },
  overrides: {
    listWorkspaces: {
      override: { errcode: 503, errmsg: 'maintenance', data: { reason: 'unavailable' } },
      times: 1,
    },
    getScope: 'network-error',
  },
});

describe('a scenario', () => {
  it('starts the mock with its seed, keys, clock and overrides, and reset() returns to all four', async () => {
    const mock = createMock(outage);
    for (let round = 0; round < 2; round++) {
      expect(mock.clock.now().toISOString()).toBe('2031-05-01T08:00:00.000Z');
      const first = await get(mock, '/workspaces/');
      expect(first.status).toBe(503);
      expect(await first.json()).toMatchObject({ errcode: 503, errmsg: 'maintenance' });
      // `times: 1`: the second request gets the real answer.
      const second = await get(mock, '/workspaces/');
      expect(((await second.json()) as { data: Array<{ name: string }> }).data.map((w) => w.name)).toEqual([
        'Sales',
        'Archive',
      ]);
      expect((await get(mock, '/scopes/')).type).toBe('error');
      await expect(
        mock.client.call('listWorkspaces', { key: 'wsk_scenario_accounts' }),
      ).rejects.toMatchObject({
        status: 403,
      });
      await mock.client.call('createWorkspace', { body: { name: 'written in round' } });
      mock.clock.advance(3600);
      mock.clearOverrides();
      await mock.reset();
    }
    await mock.close();
  });

  it('starts setupMockServer unchanged: MSW answers the override, then the seed', async () => {
    const { mock, server } = setupMockServer(outage);
    server.listen({ onUnhandledRequest: 'error' });
    try {
      const list = () => fetch(`${api}/workspaces/`, { headers: { authorization: `Bearer ${MOCK_KEY}` } });
      expect((await list()).status).toBe(503);
      expect(((await (await list()).json()) as { data: unknown[] }).data).toHaveLength(2);
      await expect(
        fetch(`${api}/scopes/`, { headers: { authorization: `Bearer ${MOCK_KEY}` } }),
      ).rejects.toThrow();
    } finally {
      server.close();
      await mock.close();
    }
  });

  it('a network-error override rejects through fetch and resolves to Response.error() through respond', async () => {
    const mock = createMock({ overrides: { getScope: 'network-error' } });
    const request = () => new Request(`${api}/scopes/`, { headers: { authorization: `Bearer ${MOCK_KEY}` } });
    await expect(mock.fetch(request())).rejects.toThrow(TypeError);
    const answer = await mock.respond(request());
    expect(answer.type).toBe('error');
    await mock.close();
  });

  it('refuses a wrong fixed override where the mock is created', () => {
    expect(() =>
      createMock({ overrides: { getWorkspace: { override: { errcode: 200, errmsg: 'not an error' } } } }),
    ).toThrow(MockContractError);
    expect(() => createMock({ overrides: { getWorkspace: { override: { delayMs: 1 }, times: 0 } } })).toThrow(
      /times must be a positive integer/,
    );
  });

  it('reads each override with its options, the bare form with none', () => {
    const handler = () => undefined;
    expect(
      scenarioOverrides({
        deleteWorkspace: handler,
        getWorkspace: { override: { delayMs: 5 }, times: 2 },
        listWorkspaces: { delayMs: 1 },
      }),
    ).toEqual([
      ['deleteWorkspace', handler, {}],
      ['getWorkspace', { delayMs: 5 }, { times: 2 }],
      ['listWorkspaces', { delayMs: 1 }, {}],
    ]);
    expect(scenarioOverrides(undefined)).toEqual([]);
  });
});
