import { Context } from 'hono';
import { describe, expect, it } from 'vitest';
import { RateLimitedError } from '../../rate-limit/rate-limiter';
import { tokenBucketLimiter } from '../../rate-limit/token-bucket';
import type { AppEnv } from '../app-env';
import { limit, limitKey } from './limit';

const perMinute = (capacity: number) => ({ capacity, periodSeconds: 60 });

/** A request's context as the app's outermost middleware leaves it: empty facts set. */
function requestContext(): Context<AppEnv> {
  const c = new Context<AppEnv>(new Request('http://wsadmin.test/openapi/v1/scopes/'));
  c.set('facts', {});
  return c;
}

describe('limit', () => {
  it('counts nothing without a limiter', () => {
    const c = requestContext();
    for (let i = 0; i < 3; i++) limit(undefined, c, 'address', '192.0.2.1');
    expect(c.get('facts')).toEqual({});
  });

  it("notes the bucket's state on the context's facts, then the bucket that refused", () => {
    const limiter = tokenBucketLimiter({ address: perMinute(2) }, () => 0);
    const c = requestContext();
    limit(limiter, c, 'address', '192.0.2.1');
    expect(c.get('facts').quotas?.address).toBeDefined();
    expect(c.get('facts').rateLimited).toBeUndefined();
    limit(limiter, c, 'address', '192.0.2.1');
    expect(() => limit(limiter, c, 'address', '192.0.2.1')).toThrow(RateLimitedError);
    expect(c.get('facts').rateLimited).toBe('address');
  });

  it('counts each subject apart', () => {
    const limiter = tokenBucketLimiter({ address: perMinute(1) }, () => 0);
    limit(limiter, requestContext(), 'address', '192.0.2.1');
    expect(() => limit(limiter, requestContext(), 'address', '192.0.2.2')).not.toThrow();
  });

  it('refuses a cost above the capacity as that bucket, with 429', () => {
    const limiter = tokenBucketLimiter({ strict: perMinute(2) }, () => 0);
    const c = requestContext();
    expect(() => limitKey(limiter, c, 'strict', 'key_a', 3)).toThrow(
      expect.objectContaining({ errcode: 429 }),
    );
    expect(c.get('facts')).toMatchObject({ keyId: 'key_a', rateLimited: 'strict' });
  });
});

describe('limitKey', () => {
  it('makes the key the request’s even when the bucket refuses', () => {
    const limiter = tokenBucketLimiter({ key: perMinute(1) }, () => 0);
    const c = requestContext();
    limitKey(limiter, c, 'key', 'key_a');
    expect(c.get('facts').keyId).toBe('key_a');
    expect(() => limitKey(limiter, c, 'key', 'key_a')).toThrow(RateLimitedError);
    expect(c.get('facts')).toMatchObject({ keyId: 'key_a', rateLimited: 'key' });
  });

  it('makes the key the request’s without a limiter too (the report names it)', () => {
    const c = requestContext();
    limitKey(undefined, c, 'key', 'key_a');
    expect(c.get('facts')).toEqual({ keyId: 'key_a' });
  });
});
