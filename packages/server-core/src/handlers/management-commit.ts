import type { ManagementCollection } from '@wsadmin/contract';
import { sha256Hex } from '../auth/digest';
import type { HandlerContext } from '../context';
import {
  abortIdempotent,
  beginIdempotent,
  completeIdempotent,
  type IdempotencyScope,
} from '../management/idempotency';
import { recordOperation } from '../management/operations';
import { type Action, planChange } from '../management/plan';
import { consumePlanToken } from '../management/plan-tokens';
import { needsRefresh, scheduleRefresh } from '../management/refresh-tasks';
import { insertModel } from '../queries/models';
import { canonicalJson, type Definition, deleteObject, insertObject, updateObject } from '../queries/objects';
import { detachDeleted } from '../queries/semantic-objects';
import { writeTransaction } from '../storage/write-locks';
import { requireWorkspaceRow } from './guards';

export interface CommitInput<K extends ManagementCollection = ManagementCollection> {
  kind: K;
  action: Action;
  workspaceId: number;
  targetId: number | null;
  changes: object;
  planToken: string;
  operatorUid: string | undefined;
  idempotencyKey: string;
  body: unknown;
}

export interface CommitResult<K extends ManagementCollection = ManagementCollection> {
  operationId: string;
  state: 'saved' | 'pending';
  id: number;
  revision: string | null;
  definition: Definition<K> | null;
}

/**
 * A commit: claim the Idempotency-Key (or replay its answer), then in one transaction consume the
 * plan token, re-check the change against the current state, apply it, record the operation and
 * store the answer. Any failure leaves nothing behind and releases the key.
 */
export async function commitChange<K extends ManagementCollection>(
  input: CommitInput<K>,
  context: HandlerContext,
): Promise<CommitResult<K>> {
  const { db, key, clock } = context;
  await requireWorkspaceRow(db, input.workspaceId);
  const now = clock.now();
  const scope: IdempotencyScope = {
    keyId: key.id,
    workspaceId: input.workspaceId,
    idempotencyKey: input.idempotencyKey,
    requestHash: await sha256Hex(
      canonicalJson({ kind: input.kind, action: input.action, targetId: input.targetId, body: input.body }),
    ),
  };
  const begun = await beginIdempotent(db, scope, now);
  if ('replay' in begun) return begun.replay as CommitResult<K>;
  try {
    return await writeTransaction(db, { workspaceIds: [input.workspaceId] }, async (trx) => {
      const { beforeRevision } = await consumePlanToken(
        trx,
        input.planToken,
        {
          workspaceId: input.workspaceId,
          keyId: key.id,
          kind: input.kind,
          action: input.action,
          targetId: input.targetId,
          changes: input.changes,
          operatorUid: input.operatorUid ?? null,
        },
        now,
      );
      const plan = await planChange(trx, input.workspaceId, input.kind, {
        action: input.action,
        ...(input.targetId === null ? {} : { targetId: input.targetId }),
        ...(beforeRevision === null ? {} : { revision: beforeRevision }),
        changes: input.changes,
      });
      let id: number;
      let revision: string | null = null;
      let definition: Definition<K> | null = null;
      if (plan.action === 'create' && plan.candidate) {
        const { uid: _uid, ...model } = plan.candidate as Definition<'models'>;
        const created =
          input.kind === 'models'
            ? await insertModel(trx, input.workspaceId, model, now)
            : await insertObject(
                trx,
                { workspaceId: input.workspaceId, kind: input.kind, definition: plan.candidate },
                now,
              );
        id = created.id;
        revision = created.revision;
        // A model is created by insertModel, which narrows K to 'models'; TS cannot follow the branch.
        definition = created.definition as Definition<K>;
      } else if (plan.action === 'update' && plan.current && plan.candidate) {
        const updated = await updateObject(trx, plan.current, plan.candidate, now);
        ({ id, revision, definition } = updated);
      } else if (plan.current) {
        id = plan.current.id;
        await deleteObject(trx, plan.current);
        await detachDeleted(trx, input.workspaceId, input.kind, id, now);
      } else {
        throw new Error(`inconsistent plan for ${input.action}`);
      }
      const refresh = needsRefresh(input.kind, plan.current?.definition ?? null, definition);
      const operationId = await recordOperation(
        trx,
        {
          workspaceId: input.workspaceId,
          keyId: key.id,
          kind: input.kind,
          targetId: id,
          action: input.action,
          state: refresh ? 'pending' : 'saved',
          beforeRevision: plan.beforeRevision,
          afterRevision: revision,
          taskUid: null,
        },
        now,
      );
      if (refresh) {
        const taskUid = await scheduleRefresh(
          trx,
          input.workspaceId,
          operationId,
          now,
          context.settings.refreshDebounceMs,
        );
        await trx
          .updateTable('operations')
          .set({ task_uid: taskUid })
          .where('id', '=', operationId)
          .execute();
      }
      const result: CommitResult<K> = {
        operationId,
        state: refresh ? 'pending' : 'saved',
        id,
        revision,
        definition,
      };
      await completeIdempotent(trx, scope, result);
      return result;
    });
  } catch (error) {
    await abortIdempotent(db, scope);
    throw error;
  }
}
