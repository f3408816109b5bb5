import { describe, expect, it } from 'vitest';
import { tokenBucketLimiter } from './token-bucket';

describe('token buckets', () => {
  it('allows a burst of the capacity, then refuses with the seconds until the next token', () => {
    let now = 0;
    const limiter = tokenBucketLimiter({ key: { capacity: 3, periodSeconds: 6 } }, () => now);
    const taken = Array.from({ length: 4 }, () => limiter.take('key', 'k1'));
    expect(taken.slice(0, 3)).toMatchObject([{ allowed: true }, { allowed: true }, { allowed: true }]);
    // One token per 2 s.
    expect(taken[3]).toMatchObject({ allowed: false, retryAfterSeconds: 2 });
    now = 1_000;
    expect(limiter.take('key', 'k1')).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
    now = 2_000;
    expect(limiter.take('key', 'k1')).toMatchObject({ allowed: true });
  });

  it('keeps subjects and bucket kinds apart, and leaves kinds without a rate unlimited', () => {
    const limiter = tokenBucketLimiter({ key: { capacity: 1, periodSeconds: 60 } }, () => 0);
    expect(limiter.take('key', 'a')).toMatchObject({ allowed: true });
    expect(limiter.take('key', 'a').allowed).toBe(false);
    expect(limiter.take('key', 'b')).toMatchObject({ allowed: true });
    for (let i = 0; i < 100; i++) expect(limiter.take('address', 'a')).toMatchObject({ allowed: true });
  });

  it('forgets the subject seen least recently past its bound, so one-off subjects do not grow memory', () => {
    const limiter = tokenBucketLimiter({ address: { capacity: 1, periodSeconds: 60 } }, () => 0, 3);
    for (const address of ['a', 'b', 'c', 'a', 'd']) limiter.take('address', address);
    // b was seen least recently: forgotten, it starts from a full bucket; a, c and d are still empty.
    expect(limiter.take('address', 'b')).toMatchObject({ allowed: true });
    expect(limiter.take('address', 'd')).toMatchObject({ allowed: false });
    expect(limiter.take('address', 'a')).toMatchObject({ allowed: false });
  });

  it('takes a cost of several tokens all or none, and names the capacity when no wait would do', () => {
    let now = 0;
    const limiter = tokenBucketLimiter({ strict: { capacity: 10, periodSeconds: 60 } }, () => now);
    expect(limiter.take('strict', 'k', 7)).toMatchObject({ allowed: true });
    // 3 left; 5 needed: 2 tokens missing at 6 s each. A refusal takes nothing.
    expect(limiter.take('strict', 'k', 5)).toMatchObject({ allowed: false, retryAfterSeconds: 12 });
    expect(limiter.take('strict', 'k', 3)).toMatchObject({ allowed: true });
    expect(limiter.take('strict', 'k', 11)).toMatchObject({ allowed: false, capacity: 10 });
    now = 60_000;
    expect(limiter.take('strict', 'k', 10)).toMatchObject({ allowed: true });
  });

  it('tells the state of the bucket: whole tokens left, whole seconds until it is full again', () => {
    let now = 0;
    const limiter = tokenBucketLimiter({ key: { capacity: 3, periodSeconds: 6 } }, () => now);
    const quota = (remaining: number, resetSeconds: number) => ({
      quota: { limit: 3, windowSeconds: 6, remaining, resetSeconds },
    });
    expect(limiter.take('key', 'k')).toMatchObject({ allowed: true, ...quota(2, 2) });
    expect(limiter.take('key', 'k')).toMatchObject(quota(1, 4));
    expect(limiter.take('key', 'k')).toMatchObject(quota(0, 6));
    expect(limiter.take('key', 'k')).toMatchObject({ allowed: false, ...quota(0, 6) });
    now = 3_000;
    // 1.5 tokens back: one whole left after this take, full in 5 s.
    expect(limiter.take('key', 'k')).toMatchObject(quota(0, 5));
  });
});
