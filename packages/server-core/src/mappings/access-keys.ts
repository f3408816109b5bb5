import type { AccessKeyScope } from '@wsadmin/contract';
import type { z } from 'zod';
import type { AccessKeyTable } from '../storage/schema';
import { column, defineMapping, jsonText } from './mapping';

/**
 * Keys have no contract shape for writes (operators make them: auth/keys.ts); the scope answer is
 * what the contract shows of a key.
 */
export const accessKeyMapping = defineMapping<z.output<typeof AccessKeyScope>, AccessKeyTable>()(
  'access_keys',
  {
    id: column('id'),
    name: column('name'),
    desc: column('description'),
    expired_at: column('expires_at'),
    permissions: column('permissions', jsonText),
    workspaces: {
      kind: 'apart',
      column: 'workspace_ids',
      reason: 'only the ids are stored (null = every workspace); names come from the workspaces table',
    },
  },
  {
    secret_hash: 'SHA-256 of the secret: never returned',
    auth_data_key: 'HMAC key for login data, derived from the secret: never returned',
    revoked_at: 'a revoked key authenticates nothing',
    created_at: 'creation time',
  },
  {
    id: 'text',
    name: 'text',
    description: 'text',
    secret_hash: 'text',
    auth_data_key: 'text',
    permissions: 'text',
    workspace_ids: 'text null',
    expires_at: 'text null',
    revoked_at: 'text null',
    created_at: 'text',
  },
);
