import { describe, expect, it } from 'vitest';
import {
  AUTH_DATA_KEY_CONTEXT,
  base64url,
  createAuthData,
  encodeAuthDataPayload,
  signAuthDataPayload,
} from './auth-data';
import { ConfigurationError } from './errors';

const KEY = 'wsk_live_3c1d9a0b7e';
const UID = '3f1c2a4e-8b7d-4c9a-9e2f-1a2b3c4d5e6f';
const NOW = Date.parse('2026-03-01T12:00:00.750Z');

/** Independent decoding, with Node's Buffer rather than the SDK's helpers. */
const decode = (b64url: string) => Buffer.from(b64url, 'base64url');

/** Verifies the signature with WebCrypto, deriving the key as the format says. */
async function verify(authData: string, key: string): Promise<boolean> {
  const [payload = '', signature = ''] = authData.split('.');
  const secret = await crypto.subtle.digest(
    'SHA-256',
    new TextEncoder().encode(`wsadmin/auth-data/v1:${key}`),
  );
  const hmac = await crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'verify',
  ]);
  return crypto.subtle.verify('HMAC', hmac, decode(signature), new TextEncoder().encode(payload));
}

describe('createAuthData', () => {
  it('is payloadB64.signatureB64 in base64url without padding', async () => {
    const authData = await createAuthData({ key: KEY, accountUid: UID, now: NOW });
    expect(authData).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
  });

  it('carries {"v":1,"uid","iat","exp"} in that key order, times in Unix seconds, ttl 300 by default', async () => {
    const authData = await createAuthData({ key: KEY, accountUid: UID, now: NOW });
    const json = decode(authData.split('.')[0] ?? '').toString('utf8');
    const iat = Math.floor(NOW / 1000);
    expect(json).toBe(`{"v":1,"uid":"${UID}","iat":${iat},"exp":${iat + 300}}`);
  });

  it('honours ttlSeconds and defaults now to the current time', async () => {
    const before = Math.floor(Date.now() / 1000);
    const authData = await createAuthData({ key: KEY, accountUid: UID, ttlSeconds: 60 });
    const payload = JSON.parse(decode(authData.split('.')[0] ?? '').toString('utf8'));
    expect(payload.iat).toBeGreaterThanOrEqual(before);
    expect(payload.iat).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    expect(payload.exp - payload.iat).toBe(60);
  });

  it('is signed with HMAC-SHA256 under SHA-256("wsadmin/auth-data/v1:" + key)', async () => {
    const authData = await createAuthData({ key: KEY, accountUid: UID, now: NOW });
    expect(await verify(authData, KEY)).toBe(true);
    expect(await verify(authData, `${KEY}x`)).toBe(false);
    const [payload, signature] = authData.split('.');
    const tampered = `${base64url(new TextEncoder().encode(`{"v":1,"uid":"${UID}","iat":0,"exp":9999999999}`))}.${signature}`;
    expect(await verify(tampered, KEY)).toBe(false);
    expect(payload).toBeDefined();
  });

  it('matches the fixed vector (computed with node:crypto; the same vector holds for the server)', async () => {
    const vector =
      'eyJ2IjoxLCJ1aWQiOiIzZjFjMmE0ZS04YjdkLTRjOWEtOWUyZi0xYTJiM2M0ZDVlNmYiLCJpYXQiOjE3NzIzNjY0MDAsImV4cCI6MTc3MjM2NjcwMH0' +
      '.uusFOu7Ndd4kY7GTsB8fD0s0zRyvUUqHyU27Fdcfw5M';
    expect(await createAuthData({ key: KEY, accountUid: UID, now: 1772366400_000 })).toBe(vector);
    expect(await createAuthData({ key: KEY, accountUid: UID, now: 1772366400_999 })).toBe(vector);
  });

  it('exports the pieces: the key context, the payload encoder and the signer', async () => {
    expect(AUTH_DATA_KEY_CONTEXT).toBe('wsadmin/auth-data/v1:');
    const payload = encodeAuthDataPayload({ v: 1, uid: 'u', iat: 1, exp: 2 });
    expect(decode(payload).toString()).toBe('{"v":1,"uid":"u","iat":1,"exp":2}');
    const signature = await signAuthDataPayload(payload, KEY);
    expect(await verify(`${payload}.${signature}`, KEY)).toBe(true);
  });

  it.each([
    [[0xfb, 0xff, 0xfe], '-__-'],
    [[0xff], '_w'],
    [[0xff, 0xfe], '__4'],
    [[], ''],
  ])('base64url(%j) = %j (URL alphabet, no padding)', (bytes, expected) => {
    expect(base64url(new Uint8Array(bytes))).toBe(expected);
  });

  it('encodes non-ASCII uids as UTF-8', async () => {
    const payload = encodeAuthDataPayload({ v: 1, uid: 'ünï', iat: 1, exp: 2 });
    expect(decode(payload).toString('utf8')).toBe('{"v":1,"uid":"ünï","iat":1,"exp":2}');
  });

  it.each([
    ['no key', { key: '', accountUid: UID }],
    ['no account uid', { key: KEY, accountUid: '' }],
    ['a zero ttl', { key: KEY, accountUid: UID, ttlSeconds: 0 }],
    ['a fractional ttl', { key: KEY, accountUid: UID, ttlSeconds: 1.5 }],
  ])('rejects %s with ConfigurationError', async (_, options) => {
    await expect(createAuthData(options)).rejects.toBeInstanceOf(ConfigurationError);
  });
});
