import type { OperationId } from '@wsadmin/contract';
import { type CallInput, scenarioClient } from '../client';
import type { ScenarioTarget } from '../scenario-target';
import { describe, expect, it } from '../test-api';
import { GHOST_ID, workspaceOf } from './fixtures';

export function timeSeriesScenarios(target: () => ScenarioTarget) {
  const api = scenarioClient(target);
  const workspace = workspaceOf(api);
  const list = (workspaceId: number) => api.ok('listTimeSeries', { params: { workspaceId } });
  const create = (workspaceId: number, keyword: string, extra: object = {}) =>
    api.ok('createTimeSeries', {
      params: { workspaceId },
      body: { type: 'date', names: [keyword], timeUnit: 'day', ...extra },
    });

  describe('time series', () => {
    it('creates with defaults, answers the detail with table and field, lists without them', async () => {
      const ws = await workspace();
      const created = await api.ok('createTimeSeries', {
        params: { workspaceId: ws },
        body: { type: 'date', names: ['order_date', 'day'], timeUnit: 'day', table: 'orders' },
      });
      expect(created).toEqual({
        id: expect.any(Number),
        type: 'date',
        names: ['order_date', 'day'],
        format: '',
        description: '',
        timeUnit: 'day',
        defaultTimeFunc: null,
        used: false,
        table: 'orders',
        field: '',
      });
      expect(
        await api.ok('getTimeSeries', { params: { workspaceId: ws, timeSeriesId: created.id } }),
      ).toEqual(created);
      const { table: _table, field: _field, ...listItem } = created;
      expect(await list(ws)).toEqual([listItem]);
    });

    it('PUT replaces the time series: omitted optional fields go back to ""', async () => {
      const ws = await workspace();
      const created = await create(ws, 'paid_at', {
        format: 'yyyy-MM-dd',
        description: 'payment day',
        table: 'payments',
        field: 'paid_at',
      });
      const replaced = await api.ok('updateTimeSeries', {
        params: { workspaceId: ws, timeSeriesId: created.id },
        body: { type: 'datetime', names: ['paid_time'], timeUnit: 'hour', table: 'payments_v2' },
      });
      expect(replaced).toEqual({
        ...created,
        type: 'datetime',
        names: ['paid_time'],
        timeUnit: 'hour',
        format: '',
        description: '',
        table: 'payments_v2',
        field: '',
      });
      expect(
        await api.ok('getTimeSeries', { params: { workspaceId: ws, timeSeriesId: created.id } }),
      ).toEqual(replaced);
    });

    it('creates a batch all or nothing, naming the invalid item', async () => {
      const ws = await workspace();
      await create(ws, 'existing');
      const before = await list(ws);
      const item = (keyword: string) => ({ type: 'date', names: [keyword], timeUnit: 'month' });
      const invalid = await api.fails('createTimeSeriesBatch', 400, {
        params: { workspaceId: ws },
        body: { timeSeries: [item('a'), item('b'), { ...item('c'), timeUnit: 'fortnight' }] },
      });
      expect(invalid.errmsg).toContain('timeSeries.2.timeUnit');
      const clash = await api.fails('createTimeSeriesBatch', 409, {
        params: { workspaceId: ws },
        body: { timeSeries: [item('a'), item('a')] },
      });
      expect(clash.errmsg).toContain('body.timeSeries.1');
      expect(clash.errmsg).toContain('"a"');
      expect(await list(ws)).toEqual(before);

      const created = await api.ok('createTimeSeriesBatch', {
        params: { workspaceId: ws },
        body: { timeSeries: [item('a'), { ...item('b'), format: 'yyyy-MM' }] },
      });
      expect(created.map((t) => [t.names[0], t.format, t.table])).toEqual([
        ['a', '', ''],
        ['b', 'yyyy-MM', ''],
      ]);
      expect((await list(ws)).length).toBe(3);
    });

    it('updates a batch all or nothing: an unknown id rejects every item', async () => {
      const ws = await workspace();
      const a = await create(ws, 'a', { description: 'kept' });
      const answer = await api.fails('updateTimeSeriesBatch', 404, {
        params: { workspaceId: ws },
        body: {
          timeSeries: [
            { id: a.id, type: 'date', names: ['renamed'], timeUnit: 'day' },
            { id: GHOST_ID, type: 'date', names: ['ghost'], timeUnit: 'day' },
          ],
        },
      });
      expect(answer.errmsg).toContain('body.timeSeries.1');
      expect(answer.errmsg).toContain(String(GHOST_ID));
      expect(await api.ok('getTimeSeries', { params: { workspaceId: ws, timeSeriesId: a.id } })).toEqual(a);

      const [updated] = await api.ok('updateTimeSeriesBatch', {
        params: { workspaceId: ws },
        body: { timeSeries: [{ id: a.id, type: 'int', names: ['renamed'], timeUnit: 'year', field: 'y' }] },
      });
      expect(updated).toEqual({
        ...a,
        type: 'int',
        names: ['renamed'],
        timeUnit: 'year',
        description: '',
        field: 'y',
      });
    });

    it('deletes one, and a batch all or nothing naming the unknown id', async () => {
      const ws = await workspace();
      const a = await create(ws, 'a');
      const b = await create(ws, 'b');
      await api.ok('deleteTimeSeries', { params: { workspaceId: ws, timeSeriesId: a.id } });
      await api.fails('getTimeSeries', 404, { params: { workspaceId: ws, timeSeriesId: a.id } });
      const answer = await api.fails('deleteTimeSeriesBatch', 404, {
        params: { workspaceId: ws },
        body: { timeSeriesIds: [b.id, a.id] },
      });
      expect(answer.errmsg).toContain('body.timeSeriesIds.1');
      expect(answer.errmsg).toContain(`time series ${a.id}`);
      expect((await list(ws)).map((t) => t.id)).toEqual([b.id]);
      await api.ok('deleteTimeSeriesBatch', { params: { workspaceId: ws }, body: { timeSeriesIds: [b.id] } });
      expect(await list(ws)).toEqual([]);
    });

    it('is `used` when a model lists it; a published model blocks the delete, a draft does not', async () => {
      const ws = await workspace();
      const live = await create(ws, 'live');
      const drafted = await create(ws, 'drafted');
      const free = await create(ws, 'free');
      await target().seedModel(ws, { name: 'Sales', dimensions: [], timeSeries: [live.id] });
      await target().seedModel(ws, { name: 'Sketch', dimensions: [], timeSeries: [drafted.id], draft: true });
      const used = Object.fromEntries((await list(ws)).map((t) => [t.names[0], t.used]));
      expect(used).toEqual({ live: true, drafted: true, free: false });
      const detail = await api.ok('getTimeSeries', { params: { workspaceId: ws, timeSeriesId: live.id } });
      expect(detail.used).toBe(true);

      const blocked = await api.fails('deleteTimeSeries', 409, {
        params: { workspaceId: ws, timeSeriesId: live.id },
      });
      expect(blocked.errmsg).toContain('"Sales"');
      const batch = await api.fails('deleteTimeSeriesBatch', 409, {
        params: { workspaceId: ws },
        body: { timeSeriesIds: [free.id, live.id] },
      });
      expect(batch.errmsg).toContain('body.timeSeriesIds.1');
      expect((await list(ws)).length).toBe(3);

      await api.ok('deleteTimeSeries', { params: { workspaceId: ws, timeSeriesId: drafted.id } });
      expect((await list(ws)).map((t) => t.names[0])).toEqual(['live', 'free']);
    });

    it('keeps keywords unique within the workspace', async () => {
      const ws = await workspace();
      const first = await create(ws, 'day');
      const second = await create(ws, 'week');
      const created = await api.fails('createTimeSeries', 409, {
        params: { workspaceId: ws },
        body: { type: 'date', names: ['day'], timeUnit: 'day' },
      });
      expect(created.errmsg).toContain(`"day" is already used by time series ${first.id}`);
      await api.fails('updateTimeSeries', 409, {
        params: { workspaceId: ws, timeSeriesId: second.id },
        body: { type: 'date', names: ['day'], timeUnit: 'week' },
      });
      // Its own keyword, and another workspace's, are fine; an alias may repeat a keyword.
      await api.ok('updateTimeSeries', {
        params: { workspaceId: ws, timeSeriesId: first.id },
        body: { type: 'date', names: ['day', 'week'], timeUnit: 'day' },
      });
      await create(await workspace(), 'day');
    });

    const unknownWorkspace: Array<[OperationId, CallInput<OperationId>]> = [
      ['listTimeSeries', {}],
      ['getTimeSeries', { params: { workspaceId: GHOST_ID, timeSeriesId: 1 } }],
      ['createTimeSeries', { body: { type: 'date', names: ['x'], timeUnit: 'day' } }],
      [
        'updateTimeSeries',
        {
          params: { workspaceId: GHOST_ID, timeSeriesId: 1 },
          body: { type: 'date', names: ['x'], timeUnit: 'day' },
        },
      ],
      ['deleteTimeSeries', { params: { workspaceId: GHOST_ID, timeSeriesId: 1 } }],
      ['createTimeSeriesBatch', { body: { timeSeries: [{ type: 'date', names: ['x'], timeUnit: 'day' }] } }],
      [
        'updateTimeSeriesBatch',
        { body: { timeSeries: [{ id: 1, type: 'date', names: ['x'], timeUnit: 'day' }] } },
      ],
      ['deleteTimeSeriesBatch', { body: { timeSeriesIds: [1] } }],
    ];
    it.each(unknownWorkspace)('%s answers 404 for an unknown workspace', async (operationId, input) => {
      const answer = await api.fails(operationId, 404, { params: { workspaceId: GHOST_ID }, ...input });
      expect(answer.errmsg).toBe(`workspace ${GHOST_ID} not found`);
    });

    it.each([
      ['getTimeSeries', undefined],
      ['updateTimeSeries', { type: 'date', names: ['x'], timeUnit: 'day' }],
      ['deleteTimeSeries', undefined],
    ] as const)('%s answers 404 naming an unknown id', async (operationId, body) => {
      const ws = await workspace();
      const answer = await api.fails(operationId, 404, {
        params: { workspaceId: ws, timeSeriesId: GHOST_ID },
        body,
      });
      expect(answer.errmsg).toContain(`time series ${GHOST_ID}`);
    });
  });
}
