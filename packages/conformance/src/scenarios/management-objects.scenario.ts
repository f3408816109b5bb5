import type { managementCollections } from '@wsadmin/contract';
import type { ScenarioTarget } from '../scenario-target';
import { describe, expect, it } from '../test-api';
import { type Detail, managementClient, OPS, type Operation } from './management-fixtures';

type Rows<T extends readonly string[]> = {
  readonly [I in keyof T]: readonly [T[I], { create: object; update: object }];
};

/**
 * [kind, { create: full definition, update: partial change }] for every kind: `satisfies` the full
 * tuple of collections, so a kind added to the contract fails to compile here until it has a row.
 */
const KINDS = [
  [
    'time-series',
    { create: { type: 'date', names: ['order_date'], timeUnit: 'day' }, update: { format: 'yyyy-MM-dd' } },
  ],
  [
    'dimensions',
    {
      create: { type: 'string', format: 'text', names: ['region', 'area'] },
      update: { description: 'Sales region' },
    },
  ],
  ['measures', { create: { names: ['revenue'] }, update: { sort: 1 } }],
  [
    'dimension-tables',
    { create: { name: 'regions', table: 'dim_region' }, update: { keyField: 'region_id' } },
  ],
  ['models', { create: { name: 'Sales', dimensions: [] }, update: { description: 'Sales model' } }],
  [
    'corpus',
    {
      create: { title: 'Glossary', content: 'GMV means gross merchandise value.' },
      update: { tags: ['finance'] },
    },
  ],
  [
    'sops',
    {
      create: { name: 'Monthly close', steps: ['Export', 'Reconcile'] },
      update: { description: 'Finance SOP' },
    },
  ],
  ['datasets', { create: { name: 'orders', table: 'fact_orders' }, update: { fields: ['amount'] } }],
] as const satisfies Rows<typeof managementCollections>;

/** The recommended order (list, detail, impacts, preview, commit, operation) for every object kind, and the older endpoints on the same objects. */
export function managementObjectScenarios(target: () => ScenarioTarget) {
  const { api, okAs, workspace, apply } = managementClient(target);

  describe('management: the recommended order for every object kind', () => {
    it.each(KINDS)(
      '%s: list, detail, impacts, preview, commit, read back, operation',
      async (kind, { create, update }) => {
        const ws = await workspace();
        const ops = OPS[kind];
        expect(await okAs<unknown[]>(ops.list, { params: { workspaceId: ws } })).toEqual([]);

        const created = await apply(ws, kind, { action: 'create', changes: create });
        expect(created.preview).toMatchObject({ action: 'create', beforeRevision: null });
        expect(created.commit.revision).toBe(created.preview.afterRevision);
        const id = created.commit.id;

        const list = await okAs<Array<{ id: number; revision: string }>>(ops.list, {
          params: { workspaceId: ws },
        });
        expect(list).toEqual([{ id, name: expect.any(String), revision: created.commit.revision }]);

        const detail = await okAs<Detail>(ops.get, { params: { workspaceId: ws, id } });
        expect(detail.revision).toBe(created.commit.revision);
        expect(detail.definition).toMatchObject(create);
        if (kind === 'models') expect(detail.definition.uid).toMatch(/^mdl_/);
        expect('usedByModels' in detail).toBe(
          ['time-series', 'dimensions', 'measures', 'dimension-tables', 'models'].includes(kind),
        );

        const impacts = await okAs<{ type: string; id: number; dependsOn: unknown[] }>(
          'getManagementImpacts',
          {
            params: { workspaceId: ws, type: kind, id },
          },
        );
        expect(impacts).toMatchObject({
          type: kind,
          id,
          usedByModels: [],
          usedByDrafts: [],
          dependentMeasures: [],
          dependsOn: [],
        });

        const updated = await apply(ws, kind, {
          action: 'update',
          targetId: id,
          revision: detail.revision,
          changes: update,
        });
        expect(updated.preview.beforeRevision).toBe(detail.revision);
        expect(updated.preview.candidate).toMatchObject({ ...create, ...update });
        const readBack = await okAs<Detail>(ops.get, { params: { workspaceId: ws, id } });
        expect(readBack.revision).toBe(updated.preview.afterRevision);
        expect(readBack.revision).not.toBe(detail.revision);
        expect(readBack.definition).toMatchObject({ ...create, ...update });

        const operation = await okAs<Operation>('getManagementOperation', {
          params: { workspaceId: ws, operationId: updated.commit.operationId },
        });
        expect(operation).toMatchObject({
          operationId: updated.commit.operationId,
          target: { type: kind, id },
          beforeRevision: detail.revision,
          afterRevision: readBack.revision,
        });
        expect(['saved', 'pending']).toContain(operation.state);

        const removed = await apply(ws, kind, {
          action: 'delete',
          targetId: id,
          revision: readBack.revision,
          changes: {},
        });
        expect(removed.preview).toMatchObject({ afterRevision: null, candidate: null });
        expect(removed.commit).toMatchObject({ id, revision: null, definition: null });
        await api.fails(ops.get, 404, { params: { workspaceId: ws, id } });
      },
    );
  });

  describe('management: one object model with the older endpoints', () => {
    it('lists a dimension made by create-dimensions, and a change through either path moves the revision', async () => {
      const ws = await workspace();
      const [dimension] = await api.ok('createDimensions', {
        params: { workspaceId: ws },
        body: { dimensions: [{ type: 'string', format: 'text', names: ['city'] }] },
      });
      if (!dimension) throw new Error('no dimension');
      const list = await okAs<Array<{ id: number; revision: string }>>('listManagedDimensions', {
        params: { workspaceId: ws },
      });
      expect(list.map((s) => s.id)).toEqual([dimension.id]);
      const before = list[0]?.revision;
      await api.ok('updateDimensions', {
        params: { workspaceId: ws },
        body: {
          measures: [
            { id: dimension.id, type: 'string', format: 'text', names: ['city'], description: 'changed' },
          ],
        },
      });
      const after = await okAs<Detail>('getManagedDimension', {
        params: { workspaceId: ws, id: dimension.id },
      });
      expect(after.revision).not.toBe(before);
      await apply(ws, 'dimensions', {
        action: 'update',
        targetId: dimension.id,
        revision: after.revision,
        changes: { rating: 5 },
      });
      const [listed] = await api.ok('listDimensions', { params: { workspaceId: ws } });
      expect(listed?.rating).toBe(5);
    });
  });
}
