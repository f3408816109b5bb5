import { type OperationId, operationIdsWith } from '@wsadmin/contract';
import { ApiError, RetryLaterError } from '../errors';

/**
 * `address`: every API request, per client address, before the key is checked (unauthenticated
 * floods). `key`: every request of an access key. `strict`: the operations that hash or verify a
 * password (scrypt costs about 128 MiB and tens of milliseconds each), per key, on top of `key`.
 */
export type RateBucket = 'address' | 'key' | 'strict';

/**
 * A bucket's state after a decision, for the `RateLimit-Policy` and `RateLimit` fields
 * (draft-ietf-httpapi-ratelimit-headers): `limit` tokens per `windowSeconds`, `remaining` now,
 * full again in `resetSeconds`.
 */
export interface RateQuota {
  limit: number;
  windowSeconds: number;
  remaining: number;
  resetSeconds: number;
}

/**
 * `capacity`: the bucket's size, when the request costs more than it: no wait would let it through.
 * `quota`: the bucket's state, where the limiter tells it (the fields are sent only then).
 */
export type RateDecision = (
  | { allowed: true }
  | { allowed: false; retryAfterSeconds: number }
  | { allowed: false; capacity: number }
) & { quota?: RateQuota };

/**
 * Decides whether `cost` more tokens (default 1: one request) of `subject` fit in `bucket`, and
 * takes them all or none. Injected by the host; none in the mock.
 */
export interface RateLimiter {
  take(bucket: RateBucket, subject: string, cost?: number): RateDecision;
}

/** Operations that hash or verify passwords (`hashesPasswords` in the contract): the strict bucket applies. */
export const STRICT_OPERATIONS: ReadonlySet<OperationId> = new Set<OperationId>(
  operationIdsWith('hashesPasswords'),
);

const hashes = (count: number) => `${count} password hash${count === 1 ? '' : 'es'}`;
const whoOf = (bucket: RateBucket) => (bucket === 'address' ? 'this client address' : 'this access key');

/** A 429 whose answer carries `Retry-After`. */
export class RateLimitedError extends RetryLaterError {
  constructor(
    readonly bucket: RateBucket,
    retryAfterSeconds: number,
    cost = 1,
  ) {
    const what = bucket === 'strict' ? 'password checks and changes' : 'requests';
    const needs = cost > 1 ? `; this request needs ${hashes(cost)}` : '';
    super(
      429,
      `too many ${what} from ${whoOf(bucket)}${needs}; retry after ${retryAfterSeconds} s`,
      'rate_limited',
      retryAfterSeconds,
    );
  }
}

/**
 * A 429 without `Retry-After`: the request costs more tokens than the bucket ever holds, so no wait
 * helps; the message names the most one request may cost (docs/spec-gaps.md).
 */
export class OverCapacityError extends ApiError {
  constructor(
    readonly bucket: RateBucket,
    cost: number,
    capacity: number,
  ) {
    const most = Math.floor(capacity);
    const limit =
      most < 1
        ? `the rate limit of ${whoOf(bucket)} holds less than one token: change WSADMIN_RATE_LIMIT`
        : `the rate limit of ${whoOf(bucket)} allows at most ${most} at once; send at most ${most} passwords per request`;
    super(429, `this request needs ${hashes(cost)} and ${limit}`, 'rate_limited');
  }
}

/** The bucket states a request met, for its answer's `RateLimit` fields. */
export type RateQuotas = Partial<Record<RateBucket, RateQuota>>;

/**
 * Throws the 429 when `bucket` lacks the `cost` tokens for `subject`; the bucket's state goes
 * into `met.quotas` either way (the request's facts).
 */
export function enforce(
  limiter: RateLimiter | undefined,
  bucket: RateBucket,
  subject: string,
  cost = 1,
  met?: { quotas?: RateQuotas },
): void {
  if (!limiter) return;
  const decision = limiter.take(bucket, subject, cost);
  if (met && decision.quota) met.quotas = { ...met.quotas, [bucket]: decision.quota };
  if (decision.allowed) return;
  if ('capacity' in decision) throw new OverCapacityError(bucket, cost, decision.capacity);
  throw new RateLimitedError(bucket, decision.retryAfterSeconds, cost);
}

/**
 * Tokens of the `strict` bucket a request of a strict operation costs: one per password it hashes
 * (a batch of 1,000 is 1,000 hashes), at least one (a check, or a change without a password).
 */
export function strictCost(body: unknown): number {
  const items = (body as { accounts?: unknown } | undefined)?.accounts;
  if (!Array.isArray(items)) return 1;
  const hashes = items.filter(
    (item) => (item as { password?: unknown } | null)?.password !== undefined,
  ).length;
  return Math.max(1, hashes);
}
