import { describe, expect, it } from 'vitest';
import { RateLimitedError } from '../../rate-limit/rate-limiter';
import { tokenBucketLimiter } from '../../rate-limit/token-bucket';
import type { RequestFacts } from '../request-report';
import { limit, limitKey } from './limit';

const perMinute = (capacity: number) => ({ capacity, periodSeconds: 60 });

describe('limit', () => {
  it('counts nothing without a limiter', () => {
    const facts: RequestFacts = {};
    for (let i = 0; i < 3; i++) limit(undefined, facts, 'address', '192.0.2.1');
    expect(facts).toEqual({});
  });

  it("notes the bucket's state, then the bucket that refused", () => {
    const limiter = tokenBucketLimiter({ address: perMinute(2) }, () => 0);
    const facts: RequestFacts = {};
    limit(limiter, facts, 'address', '192.0.2.1');
    expect(facts.quotas?.address).toBeDefined();
    expect(facts.rateLimited).toBeUndefined();
    limit(limiter, facts, 'address', '192.0.2.1');
    expect(() => limit(limiter, facts, 'address', '192.0.2.1')).toThrow(RateLimitedError);
    expect(facts.rateLimited).toBe('address');
  });

  it('counts each subject apart', () => {
    const limiter = tokenBucketLimiter({ address: perMinute(1) }, () => 0);
    limit(limiter, {}, 'address', '192.0.2.1');
    expect(() => limit(limiter, {}, 'address', '192.0.2.2')).not.toThrow();
  });

  it('refuses a cost above the capacity as that bucket, with 429', () => {
    const limiter = tokenBucketLimiter({ strict: perMinute(2) }, () => 0);
    const facts: RequestFacts = {};
    expect(() => limitKey(limiter, facts, 'strict', 'key_a', 3)).toThrow(
      expect.objectContaining({ errcode: 429 }),
    );
    expect(facts).toMatchObject({ keyId: 'key_a', rateLimited: 'strict' });
  });
});

describe('limitKey', () => {
  it('makes the key the request’s even when the bucket refuses', () => {
    const limiter = tokenBucketLimiter({ key: perMinute(1) }, () => 0);
    const facts: RequestFacts = {};
    limitKey(limiter, facts, 'key', 'key_a');
    expect(facts.keyId).toBe('key_a');
    expect(() => limitKey(limiter, facts, 'key', 'key_a')).toThrow(RateLimitedError);
    expect(facts).toMatchObject({ keyId: 'key_a', rateLimited: 'key' });
  });
});
