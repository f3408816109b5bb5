import { z } from 'zod';
import { base64url, constantTimeEqual, fromBase64url, fromHex } from './digest';

/**
 * Login data ("authData", spec: how it is produced is not shown): `<payload>.<signature>`, where
 * payload is base64url JSON `{"v":1,"uid","iat","exp"}` and signature is base64url
 * HMAC-SHA256(payload) keyed with SHA-256("wsadmin/auth-data/v1:" + access key). The SDK's
 * `createAuthData` makes it. Tokens live at most one day; 60 s of clock skew is tolerated.
 */
const Payload = z.object({
  v: z.literal(1),
  // Lower case, as stored: login data made with an upper-case uid names the same account.
  uid: z.string().min(1).max(64).toLowerCase(),
  iat: z.number().int(),
  exp: z.number().int(),
});

const MAX_LIFETIME_SECONDS = 86_400;
const SKEW_SECONDS = 60;

async function sign(payload: string, keyHex: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    fromHex(keyHex),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const signature = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(payload));
  return base64url(new Uint8Array(signature));
}

/** The account uid the login data vouches for, or undefined when it is malformed, forged or expired. */
export async function verifyAuthData(
  authData: string,
  keyHex: string,
  now: Date,
): Promise<string | undefined> {
  const parts = authData.split('.');
  if (parts.length !== 2) return undefined;
  const [payloadPart = '', signaturePart = ''] = parts;
  if (!constantTimeEqual(await sign(payloadPart, keyHex), signaturePart)) return undefined;
  const bytes = fromBase64url(payloadPart);
  if (!bytes) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return undefined;
  }
  const payload = Payload.safeParse(json);
  if (!payload.success) return undefined;
  const { uid, iat, exp } = payload.data;
  const seconds = Math.floor(now.getTime() / 1000);
  if (iat > seconds + SKEW_SECONDS || exp <= seconds || exp - iat > MAX_LIFETIME_SECONDS) return undefined;
  return uid;
}
