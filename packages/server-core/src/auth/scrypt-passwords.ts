import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { RequestAbandonedError } from '../errors';
import { Semaphore } from '../semaphore';
import type { PasswordHasher } from './passwords';

const LOG2_N = 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
// 128 * N * r bytes = 128 MiB for N = 2^17; leave headroom.
const MAX_MEMORY = 256 * 1024 * 1024;

function scrypt(password: string, salt: Buffer, log2n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(password, salt, KEY_LENGTH, { N: 2 ** log2n, r, p, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** scrypt with N = 2^17, r = 8, p = 1; stored as `scrypt$<log2 N>$<r>$<p>$<salt>$<hash>` (base64). */
export const scryptPasswords: PasswordHasher = {
  async hash(password) {
    const salt = randomBytes(16);
    const key = await scrypt(password, salt, LOG2_N, R, P);
    return ['scrypt', LOG2_N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
  },
  async verify(password, stored) {
    const [scheme, log2n, r, p, salt, hash] = stored.split('$');
    if (scheme !== 'scrypt' || !salt || !hash) return false;
    const expected = Buffer.from(hash, 'base64');
    const actual = await scrypt(password, Buffer.from(salt, 'base64'), Number(log2n), Number(r), Number(p));
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  },
};

/**
 * At most `limit` hashes or checks at once; the rest wait their turn in order. scrypt runs on
 * libuv's thread pool (4 threads by default), which also runs Web Crypto digests — the SHA-256 of
 * every request's access key. Fifty concurrent account batches would otherwise queue hundreds of
 * 100 ms scrypt jobs ahead of those digests and stall every request; with two pool threads left
 * free a `GET /scopes/` stays fast, and memory stays at `limit` × 128 MiB. A hash still waiting
 * when its request's `signal` aborts leaves the line: only the `limit` running ones finish.
 */
export function boundedPasswords(hasher: PasswordHasher, limit: number): PasswordHasher {
  const slots = new Semaphore(limit);
  async function turn<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    try {
      await slots.acquire(signal);
    } catch {
      throw new RequestAbandonedError();
    }
    try {
      return await work();
    } finally {
      slots.release();
    }
  }
  return {
    hash: (password, signal) => turn(() => hasher.hash(password), signal),
    verify: (password, stored) => turn(() => hasher.verify(password, stored)),
  };
}

/** Default concurrent password hashes per process: half of libuv's pool, at least 1. */
export const PASSWORD_CONCURRENCY = Math.max(
  1,
  Math.floor(Number(globalThis.process?.env.UV_THREADPOOL_SIZE || 4) / 2),
);
