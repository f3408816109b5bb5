import type { Schema } from '@wsadmin/server-core';
import type { Kysely } from 'kysely';
import { type CommitRequest, call, resend, type WriteLog } from './write-load';

/** What the database holds for the drill's workspace, checked row by row. */
export interface StoredState {
  objects: number;
  operations: number;
  usedPlanTokens: number;
  doneKeys: number;
  /**
   * `running` Idempotency-Key rows: claims of a request that never finished. Since decision 0033 a
   * claim is the commit's transaction, which writes no such row, so this stays 0.
   */
  abandonedClaims: number;
  problems: string[];
}

/**
 * Nothing half-applied: every dimension has its one operation record (and the reverse), plan tokens
 * were used exactly by the committed changes, and every finished Idempotency-Key stores the answer
 * of an operation that exists. Every acknowledged commit and workspace batch is there.
 */
export async function checkStoredState(
  db: Kysely<Schema>,
  workspaceId: number,
  log: WriteLog,
): Promise<StoredState> {
  const problems: string[] = [];
  const objects = await db
    .selectFrom('objects')
    .select(['id', 'name', 'revision'])
    .where('workspace_id', '=', workspaceId)
    .where('kind', '=', 'dimensions')
    .execute();
  const operations = await db
    .selectFrom('operations')
    .select(['id', 'target_id', 'action', 'after_revision', 'state'])
    .where('workspace_id', '=', workspaceId)
    .execute();
  const tokens = await db
    .selectFrom('plan_tokens')
    .select(['token_hash', 'used_at'])
    .where('workspace_id', '=', workspaceId)
    .execute();
  const keys = await db
    .selectFrom('idempotency_records')
    .select(['idempotency_key', 'state', 'response'])
    .where('workspace_id', '=', workspaceId)
    .execute();

  const objectById = new Map(objects.map((object) => [object.id, object]));
  const operationsByTarget = new Map<number, number>();
  for (const operation of operations) {
    operationsByTarget.set(operation.target_id, (operationsByTarget.get(operation.target_id) ?? 0) + 1);
    const object = objectById.get(operation.target_id);
    if (!object)
      problems.push(`operation ${operation.id} names dimension ${operation.target_id}, which does not exist`);
    else if (object.revision !== operation.after_revision)
      problems.push(
        `operation ${operation.id}: revision ${operation.after_revision}, object has ${object.revision}`,
      );
  }
  for (const object of objects) {
    const count = operationsByTarget.get(object.id) ?? 0;
    if (count !== 1) problems.push(`dimension ${object.id} (${object.name}) has ${count} operation records`);
  }
  const used = tokens.filter((token) => token.used_at !== null).length;
  if (used !== operations.length)
    problems.push(`${used} plan tokens used for ${operations.length} committed changes`);

  const operationIds = new Set(operations.map((operation) => operation.id));
  const done = keys.filter((key) => key.state === 'done');
  for (const key of done) {
    const operationId = (JSON.parse(key.response ?? '{}') as { operationId?: string }).operationId;
    if (!operationId || !operationIds.has(operationId))
      problems.push(
        `Idempotency-Key ${key.idempotency_key} is done with operation ${operationId}, which does not exist`,
      );
  }
  if (done.length !== operations.length)
    problems.push(`${done.length} finished Idempotency-Keys for ${operations.length} committed changes`);

  const doneKeys = new Set(done.map((key) => key.idempotency_key));
  for (const acked of log.acked) {
    if (!objectById.has(acked.id))
      problems.push(`acknowledged commit ${acked.name} (dimension ${acked.id}) is missing`);
    if (!operationIds.has(acked.operationId))
      problems.push(`acknowledged operation ${acked.operationId} is missing`);
    if (!doneKeys.has(acked.idempotencyKey))
      problems.push(`acknowledged key ${acked.idempotencyKey} is not done`);
  }

  const batchNames = [...log.ackedBatches, ...log.unansweredBatches].flat();
  const present = new Set<string>();
  for (let start = 0; start < batchNames.length; start += 500) {
    const rows = await db
      .selectFrom('workspaces')
      .select('name')
      .where('name', 'in', batchNames.slice(start, start + 500))
      .execute();
    for (const row of rows) present.add(row.name);
  }
  for (const batch of log.ackedBatches) {
    const missing = batch.filter((name) => !present.has(name));
    if (missing.length > 0) problems.push(`acknowledged workspace batch lost ${missing.join(', ')}`);
  }
  for (const batch of log.unansweredBatches) {
    const found = batch.filter((name) => present.has(name)).length;
    if (found !== 0 && found !== batch.length)
      problems.push(`workspace batch half applied: ${found} of ${batch.join(', ')}`);
  }

  return {
    objects: objects.length,
    operations: operations.length,
    usedPlanTokens: used,
    doneKeys: done.length,
    abandonedClaims: keys.filter((key) => key.state === 'running').length,
    problems,
  };
}

export interface RetryOutcome {
  /** Unanswered commits whose retry replayed a stored answer: they had been applied. */
  replayed: number;
  /** Unanswered commits whose retry applied them now: they had left nothing behind. */
  appliedNow: number;
  problems: string[];
}

/**
 * Over HTTP, after the server is back: every acknowledged commit reads back, its operation answers,
 * and sending it again with its key returns the same answer. Every unanswered commit, sent again
 * with its key, succeeds: it is either replayed or applied now, never stuck or refused.
 */
export async function checkOverHttp(
  url: string,
  secret: string,
  workspaceId: number,
  log: WriteLog,
): Promise<RetryOutcome> {
  const problems: string[] = [];
  const base = `/openapi/v1/workspaces/${workspaceId}/management`;
  for (const acked of log.acked) {
    const detail = await call(url, secret, 'GET', `${base}/dimensions/${acked.id}/`);
    const names = (detail.body.data as { definition?: { names?: string[] } } | undefined)?.definition?.names;
    if (detail.status !== 200 || names?.[0] !== acked.name)
      problems.push(
        `acknowledged dimension ${acked.id} (${acked.name}) reads back ${detail.status} ${names?.[0]}`,
      );
    const operation = await call(url, secret, 'GET', `${base}/operations/${acked.operationId}/`);
    if (operation.status !== 200) problems.push(`operation ${acked.operationId}: ${operation.status}`);
    const replay = await resend(url, secret, acked);
    const replayed = (replay.body.data as { operationId?: string } | undefined)?.operationId;
    if (replay.status !== 200 || replayed !== acked.operationId)
      problems.push(`replay of ${acked.idempotencyKey}: ${replay.status} ${replayed ?? replay.body.errmsg}`);
  }
  let replayed = 0;
  let appliedNow = 0;
  // No clock moves: the claim of a request that died ended with its transaction (decision 0033).
  for (const request of log.unanswered) {
    const outcome = await retryOutcome(url, secret, workspaceId, request);
    if (outcome === 'replayed') replayed++;
    else if (outcome === 'applied') appliedNow++;
    else problems.push(outcome);
  }
  return { replayed, appliedNow, problems };
}

async function retryOutcome(url: string, secret: string, workspaceId: number, request: CommitRequest) {
  // Whether it was applied before the retry: its dimension exists already.
  const list = await call(url, secret, 'GET', `/openapi/v1/workspaces/${workspaceId}/management/dimensions/`);
  const existed = (list.body.data as Array<{ name: string }>).some(
    (summary) => summary.name === request.name,
  );
  const answer = await resend(url, secret, request);
  if (answer.status !== 200)
    return `unanswered commit ${request.idempotencyKey} sent again: ${answer.status} ${answer.body.errmsg}`;
  return existed ? 'replayed' : 'applied';
}
