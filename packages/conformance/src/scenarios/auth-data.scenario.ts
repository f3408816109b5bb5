import { base64url, createAuthData, encodeAuthDataPayload, signAuthDataPayload } from '@wsadmin/sdk';
import { scenarioClient } from '../client';
import type { ScenarioTarget } from '../scenario-target';
import { describe, expect, it } from '../test-api';

const DAY_SECONDS = 86_400;

/** `payloadB64.signatureB64` with a valid signature over whatever payload text is given. */
async function signed(payloadB64: string, key: string): Promise<string> {
  return `${payloadB64}.${await signAuthDataPayload(payloadB64, key)}`;
}

const encodeText = (text: string) => base64url(new TextEncoder().encode(text));
const encodeClaims = (claims: object) => encodeText(JSON.stringify(claims));
const validTimes = (nowMs: number) => ({ iat: Math.floor(nowMs / 1000), exp: Math.floor(nowMs / 1000) + 60 });

function decodePayload(payloadB64: string): { v: 1; uid: string; iat: number; exp: number } {
  const binary = atob(payloadB64.replaceAll('-', '+').replaceAll('_', '/'));
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0))));
}

/** The payload part of valid login data. */
async function payloadOf(key: string, accountUid: string, now: number): Promise<string> {
  return (await createAuthData({ key, accountUid, now })).split('.')[0] ?? '';
}

/** Replaces the first character of `text` with another base64url character. */
const flipFirst = (text: string) => `${text.startsWith('A') ? 'B' : 'A'}${text.slice(1)}`;

