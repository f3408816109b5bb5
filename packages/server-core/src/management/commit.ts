import type { ManagementCollection } from '@wsadmin/contract';
import { sha256Hex } from '../auth/digest';
import { canonicalJson } from '../canonical-json';
import type { Definition } from '../sql/objects';
import type { Storage } from '../storage/storage';
import { applyChange } from './apply-change';
import { claimInTransaction, type IdempotencyScope, recordAnswer, storedAnswer } from './idempotency';
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
 * A commit of a previewed change, in a workspace known to exist (the handler checks it): replay the
 * Idempotency-Key's stored answer if it has one, else in one transaction claim the key, consume the
 * plan token, re-check the change against the current state, apply it (apply-change.ts), record
 * the operation (record-change.ts) and store the answer. The claim is the transaction itself
 * (idempotency.ts, decision 0033): any failure, a killed process or a lost database included,
 * leaves nothing behind, and the key is free for the retry at once.
 */
export async function commitChange<K extends ManagementCollection>(
  storage: Storage,
  input: CommitInput<K>,
  by: { keyId: string; now: Date; refreshDebounceMs: number },
): Promise<CommitResult<K>> {
  const { keyId, now } = by;
  const scope: IdempotencyScope = {
    keyId,
    workspaceId: input.workspaceId,
    idempotencyKey: input.idempotencyKey,
    requestHash: await sha256Hex(
      canonicalJson({ kind: input.kind, action: input.action, targetId: input.targetId, body: input.body }),
    ),
  };
  const stored = await storedAnswer(storage.db, scope, now);
  if (stored) return stored.replay as CommitResult<K>;
  return storage.writeTransaction({ workspaceIds: [input.workspaceId] }, async (trx) => {
    // After the workspace's lock: a request with this key that ran meanwhile has stored its answer.
    const claim = await claimInTransaction(trx, scope, now);
    if ('replay' in claim) return claim.replay as CommitResult<K>;
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
    await recordAnswer(trx, scope, result, now);
    return result;
  });
}
