/** Web Crypto helpers, so the same code runs in Node and in the browser (mock). */

const encoder = new TextEncoder();

/**
 * Node's own hash where the runtime has one (found at run time, so this file still imports nothing
 * from Node): it is synchronous and about eight times cheaper than a Web Crypto digest, which is
 * queued as a job. Every request hashes its key, and a commit hashes several times (npm run bench).
 */
type NodeCrypto = {
  createHash(algorithm: 'sha256'): { update(text: string): { digest(encoding: 'hex'): string } };
  /** One-shot, without a Hash object: Node 20.12 and later. */
  hash?(algorithm: 'sha256', text: string, encoding: 'hex'): string;
};
const nodeCrypto = (
  globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }
).process?.getBuiltinModule?.('node:crypto') as NodeCrypto | undefined;

/** The digest at once where the runtime hashes synchronously (Node); undefined elsewhere (browsers). */
export function sha256HexNow(text: string): string | undefined {
  if (nodeCrypto?.hash) return nodeCrypto.hash('sha256', text, 'hex');
  return nodeCrypto?.createHash('sha256').update(text).digest('hex');
}

export async function sha256Hex(text: string): Promise<string> {
  const now = sha256HexNow(text);
  if (now !== undefined) return now;
  const digest = await crypto.subtle.digest('SHA-256', encoder.encode(text));
  return toHex(new Uint8Array(digest));
}

export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function fromHex(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/**
 * Compares two strings in time that depends only on their length. UTF-16 code units are compared
 * as they are (no encoding step: every request compares its key hash).
 */
export function constantTimeEqual(a: string, b: string): boolean {
  let difference = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    // charCodeAt past the end is NaN, which `|` reads as 0.
    difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  }
  return difference === 0;
}

/** A random secret of `bytes` bytes, base64url without padding. */
export function randomSecret(bytes = 32): string {
  const raw = crypto.getRandomValues(new Uint8Array(bytes));
  return base64url(raw);
}

export function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

export function fromBase64url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  const padded = text.replaceAll('-', '+').replaceAll('_', '/') + '='.repeat((4 - (text.length % 4)) % 4);
  try {
    return Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
  } catch {
    return undefined;
  }
}
