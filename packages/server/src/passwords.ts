import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import type { PasswordHasher } from '@wsadmin/server-core';

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
