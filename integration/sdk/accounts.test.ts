import { type AuthDataPayload, createAuthData, encodeAuthDataPayload } from '@wsadmin/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { serverForTests } from './setup';

const server = serverForTests();

describe('accounts against the reference server', () => {
  it('creates an account with generated uid and username, and reads it back', async () => {
    const account = await server.client.accounts.create({ nickname: 'Alice', email: 'alice@example.com' });
    expect(account).toMatchObject({
      nickname: 'Alice',
      email: 'alice@example.com',
      phone: '',
      status: 1,
      role: 0,
    });
    expect(account.uid).toMatch(/^[0-9a-f-]{36}$/);
    expect(account.username).toMatch(/^user_[a-z0-9]{10}$/);
    expect(account).not.toHaveProperty('password');
    expect(await server.client.accounts.get(account.uid)).toEqual(account);
  });

  it('creates several accounts at once, all or nothing', async () => {
    const created = await server.client.accounts.createMany([
      { username: 'batch_one' },
      { username: 'batch_two' },
    ]);
    expect(created.map((a) => a.username)).toEqual(['batch_one', 'batch_two']);
    await expect(
      server.client.accounts.createMany([{ username: 'batch_three' }, { username: 'batch_one' }]),
    ).rejects.toMatchObject({ errcode: 409, issues: [{ path: 'body.accounts.1' }] });
    expect(await server.client.accounts.fetch('batch_three')).toBeNull();
  });

  it('updates one account (omitted fields kept) and several in a batch', async () => {
    const [a, b] = await server.client.accounts.createMany([
      { username: 'upd_a', desc: 'kept' },
      { username: 'upd_b' },
    ]);
    if (!a || !b) throw new Error('two accounts expected');
    const updated = await server.client.accounts.update(a.uid, { nickname: 'A', status: 0 });
    expect(updated).toEqual({ ...a, nickname: 'A', status: 0 });
    const batch = await server.client.accounts.updateMany([
      { uid: a.uid, status: 1 },
      { uid: b.uid, tier: 2, type: 1 },
    ]);
    expect(batch.map((x) => [x.uid, x.status, x.tier, x.type, x.desc])).toEqual([
      [a.uid, 1, 0, 0, 'kept'],
      [b.uid, 1, 2, 1, ''],
    ]);
    expect(await server.client.accounts.get(b.uid)).toMatchObject({ tier: 2, type: 1 });
  });

  it('lists accounts filtered by q over login name, nickname, phone and e-mail', async () => {
    const [byName, byMail, byPhone] = await server.client.accounts.createMany([
      { username: 'zebra_one' },
      { email: 'stripes@zebra.example' },
      { phone: '+49 555 0100', nickname: 'Zeb' },
      { username: 'lion' },
    ]);
    if (!byName || !byMail || !byPhone) throw new Error('four accounts expected');
    // Accounts created in one batch share their creation time, and then sort by uid.
    const uids = async (q: string) => (await server.client.accounts.list({ q })).map((a) => a.uid).sort();
    expect(await uids('ZEBRA')).toEqual([byName.uid, byMail.uid].sort());
    expect(await uids('555 01')).toEqual([byPhone.uid]);
    expect((await server.client.accounts.list()).length).toBeGreaterThanOrEqual(4);
  });

  describe('fetch', () => {
    let account: Awaited<ReturnType<typeof server.client.accounts.create>>;
    beforeAll(async () => {
      account = await server.client.accounts.create({
        username: 'fetch_me',
        phone: '+1 202 555 0199',
        email: 'fetch.me@example.com',
      });
    });

    it.each([
      ['login name', 'fetch_me'],
      ['phone', '+1 202 555 0199'],
      ['e-mail', 'fetch.me@example.com'],
    ])('finds an account by its %s', async (_, identifier) => {
      expect(await server.client.accounts.fetch(identifier)).toEqual(account);
    });
  });

  it('fetches null when nobody matches', async () => {
    expect(await server.client.accounts.fetch('nobody_has_this_name')).toBeNull();
  });

  it('deletes one account and several; deleted ones answer 404 and fetch null', async () => {
    const [a, b, c] = await server.client.accounts.createMany([
      { username: 'del_a' },
      { username: 'del_b' },
      { username: 'del_c' },
    ]);
    if (!a || !b || !c) throw new Error('three accounts expected');
    await expect(server.client.accounts.delete(a.uid)).resolves.toBeUndefined();
    await expect(server.client.accounts.deleteMany([b.uid, c.uid])).resolves.toBeUndefined();
    for (const gone of [a, b, c]) {
      await expect(server.client.accounts.get(gone.uid)).rejects.toMatchObject({ errcode: 404 });
      expect(await server.client.accounts.fetch(gone.username)).toBeNull();
    }
  });
});

