import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertWorkspace } from '../sql/workspaces';
import { openMemoryStorage } from '../storage/memory';
import type { Storage } from '../storage/storage';
import { applyChange } from './apply-change';
import { planChange } from './plan';
import { recordChange } from './record-change';

let storage: Storage;
beforeAll(async () => {
  storage = await openMemoryStorage();
});
afterAll(() => storage.close());

const now = new Date('2030-01-01T00:00:00Z');
const DEBOUNCE_MS = 2000;

/** Plans, applies and records one create, as a commit does; answers what was recorded and stored. */
async function commitCreate(kind: 'dimensions' | 'time-series', changes: object) {
  const { id: workspaceId } = await insertWorkspace(storage.db, {}, now);
  const plan = await planChange(storage.db, workspaceId, kind, { action: 'create', changes });
  const applied = await applyChange(storage.db, plan, now);
  const recorded = await recordChange(storage.db, { plan, applied, keyId: 'key_1' }, now, DEBOUNCE_MS);
  const operation = await storage.db
    .selectFrom('operations')
    .selectAll()
    .where('id', '=', recorded.operationId)
    .executeTakeFirstOrThrow();
  const tasks = await storage.db
    .selectFrom('refresh_tasks')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .execute();
  return { workspaceId, applied, recorded, operation, tasks };
}

describe('recordChange records an applied change', () => {
  it('saved: a change without a source binding is an operation with no task', async () => {
    const { applied, recorded, operation, tasks } = await commitCreate('dimensions', {
      type: 'string',
      format: 'text',
      names: ['city'],
    });
    expect(recorded.state).toBe('saved');
    expect(operation).toMatchObject({
      key_id: 'key_1',
      kind: 'dimensions',
      target_id: applied.id,
      action: 'create',
      state: 'saved',
      before_revision: null,
      after_revision: applied.revision,
      task_uid: null,
    });
    expect(tasks).toEqual([]);
  });

  it('pending: a new source binding schedules a refresh and the operation names its task', async () => {
    const { recorded, operation, tasks } = await commitCreate('time-series', {
      type: 'float',
      names: ['sales'],
      timeUnit: 'day',
      table: 'orders',
      field: 'amount',
    });
    expect(recorded.state).toBe('pending');
    expect(operation.state).toBe('pending');
    expect(tasks).toHaveLength(1);
    expect(operation.task_uid).toBe(tasks[0]?.uid);
    expect(tasks[0]?.run_at).toBe(new Date(now.getTime() + DEBOUNCE_MS).toISOString());
  });
});
