import type { OperationId } from '@wsadmin/contract';
import type { ScenarioTarget } from '../scenario-target';
import { describe, expect, it } from '../test-api';
import { type Detail, managementClient } from './management-fixtures';

/** References between objects: impacts, detaching on delete, and refusing a reference to nothing. */
export function managementReferenceScenarios(target: () => ScenarioTarget) {
  const { api, okAs, workspace, apply } = managementClient(target);

  describe('management: references and impacts', () => {
    it('reports models, drafts and dependent measures, and refuses a delete that would break a published model', async () => {
      const ws = await workspace();
      const dim = (
        await apply(ws, 'dimensions', {
          action: 'create',
          changes: { type: 'string', format: 't', names: ['shop'] },
        })
      ).commit;
      const measure = (
        await apply(ws, 'measures', { action: 'create', changes: { names: ['gmv'], dimensionIds: [dim.id] } })
      ).commit;
      const published = (
        await apply(ws, 'models', {
          action: 'create',
          changes: { name: 'Live', dimensions: [dim.id], measures: [measure.id] },
        })
      ).commit;
      const draft = (
        await apply(ws, 'models', {
          action: 'create',
          changes: { name: 'Draft', dimensions: [dim.id], draft: true },
        })
      ).commit;
      const impacts = await okAs<{
        usedByModels: Array<{ uid: string }>;
        usedByDrafts: Array<{ uid: string }>;
        dependentMeasures: Array<{ id: number }>;
      }>('getManagementImpacts', { params: { workspaceId: ws, type: 'dimensions', id: dim.id } });
      expect(impacts.usedByModels.map((m) => m.uid)).toEqual([published.definition?.uid]);
      expect(impacts.usedByDrafts.map((m) => m.uid)).toEqual([draft.definition?.uid]);
      expect(impacts.dependentMeasures.map((m) => m.id)).toEqual([measure.id]);
      const modelImpacts = await okAs<{ dependsOn: Array<{ type: string; id: number }> }>(
        'getManagementImpacts',
        {
          params: { workspaceId: ws, type: 'models', id: published.id },
        },
      );
      expect(modelImpacts.dependsOn).toEqual([
        { type: 'dimensions', id: dim.id, name: 'shop' },
        { type: 'measures', id: measure.id, name: 'gmv' },
      ]);
      const detail = await okAs<Detail>('getManagedDimension', { params: { workspaceId: ws, id: dim.id } });
      expect(detail.usedByModels).toHaveLength(2);
      const refused = await api.fails('previewDimensionChange', 409, {
        params: { workspaceId: ws },
        body: { action: 'delete', targetId: dim.id, revision: detail.revision, changes: {} },
      });
      expect(refused.errmsg).toContain('Live');
    });

    it('detaches a deleted dimension from measures, dimension tables and draft models', async () => {
      const ws = await workspace();
      const dim = (
        await apply(ws, 'dimensions', {
          action: 'create',
          changes: { type: 'string', format: 't', names: ['gone'] },
        })
      ).commit;
      const measure = (
        await apply(ws, 'measures', { action: 'create', changes: { names: ['m'], dimensionIds: [dim.id] } })
      ).commit;
      const table = (
        await apply(ws, 'dimension-tables', {
          action: 'create',
          changes: { name: 't', table: 'x', dimensionIds: [dim.id] },
        })
      ).commit;
      const draft = (
        await apply(ws, 'models', {
          action: 'create',
          changes: { name: 'D', dimensions: [dim.id], draft: true },
        })
      ).commit;
      await apply(ws, 'dimensions', {
        action: 'delete',
        targetId: dim.id,
        revision: dim.revision ?? '',
        changes: {},
      });
      const read = (id: OperationId, objectId: number) =>
        okAs<Detail>(id, { params: { workspaceId: ws, id: objectId } });
      const [m, t, d] = [
        await read('getManagedMeasure', measure.id),
        await read('getManagedDimensionTable', table.id),
        await read('getManagedModel', draft.id),
      ];
      expect(m.definition.dimensionIds).toEqual([]);
      expect(t.definition.dimensionIds).toEqual([]);
      expect(d.definition.dimensions).toEqual([]);
      expect([m.revision, t.revision, d.revision]).not.toContain(measure.revision);
      await apply(ws, 'models', {
        action: 'update',
        targetId: draft.id,
        revision: d.revision,
        changes: { name: 'still valid' },
      });
    });

    it('refuses a change that references an object that does not exist, naming the field', async () => {
      const ws = await workspace();
      const answer = await api.fails('previewModelChange', 400, {
        params: { workspaceId: ws },
        body: { action: 'create', changes: { name: 'Broken', dimensions: [999_999] } },
      });
      expect(answer.errmsg).toContain('changes.dimensions');
    });
  });
}
