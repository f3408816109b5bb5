import { ConfigurationError } from './errors';

/**
 * The login string `POST /openapi/v1/auth/check-auth-data/` validates (docs/decisions/0002-sdk.md):
 *
 *     authData     = payloadB64 + "." + signatureB64
 *     payloadB64   = base64url(UTF-8 JSON {"v":1,"uid":…,"iat":…,"exp":…})   (no padding, keys in that order)
 *     signatureB64 = base64url(HMAC-SHA256(key = SHA-256("wsadmin/auth-data/v1:" + accessKey), payloadB64))
 *
 * Only Web APIs are used (TextEncoder, btoa, crypto.subtle), so it runs in browsers and Node alike.
 */

/** Prefix hashed with the access key to derive the HMAC key. */
export const AUTH_DATA_KEY_CONTEXT = 'wsadmin/auth-data/v1:';
/** Default lifetime of a login string. */
export const AUTH_DATA_TTL_SECONDS = 300;

/** The signed content of a login string; times are Unix seconds. */
export interface AuthDataPayload {
  v: 1;
  uid: string;
  iat: number;
  exp: number;
}

export interface CreateAuthDataOptions {
  /** The access key secret the caller uses (the same key the server knows). */
  key: string;
  /** The account the login string is for. */
  accountUid: string;
  /** Lifetime in seconds. Default 300. */
  ttlSeconds?: number;
  /** Current time in milliseconds. Default `Date.now()`. */
  now?: number;
}

const utf8 = new TextEncoder();

/**
 * base64url without padding.
 *
 * @example
 * base64url(new Uint8Array([0xfb, 0xff])); // '-_8'
 */
export function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * `payloadB64`: base64url of the payload's JSON, keys in the order v, uid, iat, exp.
 *
 * @example
 * const payloadB64 = encodeAuthDataPayload({ v: 1, uid: account.uid, iat: 1772366400, exp: 1772366700 });
 */
export function encodeAuthDataPayload({ uid, iat, exp }: AuthDataPayload): string {
  return base64url(utf8.encode(JSON.stringify({ v: 1, uid, iat, exp })));
}

/**
 * `signatureB64` of a `payloadB64` under an access key.
 *
 * @example
 * const authData = `${payloadB64}.${await signAuthDataPayload(payloadB64, key)}`;
 */
export async function signAuthDataPayload(payloadB64: string, key: string): Promise<string> {
  const secret = await crypto.subtle.digest('SHA-256', utf8.encode(AUTH_DATA_KEY_CONTEXT + key));
  const hmac = await crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  return base64url(new Uint8Array(await crypto.subtle.sign('HMAC', hmac, utf8.encode(payloadB64))));
}

/**
 * Produces a login string for an account, valid `ttlSeconds` from `now`.
 *
 * @example
 * const authData = await createAuthData({ key: process.env.WSADMIN_KEY ?? '', accountUid: account.uid });
 * await client.auth.check(authData); // true
 */
export async function createAuthData({
  key,
  accountUid,
  ttlSeconds = AUTH_DATA_TTL_SECONDS,
  now = Date.now(),
}: CreateAuthDataOptions): Promise<string> {
  if (!key) throw new ConfigurationError('createAuthData: key is required');
  if (!accountUid) throw new ConfigurationError('createAuthData: accountUid is required');
  if (!Number.isInteger(ttlSeconds) || ttlSeconds <= 0) {
    throw new ConfigurationError('createAuthData: ttlSeconds must be a positive integer');
  }
  const iat = Math.floor(now / 1000);
  const payload = encodeAuthDataPayload({ v: 1, uid: accountUid, iat, exp: iat + ttlSeconds });
  return `${payload}.${await signAuthDataPayload(payload, key)}`;
}
