import type { OperationSpec } from '@wsadmin/contract';
import { forbidden, unauthorized } from '../errors';
import type { Storage } from '../storage/storage';
import { type AccessKey, findKeyByHash, findKeyBySecret } from './keys';

const JWT_SHAPE = /^eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/** The access key's secret in an Authorization header, in a form `op` accepts; 401 otherwise. */
export function secretIn(header: string | undefined, op: OperationSpec): string {
  if (!header?.trim()) {
    throw unauthorized('missing Authorization header: send "Authorization: Bearer <key>"');
  }
  const bearer = /^Bearer\s+(.+)$/i.exec(header.trim());
  if (!bearer && (op.keyForm ?? 'bearerOrKey') === 'bearer') {
    throw unauthorized('this endpoint accepts only "Authorization: Bearer <access key>"');
  }
  const secret = (bearer?.[1] ?? header).trim();
  if (op.keyForm === 'bearer' && JWT_SHAPE.test(secret)) {
    throw unauthorized('a JWT cannot be used here: this endpoint accepts only a Bearer access key');
  }
  return secret;
}

/** Reads `Authorization: Bearer <key>` (or the bare key where allowed) and returns the live key. */
export async function authenticate(
  storage: Storage,
  header: string | undefined,
  op: OperationSpec,
  now: Date,
): Promise<AccessKey> {
  return liveKey(await findKeyBySecret(storage, secretIn(header, op)), now);
}

/** As `authenticate`, for a secret already taken from its header (`secretIn`) and hashed (`hashSecret`). */
export async function authenticateHash(storage: Storage, secretHash: string, now: Date): Promise<AccessKey> {
  return liveKey(await findKeyByHash(storage, secretHash), now);
}

function liveKey(key: AccessKey | undefined, now: Date): AccessKey {
  if (!key) throw unauthorized('unknown access key');
  if (key.revokedAt !== null) throw unauthorized('the access key has been revoked');
  if (key.expiresAt !== null && Date.parse(key.expiresAt) <= now.getTime()) {
    throw unauthorized(`the access key expired at ${key.expiresAt}`);
  }
  return key;
}

/** The feature permission an operation needs (an empty key list means unrestricted). */
export function requirePermission(key: AccessKey, op: OperationSpec): void {
  if (op.permission === null || key.permissions.length === 0) return;
  if (!key.permissions.includes(op.permission)) {
    throw forbidden(`the access key lacks the "${op.permission}" feature permission`);
  }
}

/** Whether the key may reach a workspace; outside its set is 403 whether or not the workspace exists. */
export function canAccessWorkspace(key: AccessKey, workspaceId: number): boolean {
  return key.workspaceIds === null || key.workspaceIds.includes(workspaceId);
}

export function requireWorkspace(key: AccessKey, workspaceId: number): void {
  if (!canAccessWorkspace(key, workspaceId)) {
    throw forbidden(`the access key may not access workspace ${workspaceId}`);
  }
}
