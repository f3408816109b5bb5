import type { FeaturePermission } from '@wsadmin/contract';
import type { Insertable, Kysely } from 'kysely';
import { type AccessKey, accessKeyDefaults, accessKeyMapping, toAccessKey } from '../mappings/access-keys';
import { changesOf, toRow } from '../mappings/mapping';
import { preparedSelect } from '../storage/quick-reads';
import { RowsWhileUnchanged } from '../storage/row-cache';
import type { AccessKeyTable, Schema } from '../storage/schema';
import { isStorage, perStorage, type Reader } from '../storage/storage';
import { constantTimeEqual, randomSecret, sha256Hex, sha256HexNow } from './digest';

export type { AccessKey };

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
/** `hashSecret` at once where the runtime hashes synchronously (Node); undefined elsewhere. */
export const hashSecretNow = (secret: string) => sha256HexNow(secret);
export const authDataKeyOf = (secret: string) => sha256Hex(AUTH_DATA_CONTEXT + secret);

export async function createKey(
  db: Kysely<Schema>,
  now: Date,
  key: NewKey,
): Promise<{ id: string; secret: string }> {
  const { id, secret, row } = await newKeyRow(now, key);
  await db.insertInto('access_keys').values(row).execute();
  return { id, secret };
}

/**
 * A new key's row and its secret, not stored: what `createKey` inserts, and what the keys command
 * prints as SQL for a database it cannot open (`keys create --sql`).
 */
export async function newKeyRow(
  now: Date,
  key: NewKey,
): Promise<{ id: string; secret: string; row: Insertable<AccessKeyTable> }> {
  const secret = key.secret ?? `wsk_${randomSecret(32)}`;
  const id = `key_${randomSecret(9)}`;
  const stored = {
    id,
    name: key.name,
    secret_hash: await hashSecret(secret),
    auth_data_key: await authDataKeyOf(secret),
    created_at: now.toISOString(),
  };
  // Named one by one: the mock's callers may pass more (its options), which is no field of a key.
  const { name, description, permissions, workspaceIds, expiresAt } = key;
  const fields = { name, description, permissions, workspaceIds, expiresAt };
  return { id, secret, row: toRow(accessKeyMapping, fields, accessKeyDefaults(stored)) };
}

const keyRowsByHash = preparedSelect((db, hash: string) =>
  db.selectFrom('access_keys').selectAll().where('secret_hash', '=', hash),
);
// Reread as soon as anything may have changed it (a revoke by `npm run keys`, a restart's bootstrap).
const keyRows = perStorage(() => new RowsWhileUnchanged<AccessKeyTable>());

export async function findKeyBySecret(reader: Reader, secret: string): Promise<AccessKey | undefined> {
  return findKeyByHash(reader, await hashSecret(secret));
}

/** The key whose secret hashes (`hashSecret`) to `hash`: kept like rows are (row-cache.ts). */
export async function findKeyByHash(reader: Reader, hash: string): Promise<AccessKey | undefined> {
  const read = async () => (await keyRowsByHash(reader, hash))[0];
  const row = await (isStorage(reader) ? reader.own(keyRows).get(reader, hash, read) : read());
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
  const result = await revokeKeyQuery(db, id, now).executeTakeFirst();
  if (Number(result.numUpdatedRows) > 0) return true;
  return (await findKey(db, id)) !== undefined;
}

/** The statement that revokes a key not revoked yet (`revokeKey`; `keys revoke --sql` prints it). */
export function revokeKeyQuery(db: Kysely<Schema>, id: string, now: Date) {
  return db
    .updateTable('access_keys')
    .set(changesOf(accessKeyMapping, { revokedAt: now.toISOString() }))
    .where('id', '=', id)
    .where('revoked_at', 'is', null);
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
        .set(
          changesOf(accessKeyMapping, {
            permissions: [],
            workspaceIds: null,
            expiresAt: null,
            revokedAt: null,
          }),
        )
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

/** What a list of keys shows of one (`keys list`, the key administration route): never the secret, its hash, or the login-data key derived from it. */
export function publicKeyOf(key: AccessKey) {
  return {
    id: key.id,
    name: key.name,
    description: key.description,
    permissions: key.permissions,
    workspaceIds: key.workspaceIds,
    expiresAt: key.expiresAt,
    revokedAt: key.revokedAt,
    createdAt: key.createdAt,
  };
}
