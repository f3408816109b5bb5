import type { Context } from 'hono';
import { ApiError } from '../../errors';
import { enforce, type RateBucket, type RateLimiter } from '../../rate-limit/rate-limiter';
import type { AppEnv } from '../app-env';

/**
 * Takes `cost` tokens of `bucket` for `subject` (a client address, a key id), noting the bucket's
 * state in the request's facts; a refusal (429) is noted as the bucket that refused, then thrown.
 * Without a limiter nothing is counted.
 */
export function limit(
  limiter: RateLimiter | undefined,
  c: Context<AppEnv>,
  bucket: RateBucket,
  subject: string,
  cost = 1,
): void {
  if (!limiter) return;
  const facts = c.get('facts');
  try {
    enforce(limiter, bucket, subject, cost, facts);
  } catch (error) {
    if (error instanceof ApiError && error.errcode === 429) facts.rateLimited = bucket;
    throw error;
  }
}

/** `limit` for a key's buckets (`key`, `strict`): the key is the request's from here on. */
export function limitKey(
  limiter: RateLimiter | undefined,
  c: Context<AppEnv>,
  bucket: RateBucket,
  keyId: string,
  cost = 1,
): void {
  c.get('facts').keyId = keyId;
  limit(limiter, c, bucket, keyId, cost);
}
