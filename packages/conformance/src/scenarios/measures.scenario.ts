import type { OperationId } from '@wsadmin/contract';
import { type CallInput, scenarioClient } from '../client';
import type { ScenarioTarget } from '../scenario-target';
import { describe, expect, it } from '../test-api';
import { GHOST_ID, workspaceOf } from './fixtures';

export function measureScenarios(target: () => ScenarioTarget) {
  const api = scenarioClient(target);
  const workspace = workspaceOf(api);
  const list = (workspaceId: number) => api.ok('listMeasures', { params: { workspaceId } });
  async function create(workspaceId: number, ...keywords: string[]) {
    return api.ok('createMeasures', {
      params: { workspaceId },
      body: { measures: keywords.map((keyword) => ({ names: [keyword] })) },
    });
  }
  async function createOne(workspaceId: number, keyword: string) {
    const [created] = await create(workspaceId, keyword);
    if (!created) throw new Error('create-measures returned nothing');
    return created;
  }

  describe('measures', () => {
    it('creates with defaults (positive indicator) and lists them', async () => {
      const ws = await workspace();
      const created = await api.ok('createMeasures', {
        params: { workspaceId: ws },
        body: {
          measures: [{ names: ['gmv', 'sales'] }, { names: ['refunds'], description: 'money back', sort: 1 }],
        },
      });
      expect(created).toEqual([
        { id: expect.any(Number), names: ['gmv', 'sales'], description: '', sort: -1 },
        { id: expect.any(Number), names: ['refunds'], description: 'money back', sort: 1 },
      ]);
      expect(await list(ws)).toEqual(created);
    });

    it.each([0, 2, -2, '1', null])('refuses sort %j on create and update', async (sort) => {
      const ws = await workspace();
      const kept = await createOne(ws, 'kept');
      const created = await api.fails('createMeasures', 400, {
        params: { workspaceId: ws },
        body: { measures: [{ names: ['bad'], sort }] },
      });
      expect(created.errmsg).toContain('measures.0.sort');
      const updated = await api.fails('updateMeasures', 400, {
        params: { workspaceId: ws },
        body: { measures: [{ id: kept.id, sort }] },
      });
      expect(updated.errmsg).toContain('measures.0.sort');
      expect(await list(ws)).toEqual([kept]);
    });

    it('updates only the fields sent', async () => {
      const ws = await workspace();
      const [a, b] = await api.ok('createMeasures', {
        params: { workspaceId: ws },
        body: {
          measures: [
            { names: ['a'], description: 'first' },
            { names: ['b'], description: 'second' },
          ],
        },
      });
      if (!a || !b) throw new Error('create-measures returned too few');
      const updated = await api.ok('updateMeasures', {
        params: { workspaceId: ws },
        body: {
          measures: [
            { id: a.id, sort: 1 },
            { id: b.id, names: ['b', 'bee'], description: '' },
          ],
        },
      });
      const want = [
        { ...a, sort: 1 },
        { ...b, names: ['b', 'bee'], description: '' },
      ];
      expect(updated).toEqual(want);
      expect(await list(ws)).toEqual(want);
    });

    it('creates and updates batches all or nothing, naming the item', async () => {
      const ws = await workspace();
      const a = await createOne(ws, 'a');
      const invalid = await api.fails('createMeasures', 400, {
        params: { workspaceId: ws },
        body: { measures: [{ names: ['b'] }, { names: [] }] },
      });
      expect(invalid.errmsg).toContain('measures.1.names');
      const unknown = await api.fails('updateMeasures', 404, {
        params: { workspaceId: ws },
        body: {
          measures: [
            { id: a.id, description: 'changed' },
            { id: GHOST_ID, description: 'ghost' },
          ],
        },
      });
      expect(unknown.errmsg).toContain('body.measures.1');
      expect(unknown.errmsg).toContain(`measure ${GHOST_ID}`);
      expect(await list(ws)).toEqual([a]);
    });

    it('keeps keywords unique within the workspace', async () => {
      const ws = await workspace();
      const gmv = await createOne(ws, 'gmv');
      const orders = await createOne(ws, 'orders');
      const created = await api.fails('createMeasures', 409, {
        params: { workspaceId: ws },
        body: { measures: [{ names: ['fresh'] }, { names: ['gmv'] }] },
      });
      expect(created.errmsg).toContain('body.measures.1');
      expect(created.errmsg).toContain(`"gmv" is already used by measure ${gmv.id}`);
      await api.fails('updateMeasures', 409, {
        params: { workspaceId: ws },
        body: { measures: [{ id: orders.id, names: ['gmv'] }] },
      });
      expect(await list(ws)).toEqual([gmv, orders]);
      await api.ok('updateMeasures', {
        params: { workspaceId: ws },
        body: { measures: [{ id: gmv.id, names: ['gmv', 'turnover'] }] },
      });
    });

    it('refuses to delete a measure a published model uses; a draft does not block', async () => {
      const ws = await workspace();
      const [live, drafted, free] = await create(ws, 'live', 'drafted', 'free');
      if (!live || !drafted || !free) throw new Error('create-measures returned too few');
      await target().seedModel(ws, { name: 'Live model', dimensions: [], measures: [live.id] });
      await target().seedModel(ws, {
        name: 'Draft model',
        dimensions: [],
        measures: [drafted.id],
        draft: true,
      });
      const blocked = await api.fails('deleteMeasures', 409, {
        params: { workspaceId: ws },
        body: { measureIds: [free.id, live.id] },
      });
      expect(blocked.errmsg).toContain('body.measureIds.1');
      expect(blocked.errmsg).toContain('"Live model"');
      expect((await list(ws)).length).toBe(3);

      await api.ok('deleteMeasures', {
        params: { workspaceId: ws },
        body: { measureIds: [free.id, drafted.id] },
      });
      expect(await list(ws)).toEqual([live]);
    });

    it('deletes all or nothing, naming an unknown id', async () => {
      const ws = await workspace();
      const a = await createOne(ws, 'a');
      const answer = await api.fails('deleteMeasures', 404, {
        params: { workspaceId: ws },
        body: { measureIds: [a.id, GHOST_ID] },
      });
      expect(answer.errmsg).toContain('body.measureIds.1');
      expect(answer.errmsg).toContain(`measure ${GHOST_ID}`);
      expect(await list(ws)).toEqual([a]);
    });

    const unknownWorkspace: Array<[OperationId, CallInput<OperationId>]> = [
      ['listMeasures', {}],
      ['createMeasures', { body: { measures: [{ names: ['x'] }] } }],
      ['updateMeasures', { body: { measures: [{ id: 1, sort: 1 }] } }],
      ['deleteMeasures', { body: { measureIds: [1] } }],
    ];
    it.each(unknownWorkspace)('%s answers 404 for an unknown workspace', async (operationId, input) => {
      const answer = await api.fails(operationId, 404, { params: { workspaceId: GHOST_ID }, ...input });
      expect(answer.errmsg).toBe(`workspace ${GHOST_ID} not found`);
    });
  });
}
