import type { ManagementCollection } from '@wsadmin/contract';
import { sha256Hex } from '../auth/digest';
import { canonicalJson } from '../canonical-json';
import type { Definition } from '../sql/objects';
import type { Storage } from '../storage/storage';
import { applyChange } from './apply-change';
import { abortIdempotent, beginIdempotent, completeIdempotent, type IdempotencyScope } from './idempotency';
import { type Action, planChange } from './plan';
import { consumePlanToken } from './plan-tokens';
import { recordChange } from './record-change';

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
 * A commit of a previewed change, in a workspace known to exist (the handler checks it): claim the
 * Idempotency-Key (or replay its answer), then in one transaction consume the
 * plan token, re-check the change against the current state, apply it (apply-change.ts), record
 * the operation (record-change.ts) and store the answer. Any failure leaves nothing behind and
 * releases the key.
 */
export async function commitChange<K extends ManagementCollection>(
  storage: Storage,
  input: CommitInput<K>,
  by: { keyId: string; now: Date; refreshDebounceMs: number },
): Promise<CommitResult<K>> {
  const { db } = storage;
  const { keyId, now } = by;
  const scope: IdempotencyScope = {
    keyId,
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
          keyId,
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
      const recorded = await recordChange(trx, { plan, applied, keyId }, now, by.refreshDebounceMs);
      const result: CommitResult<K> = { ...recorded, ...applied };
      await completeIdempotent(trx, scope, result);
      return result;
    });
  } catch (error) {
    await abortIdempotent(db, scope);
    throw error;
  }
}
