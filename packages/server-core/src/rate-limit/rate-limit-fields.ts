import type { RateBucket, RateQuotas } from './rate-limiter';

const ORDER: readonly RateBucket[] = ['address', 'key', 'strict'];

/** The `RateLimit-Policy` and `RateLimit` field values of an answer, or none when no bucket was met. */
export interface RateLimitFields {
  policy: string;
  state: string;
}

/**
 * The fields of draft-ietf-httpapi-ratelimit-headers, structured-field lists with one item per
 * bucket the request met, named by the bucket: `RateLimit-Policy: "address";q=200;w=1, "key";q=100;w=1`
 * (quota `q` per window of `w` seconds) and `RateLimit: "address";r=199;t=1, "key";r=99;t=1`
 * (`r` left, full again in `t` seconds).
 */
export function rateLimitFields(quotas: RateQuotas | undefined): RateLimitFields | undefined {
  if (!quotas) return undefined;
  const met = ORDER.flatMap((bucket) => {
    const quota = quotas[bucket];
    return quota ? [{ bucket, quota }] : [];
  });
  if (met.length === 0) return undefined;
  return {
    policy: met
      .map(({ bucket, quota }) => `"${bucket}";q=${quota.limit};w=${quota.windowSeconds}`)
      .join(', '),
    state: met
      .map(({ bucket, quota }) => `"${bucket}";r=${quota.remaining};t=${quota.resetSeconds}`)
      .join(', '),
  };
}
