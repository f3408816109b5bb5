import type { ManagementCollection } from '@wsadmin/contract';
import type { Kysely } from 'kysely';
import { randomSecret } from '../auth/digest';
import type { TaskRunner } from '../context';
import { type KindRelations, managementRelations } from '../sql/kind-relations';
import { findObject } from '../sql/objects';
import { listSourceTables } from '../sql/sources';
import type { Schema } from '../storage/schema';
import type { Storage } from '../storage/storage';

/**
 * Source-metadata refreshes: a commit that changes a source binding schedules one for its
 * workspace. Requests inside the debounce window merge into one task. When a task runs it checks
 * each of its operations against the source catalogue: `verified` when the object still has this
 * operation's revision and its source exists, `failed` when the source is missing, `unknown` when
 * the task cannot be tied to the operation (the object moved on, or is gone).
 */

type Db = Kysely<Schema>;

/** The source binding of a definition (its kind's declared `sourceBinding`), or undefined when none. */
export const bindingOf = (kind: ManagementCollection, definition: object | null) =>
  managementRelations.bindingOf(kind, definition);

/** Creates and updates that change a binding need a refresh; deletes do not. */
export function needsRefresh(
  kind: ManagementCollection,
  before: object | null,
  after: object | null,
  relations: KindRelations = managementRelations,
): boolean {
  const next = relations.bindingOf(kind, after);
  if (!next) return false;
  return JSON.stringify(relations.bindingOf(kind, before)) !== JSON.stringify(next);
}

/** Adds the operation to the workspace's scheduled task (pushing it back) or schedules a new one. */
export async function scheduleRefresh(
  db: Db,
  workspaceId: number,
  operationId: string,
  now: Date,
  debounceMs: number,
): Promise<string> {
  const runAt = new Date(now.getTime() + debounceMs).toISOString();
  const open = await db
    .selectFrom('refresh_tasks')
    .select('uid')
    .where('workspace_id', '=', workspaceId)
    .where('state', '=', 'scheduled')
    .executeTakeFirst();
  // Conditional: a runner may have claimed the task since it was read; then a new one is scheduled.
  const joined =
    open &&
    (await db
      .updateTable('refresh_tasks')
      .set({ run_at: runAt })
      .where('uid', '=', open.uid)
      .where('state', '=', 'scheduled')
      .executeTakeFirst());
  let uid: string;
  if (open && joined && Number(joined.numUpdatedRows) > 0) {
    uid = open.uid;
  } else {
    uid = `task_${randomSecret(12)}`;
    await db
      .insertInto('refresh_tasks')
      .values({
        uid,
        workspace_id: workspaceId,
        state: 'scheduled',
        run_at: runAt,
        started_at: null,
        finished_at: null,
        claimed_by: null,
      })
      .execute();
  }
  await db.insertInto('task_operations').values({ task_uid: uid, operation_id: operationId }).execute();
  return uid;
}

/**
 * Runs every task whose debounce window has passed. Each task is claimed by exactly one runner: the
 * claim is a conditional update in the same transaction as the run, so a runner that fails half-way
 * leaves the task scheduled for the next one, and a task pushed back meanwhile is not claimed.
 */
export async function processDueTasks(
  storage: Storage,
  now: Date,
  runner: TaskRunner = { id: 'unnamed' },
): Promise<number> {
  const stamp = now.toISOString();
  const due = await storage.db
    .selectFrom('refresh_tasks')
    .select(['uid', 'workspace_id'])
    .where('state', '=', 'scheduled')
    .where('run_at', '<=', stamp)
    .orderBy('run_at')
    .execute();
  let ran = 0;
  for (const task of due) {
    const operations = await storage.writeTransaction({ workspaceIds: [task.workspace_id] }, async (trx) => {
      const claimed = await trx
        .updateTable('refresh_tasks')
        .set({ state: 'running', started_at: stamp, claimed_by: runner.id })
        .where('uid', '=', task.uid)
        .where('state', '=', 'scheduled')
        .where('run_at', '<=', stamp)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) return undefined;
      return runTask(trx, task.uid, task.workspace_id, now);
    });
    if (operations === undefined) continue;
    ran++;
    runner.onRun?.({ uid: task.uid, workspaceId: task.workspace_id, operations });
  }
  return ran;
}

/** Settles the task's operations; returns how many it checked. */
async function runTask(db: Db, uid: string, workspaceId: number, now: Date): Promise<number> {
  const sources = new Map(
    (await listSourceTables(db, workspaceId)).map((table) => [table.name, table.fields]),
  );
  const operations = await db
    .selectFrom('operations')
    .innerJoin('task_operations', 'task_operations.operation_id', 'operations.id')
    .selectAll('operations')
    .where('task_operations.task_uid', '=', uid)
    .execute();
  const finishedAt = now.toISOString();
  for (const operation of operations) {
    const object = await findObject(
      db,
      workspaceId,
      operation.kind as ManagementCollection,
      operation.target_id,
    );
    let state: 'verified' | 'failed' | 'unknown';
    let message: string;
    if (!object) {
      state = 'unknown';
      message = `${operation.kind} ${operation.target_id} no longer exists; the refresh cannot be tied to this operation`;
    } else if (object.revision !== operation.after_revision) {
      state = 'unknown';
      message = `the refresh observed revision ${object.revision}, not this operation's ${operation.after_revision} (superseded)`;
    } else {
      const binding = bindingOf(object.kind, object.definition);
      const fields = binding ? sources.get(binding.table) : undefined;
      const missingField = binding?.fields.find((field) => !fields?.includes(field));
      if (!binding || !fields) {
        state = 'failed';
        message = `source table "${binding?.table ?? ''}" is not in the source catalogue of workspace ${workspaceId}`;
      } else if (missingField) {
        state = 'failed';
        message = `source table "${binding.table}" has no field "${missingField}"`;
      } else {
        state = 'verified';
        message = `source table "${binding.table}" found with ${binding.fields.length} bound field(s)`;
      }
    }
    const taskResult = {
      status: state === 'verified' ? 'succeeded' : state === 'failed' ? 'failed' : 'superseded',
      message,
      finishedAt,
    };
    const probe = { passed: state === 'verified', message, checkedAt: finishedAt };
    await db
      .updateTable('operations')
      .set({ state, task_result: JSON.stringify(taskResult), probe: JSON.stringify(probe) })
      .where('id', '=', operation.id)
      .where('state', '=', 'pending')
      .execute();
  }
  await db
    .updateTable('refresh_tasks')
    .set({ state: 'done', finished_at: finishedAt })
    .where('uid', '=', uid)
    .execute();
  return operations.length;
}
