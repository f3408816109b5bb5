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

/** Above this many tracked subjects, buckets that have refilled completely are forgotten. */
const SWEEP_ABOVE = 10_000;

/**
 * Token buckets in this process's memory, one per bucket kind and subject. A bucket kind without a
 * rate is unlimited. Buckets that are full again carry no information and are swept, so memory
 * stays bounded by the subjects active within one period.
 */
export function tokenBucketLimiter(limits: RateLimits, nowMs: () => number = () => Date.now()): RateLimiter {
  const buckets = new Map<string, Bucket>();

  function refill(bucket: Bucket, rate: Rate, now: number): void {
    const perMs = rate.capacity / (rate.periodSeconds * 1000);
    bucket.tokens = Math.min(rate.capacity, bucket.tokens + (now - bucket.updatedMs) * perMs);
    bucket.updatedMs = now;
  }

  function sweep(now: number): void {
    for (const [name, bucket] of buckets) {
      const rate = limits[name.slice(0, name.indexOf(' ')) as RateBucket];
      if (!rate) continue;
      refill(bucket, rate, now);
      if (bucket.tokens >= rate.capacity) buckets.delete(name);
    }
  }

  return {
    take(kind, subject, cost = 1): RateDecision {
      const rate = limits[kind];
      if (!rate) return { allowed: true };
      const now = nowMs();
      const name = `${kind} ${subject}`;
      let bucket = buckets.get(name);
      if (!bucket) {
        if (buckets.size >= SWEEP_ABOVE) sweep(now);
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
