import type { ManagementCollection } from '@wsadmin/contract';
import { sha256Hex } from '../auth/digest';
import type { HandlerContext } from '../context';
import { applyChange } from '../management/apply-change';
import {
  abortIdempotent,
  beginIdempotent,
  completeIdempotent,
  type IdempotencyScope,
} from '../management/idempotency';
import { type Action, planChange } from '../management/plan';
import { consumePlanToken } from '../management/plan-tokens';
import { recordChange } from '../management/record-change';
import { canonicalJson, type Definition } from '../sql/objects';
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
 * plan token, re-check the change against the current state, apply it (apply-change.ts), record
 * the operation (record-change.ts) and store the answer. Any failure leaves nothing behind and
 * releases the key.
 */
export async function commitChange<K extends ManagementCollection>(
  input: CommitInput<K>,
  context: HandlerContext,
): Promise<CommitResult<K>> {
  const { db, storage, key, clock } = context;
  await requireWorkspaceRow(storage, input.workspaceId);
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
    return await storage.writeTransaction({ workspaceIds: [input.workspaceId] }, async (trx) => {
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
      const applied = await applyChange(trx, plan, now);
      const recorded = await recordChange(
        trx,
        { plan, applied, keyId: key.id },
        now,
        context.settings.refreshDebounceMs,
      );
      const result: CommitResult<K> = { ...recorded, ...applied };
      await completeIdempotent(trx, scope, result);
      return result;
    });
  } catch (error) {
    await abortIdempotent(db, scope);
    throw error;
  }
}
