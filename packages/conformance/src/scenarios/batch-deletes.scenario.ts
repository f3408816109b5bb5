import { scenarioClient } from '../client';
import type { ScenarioTarget } from '../scenario-target';
import { describe, expect, it } from '../test-api';

type Id = number | string;

/** One batch delete: how to make two objects, the request naming ids, and whether an id still exists. */
interface BatchDelete {
  make(): Promise<{
    ids: [Id, Id];
    send(ids: Id[]): { params?: Record<string, number>; body: object };
    exists(id: Id): Promise<boolean>;
  }>;
  /** An id of the list's kind that names nothing. */
  ghost: Id;
}

export function batchDeleteScenarios(target: () => ScenarioTarget) {
  const api = scenarioClient(target);
  const workspace = async () => (await api.ok('createWorkspace', { body: {} })).id;

  const cases: Array<
    [
      'deleteWorkspaces' | 'deleteTimeSeriesBatch' | 'deleteMeasures' | 'deleteDimensions' | 'deleteAccounts',
      string,
      BatchDelete,
    ]
  > = [
    [
      'deleteWorkspaces',
      'workspaceIds',
      {
        ghost: 2_000_000_000,
        async make() {
          const ids: [Id, Id] = [await workspace(), await workspace()];
          const all = async () => (await api.ok('listWorkspaces')).map((w) => w.id as Id);
          return {
            ids,
            send: (list) => ({ body: { workspaceIds: list } }),
            exists: async (id) => (await all()).includes(id),
          };
        },
      },
    ],
    [
      'deleteTimeSeriesBatch',
      'timeSeriesIds',
      {
        ghost: 2_000_000_000,
        async make() {
          const workspaceId = await workspace();
          const made = await api.ok('createTimeSeriesBatch', {
            params: { workspaceId },
            body: {
              timeSeries: ['a', 'b'].map((k) => ({ type: 'date', names: [k], timeUnit: 'day' as const })),
            },
          });
          const ids = made.map((t) => t.id) as [Id, Id];
          const all = async () =>
            (await api.ok('listTimeSeries', { params: { workspaceId } })).map((t) => t.id as Id);
          return {
            ids,
            send: (list) => ({ params: { workspaceId }, body: { timeSeriesIds: list } }),
            exists: async (id) => (await all()).includes(id),
          };
        },
      },
    ],
    [
      'deleteMeasures',
      'measureIds',
      {
        ghost: 2_000_000_000,
        async make() {
          const workspaceId = await workspace();
          const made = await api.ok('createMeasures', {
            params: { workspaceId },
            body: { measures: [{ names: ['a'] }, { names: ['b'] }] },
          });
          const ids = made.map((m) => m.id) as [Id, Id];
          const all = async () =>
            (await api.ok('listMeasures', { params: { workspaceId } })).map((m) => m.id as Id);
          return {
            ids,
            send: (list) => ({ params: { workspaceId }, body: { measureIds: list } }),
            exists: async (id) => (await all()).includes(id),
          };
        },
      },
    ],
    [
      'deleteDimensions',
      'dimensionIds',
      {
        ghost: 2_000_000_000,
        async make() {
          const workspaceId = await workspace();
          const made = await api.ok('createDimensions', {
            params: { workspaceId },
            body: { dimensions: ['a', 'b'].map((k) => ({ type: 'string', format: 'text', names: [k] })) },
          });
          const ids = made.map((d) => d.id) as [Id, Id];
          const all = async () =>
            (await api.ok('listDimensions', { params: { workspaceId } })).map((d) => d.id as Id);
          return {
            ids,
            send: (list) => ({ params: { workspaceId }, body: { dimensionIds: list } }),
            exists: async (id) => (await all()).includes(id),
          };
        },
      },
    ],
    [
      'deleteAccounts',
      'accountUids',
      {
        ghost: '3f2b8c1e-9d4a-4e6b-8a7c-1b2c3d4e5f61',
        async make() {
          const ids: [Id, Id] = [
            (await api.ok('createAccount', { body: {} })).uid,
            (await api.ok('createAccount', { body: {} })).uid,
          ];
          return {
            ids,
            send: (list) => ({ body: { accountUids: list } }),
            exists: async (id) =>
              (await api.call('getAccount', { params: { account_uid: id } })).status === 200,
          };
        },
      },
    ],
  ];

  describe('batch deletes naming an id twice', () => {
    it.each(cases)('%s deletes a repeated id once and answers success', async (operationId, _list, c) => {
      const { ids, send, exists } = await c.make();
      const [a, b] = ids;
      await api.ok(operationId, send([a, b, a]));
      expect([await exists(a), await exists(b)]).toEqual([false, false]);
    });

    it.each(cases)(
      '%s still names the index of an unknown id after a repeat, and deletes nothing',
      async (operationId, list, c) => {
        const { ids, send, exists } = await c.make();
        const [a, b] = ids;
        const answer = await api.fails(operationId, 404, send([a, a, c.ghost, b]));
        expect(answer.errmsg).toContain(`body.${list}.2`);
        expect([await exists(a), await exists(b)]).toEqual([true, true]);
      },
    );
  });
}
