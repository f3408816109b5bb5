import type { OperationId } from '@wsadmin/contract';
import { type CallInput, scenarioClient } from '../client';
import type { ScenarioTarget } from '../scenario-target';
import { describe, expect, it } from '../test-api';
import { GHOST_ID, workspaceOf } from './fixtures';

const mapping = {
  choice: { '1': 'Male', '2': 'Female' },
  typeBeforeMap: 'int',
  typeAfterMap: 'string',
} as const;

export function dimensionScenarios(target: () => ScenarioTarget) {
  const api = scenarioClient(target);
  const workspace = workspaceOf(api);
  const list = (workspaceId: number) => api.ok('listDimensions', { params: { workspaceId } });
  const item = (keyword: string, extra: object = {}) => ({
    type: 'string',
    format: 'text',
    names: [keyword],
    ...extra,
  });
  async function create(workspaceId: number, ...items: object[]) {
    return api.ok('createDimensions', { params: { workspaceId }, body: { dimensions: items } });
  }
  async function createOne(workspaceId: number, keyword: string, extra: object = {}) {
    const [created] = await create(workspaceId, item(keyword, extra));
    if (!created) throw new Error('create-dimensions returned nothing');
    return created;
  }

  describe('dimensions', () => {
    it('creates with defaults and lists them with their models', async () => {
      const ws = await workspace();
      const created = await create(
        ws,
        item('city', { names: ['city', 'town'], rating: 3, isKeyword: true }),
        item('channel', {
          keywordFilters: [{ operator: 'startswith', values: ['web'] }],
          subDimensions: [{ prop: 'site' }],
        }),
      );
      expect(created).toEqual([
        {
          id: expect.any(Number),
          type: 'string',
          format: 'text',
          names: ['city', 'town'],
          rating: 3,
          description: '',
          isKeyword: true,
          autoGroup: false,
          enableSubDimensionExplorer: false,
          keywordFilters: [],
          subDimensions: [],
          models: [],
          used: false,
        },
        expect.objectContaining({
          names: ['channel'],
          rating: 0,
          keywordFilters: [{ operator: 'startswith', values: ['web'] }],
          subDimensions: [{ prop: 'site' }],
        }),
      ]);
      expect(await list(ws)).toEqual(created);
    });

    it('requires baseField with the mapping type, refuses it otherwise, and returns it only for mapping', async () => {
      const ws = await workspace();
      const missing = await api.fails('createDimensions', 400, {
        params: { workspaceId: ws },
        body: { dimensions: [item('ok'), item('gender', { type: 'mapping' })] },
      });
      expect(missing.errmsg).toContain('dimensions.1.baseField');
      expect(missing.errmsg).toContain('required');
      const extra = await api.fails('createDimensions', 400, {
        params: { workspaceId: ws },
        body: { dimensions: [item('plain', { baseField: mapping })] },
      });
      expect(extra.errmsg).toContain('dimensions.0.baseField');
      expect(await list(ws)).toEqual([]);

      const [gender, plain] = await create(
        ws,
        item('gender', { type: 'mapping', baseField: mapping }),
        item('plain'),
      );
      expect(gender?.baseField).toEqual(mapping);
      expect(plain).not.toHaveProperty('baseField');
      const listed = await list(ws);
      expect(listed[0]?.baseField).toEqual(mapping);
      expect(listed[1]).not.toHaveProperty('baseField');

      // Leaving the mapping type drops the mapping table.
      const [changed] = await api.ok('updateDimensions', {
        params: { workspaceId: ws },
        body: { measures: [{ id: gender?.id ?? 0, ...item('gender', { type: 'int' }) }] },
      });
      expect(changed).not.toHaveProperty('baseField');
      expect(changed?.type).toBe('int');
    });

    it.each(['measures', 'dimensions'])(
      'updates items carried under `%s`; omitted optional fields keep their value',
      async (key) => {
        const ws = await workspace();
        const before = await createOne(ws, 'region', {
          description: 'sales region',
          rating: 4,
          autoGroup: true,
          subDimensions: [{ prop: 'province' }],
        });
        const [updated] = await api.ok('updateDimensions', {
          params: { workspaceId: ws },
          body: {
            [key]: [{ id: before.id, type: 'string', format: 'tag', names: ['region', 'area'], rating: 5 }],
          },
        });
        const want = { ...before, format: 'tag', names: ['region', 'area'], rating: 5 };
        expect(updated).toEqual(want);
        expect(await list(ws)).toEqual([want]);
      },
    );

    it('refuses update-dimensions with both keys or an item without id', async () => {
      const ws = await workspace();
      const one = await createOne(ws, 'a');
      const full = { id: one.id, ...item('a') };
      await api.fails('updateDimensions', 400, {
        params: { workspaceId: ws },
        body: { measures: [full], dimensions: [full] },
      });
      const noId = await api.fails('updateDimensions', 400, {
        params: { workspaceId: ws },
        body: { measures: [item('a')] },
      });
      expect(noId.errmsg).toContain('id');
    });

    it('updates a batch all or nothing: an unknown id rejects every item', async () => {
      const ws = await workspace();
      const a = await createOne(ws, 'a');
      const answer = await api.fails('updateDimensions', 404, {
        params: { workspaceId: ws },
        body: {
          measures: [
            { id: a.id, ...item('renamed') },
            { id: GHOST_ID, ...item('ghost') },
          ],
        },
      });
      expect(answer.errmsg).toContain('body.measures.1');
      expect(answer.errmsg).toContain(`dimension ${GHOST_ID}`);
      const alias = await api.fails('updateDimensions', 404, {
        params: { workspaceId: ws },
        body: { dimensions: [{ id: GHOST_ID, ...item('ghost') }] },
      });
      expect(alias.errmsg).toContain('body.dimensions.0');
      expect(await list(ws)).toEqual([a]);
    });

    it('keeps keywords unique within the workspace', async () => {
      const ws = await workspace();
      const city = await createOne(ws, 'city');
      const shop = await createOne(ws, 'shop');
      const created = await api.fails('createDimensions', 409, {
        params: { workspaceId: ws },
        body: { dimensions: [item('fresh'), item('city')] },
      });
      expect(created.errmsg).toContain('body.dimensions.1');
      expect(created.errmsg).toContain(`"city" is already used by dimension ${city.id}`);
      const twice = await api.fails('createDimensions', 409, {
        params: { workspaceId: ws },
        body: { dimensions: [item('twice'), item('twice')] },
      });
      expect(twice.errmsg).toContain('body.dimensions.1');
      await api.fails('updateDimensions', 409, {
        params: { workspaceId: ws },
        body: { measures: [{ id: shop.id, ...item('city') }] },
      });
      expect((await list(ws)).map((d) => d.names[0])).toEqual(['city', 'shop']);
      await createOne(await workspace(), 'city');
    });

    it('lists the models that use a dimension, drafts included', async () => {
      const ws = await workspace();
      const [city, shop, free] = await create(ws, item('city'), item('shop'), item('free'));
      if (!city || !shop || !free) throw new Error('create-dimensions returned too few');
      const sales = await target().seedModel(ws, { name: 'Sales', dimensions: [city.id, shop.id] });
      const sketch = await target().seedModel(ws, { name: 'Sketch', dimensions: [shop.id], draft: true });
      const byKeyword = Object.fromEntries((await list(ws)).map((d) => [d.names[0], d]));
      expect(byKeyword.city).toMatchObject({ used: true, models: [{ uid: sales.uid, name: 'Sales' }] });
      expect(byKeyword.shop).toMatchObject({
        used: true,
        models: [
          { uid: sales.uid, name: 'Sales' },
          { uid: sketch.uid, name: 'Sketch' },
        ],
      });
      expect(byKeyword.free).toMatchObject({ used: false, models: [] });
    });

    it('refuses to delete a dimension a published model uses; a draft does not block', async () => {
      const ws = await workspace();
      const [live, drafted, free] = await create(ws, item('live'), item('drafted'), item('free'));
      if (!live || !drafted || !free) throw new Error('create-dimensions returned too few');
      await target().seedModel(ws, { name: 'Live model', dimensions: [live.id] });
      await target().seedModel(ws, { name: 'Draft model', dimensions: [drafted.id], draft: true });
      const blocked = await api.fails('deleteDimensions', 409, {
        params: { workspaceId: ws },
        body: { dimensionIds: [free.id, live.id] },
      });
      expect(blocked.errmsg).toContain('body.dimensionIds.1');
      expect(blocked.errmsg).toContain('"Live model"');
      expect((await list(ws)).length).toBe(3);

      await api.ok('deleteDimensions', {
        params: { workspaceId: ws },
        body: { dimensionIds: [free.id, drafted.id] },
      });
      expect((await list(ws)).map((d) => d.id)).toEqual([live.id]);
    });

    it('deletes all or nothing, naming an unknown id', async () => {
      const ws = await workspace();
      const a = await createOne(ws, 'a');
      const answer = await api.fails('deleteDimensions', 404, {
        params: { workspaceId: ws },
        body: { dimensionIds: [a.id, GHOST_ID] },
      });
      expect(answer.errmsg).toContain('body.dimensionIds.1');
      expect(answer.errmsg).toContain(`dimension ${GHOST_ID}`);
      expect(await list(ws)).toEqual([a]);
    });

    const unknownWorkspace: Array<[OperationId, CallInput<OperationId>]> = [
      ['listDimensions', {}],
      ['createDimensions', { body: { dimensions: [item('x')] } }],
      ['updateDimensions', { body: { measures: [{ id: 1, ...item('x') }] } }],
      ['deleteDimensions', { body: { dimensionIds: [1] } }],
    ];
    it.each(unknownWorkspace)('%s answers 404 for an unknown workspace', async (operationId, input) => {
      const answer = await api.fails(operationId, 404, { params: { workspaceId: GHOST_ID }, ...input });
      expect(answer.errmsg).toBe(`workspace ${GHOST_ID} not found`);
    });
  });
}
