import type { ManagementCollection, ManagementOperation, OperationState } from '@wsadmin/contract';
import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import { randomSecret } from '../auth/digest';
import type { OperationTable, Schema } from '../storage/schema';
import { RETENTION_MS } from './idempotency';

export interface NewOperation {
  workspaceId: number;
  keyId: string;
  kind: ManagementCollection;
  targetId: number;
  action: 'create' | 'update' | 'delete';
  state: z.infer<typeof OperationState>;
  beforeRevision: string | null;
  afterRevision: string | null;
  taskUid: string | null;
}

export async function recordOperation(
  db: Kysely<Schema>,
  operation: NewOperation,
  now: Date,
): Promise<string> {
  const id = `op_${randomSecret(12)}`;
  await db
    .insertInto('operations')
    .values({
      id,
      workspace_id: operation.workspaceId,
      key_id: operation.keyId,
      kind: operation.kind,
      target_id: operation.targetId,
      action: operation.action,
      state: operation.state,
      before_revision: operation.beforeRevision,
      after_revision: operation.afterRevision,
      task_uid: operation.taskUid,
      task_result: null,
      probe: null,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + RETENTION_MS).toISOString(),
    })
    .execute();
  return id;
}

/** Ties an operation to the refresh task that will settle it. */
export async function attachTask(db: Kysely<Schema>, operationId: string, taskUid: string): Promise<void> {
  await db.updateTable('operations').set({ task_uid: taskUid }).where('id', '=', operationId).execute();
}

/** An operation as its creator sees it: another key, another workspace or past retention is "not found". */
export async function findOperation(
  db: Kysely<Schema>,
  query: { id: string; workspaceId: number; keyId: string },
  now: Date,
): Promise<Selectable<OperationTable> | undefined> {
  const row = await db
    .selectFrom('operations')
    .selectAll()
    .where('id', '=', query.id)
    .where('workspace_id', '=', query.workspaceId)
    .where('key_id', '=', query.keyId)
    .executeTakeFirst();
  if (!row || Date.parse(row.expires_at) <= now.getTime()) return undefined;
  return row;
}

export function toOperation(row: Selectable<OperationTable>): z.input<typeof ManagementOperation> {
  return {
    operationId: row.id,
    target: { type: row.kind as ManagementCollection, id: row.target_id },
    action: row.action as NewOperation['action'],
    state: row.state as NewOperation['state'],
    beforeRevision: row.before_revision,
    afterRevision: row.after_revision,
    result: { id: row.target_id, revision: row.after_revision },
    ...(row.task_uid ? { taskUid: row.task_uid } : {}),
    ...(row.task_result ? { taskResult: JSON.parse(row.task_result) } : {}),
    ...(row.probe ? { probe: JSON.parse(row.probe) } : {}),
    createdAt: row.created_at,
  };
}
