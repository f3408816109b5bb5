import type { ScenarioTarget } from '../scenario-target';
import { describe, expect, it } from '../test-api';
import { managementClient, type Preview } from './management-fixtures';

/** Preview rules: nothing saved, partial changes, and the reasons a preview fails. */
export function managementPreviewScenarios(target: () => ScenarioTarget) {
  const { api, okAs, workspace, apply } = managementClient(target);

  describe('management: preview rules', () => {
    it('saves nothing on preview', async () => {
      const ws = await workspace();
      await okAs<Preview>('previewDimensionChange', {
        params: { workspaceId: ws },
        body: { action: 'create', changes: { type: 'string', format: 't', names: ['ghost'] } },
      });
      expect(await okAs<unknown[]>('listManagedDimensions', { params: { workspaceId: ws } })).toEqual([]);
    });

    it('keeps omitted fields and clears with an explicit empty value', async () => {
      const ws = await workspace();
      const { commit } = await apply(ws, 'dimensions', {
        action: 'create',
        changes: {
          type: 'mapping',
          format: 't',
          names: ['flag'],
          description: 'keep me',
          baseField: { choice: { '1': 'yes' }, typeBeforeMap: 'int', typeAfterMap: 'string' },
        },
      });
      const preview = await okAs<Preview>('previewDimensionChange', {
        params: { workspaceId: ws },
        body: {
          action: 'update',
          targetId: commit.id,
          revision: commit.revision,
          changes: { type: 'string', baseField: null, keywordFilters: [] },
        },
      });
      expect(preview.candidate).toMatchObject({
        type: 'string',
        baseField: null,
        description: 'keep me',
        names: ['flag'],
      });
    });

    it.each([
      [
        'a stale revision',
        409,
        (id: number) => ({ action: 'update', targetId: id, revision: 'r0-000000000000', changes: {} }),
        /stale revision/,
      ],
      [
        'an unknown target',
        404,
        () => ({ action: 'update', targetId: 987_654, revision: 'r1-x', changes: {} }),
        /unknown target/,
      ],
      [
        'an invalid change',
        400,
        (id: number) => ({ action: 'update', targetId: id, revision: 'x', changes: { names: [] } }),
        /changes\.names/,
      ],
      [
        'a mapping type without baseField',
        400,
        (id: number) => ({ action: 'update', targetId: id, revision: 'x', changes: { type: 'mapping' } }),
        /baseField/,
      ],
      [
        'an operator that is not an account',
        400,
        () => ({
          action: 'create',
          changes: { type: 'string', format: 't', names: ['o'] },
          operatorUid: crypto.randomUUID(),
        }),
        /operatorUid/,
      ],
    ])('explains a failed preview: %s', async (_name, code, body, message) => {
      const ws = await workspace();
      const { commit } = await apply(ws, 'dimensions', {
        action: 'create',
        changes: { type: 'string', format: 't', names: ['base'] },
      });
      const request = body(commit.id) as { revision?: string };
      if (request.revision === 'x') request.revision = commit.revision ?? '';
      const answer = await api.fails('previewDimensionChange', code, {
        params: { workspaceId: ws },
        body: request,
      });
      expect(answer.errmsg).toMatch(message);
    });
  });
}
