import { base64url, constantTimeEqual, fromBase64url } from './digest';
import type { PasswordHasher } from './passwords';

/**
 * PBKDF2-SHA256 from Web Crypto, for runtimes without scrypt (the mock in a browser).
 * Stored as `pbkdf2$<iterations>$<salt>$<hash>` (base64url).
 */
export function pbkdf2Passwords(iterations = 100_000): PasswordHasher {
  async function derive(password: string, salt: Uint8Array<ArrayBuffer>, rounds: number): Promise<string> {
    const material = await crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(password),
      'PBKDF2',
      false,
      ['deriveBits'],
    );
    const bits = await crypto.subtle.deriveBits(
      { name: 'PBKDF2', hash: 'SHA-256', salt, iterations: rounds },
      material,
      256,
    );
    return base64url(new Uint8Array(bits));
  }
  return {
    async hash(password) {
      const salt = crypto.getRandomValues(new Uint8Array(16));
      return ['pbkdf2', iterations, base64url(salt), await derive(password, salt, iterations)].join('$');
    },
    async verify(password, stored) {
      const [scheme, rounds, salt, hash] = stored.split('$');
      const saltBytes = salt === undefined ? undefined : fromBase64url(salt);
      if (scheme !== 'pbkdf2' || !saltBytes || !hash) return false;
      return constantTimeEqual(await derive(password, new Uint8Array(saltBytes), Number(rounds)), hash);
    },
  };
}