describe('account workspaces (projects) against the reference server', () => {
  /** An account that is member of seven workspaces: owner of the 1st and 5th, admin of the 2nd, member of the rest. */
  async function accountWithWorkspaces() {
    const { client } = server;
    const account = await client.accounts.create({ email: `${crypto.randomUUID()}@example.com` });
    const workspaces = await client.workspaces.createMany(
      Array.from({ length: 7 }, (_, i) => ({ name: `Project ${i + 1}` })),
    );
    const roles = [1, 2, 3, 3, 1, 3, 3] as const;
    for (const [i, workspace] of workspaces.entries()) {
      await client.members(workspace.id).add({ uid: account.uid, role: roles[i] ?? 3 });
    }
    return { account, workspaces };
  }

  it('iterates every workspace with for await, one request per page of `limit`', async () => {
    const { account, workspaces } = await accountWithWorkspaces();
    const offsets: (string | null)[] = [];
    const client = server.clientWith({
      fetch: (request) => {
        const url = new URL(request.url);
        if (url.pathname.endsWith('/projects/')) offsets.push(url.searchParams.get('offset'));
        return fetch(request);
      },
    });
    const seen: number[] = [];
    for await (const workspace of client.accounts.projects(account.uid, { limit: 3 }))
      seen.push(workspace.id);
    expect(seen).toEqual(workspaces.map((w) => w.id));
    expect(offsets).toEqual(['0', '3', '6']); // 3 + 3 + 1: the short page ends the iteration
  });

  it('asks once more when the last page is exactly full, and stops at the empty page', async () => {
    const { account } = await accountWithWorkspaces();
    let requests = 0;
    const client = server.clientWith({
      fetch: (request) => {
        requests++;
        return fetch(request);
      },
    });
    const seen = [];
    for await (const workspace of client.accounts.projects(account.uid, { limit: 7 })) seen.push(workspace);
    expect(seen).toHaveLength(7);
    expect(requests).toBe(2);
  });

  it('filters by role, marks workspaces the account cannot edit as locked, and names the owner', async () => {
    const { account, workspaces } = await accountWithWorkspaces();
    const owned = [];
    for await (const workspace of server.client.accounts.projects(account.uid, { role: 1, limit: 1 })) {
      owned.push(workspace);
    }
    expect(owned.map((w) => w.id)).toEqual([workspaces[0]?.id, workspaces[4]?.id]);
    expect(owned.every((w) => !w.locked && w.owner?.uid === account.uid)).toBe(true);
    const page = await server.client.accounts.projects(account.uid).page({ offset: 1, limit: 3 });
    expect(page.map((w) => [w.name, w.locked])).toEqual([
      ['Project 2', false],
      ['Project 3', true],
      ['Project 4', true],
    ]);
  });
  it('pages in the safe style: page() resolves a result, iteration yields the items', async () => {
    const { account, workspaces } = await accountWithWorkspaces();
    const pager = server.client.safe.accounts.projects(account.uid, { limit: 4 });
    const page = await pager.page({ offset: 4 });
    expect(page.error).toBeUndefined();
    expect(page.data?.map((w) => w.id)).toEqual(workspaces.slice(4).map((w) => w.id));
    const seen = [];
    for await (const workspace of pager) seen.push(workspace.id);
    expect(seen).toEqual(workspaces.map((w) => w.id));
    const missing = await server.client.safe.accounts.projects(crypto.randomUUID()).page();
    expect(missing.error).toMatchObject({ errcode: 404, operationId: 'listAccountWorkspaces' });
  });
});

describe('login data against the reference server', () => {
  it('accepts login data made by createAuthData with the same key', async () => {
    const { uid } = await server.client.accounts.create({});
    const authData = await createAuthData({ key: server.key, accountUid: uid });
    expect(await server.client.auth.check(authData)).toBe(true);
  });

  const parts = (authData: string) => {
    const [payload = '', signature = ''] = authData.split('.');
    return { payload, signature };
  };

  it.each([
    [
      'a changed signature character',
      (data: string) => {
        const { payload, signature } = parts(data);
        return `${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
      },
    ],
    [
      'a payload for another account under the old signature',
      (data: string) => {
        const { payload, signature } = parts(data);
        const decoded = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as AuthDataPayload;
        return `${encodeAuthDataPayload({ ...decoded, uid: crypto.randomUUID() })}.${signature}`;
      },
    ],
    ['a missing signature', (data: string) => parts(data).payload],
  ])('refuses tampered login data (%s) with false', async (_, mutate) => {
    const { uid } = await server.client.accounts.create({});
    const authData = await createAuthData({ key: server.key, accountUid: uid });
    expect(await server.client.auth.check(authData)).toBe(true);
    expect(await server.client.auth.check(mutate(authData))).toBe(false);
  });

  it.each([
    [
      'signed with another key',
      async (uid: string) => createAuthData({ key: 'wsk_some_other_key', accountUid: uid }),
    ],
    [
      'expired',
      async (uid: string) =>
        createAuthData({ key: server.key, accountUid: uid, ttlSeconds: 60, now: Date.now() - 600_000 }),
    ],
    [
      'for an unknown account',
      async () => createAuthData({ key: server.key, accountUid: crypto.randomUUID() }),
    ],
  ])('answers false for login data %s', async (_, make) => {
    const { uid } = await server.client.accounts.create({});
    expect(await server.client.auth.check(await make(uid))).toBe(false);
  });

  it('answers false once the account is disabled', async () => {
    const { uid } = await server.client.accounts.create({});
    const authData = await createAuthData({ key: server.key, accountUid: uid });
    expect(await server.client.auth.check(authData)).toBe(true);
    await server.client.accounts.update(uid, { status: 0 });
    expect(await server.client.auth.check(authData)).toBe(false);
  });
});
