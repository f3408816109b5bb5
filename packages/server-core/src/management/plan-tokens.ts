import type { Kysely } from 'kysely';
import { randomSecret, sha256Hex } from '../auth/digest';
import { canonicalJson } from '../canonical-json';
import { ApiError, notFound } from '../errors';
import type { Schema } from '../storage/schema';

/** Plan tokens are valid this long after the preview (spec: 10 minutes). */
export const PLAN_TOKEN_TTL_MS = 10 * 60 * 1000;

/** Everything a plan token is bound to. */
export interface Binding {
  workspaceId: number;
  keyId: string;
  kind: string;
  action: string;
  targetId: number | null;
  changes: object;
  operatorUid: string | null;
}

export const changesHash = (changes: object) => sha256Hex(canonicalJson(changes));

export async function issuePlanToken(
  db: Kysely<Schema>,
  binding: Binding,
  beforeRevision: string | null,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = `pt_${randomSecret(32)}`;
  const expiresAt = new Date(now.getTime() + PLAN_TOKEN_TTL_MS);
  const insert = db
    .insertInto('plan_tokens')
    .values({
      token_hash: await sha256Hex(token),
      workspace_id: binding.workspaceId,
      key_id: binding.keyId,
      kind: binding.kind,
      action: binding.action,
      target_id: binding.targetId,
      changes_hash: await changesHash(binding.changes),
      operator_uid: binding.operatorUid,
      before_revision: beforeRevision,
      expires_at: expiresAt.toISOString(),
      used_at: null,
    })
    .execute();
  try {
    await insert;
  } catch (error) {
    // The preview checked the workspace outside any transaction: one deleted since then fails the
    // token's foreign key. That is the client's 404, not a server error.
    const workspace = await db
      .selectFrom('workspaces')
      .select('id')
      .where('id', '=', binding.workspaceId)
      .executeTakeFirst();
    if (!workspace) throw notFound(`workspace ${binding.workspaceId}`);
    throw error;
  }
  return { token, expiresAt };
}

const mismatch = (what: string) =>
  new ApiError(
    400,
    `the plan token was issued for another ${what}; preview this change again`,
    'plan_token_mismatch',
  );

/**
 * Checks a token against the commit and marks it used, inside the commit's transaction. The
 * conditional update makes "one successful commit per token" hold across processes.
 */
export async function consumePlanToken(
  db: Kysely<Schema>,
  token: string,
  binding: Binding,
  now: Date,
): Promise<{ beforeRevision: string | null }> {
  const hash = await sha256Hex(token);
  const row = await db
    .selectFrom('plan_tokens')
    .selectAll()
    .where('token_hash', '=', hash)
    .executeTakeFirst();
  if (!row) throw new ApiError(400, 'unknown plan token; preview the change first', 'plan_token_mismatch');
  if (row.workspace_id !== binding.workspaceId) throw mismatch('workspace');
  if (row.key_id !== binding.keyId) throw mismatch('access key');
  if (row.kind !== binding.kind || row.target_id !== binding.targetId) throw mismatch('object');
  if (row.action !== binding.action) throw mismatch('action');
  if (row.operator_uid !== binding.operatorUid)
    throw mismatch('operator (operatorUid must equal the preview)');
  if (row.changes_hash !== (await changesHash(binding.changes)))
    throw mismatch('change (changes differ from the preview)');
  if (row.used_at !== null)
    throw new ApiError(409, 'the plan token was already used by a commit', 'conflict');
  if (Date.parse(row.expires_at) <= now.getTime()) {
    throw new ApiError(
      410,
      `the plan token expired at ${row.expires_at}; read the detail and preview again`,
      'plan_token_expired',
    );
  }
  const used = await db
    .updateTable('plan_tokens')
    .set({ used_at: now.toISOString() })
    .where('token_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) === 0)
    throw new ApiError(409, 'the plan token was already used by a commit', 'conflict');
  return { beforeRevision: row.before_revision };
}
