import type { ExpressionBuilder, Kysely } from 'kysely';
import { ApiError } from '../errors';
import type { Schema } from '../storage/schema';

/** Idempotency results and operation records are kept one year (spec: the access log's retention). */
export const RETENTION_MS = 365 * 86_400_000;

export interface IdempotencyScope {
  keyId: string;
  workspaceId: number;
  idempotencyKey: string;
  /** Hash of method, path and canonical body. */
  requestHash: string;
}

/**
 * A claim still `running` after this long belongs to a request that died (a commit takes
 * milliseconds): the key is free again, so the client's retry applies the change instead of
 * hearing "still running" forever (packages/server-testing/drills/crash.ts found this).
 */
export const ABANDONED_CLAIM_MS = 60_000;

type Db = Kysely<Schema>;

/** The row of one Idempotency-Key of one access key in one workspace (the table's primary key). */
const sameKey = (scope: IdempotencyScope) => (eb: ExpressionBuilder<Schema, 'idempotency_records'>) =>
  eb.and({ key_id: scope.keyId, workspace_id: scope.workspaceId, idempotency_key: scope.idempotencyKey });

const where = (scope: IdempotencyScope) => (db: Db) =>
  db.selectFrom('idempotency_records').selectAll().where(sameKey(scope));

/**
 * Claims an Idempotency-Key for a request, relying on the table's primary key so the claim holds
 * across processes. Returns the stored answer when the same request already finished. The claim is
 * its own statement, outside the commit's transaction, and never fails on a taken key (`on conflict
 * do nothing`), so it behaves the same on SQLite and PostgreSQL.
 */
export async function beginIdempotent(
  db: Db,
  scope: IdempotencyScope,
  now: Date,
): Promise<{ replay: unknown } | { started: true }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const claimed = await db
      .insertInto('idempotency_records')
      .values({
        key_id: scope.keyId,
        workspace_id: scope.workspaceId,
        idempotency_key: scope.idempotencyKey,
        request_hash: scope.requestHash,
        state: 'running',
        response: null,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + RETENTION_MS).toISOString(),
      })
      .onConflict((conflict) => conflict.columns(['key_id', 'workspace_id', 'idempotency_key']).doNothing())
      .executeTakeFirst();
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0) > 0) return { started: true };
    const existing = await where(scope)(db).executeTakeFirst();
    // Released (a failed first request) between the two statements: claim again.
    if (!existing) continue;
    if (Date.parse(existing.expires_at) <= now.getTime()) {
      // Past retention the key is new again.
      await db
        .deleteFrom('idempotency_records')
        .where(sameKey(scope))
        .where('expires_at', '=', existing.expires_at)
        .execute();
      continue;
    }
    if (existing.request_hash !== scope.requestHash) {
      throw new ApiError(
        422,
        'this Idempotency-Key was already used with a different request; use a new key for a new request',
        'idempotency_key_reused',
      );
    }
    if (
      existing.state === 'running' &&
      Date.parse(existing.created_at) + ABANDONED_CLAIM_MS <= now.getTime()
    ) {
      // Its request died between the claim and the end of its transaction (process killed, database
      // gone): the answer is stored in the same transaction as the change, so nothing was applied.
      await db
        .deleteFrom('idempotency_records')
        .where(sameKey(scope))
        .where('state', '=', 'running')
        .where('created_at', '=', existing.created_at)
        .execute();
      continue;
    }
    if (existing.state !== 'done' || existing.response === null) {
      throw new ApiError(
        409,
        'a request with this Idempotency-Key is still running; retry shortly',
        'request_in_progress',
      );
    }
    return { replay: JSON.parse(existing.response) };
  }
  throw new ApiError(409, 'this Idempotency-Key is being reclaimed; retry shortly', 'request_in_progress');
}

/** Stores the answer, in the same transaction as the change it describes. */
export async function completeIdempotent(db: Db, scope: IdempotencyScope, response: unknown): Promise<void> {
  await db
    .updateTable('idempotency_records')
    .set({ state: 'done', response: JSON.stringify(response) })
    .where(sameKey(scope))
    .execute();
}

/** A failed request releases its key: nothing was applied, so the caller may retry with it. */
export async function abortIdempotent(db: Db, scope: IdempotencyScope): Promise<void> {
  await db.deleteFrom('idempotency_records').where(sameKey(scope)).where('state', '=', 'running').execute();
}
