import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { createKey } from '../auth/keys';
import type { PasswordHasher } from '../auth/passwords';
import { AdjustableClock } from '../clock';
import { tokenBucketLimiter } from '../rate-limit/token-bucket';
import { openMemoryStorage } from '../storage/memory';
import type { Storage } from '../storage/storage';
import type { RequestReport } from './request-report';

const BASE = 'http://wsadmin.test';
const clock = new AdjustableClock();
let storage: Storage;
let secret: string;
const reports: RequestReport[] = [];
const errors: unknown[] = [];

beforeAll(async () => {
  storage = await openMemoryStorage({ now: () => clock.now() });
  secret = (await createKey(storage.db, clock.now(), { name: 'password work' })).secret;
});
afterAll(() => storage.close());

/** A hasher that counts its hashes and, when `gate` is set, holds each until it is opened. */
function countingHasher() {
  const state = { hashed: 0, gate: undefined as Promise<void> | undefined, started: () => {} };
  const hasher: PasswordHasher = {
    async hash(password) {
      state.started();
      await state.gate;
      state.hashed++;
      return `plain$${password}`;
    },
    verify: async (password, hash) => hash === `plain$${password}`,
  };
  return { state, hasher };
}

function appWith(passwords: PasswordHasher, limits?: Parameters<typeof tokenBucketLimiter>[0]) {
  return createApp({
    storage,
    clock,
    passwords,
    onRequestDone: (report) => reports.push(report),
    onError: (error) => errors.push(error),
    ...(limits ? { rateLimiter: tokenBucketLimiter(limits, () => 0) } : {}),
  });
}

const batch = (prefix: string, size: number, withPasswords = true) =>
  JSON.stringify({
    accounts: Array.from({ length: size }, (_, i) => ({
      username: `${prefix}-${i}`,
      ...(withPasswords ? { password: `Secret-pass-${i}` } : {}),
    })),
  });

async function accountsNamed(app: ReturnType<typeof appWith>, prefix: string): Promise<unknown[]> {
  const answer = await app.request(`${BASE}/openapi/v1/accounts/?q=${prefix}`, {
    headers: { authorization: `Bearer ${secret}` },
  });
  return ((await answer.json()) as { data: unknown[] }).data;
}

describe('a request whose client has gone', () => {
  it('stops hashing at the next password, writes nothing, and is reported as 499, not as an error', async () => {
    const { state, hasher } = countingHasher();
    let open = () => {};
    state.gate = new Promise((resolve) => {
      open = resolve;
    });
    const firstHashStarted = new Promise<void>((resolve) => {
      state.started = resolve;
    });
    const app = appWith(hasher);
    const client = new AbortController();
    const answer = app.request(`${BASE}/openapi/v1/accounts/create-accounts/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: batch('gone', 20),
      signal: client.signal,
    });
    await firstHashStarted;
    client.abort();
    open();
    const response = await answer;
    expect(response.status).toBe(499);
    // The hash under way finishes (scrypt cannot be interrupted); none after it starts.
    expect(state.hashed).toBe(1);
    expect(await accountsNamed(app, 'gone')).toEqual([]);
    expect(reports.at(-2)).toMatchObject({ operationId: 'createAccounts', status: 499 });
    expect(errors).toEqual([]);
  });

  it('writes nothing when the client leaves while the batch waits, hashes done', async () => {
    const { hasher } = countingHasher();
    const app = appWith(hasher);
    const client = new AbortController();
    client.abort();
    const response = await app.request(`${BASE}/openapi/v1/accounts/create-accounts/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: batch('early', 3),
      signal: client.signal,
    });
    expect(response.status).toBe(499);
    expect(await accountsNamed(app, 'early')).toEqual([]);
  });
});

describe('the strict bucket charges one token per password hashed', () => {
  const send = (app: ReturnType<typeof appWith>, body: string) =>
    app.request(`${BASE}/openapi/v1/accounts/create-accounts/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body,
    });

  it.each([
    // Bucket of 5 tokens refilled at 5 a minute (12 s a token); every app starts with a full one.
    [
      '3 then 3 passwords: the second waits for the 1 token missing',
      {
        given: [batch('cost-a', 3), batch('cost-b', 3)],
        want: { status: [200, 429], retryAfter: '12', errmsg: /needs 3 password hashes; retry after 12 s/ },
      },
    ],
    [
      '5 then 1 password: the bucket is empty',
      {
        given: [batch('cost-c', 5), batch('cost-d', 1)],
        want: { status: [200, 429], retryAfter: '12', errmsg: /too many password checks and changes/ },
      },
    ],
    [
      'a batch without passwords costs one token',
      {
        given: [batch('cost-e', 4, false), batch('cost-f', 4)],
        want: { status: [200, 200], retryAfter: null, errmsg: /success/ },
      },
    ],
    [
      '6 passwords, more than the bucket holds: refused without Retry-After, naming the most',
      {
        given: [batch('cost-g', 6)],
        want: {
          status: [429],
          retryAfter: null,
          errmsg: /needs 6 password hashes .* at most 5 at once; send at most 5 passwords per request/,
        },
      },
    ],
  ])('%s', async (_name, { given, want }) => {
    const app = appWith(countingHasher().hasher, { strict: { capacity: 5, periodSeconds: 60 } });
    const answers: Response[] = [];
    for (const body of given) answers.push(await send(app, body));
    expect(answers.map((answer) => answer.status)).toEqual(want.status);
    const last = answers.at(-1) as Response;
    expect(last.headers.get('retry-after')).toBe(want.retryAfter);
    const envelope = (await last.json()) as { errcode: number; errmsg: string; data?: { reason: string } };
    expect(envelope.errmsg).toMatch(want.errmsg);
    if (last.status === 429) {
      expect(envelope).toMatchObject({ errcode: 429, data: { reason: 'rate_limited' } });
      expect(reports.at(-1)).toMatchObject({ status: 429, rateLimited: 'strict' });
      // A refused batch creates nothing.
      const refusedPrefix = /"username":"([a-z-]+)-0"/.exec(given.at(-1) ?? '')?.[1] ?? '';
      expect(await accountsNamed(app, refusedPrefix)).toEqual([]);
    }
  });
});
