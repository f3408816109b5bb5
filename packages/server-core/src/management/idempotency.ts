import type { ExpressionBuilder, Kysely } from 'kysely';
import { ApiError, RetryLaterError } from '../errors';
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
 * A `running` row is a claim written by an earlier version of the server, outside the commit's
 * transaction (decision 0033): honoured this long (a host of that version may still be running it
 * during an upgrade), then taken over. This version never writes one.
 */
export const LEGACY_CLAIM_MS = 60_000;

/** What a `request_in_progress` answer asks the client to wait (`Retry-After`), in seconds. */
const IN_PROGRESS_RETRY_AFTER_S = 1;

type Db = Kysely<Schema>;

/** The row of one Idempotency-Key of one access key in one workspace (the table's primary key). */
const sameKey = (scope: IdempotencyScope) => (eb: ExpressionBuilder<Schema, 'idempotency_records'>) =>
  eb.and({ key_id: scope.keyId, workspace_id: scope.workspaceId, idempotency_key: scope.idempotencyKey });

const inProgress = () =>
  new RetryLaterError(
    409,
    'a request with this Idempotency-Key is still running; retry shortly',
    'request_in_progress',
    IN_PROGRESS_RETRY_AFTER_S,
  );

const reused = () =>
  new ApiError(
    422,
    'this Idempotency-Key was already used with a different request; use a new key for a new request',
    'idempotency_key_reused',
  );

/**
 * The stored answer of a finished request with this key, read without any lock, so a replay never
 * waits for a writer: `undefined` when there is none (yet), 422 for a different request. A commit
 * that finds none claims the key inside its transaction (`claimInTransaction`).
 */
export async function storedAnswer(
  db: Db,
  scope: IdempotencyScope,
  now: Date,
): Promise<{ replay: unknown } | undefined> {
  const row = await db
    .selectFrom('idempotency_records')
    .selectAll()
    .where(sameKey(scope))
    .where('state', '=', 'done')
    .executeTakeFirst();
  if (!row || row.response === null || Date.parse(row.expires_at) <= now.getTime()) return undefined;
  if (row.request_hash !== scope.requestHash) throw reused();
  return { replay: JSON.parse(row.response) };
}

/**
 * The claim of an Idempotency-Key, inside the commit's write transaction (after its workspace lock,
 * which every commit in the workspace takes): the transaction is the claim. It ends with the
 * request, whichever way: committed with the answer (`recordAnswer`), rolled back on failure, or
 * rolled back by the database when the process or its connection dies. A second request with the
 * key waits for the first one's lock, then finds its answer here and replays it. Nothing is written
 * until the answer, so no row is ever left behind.
 */
export async function claimInTransaction(
  trx: Db,
  scope: IdempotencyScope,
  now: Date,
): Promise<{ replay: unknown } | { claimed: true }> {
  const row = await trx
    .selectFrom('idempotency_records')
    .selectAll()
    .where(sameKey(scope))
    .executeTakeFirst();
  if (!row) return { claimed: true };
  const expired = Date.parse(row.expires_at) <= now.getTime();
  const legacyAbandoned =
    row.state === 'running' && Date.parse(row.created_at) + LEGACY_CLAIM_MS <= now.getTime();
  if (expired || legacyAbandoned) {
    // Past retention the key is new again; a claim of an earlier version past its minute died.
    await trx.deleteFrom('idempotency_records').where(sameKey(scope)).execute();
    return { claimed: true };
  }
  if (row.request_hash !== scope.requestHash) throw reused();
  if (row.state !== 'done' || row.response === null) throw inProgress();
  return { replay: JSON.parse(row.response) };
}

/**
 * Stores the answer, in the same transaction as the change it describes. A row that appeared
 * since the claim can only be the claim of an earlier version (outside any lock): the transaction
 * is refused with `request_in_progress`, and rolls back.
 */
export async function recordAnswer(
  trx: Db,
  scope: IdempotencyScope,
  response: unknown,
  now: Date,
): Promise<void> {
  const inserted = await trx
    .insertInto('idempotency_records')
    .values({
      key_id: scope.keyId,
      workspace_id: scope.workspaceId,
      idempotency_key: scope.idempotencyKey,
      request_hash: scope.requestHash,
      state: 'done',
      response: JSON.stringify(response),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + RETENTION_MS).toISOString(),
    })
    .onConflict((conflict) => conflict.columns(['key_id', 'workspace_id', 'idempotency_key']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) throw inProgress();
}
