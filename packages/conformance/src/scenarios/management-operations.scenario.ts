import type { ScenarioTarget } from '../scenario-target';
import { describe, expect, it } from '../test-api';
import { managementClient, type Operation } from './management-fixtures';

/** Operation states and the follow-up tasks that verify a bound source. */
export function managementOperationScenarios(target: () => ScenarioTarget) {
  const { api, okAs, workspace, apply } = managementClient(target);

  describe('management: operation states and follow-up tasks', () => {
    async function catalogue(ws: number) {
      await api.ok('setSourceCatalogue', {
        params: { workspaceId: ws },
        body: {
          tables: [
            { name: 'dim_region', fields: ['region_id', 'name'] },
            { name: 'fact_orders', fields: ['amount'] },
          ],
        },
      });
    }
    const operation = (ws: number, operationId: string) =>
      okAs<Operation>('getManagementOperation', { params: { workspaceId: ws, operationId } });

    it('saved: a change without a source binding has no task', async () => {
      const ws = await workspace();
      const { commit } = await apply(ws, 'measures', { action: 'create', changes: { names: ['plain'] } });
      expect(commit.state).toBe('saved');
      const op = await operation(ws, commit.operationId);
      expect(op.state).toBe('saved');
      expect(op).not.toHaveProperty('taskUid');
    });

    it('pending, then verified: the refresh finds the bound source', async () => {
      const ws = await workspace();
      await catalogue(ws);
      const { commit } = await apply(ws, 'dimension-tables', {
        action: 'create',
        changes: { name: 'r', table: 'dim_region', keyField: 'region_id' },
      });
      expect(commit.state).toBe('pending');
      const pending = await operation(ws, commit.operationId);
      expect(pending).toMatchObject({ state: 'pending', taskUid: expect.stringMatching(/^task_/) });
      await target().advanceClock(3);
      const done = await operation(ws, commit.operationId);
      expect(done).toMatchObject({
        state: 'verified',
        taskResult: { status: 'succeeded' },
        probe: { passed: true },
      });
    });

    it('failed: the bound source is not in the catalogue, and taskResult says why', async () => {
      const ws = await workspace();
      await catalogue(ws);
      const { commit } = await apply(ws, 'datasets', {
        action: 'create',
        changes: { name: 'd', table: 'fact_missing' },
      });
      await target().advanceClock(3);
      const op = await operation(ws, commit.operationId);
      expect(op).toMatchObject({
        state: 'failed',
        taskResult: { status: 'failed' },
        probe: { passed: false },
      });
      expect(op.taskResult?.message).toContain('fact_missing');
    });

    it('unknown: a later change merged into the same task supersedes the earlier operation', async () => {
      const ws = await workspace();
      await catalogue(ws);
      const first = await apply(ws, 'time-series', {
        action: 'create',
        changes: { type: 'date', names: ['ts'], timeUnit: 'day', table: 'fact_orders', field: 'amount' },
      });
      const second = await apply(ws, 'time-series', {
        action: 'update',
        targetId: first.commit.id,
        revision: first.commit.revision ?? '',
        changes: { field: 'nope' },
      });
      const [a, b] = [
        await operation(ws, first.commit.operationId),
        await operation(ws, second.commit.operationId),
      ];
      expect(a.taskUid).toBe(b.taskUid);
      await target().advanceClock(3);
      expect((await operation(ws, first.commit.operationId)).state).toBe('unknown');
      expect((await operation(ws, second.commit.operationId)).state).toBe('failed');
    });

    it('debounces: requests inside the window merge into one task', async () => {
      const ws = await workspace();
      await catalogue(ws);
      const one = await apply(ws, 'datasets', {
        action: 'create',
        changes: { name: 'a', table: 'fact_orders' },
      });
      // 1.8 s + 0.4 s passes the first request's 2 s window: only the push-back keeps the task waiting.
      await target().advanceClock(1.8);
      const two = await apply(ws, 'datasets', {
        action: 'create',
        changes: { name: 'b', table: 'fact_orders', fields: ['amount'] },
      });
      await target().advanceClock(0.4);
      const [a, b] = [
        await operation(ws, one.commit.operationId),
        await operation(ws, two.commit.operationId),
      ];
      expect(a.taskUid).toBe(b.taskUid);
      expect(a.state).toBe('pending');
      await target().advanceClock(2);
      expect((await operation(ws, one.commit.operationId)).state).toBe('verified');
      expect((await operation(ws, two.commit.operationId)).state).toBe('verified');
    });
  });
}
