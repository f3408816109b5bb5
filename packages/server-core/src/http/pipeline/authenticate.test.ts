import { operations } from '@wsadmin/contract';
import { Context } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey, hashSecret, revokeKey } from '../../auth/keys';
import { tokenBucketLimiter } from '../../rate-limit/token-bucket';
import { openMemoryStorage } from '../../storage/memory';
import type { Storage } from '../../storage/storage';
import type { AppEnv } from '../app-env';
import { authenticatorOf } from './authenticate';

const NOW = new Date('2026-01-01T00:00:00Z');
let storage: Storage;
/** A key that may do anything, one with the `account` permission alone, one revoked, one expired at NOW. */
const keys = {} as Record<'any' | 'accounts' | 'revoked' | 'expired', { id: string; secret: string }>;

beforeAll(async () => {
  storage = await openMemoryStorage({ now: () => NOW });
  keys.any = await createKey(storage.db, NOW, { name: 'any' });
  keys.accounts = await createKey(storage.db, NOW, { name: 'accounts', permissions: ['account'] });
  keys.revoked = await createKey(storage.db, NOW, { name: 'revoked' });
  await revokeKey(storage.db, keys.revoked.id, NOW);
  keys.expired = await createKey(storage.db, NOW, { name: 'expired', expiresAt: NOW.toISOString() });
});
afterAll(() => storage.close());

/** A request's context as the app's outermost middleware leaves it: empty facts set. */
function requestContext(): Context<AppEnv> {
  const c = new Context<AppEnv>(new Request('http://wsadmin.test/openapi/v1/workspaces/'));
  c.set('facts', {});
  return c;
}

const perMinute = (capacity: number) => ({ capacity, periodSeconds: 60 });
const listWorkspaces = authenticatorOf(operations.listWorkspaces, undefined);

describe('authenticatorOf', () => {
  it('finds the key of the Authorization header and makes it the request’s', async () => {
    const c = requestContext();
    const key = await listWorkspaces(c, storage, `Bearer ${keys.any.secret}`, undefined, NOW);
    expect(key.id).toBe(keys.any.id);
    expect(c.get('facts').keyId).toBe(keys.any.id);
  });

  it('looks the key up by the hash the cached-answer step made, without the header', async () => {
    const c = requestContext();
    const hash = await hashSecret(keys.any.secret);
    const key = await listWorkspaces(c, storage, undefined, hash, NOW);
    expect(key.id).toBe(keys.any.id);
  });

  it.each([
    ['no Authorization header', undefined, /^missing Authorization header/],
    ['an unknown key', 'Bearer not-a-key', /^unknown access key$/],
  ])('refuses %s with 401, naming no key', async (_case, authorization, message) => {
    const c = requestContext();
    await expect(listWorkspaces(c, storage, authorization, undefined, NOW)).rejects.toMatchObject({
      errcode: 401,
      message: expect.stringMatching(message),
    });
    expect(c.get('facts').keyId).toBeUndefined();
  });

  it('refuses a revoked key and one expired by `now` with 401', async () => {
    const revoked = listWorkspaces(
      requestContext(),
      storage,
      `Bearer ${keys.revoked.secret}`,
      undefined,
      NOW,
    );
    await expect(revoked).rejects.toMatchObject({ errcode: 401, message: 'the access key has been revoked' });
    const expired = listWorkspaces(
      requestContext(),
      storage,
      `Bearer ${keys.expired.secret}`,
      undefined,
      NOW,
    );
    await expect(expired).rejects.toMatchObject({
      errcode: 401,
      message: `the access key expired at ${NOW.toISOString()}`,
    });
  });

  it('refuses a key without the operation’s permission with 403, the key still the request’s', async () => {
    const c = requestContext();
    const refused = listWorkspaces(c, storage, `Bearer ${keys.accounts.secret}`, undefined, NOW);
    await expect(refused).rejects.toMatchObject({
      errcode: 403,
      message: 'the access key lacks the "workspace" feature permission',
    });
    expect(c.get('facts').keyId).toBe(keys.accounts.id);
    const listAccounts = authenticatorOf(operations.listAccounts, undefined);
    const allowed = await listAccounts(
      requestContext(),
      storage,
      `Bearer ${keys.accounts.secret}`,
      undefined,
      NOW,
    );
    expect(allowed.id).toBe(keys.accounts.id);
  });

  it('charges the key bucket before the permission check: a refused key is limited too', async () => {
    const limited = authenticatorOf(
      operations.listWorkspaces,
      tokenBucketLimiter({ key: perMinute(1) }, () => 0),
    );
    const authorization = `Bearer ${keys.accounts.secret}`;
    const first = requestContext();
    await expect(limited(first, storage, authorization, undefined, NOW)).rejects.toMatchObject({
      errcode: 403,
    });
    expect(first.get('facts').quotas?.key).toBeDefined();
    const second = requestContext();
    await expect(limited(second, storage, authorization, undefined, NOW)).rejects.toMatchObject({
      errcode: 429,
    });
    expect(second.get('facts')).toMatchObject({ keyId: keys.accounts.id, rateLimited: 'key' });
  });
});
