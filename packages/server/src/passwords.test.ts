import type { PasswordHasher } from '@wsadmin/server-core';
import { describe, expect, it } from 'vitest';
import { boundedPasswords } from './passwords';

describe('boundedPasswords', () => {
  it('runs at most the limit of hashes and checks at once, and finishes every one', async () => {
    let running = 0;
    let highest = 0;
    const slow = async <T>(value: T): Promise<T> => {
      running++;
      highest = Math.max(highest, running);
      await new Promise((wake) => setTimeout(wake, 5));
      running--;
      return value;
    };
    const inner: PasswordHasher = {
      hash: (password) => slow(`h:${password}`),
      verify: (password, stored) => slow(stored === `h:${password}`),
    };
    const bounded = boundedPasswords(inner, 2);
    const hashes = await Promise.all(Array.from({ length: 12 }, (_, i) => bounded.hash(`p${i}`)));
    const checks = await Promise.all(hashes.map((hash, i) => bounded.verify(`p${i}`, hash)));
    expect(hashes).toEqual(Array.from({ length: 12 }, (_, i) => `h:p${i}`));
    expect(checks.every(Boolean)).toBe(true);
    expect(highest).toBe(2);
    expect(running).toBe(0);
  });

  it('frees the slot of a hash that failed', async () => {
    const failing: PasswordHasher = {
      hash: () => Promise.reject(new Error('out of memory')),
      verify: async () => true,
    };
    const bounded = boundedPasswords(failing, 1);
    await expect(bounded.hash('a')).rejects.toThrow('out of memory');
    await expect(bounded.verify('a', 'b')).resolves.toBe(true);
  });
});
