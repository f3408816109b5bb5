import type { ManagementCollection } from '@wsadmin/contract';
import type { Kysely } from 'kysely';
import type { Schema } from '../storage/schema';
import type { Applied } from './apply-change';
import { attachTask, recordOperation } from './operations';
import type { Plan } from './plan';
import { needsRefresh, scheduleRefresh } from './refresh-tasks';

export interface Recorded {
  operationId: string;
  /** `pending` while a source refresh still has to check the new binding. */
  state: 'saved' | 'pending';
}

/**
 * Records an applied change as an operation of its key. A change of a source binding also joins
 * (or schedules) the workspace's debounced refresh task, which settles the operation later.
 */
export async function recordChange<K extends ManagementCollection>(
  trx: Kysely<Schema>,
  change: { plan: Plan<K>; applied: Applied<K>; keyId: string },
  now: Date,
  refreshDebounceMs: number,
): Promise<Recorded> {
  const { plan, applied } = change;
  const refresh = needsRefresh(plan.kind, plan.current?.definition ?? null, applied.definition);
  const state = refresh ? 'pending' : 'saved';
  const operationId = await recordOperation(
    trx,
    {
      workspaceId: plan.workspaceId,
      keyId: change.keyId,
      kind: plan.kind,
      targetId: applied.id,
      action: plan.action,
      state,
      beforeRevision: plan.beforeRevision,
      afterRevision: applied.revision,
      taskUid: null,
    },
    now,
  );
  if (refresh) {
    // The task row lists its operations, so the operation exists first and learns its task after.
    const taskUid = await scheduleRefresh(trx, plan.workspaceId, operationId, now, refreshDebounceMs);
    await attachTask(trx, operationId, taskUid);
  }
  return { operationId, state };
}
