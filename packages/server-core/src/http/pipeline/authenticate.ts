import type { OperationSpec } from '@wsadmin/contract';
import type { Context } from 'hono';
import { authenticate, authenticateHash, requirePermission } from '../../auth/authenticate';
import type { AccessKey } from '../../auth/keys';
import type { RateLimiter } from '../../rate-limit/rate-limiter';
import type { Storage } from '../../storage/storage';
import type { AppEnv } from '../app-env';
import { limitKey } from './limit';

/**
 * The live access key of a request (401 otherwise), its `key` bucket charged, then the operation's
 * permission checked (403). `secretHash`: the key's hash where the cached-answer step made one, so
 * the key is looked up by it and the secret hashed once; else the key is read from `authorization`.
 */
export type Authenticate = (
  c: Context<AppEnv>,
  storage: Storage,
  authorization: string | undefined,
  secretHash: string | undefined,
  now: Date,
) => Promise<AccessKey>;

/**
 * The authentication step of `op`. The key is the request's (in its facts, so its report names it)
 * from the moment it is found, and its bucket is charged before the permission is checked: a key
 * that keeps asking for what it may not do is limited like any other.
 */
export function authenticatorOf(op: OperationSpec, limiter: RateLimiter | undefined): Authenticate {
  return async (c, storage, authorization, secretHash, now) => {
    const key =
      secretHash === undefined
        ? await authenticate(storage, authorization, op, now)
        : await authenticateHash(storage, secretHash, now);
    limitKey(limiter, c, 'key', key.id);
    requirePermission(key, op);
    return key;
  };
}
