import { FeaturePermission } from '@wsadmin/contract';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { preparedSelect } from '../storage/quick-reads';
import type { AccessKeyTable, Schema } from '../storage/schema';
import { RowsWhileUnchanged } from '../storage/unchanged-rows';
import { constantTimeEqual, randomSecret, sha256Hex } from './digest';
import { ParseOnce } from './parse-once';

/**
 * Access keys are an operator concern (the spec has no key API): created by `npm run keys`, the
 * bootstrap variable, or the mock's options. Only hashes of secrets are stored.
 */
export interface AccessKey {
  id: string;
  name: string;
  description: string;
  /** Empty = every feature permission. */
  permissions: FeaturePermission[];
  /** null = every workspace. */
  workspaceIds: number[] | null;
  expiresAt: string | null;
  revokedAt: string | null;
  createdAt: string;
  /** HMAC key for login data (hex), derived from the secret. */
  authDataKey: string;
}

export interface NewKey {
  name: string;
  description?: string;
  permissions?: FeaturePermission[];
  workspaceIds?: number[] | null;
  expiresAt?: string | null;
  /** Chosen secret (bootstrap); a random one is made when absent. */
  secret?: string;
}

const AUTH_DATA_CONTEXT = 'wsadmin/auth-data/v1:';

export const hashSecret = (secret: string) => sha256Hex(secret);
export const authDataKeyOf = (secret: string) => sha256Hex(AUTH_DATA_CONTEXT + secret);

const StoredPermissions = z.array(FeaturePermission);
const StoredWorkspaceIds = z.array(z.number().int());
// Still checked (a hand-edited row must not grant what it does not name), but once per distinct text.
const permissionsOf = new ParseOnce((text) => Object.freeze(StoredPermissions.parse(JSON.parse(text))));
const workspaceIdsOf = new ParseOnce((text) => Object.freeze(StoredWorkspaceIds.parse(JSON.parse(text))));

function toAccessKey(row: AccessKeyTable): AccessKey {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    // Copies: the remembered arrays are shared by every request of the key.
    permissions: [...permissionsOf.get(row.permissions)],
    workspaceIds: row.workspace_ids === null ? null : [...workspaceIdsOf.get(row.workspace_ids)],
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    createdAt: row.created_at,
    authDataKey: row.auth_data_key,
  };
}

export async function createKey(
  db: Kysely<Schema>,
  now: Date,
  key: NewKey,
): Promise<{ id: string; secret: string }> {
  const secret = key.secret ?? `wsk_${randomSecret(32)}`;
  const id = `key_${randomSecret(9)}`;
  await db
    .insertInto('access_keys')
    .values({
      id,
      name: key.name,
      description: key.description ?? '',
      secret_hash: await hashSecret(secret),
      auth_data_key: await authDataKeyOf(secret),
      permissions: JSON.stringify(key.permissions ?? []),
      workspace_ids: key.workspaceIds ? JSON.stringify(key.workspaceIds) : null,
      expires_at: key.expiresAt ?? null,
      revoked_at: null,
      created_at: now.toISOString(),
    })
    .execute();
  return { id, secret };
}

const keyRowsByHash = preparedSelect((db, hash: string) =>
  db.selectFrom('access_keys').selectAll().where('secret_hash', '=', hash),
);
// Reread as soon as anything may have changed it (a revoke by `npm run keys`, a restart's bootstrap).
const keyRows = new RowsWhileUnchanged<AccessKeyTable>();

export async function findKeyBySecret(db: Kysely<Schema>, secret: string): Promise<AccessKey | undefined> {
  const hash = await hashSecret(secret);
  const row = await keyRows.get(db, hash, async () => (await keyRowsByHash(db, hash))[0]);
  // The lookup is by hash; the comparison below keeps the final check constant-time.
  if (!row || !constantTimeEqual(row.secret_hash, hash)) return undefined;
  return toAccessKey(row);
}

export async function findKey(db: Kysely<Schema>, id: string): Promise<AccessKey | undefined> {
  const row = await db.selectFrom('access_keys').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toAccessKey(row) : undefined;
}

export async function listKeys(db: Kysely<Schema>): Promise<AccessKey[]> {
  const rows = await db.selectFrom('access_keys').selectAll().orderBy('created_at').orderBy('id').execute();
  return rows.map(toAccessKey);
}

/** Returns false when no key has that id. */
export async function revokeKey(db: Kysely<Schema>, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('access_keys')
    .set({ revoked_at: now.toISOString() })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) > 0) return true;
  return (await findKey(db, id)) !== undefined;
}

/**
 * Makes sure the server can be used after start. With a chosen secret: an unrestricted key with
 * exactly that secret exists afterwards. Without: on an empty key table, one is created and its
 * secret returned so the caller can print it once.
 */
export async function ensureBootstrapKey(
  db: Kysely<Schema>,
  now: Date,
  secret: string | undefined,
): Promise<{ id: string; secret?: string } | undefined> {
  if (secret !== undefined) {
    const existing = await findKeyBySecret(db, secret);
    if (existing) {
      await db
        .updateTable('access_keys')
        .set({ permissions: '[]', workspace_ids: null, expires_at: null, revoked_at: null })
        .where('id', '=', existing.id)
        .execute();
      return { id: existing.id };
    }
    const created = await createKey(db, now, {
      name: 'bootstrap',
      description: 'From WSADMIN_BOOTSTRAP_KEY',
      secret,
    });
    return { id: created.id };
  }
  const any = await db.selectFrom('access_keys').select('id').limit(1).executeTakeFirst();
  if (any) return undefined;
  return createKey(db, now, { name: 'bootstrap', description: 'Created on first start' });
}
