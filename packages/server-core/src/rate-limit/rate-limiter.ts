import type { OperationId } from '@wsadmin/contract';
import { ApiError } from '../errors';

/**
 * `address`: every API request, per client address, before the key is checked (unauthenticated
 * floods). `key`: every request of an access key. `strict`: the operations that hash or verify a
 * password (scrypt costs about 128 MiB and tens of milliseconds each), per key, on top of `key`.
 */
export type RateBucket = 'address' | 'key' | 'strict';

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Decides whether one more request of `subject` fits in `bucket`. Injected by the host; none in the mock. */
export interface RateLimiter {
  take(bucket: RateBucket, subject: string): RateDecision;
}

/** Operations that hash or verify passwords: the login-data check and every account create or update. */
export const STRICT_OPERATIONS: ReadonlySet<OperationId> = new Set<OperationId>([
  'checkAuthData',
  'createAccount',
  'createAccounts',
  'updateAccount',
  'updateAccounts',
]);

/** A 429 whose answer carries `Retry-After`. */
export class RateLimitedError extends ApiError {
  constructor(
    readonly bucket: RateBucket,
    readonly retryAfterSeconds: number,
  ) {
    const who = bucket === 'address' ? 'this client address' : 'this access key';
    const what = bucket === 'strict' ? 'password checks and changes' : 'requests';
    super(429, `too many ${what} from ${who}; retry after ${retryAfterSeconds} s`, 'rate_limited');
  }
}

/** Throws the 429 when `bucket` has no token left for `subject`. */
export function enforce(limiter: RateLimiter | undefined, bucket: RateBucket, subject: string): void {
  if (!limiter) return;
  const decision = limiter.take(bucket, subject);
  if (!decision.allowed) throw new RateLimitedError(bucket, decision.retryAfterSeconds);
}
