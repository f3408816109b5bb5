import { BoundedMap } from '../bounded-map';
import type { RateBucket, RateDecision, RateLimiter, RateQuota } from './rate-limiter';

/** `capacity` tokens, refilled continuously at `capacity` per `periodSeconds`: bursts up to `capacity`. */
export interface Rate {
  capacity: number;
  periodSeconds: number;
}

export type RateLimits = Partial<Record<RateBucket, Rate>>;

interface Bucket {
  tokens: number;
  updatedMs: number;
}

/** Subjects tracked at most (about 100 bytes each); past it the least recently seen is forgotten. */
export const TRACKED_SUBJECTS = 100_000;

/**
 * Token buckets in this process's memory, one per bucket kind and subject. A bucket kind without a
 * rate is unlimited. Memory stays bounded by `maxSubjects`: the bucket forgotten is that of the
 * subject seen least recently, almost always full again already (it then carries no information).
 */
export function tokenBucketLimiter(
  limits: RateLimits,
  nowMs: () => number = () => Date.now(),
  maxSubjects = TRACKED_SUBJECTS,
): RateLimiter {
  const buckets = new BoundedMap<string, Bucket>({ maxEntries: maxSubjects });

  function refill(bucket: Bucket, rate: Rate, now: number): void {
    const perMs = rate.capacity / (rate.periodSeconds * 1000);
    bucket.tokens = Math.min(rate.capacity, bucket.tokens + (now - bucket.updatedMs) * perMs);
    bucket.updatedMs = now;
  }

  return {
    take(kind, subject, cost = 1): RateDecision {
      const rate = limits[kind];
      if (!rate) return { allowed: true };
      const now = nowMs();
      const name = `${kind} ${subject}`;
      let bucket = buckets.get(name);
      if (!bucket) {
        bucket = { tokens: rate.capacity, updatedMs: now };
        buckets.set(name, bucket);
      } else {
        refill(bucket, rate, now);
      }
      const msPerToken = (rate.periodSeconds * 1000) / rate.capacity;
      const held = bucket;
      // Whole tokens and seconds, as the RateLimit fields carry them; full again after `t`.
      const quota = (): RateQuota => ({
        limit: Math.floor(rate.capacity),
        windowSeconds: Math.ceil(rate.periodSeconds),
        remaining: Math.floor(held.tokens),
        resetSeconds: Math.ceil(((rate.capacity - held.tokens) * msPerToken) / 1000),
      });
      if (cost > rate.capacity) return { allowed: false, capacity: rate.capacity, quota: quota() };
      if (bucket.tokens >= cost) {
        bucket.tokens -= cost;
        return { allowed: true, quota: quota() };
      }
      // Whole seconds, as Retry-After carries them; at least 1 so a client never retries at once.
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil(((cost - bucket.tokens) * msPerToken) / 1000)),
        quota: quota(),
      };
    },
  };
}
