import { type AccessKeyScope, FeaturePermission } from '@wsadmin/contract';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { AccessKeyTable } from '../storage/schema';
import { type Codec, column, defineMapping } from './mapping';
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

const StoredPermissions = z.array(FeaturePermission);
const StoredWorkspaceIds = z.array(z.number().int());
// Still checked (a hand-edited row must not grant what it does not name), but once per distinct text.
const permissionsOf = new ParseOnce((text) => Object.freeze(StoredPermissions.parse(JSON.parse(text))));
const workspaceIdsOf = new ParseOnce((text) => Object.freeze(StoredWorkspaceIds.parse(JSON.parse(text))));

// Reads copy: the remembered arrays are shared by every request of the key.
const permissions = {
  write: (value: readonly FeaturePermission[]) => JSON.stringify(value),
  read: (text: string): FeaturePermission[] => [...permissionsOf.get(text)],
} satisfies Codec;
/** null (no restriction) is stored as NULL, a list as JSON text. */
const workspaceIds = {
  write: (value: readonly number[] | null) => (value ? JSON.stringify(value) : null),
  read: (text: string | null): number[] | null => (text === null ? null : [...workspaceIdsOf.get(text)]),
} satisfies Codec;

/** Every field the scope answer (the contract's view of a key) and the server's key record carry. */
export type AccessKeyFields = z.output<typeof AccessKeyScope> & AccessKey;

export const accessKeyMapping = defineMapping<AccessKeyFields, AccessKeyTable>()(
  'access_keys',
  {
    id: column('id'),
    name: column('name'),
    // Two spellings of the same columns: the scope answer's and the key record's.
    desc: column('description'),
    description: column('description'),
    expired_at: column('expires_at'),
    expiresAt: column('expires_at'),
    permissions: column('permissions', permissions),
    workspaces: {
      kind: 'apart',
      column: 'workspace_ids',
      reason: 'only the ids are stored (null = every workspace); names come from the workspaces table',
    },
    workspaceIds: column('workspace_ids', workspaceIds),
    revokedAt: column('revoked_at'),
    createdAt: column('created_at'),
    authDataKey: column('auth_data_key'),
  },
  { secret_hash: 'SHA-256 of the secret: found by, never returned' },
);

/** A new key: unrestricted, no expiry, not revoked, until the request's fields apply. */
export const accessKeyDefaults = (
  stored: Pick<AccessKeyTable, 'id' | 'name' | 'secret_hash' | 'auth_data_key' | 'created_at'>,
): AccessKeyTable => ({
  ...stored,
  description: '',
  permissions: '[]',
  workspace_ids: null,
  expires_at: null,
  revoked_at: null,
});

const { fields: f } = accessKeyMapping;

/**
 * The key record of a row, read through the mapping's entries. One object literal rather than a
 * loop over the fields (readFields): this runs for every request not answered from a cached answer,
 * and a loop that adds the keys one by one took about five times as long (mapping.test.ts holds
 * this reader to readFields, field by field).
 */
export function toAccessKey(row: Selectable<AccessKeyTable>): AccessKey {
  return {
    id: row[f.id.column],
    name: row[f.name.column],
    description: row[f.description.column],
    permissions: f.permissions.codec.read(row[f.permissions.column]),
    workspaceIds: f.workspaceIds.codec.read(row[f.workspaceIds.column]),
    expiresAt: row[f.expiresAt.column],
    revokedAt: row[f.revokedAt.column],
    createdAt: row[f.createdAt.column],
    authDataKey: row[f.authDataKey.column],
  };
}
