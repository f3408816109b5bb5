import { describe, expect, it } from 'vitest';
import { tokenBucketLimiter } from './token-bucket';

describe('token buckets', () => {
  it('allows a burst of the capacity, then refuses with the seconds until the next token', () => {
    let now = 0;
    const limiter = tokenBucketLimiter({ key: { capacity: 3, periodSeconds: 6 } }, () => now);
    const taken = Array.from({ length: 4 }, () => limiter.take('key', 'k1'));
    expect(taken.slice(0, 3)).toEqual([{ allowed: true }, { allowed: true }, { allowed: true }]);
    // One token per 2 s.
    expect(taken[3]).toEqual({ allowed: false, retryAfterSeconds: 2 });
    now = 1_000;
    expect(limiter.take('key', 'k1')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    now = 2_000;
    expect(limiter.take('key', 'k1')).toEqual({ allowed: true });
  });

  it('keeps subjects and bucket kinds apart, and leaves kinds without a rate unlimited', () => {
    const limiter = tokenBucketLimiter({ key: { capacity: 1, periodSeconds: 60 } }, () => 0);
    expect(limiter.take('key', 'a')).toEqual({ allowed: true });
    expect(limiter.take('key', 'a').allowed).toBe(false);
    expect(limiter.take('key', 'b')).toEqual({ allowed: true });
    for (let i = 0; i < 100; i++) expect(limiter.take('address', 'a')).toEqual({ allowed: true });
  });

  it('forgets refilled buckets, so many one-off subjects do not grow memory without bound', () => {
    let now = 0;
    const limiter = tokenBucketLimiter({ address: { capacity: 1, periodSeconds: 1 } }, () => now);
    for (let i = 0; i < 10_000; i++) limiter.take('address', `10.0.${i}`);
    now = 5_000;
    // The sweep ran: an address seen before starts from a full bucket again.
    limiter.take('address', 'new');
    expect(limiter.take('address', '10.0.1')).toEqual({ allowed: true });
  });
});