export function authDataScenarios(target: () => ScenarioTarget) {
  const api = scenarioClient(target);

  /** The server's answer for `authData`, checked with `key` (default: the target's key). */
  const check = (authData: string, key?: string) =>
    api.ok('checkAuthData', { body: { authData }, ...(key === undefined ? {} : { key }) });

  const serverNowMs = async () => (await target().advanceClock(0)).getTime();

  /** Login data made by the SDK, timed by the server clock (moved by other scenarios). */
  async function loginData(
    accountUid: string,
    options: { key?: string; ttlSeconds?: number; skewSeconds?: number } = {},
  ): Promise<string> {
    return createAuthData({
      key: options.key ?? target().key,
      accountUid,
      now: (await serverNowMs()) + (options.skewSeconds ?? 0) * 1000,
      ...(options.ttlSeconds === undefined ? {} : { ttlSeconds: options.ttlSeconds }),
    });
  }

  const newAccount = async () => (await api.ok('createAccount', { body: {} })).uid;

  describe('login data (check-auth-data)', () => {
    it('is true for data the SDK made for an active account', async () => {
      const uid = await newAccount();
      expect(await check(await loginData(uid))).toBe(true);
    });

    it('is false once the payload is changed, even to another active account', async () => {
      const [uid, other] = [await newAccount(), await newAccount()];
      const valid = await loginData(uid);
      const [payload = '', signature = ''] = valid.split('.');
      const claims = decodePayload(payload);
      expect(claims).toMatchObject({ v: 1, uid });
      const forgedUid = `${encodeAuthDataPayload({ ...claims, uid: other })}.${signature}`;
      const forgedExp = `${encodeAuthDataPayload({ ...claims, exp: claims.exp + 60 })}.${signature}`;
      expect(await check(forgedUid)).toBe(false);
      expect(await check(forgedExp)).toBe(false);
      expect(await check(valid)).toBe(true);
    });

    it('is false when the signature is changed', async () => {
      const [payload = '', signature = ''] = (await loginData(await newAccount())).split('.');
      expect(await check(`${payload}.${flipFirst(signature)}`)).toBe(false);
      expect(await check(`${payload}.${signature.slice(0, -1)}`)).toBe(false);
      expect(await check(`${payload}.${signature}A`)).toBe(false);
    });

    it('is false when signed with another key, true when checked with that key', async () => {
      const uid = await newAccount();
      const otherKey = await target().createKey({ name: 'other auth key', permissions: ['auth'] });
      const data = await loginData(uid, { key: otherKey });
      expect(await check(data)).toBe(false);
      expect(await check(data, otherKey)).toBe(true);
      expect(await check(await loginData(uid), otherKey)).toBe(false);
    });

    it('is false after it expires', async () => {
      const data = await loginData(await newAccount(), { ttlSeconds: 60 });
      expect(await check(data)).toBe(true);
      await target().advanceClock(61);
      expect(await check(data)).toBe(false);
    });

    it('is false when issued in the future, beyond a minute of clock skew', async () => {
      const uid = await newAccount();
      expect(await check(await loginData(uid, { skewSeconds: 3600 }))).toBe(false);
      expect(await check(await loginData(uid, { skewSeconds: 120 }))).toBe(false);
      expect(await check(await loginData(uid, { skewSeconds: 30 }))).toBe(true);
    });

    it('is false when it claims to live longer than a day', async () => {
      const uid = await newAccount();
      expect(await check(await loginData(uid, { ttlSeconds: DAY_SECONDS + 1 }))).toBe(false);
      expect(await check(await loginData(uid, { ttlSeconds: DAY_SECONDS }))).toBe(true);
    });

    it.each<[string, (key: string, uid: string, now: number) => Promise<string>]>([
      ['no dot', async () => 'eyJ2IjoxfQ'],
      [
        'three parts',
        async (key, uid, now) => `${await createAuthData({ key, accountUid: uid, now })}.extra`,
      ],
      ['an empty signature', async (key, uid, now) => `${await payloadOf(key, uid, now)}.`],
      ['only a dot', async () => '.'],
      ['a payload that is not base64url', (key) => signed('not*base64!', key)],
      ['a payload that is not JSON', (key) => signed(encodeText('{"v":1,"uid":'), key)],
      ['JSON that is not an object', (key) => signed(encodeText('[1,2,3]'), key)],
      ['another version', (key, uid, now) => signed(encodeClaims({ v: 2, uid, ...validTimes(now) }), key)],
      ['no uid', (key, _uid, now) => signed(encodeClaims({ v: 1, ...validTimes(now) }), key)],
      [
        'times that are not numbers',
        (key, uid) => signed(encodeClaims({ v: 1, uid, iat: 'now', exp: 'later' }), key),
      ],
      ['non-ASCII text', async () => '\u2603.\u2603'],
    ])('is false, not an error, for %s', async (_name, make) => {
      const uid = await newAccount();
      expect(await check(await make(target().key, uid, await serverNowMs()))).toBe(false);
    });

    it('is false for a disabled account, and true again once it is enabled', async () => {
      const uid = await newAccount();
      const data = await loginData(uid);
      await api.ok('updateAccount', { params: { account_uid: uid }, body: { status: 0 } });
      expect(await check(data)).toBe(false);
      await api.ok('updateAccount', { params: { account_uid: uid }, body: { status: 1 } });
      expect(await check(data)).toBe(true);
    });

    it('is false for an unknown or deleted account', async () => {
      expect(await check(await loginData(crypto.randomUUID()))).toBe(false);
      const uid = await newAccount();
      const data = await loginData(uid);
      await api.ok('deleteAccount', { params: { account_uid: uid } });
      expect(await check(data)).toBe(false);
    });

    it('needs the "auth" feature permission', async () => {
      const uid = await newAccount();
      const accountsOnly = await target().createKey({ name: 'accounts only', permissions: ['account'] });
      const data = await loginData(uid, { key: accountsOnly });
      const answer = await api.fails('checkAuthData', 403, { key: accountsOnly, body: { authData: data } });
      expect(answer.errmsg).toContain('"auth"');
      const authOnly = await target().createKey({ name: 'auth only', permissions: ['auth'] });
      expect(await check(await loginData(uid, { key: authOnly }), authOnly)).toBe(true);
    });

    it.each<[string, unknown, string]>([
      ['an empty string', { authData: '' }, 'body.authData'],
      ['no authData', {}, 'body.authData'],
      ['a number', { authData: 42 }, 'body.authData'],
      ['an unknown field', { authData: 'a.b', uid: 'x' }, 'uid'],
    ])('refuses %s with 400 naming the field', async (_name, body, field) => {
      expect((await api.fails('checkAuthData', 400, { body })).errmsg).toContain(field);
    });
  });
}
