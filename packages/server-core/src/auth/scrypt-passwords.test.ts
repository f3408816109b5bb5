import { describe, expect, it } from 'vitest';
import { RequestAbandonedError } from '../errors';
import type { PasswordHasher } from './passwords';
import { boundedPasswords } from './scrypt-passwords';

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

  it('drops the waiting hashes of an aborted request, never starting them, and keeps the line moving', async () => {
    const started: string[] = [];
    const releases: Array<() => void> = [];
    const inner: PasswordHasher = {
      hash: (password) => {
        started.push(password);
        return new Promise((done) => releases.push(() => done(`h:${password}`)));
      },
      verify: async () => true,
    };
    const bounded = boundedPasswords(inner, 1);
    const gone = new AbortController();
    const running = bounded.hash('running', gone.signal);
    const dropped = [bounded.hash('queued-1', gone.signal), bounded.hash('queued-2', gone.signal)];
    const other = bounded.hash('other request');
    gone.abort('client closed');
    for (const each of dropped) await expect(each).rejects.toBeInstanceOf(RequestAbandonedError);
    await expect(bounded.hash('late', gone.signal)).rejects.toBeInstanceOf(RequestAbandonedError);
    // The hash already running cannot be stopped; it finishes, then the next live one starts.
    releases.shift()?.();
    await expect(running).resolves.toBe('h:running');
    await new Promise((wake) => setTimeout(wake, 0));
    releases.shift()?.();
    await expect(other).resolves.toBe('h:other request');
    expect(started).toEqual(['running', 'other request']);
  });
});
