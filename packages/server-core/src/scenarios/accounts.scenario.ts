import type { Account, AccountCreate } from '@wsadmin/contract';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { type ScenarioClient, scenarioClient } from '../testing/scenario-client';
import type { Target } from '../testing/target';

type NewAccount = z.input<typeof AccountCreate>;
type AccountData = z.output<typeof Account>;

const UUID4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** 10 lowercase hex characters: unique enough that scenarios sharing a target never collide. */
const tag = () => crypto.randomUUID().replaceAll('-', '').slice(0, 10);
/** 9 random digits, for phone numbers. */
const digits = () =>
  String(crypto.getRandomValues(new Uint32Array(1))[0] ?? 0)
    .padStart(10, '0')
    .slice(-9);

function must<T>(value: T | undefined, what = 'value'): T {
  if (value === undefined) throw new Error(`missing ${what}`);
  return value;
}

/** Accounts whose searchable texts contain `text` (q search), by uid. */
async function uidsMatching(api: ScenarioClient, text: string): Promise<string[]> {
  return (await api.ok('listAccounts', { query: { q: text } })).map((account) => account.uid);
}

export function accountScenarios(target: () => Target) {
  const api = scenarioClient(target);
  const create = (body: NewAccount) => api.ok('createAccount', { body });
  const get = (uid: string) => api.ok('getAccount', { params: { account_uid: uid } });
  const projects = (uid: string, query: Record<string, string | number> = {}, key?: string) =>
    api.ok('listAccountWorkspaces', {
      params: { account_uid: uid },
      query,
      ...(key === undefined ? {} : { key }),
    });

  describe('accounts: create', () => {
    it('generates uid and username and applies the defaults', async () => {
      const created = await create({});
      expect(created).toEqual({
        uid: expect.stringMatching(UUID4),
        status: 1,
        username: expect.stringMatching(/^user_[a-z0-9]{10}$/),
        phone: '',
        email: '',
        nickname: '',
        desc: '',
        role: 0,
        tier: 0,
        type: 0,
      });
      expect(await get(created.uid)).toEqual(created);
    });

    it('keeps every field it is given and never answers the password', async () => {
      const t = tag();
      const body = {
        uid: crypto.randomUUID(),
        username: `u_${t}`,
        phone: `+86 ${digits()}`,
        email: `${t}@example.com`,
        nickname: 'Nick',
        desc: 'About me',
        password: 'correct horse battery',
        role: 1,
        tier: 3,
        type: 2,
      };
      const created = await create(body);
      const { password: _password, ...visible } = body;
      expect(created).toEqual({ ...visible, status: 1 });
      expect(await get(body.uid)).toEqual(created);
    });

    it('generates a different username for every account', async () => {
      const created = await api.ok('createAccounts', { body: { accounts: [{}, {}, {}, {}, {}] } });
      expect(new Set(created.map((account) => account.username)).size).toBe(5);
    });

    it.each<[string, Record<string, unknown>, string]>([
      ['a uid that is not a uuid', { uid: 'not-a-uuid' }, 'body.uid'],
      ['a uid that is not version 4', { uid: '6ba7b810-9dad-11d1-80b4-00c04fd430c8' }, 'body.uid'],
      ['an e-mail without @', { email: 'nobody.example.com' }, 'body.email'],
      ['a password under 8 characters', { password: 'short' }, 'body.password'],
      ['a password over 128 characters', { password: 'x'.repeat(129) }, 'body.password'],
      ['a username with a space', { username: 'two words' }, 'body.username'],
      ['a phone with letters', { phone: 'call me' }, 'body.phone'],
      ['a role other than 0 or 1', { role: 2 }, 'body.role'],
      ['a negative tier', { tier: -1 }, 'body.tier'],
      ['a status (set only by update)', { status: 0 }, 'status'],
      ['an unknown field', { nickName: 'typo' }, 'nickName'],
    ])('refuses %s with 400 naming the field, creating nothing', async (_name, bad, field) => {
      const t = tag();
      const answer = await api.fails('createAccount', 400, { body: { nickname: t, ...bad } });
      expect(answer.errmsg).toContain(field);
      expect(answer.data).toMatchObject({ reason: 'invalid_request' });
      expect(await uidsMatching(api, t)).toEqual([]);
    });

    it('accepts many accounts without phone or e-mail: empty values are not unique', async () => {
      const a = await create({ phone: '', email: '' });
      const b = await create({ phone: '', email: '' });
      expect([a.phone, a.email, b.phone, b.email]).toEqual(['', '', '', '']);
    });
  });

  const uniqueFields: Array<['uid' | 'username' | 'phone' | 'email', () => string]> = [
    ['username', () => `u_${tag()}`],
    ['phone', () => `+1 ${digits()}`],
    ['email', () => `${tag()}@example.com`],
    ['uid', () => crypto.randomUUID()],
  ];

  describe('accounts: uniqueness', () => {
    it.each(uniqueFields)(
      'refuses a second account with the same %s (409 naming it)',
      async (field, make) => {
        const value = make();
        await create({ [field]: value });
        const t = tag();
        const answer = await api.fails('createAccount', 409, { body: { [field]: value, nickname: t } });
        expect(answer.errmsg).toContain(field);
        expect(answer.errmsg).toContain(value);
        expect(answer.data).toMatchObject({ reason: 'conflict' });
        expect(await uidsMatching(api, t)).toEqual([]);
      },
    );

    it.each(uniqueFields.filter(([field]) => field !== 'uid'))(
      'refuses an update to a %s another account holds, and allows keeping its own',
      async (field, make) => {
        const value = make();
        const holder = await create({ [field]: value });
        const other = await create({ nickname: 'other' });
        const answer = await api.fails('updateAccount', 409, {
          params: { account_uid: other.uid },
          body: { [field]: value },
        });
        expect(answer.errmsg).toContain(field);
        expect(await get(other.uid)).toEqual(other);
        const same = await api.ok('updateAccount', {
          params: { account_uid: holder.uid },
          body: { [field]: value, nickname: 'still me' },
        });
        expect(same).toEqual({ ...holder, nickname: 'still me' });
      },
    );

    it('frees the unique values of a deleted account', async () => {
      const t = tag();
      const body = { username: `u_${t}`, email: `${t}@example.com`, phone: `+7 ${digits()}` };
      const first = await create(body);
      await api.ok('deleteAccount', { params: { account_uid: first.uid } });
      const second = await create(body);
      expect(second).toMatchObject(body);
      expect(second.uid).not.toBe(first.uid);
    });
  });

  describe('accounts: batch create', () => {
    it('creates every item, in order', async () => {
      const t = tag();
      const created = await api.ok('createAccounts', {
        body: { accounts: [{ nickname: `${t} one` }, { nickname: `${t} two`, role: 1 }] },
      });
      expect(created.map((a) => [a.nickname, a.role, a.status])).toEqual([
        [`${t} one`, 0, 1],
        [`${t} two`, 1, 1],
      ]);
      expect(await uidsMatching(api, t)).toEqual(created.map((a) => a.uid).sort());
    });

    it.each(uniqueFields)(
      'refuses a batch repeating a %s within itself, naming the later index, creating nothing',
      async (field, make) => {
        const value = make();
        const t = tag();
        const answer = await api.fails('createAccounts', 409, {
          body: {
            accounts: [{ nickname: t, [field]: value }, { nickname: t }, { nickname: t, [field]: value }],
          },
        });
        expect(answer.errmsg).toContain('accounts.2');
        expect(answer.errmsg).toContain(field);
        expect(await uidsMatching(api, t)).toEqual([]);
      },
    );

    it('refuses a batch with a value another account holds, creating nothing', async () => {
      const existing = await create({ email: `${tag()}@example.com` });
      const t = tag();
      const answer = await api.fails('createAccounts', 409, {
        body: { accounts: [{ nickname: t }, { nickname: t, email: existing.email }] },
      });
      expect(answer.errmsg).toContain('accounts.1');
      expect(answer.errmsg).toContain('email');
      expect(await uidsMatching(api, t)).toEqual([]);
    });

    it('refuses a batch with an invalid item (400 naming index and field), creating nothing', async () => {
      const t = tag();
      const answer = await api.fails('createAccounts', 400, {
        body: { accounts: [{ nickname: t }, { nickname: t }, { nickname: t, email: 'not-an-email' }] },
      });
      expect(answer.errmsg).toContain('body.accounts.2.email');
      expect(await uidsMatching(api, t)).toEqual([]);
    });

    it('refuses an empty batch', async () => {
      expect((await api.fails('createAccounts', 400, { body: { accounts: [] } })).errmsg).toContain(
        'body.accounts',
      );
    });
  });

  describe('accounts: update', () => {
    it('changes only the fields sent, including status and password', async () => {
      const t = tag();
      const created = await create({ username: `u_${t}`, nickname: 'Before', desc: 'kept', tier: 2 });
      const updated = await api.ok('updateAccount', {
        params: { account_uid: created.uid },
        body: { nickname: 'After', status: 0, password: 'a new secret value' },
      });
      expect(updated).toEqual({ ...created, nickname: 'After', status: 0 });
      expect(await get(created.uid)).toEqual(updated);
      const enabled = await api.ok('updateAccount', {
        params: { account_uid: created.uid },
        body: { status: 1 },
      });
      expect(enabled).toEqual({ ...updated, status: 1 });
    });

    it('clears phone and e-mail with an explicit empty value', async () => {
      const t = tag();
      const created = await create({ phone: `+33 ${digits()}`, email: `${t}@example.com` });
      const cleared = await api.ok('updateAccount', {
        params: { account_uid: created.uid },
        body: { phone: '', email: '' },
      });
      expect(cleared).toEqual({ ...created, phone: '', email: '' });
    });

    it('answers 404 for an unknown account', async () => {
      const uid = crypto.randomUUID();
      const answer = await api.fails('updateAccount', 404, {
        params: { account_uid: uid },
        body: { nickname: 'x' },
      });
      expect(answer.errmsg).toContain(uid);
    });

    it.each<[string, Record<string, unknown>, string]>([
      ['uid in the body (the path names the account)', { uid: crypto.randomUUID() }, 'uid'],
      ['a password under 8 characters', { password: '1234567' }, 'body.password'],
      ['a status other than 0 or 1', { status: 2 }, 'body.status'],
      ['an invalid e-mail', { email: 'a@' }, 'body.email'],
      ['an unknown field', { description: 'typo of desc' }, 'description'],
    ])('refuses %s with 400 naming the field, changing nothing', async (_name, bad, field) => {
      const created = await create({ nickname: 'unchanged' });
      const answer = await api.fails('updateAccount', 400, {
        params: { account_uid: created.uid },
        body: { nickname: 'changed', ...bad },
      });
      expect(answer.errmsg).toContain(field);
      expect(await get(created.uid)).toEqual(created);
    });
  });

  describe('accounts: batch update', () => {
    it('updates each item by its uid, in order, keeping omitted fields', async () => {
      const [a, b] = await api.ok('createAccounts', {
        body: {
          accounts: [
            { nickname: 'a', tier: 1 },
            { nickname: 'b', tier: 2 },
          ],
        },
      });
      if (!a || !b) throw new Error('batch create returned too few');
      const updated = await api.ok('updateAccounts', {
        body: {
          accounts: [
            { uid: b.uid, nickname: 'b2' },
            { uid: a.uid, status: 0, password: 'another password' },
          ],
        },
      });
      expect(updated).toEqual([
        { ...b, nickname: 'b2' },
        { ...a, status: 0 },
      ]);
    });

    it('refuses the batch when an uid is unknown (404 naming the index), changing nothing', async () => {
      const a = await create({ nickname: 'kept' });
      const unknown = crypto.randomUUID();
      const answer = await api.fails('updateAccounts', 404, {
        body: {
          accounts: [
            { uid: a.uid, nickname: 'changed' },
            { uid: unknown, nickname: 'ghost' },
          ],
        },
      });
      expect(answer.errmsg).toContain('accounts.1');
      expect(answer.errmsg).toContain(unknown);
      expect(await get(a.uid)).toEqual(a);
    });

    it('refuses two items taking the same e-mail (409 naming the later index), changing nothing', async () => {
      const [a, b] = await api.ok('createAccounts', { body: { accounts: [{}, {}] } });
      if (!a || !b) throw new Error('batch create returned too few');
      const email = `${tag()}@example.com`;
      const answer = await api.fails('updateAccounts', 409, {
        body: {
          accounts: [
            { uid: a.uid, email },
            { uid: b.uid, email },
          ],
        },
      });
      expect(answer.errmsg).toContain('accounts.1');
      expect(answer.errmsg).toContain('email');
      expect(await get(a.uid)).toEqual(a);
      expect(await get(b.uid)).toEqual(b);
    });

    it.each<[string, Record<string, unknown>, string]>([
      ['an item without uid', { nickname: 'x' }, 'body.accounts.0.uid'],
      ['an item whose uid is not a uuid', { uid: 'abc', nickname: 'x' }, 'body.accounts.0.uid'],
    ])('refuses %s with 400', async (_name, item, field) => {
      expect((await api.fails('updateAccounts', 400, { body: { accounts: [item] } })).errmsg).toContain(
        field,
      );
    });
  });

  describe('accounts: list, get, fetch', () => {
    const searchable: Array<
      [string, (t: string, d: string) => NewAccount, (t: string, d: string) => string]
    > = [
      ['username', (t) => ({ username: `Login_${t.toUpperCase()}_x` }), (t) => t],
      ['nickname', (t) => ({ nickname: `The ${t.toUpperCase()} person` }), (t) => `${t} PERSON`],
      ['desc', (t) => ({ desc: `Works on ${t.toUpperCase()} things` }), (t) => t],
      ['phone', (_t, d) => ({ phone: `+44 ${d}` }), (_t, d) => d.slice(1)],
      ['email', (t) => ({ email: `First.${t.toUpperCase()}@Example.com` }), (t) => `${t}@example`],
    ];

    it.each(searchable)(
      'q finds an account by a part of its %s, ignoring case',
      async (_field, fields, query) => {
        const t = tag();
        const d = digits();
        const wanted = await create(fields(t, d));
        await create({ nickname: `decoy ${tag()}` });
        expect(await uidsMatching(api, query(t, d))).toEqual([wanted.uid]);
      },
    );

    it('lists everything without q, in creation order with uid breaking ties', async () => {
      const t = tag();
      const pair = await api.ok('createAccounts', { body: { accounts: [{ nickname: t }, { nickname: t }] } });
      await target().advanceClock(1);
      // The smallest possible uid, created last: order must follow time before uid.
      const lowUid = `00000000-0000-4000-8000-${tag()}00`;
      const late = await create({ uid: lowUid, nickname: t });
      const expected = [...pair.map((a) => a.uid).sort(), late.uid];
      expect(await uidsMatching(api, t)).toEqual(expected);
      const all = (await api.ok('listAccounts', {})).map((a) => a.uid);
      expect(all.filter((uid) => expected.includes(uid))).toEqual(expected);
      expect(await uidsMatching(api, '   ')).toEqual(all);
    });

    it('treats LIKE wildcards in q literally', async () => {
      const t = tag();
      await create({ nickname: `${t} 100%` });
      expect(await uidsMatching(api, `${t}%`)).toEqual([]);
      expect(await uidsMatching(api, `${t}_`)).toEqual([]);
      expect(await uidsMatching(api, `${t} 100%`)).toHaveLength(1);
    });

    it('answers 404 for an unknown account', async () => {
      await api.fails('getAccount', 404, { params: { account_uid: crypto.randomUUID() } });
      await api.fails('getAccount', 404, { params: { account_uid: 'not-even-a-uuid' } });
    });

    it.each<[string, (a: AccountData) => string]>([
      ['login name', (a) => a.username],
      ['phone', (a) => a.phone],
      ['e-mail', (a) => a.email],
    ])('fetch finds an account by its %s', async (_name, identifier) => {
      const t = tag();
      const account = await create({
        username: `u_${t}`,
        phone: `+49 ${digits()}`,
        email: `${t}@example.org`,
      });
      expect(await api.ok('fetchAccount', { body: { username: identifier(account) } })).toEqual(account);
    });

    it('fetch answers data null when nobody matches, also for a part of an identifier', async () => {
      const t = tag();
      await create({ username: `u_${t}` });
      for (const identifier of [`nobody_${tag()}`, t, `U_${t}`]) {
        const answer = await api.call('fetchAccount', { body: { username: identifier } });
        expect(answer).toMatchObject({ status: 200, errcode: 200, errmsg: 'success' });
        expect(answer.data).toBeNull();
      }
    });

    it('fetch prefers the login name over another account phone or e-mail', async () => {
      const t = tag();
      const phone = `+${digits()}`;
      const email = `${t}@example.net`;
      const byPhone = await create({ phone });
      const byEmail = await create({ email });
      const namedLikePhone = await create({ username: phone });
      const namedLikeEmail = await create({ username: email });
      expect(await api.ok('fetchAccount', { body: { username: phone } })).toEqual(namedLikePhone);
      expect(await api.ok('fetchAccount', { body: { username: email } })).toEqual(namedLikeEmail);
      await api.ok('deleteAccounts', { body: { accountUids: [namedLikePhone.uid, namedLikeEmail.uid] } });
      expect(await api.ok('fetchAccount', { body: { username: phone } })).toEqual(byPhone);
      expect(await api.ok('fetchAccount', { body: { username: email } })).toEqual(byEmail);
    });

    it('fetch refuses an empty identifier', async () => {
      expect((await api.fails('fetchAccount', 400, { body: { username: '' } })).errmsg).toContain(
        'body.username',
      );
    });
  });

  describe('accounts: delete', () => {
    it('deletes one account; a second delete is 404', async () => {
      const account = await create({});
      await api.ok('deleteAccount', { params: { account_uid: account.uid } });
      await api.fails('getAccount', 404, { params: { account_uid: account.uid } });
      const again = await api.fails('deleteAccount', 404, { params: { account_uid: account.uid } });
      expect(again.errmsg).toContain(account.uid);
    });

    it('deletes a batch all or nothing, naming the unknown index', async () => {
      const [a, b] = await api.ok('createAccounts', { body: { accounts: [{}, {}] } });
      if (!a || !b) throw new Error('batch create returned too few');
      const unknown = crypto.randomUUID();
      const answer = await api.fails('deleteAccounts', 404, {
        body: { accountUids: [a.uid, unknown, b.uid] },
      });
      expect(answer.errmsg).toContain('accountUids.1');
      expect(await get(a.uid)).toEqual(a);
      expect(await get(b.uid)).toEqual(b);
      await api.ok('deleteAccounts', { body: { accountUids: [a.uid, b.uid] } });
      await api.fails('getAccount', 404, { params: { account_uid: a.uid } });
      await api.fails('getAccount', 404, { params: { account_uid: b.uid } });
    });

    it('removes the memberships of a deleted account', async () => {
      const workspace = await api.ok('createWorkspace', { body: { name: 'loses its owner' } });
      const [owner, member] = await api.ok('createAccounts', { body: { accounts: [{}, {}] } });
      if (!owner || !member) throw new Error('batch create returned too few');
      const params = { workspaceId: workspace.id };
      await api.ok('addMember', { params, body: { uid: owner.uid, role: 1 } });
      await api.ok('addMember', { params, body: { uid: member.uid, role: 3 } });
      expect((await projects(member.uid))[0]?.owner?.uid).toBe(owner.uid);
      await api.ok('deleteAccount', { params: { account_uid: owner.uid } });
      const members = await api.ok('listMembers', { params });
      expect(members.map((m) => m.uid)).toEqual([member.uid]);
      expect(await projects(member.uid)).toEqual([
        { id: workspace.id, name: 'loses its owner', desc: '', owner: null, locked: true },
      ]);
    });
  });

  describe('accounts: workspaces of an account (projects)', () => {
    /**
     * `me` owns "own", is admin of "admin" and member of "member" (both owned by `boss`), member of
     * "orphan" (no owner), and not in "stranger".
     */
    async function memberships() {
      const t = tag();
      const [me, boss] = await api.ok('createAccounts', {
        body: {
          accounts: [
            { nickname: 'Me', email: `me.${t}@example.com` },
            { nickname: 'Boss', desc: 'runs things', email: `boss.${t}@example.com` },
          ],
        },
      });
      if (!me || !boss) throw new Error('batch create returned too few');
      const names = ['own', 'admin', 'member', 'orphan', 'stranger'] as const;
      const created = await api.ok('createWorkspaces', {
        body: { workspaces: names.map((name) => ({ name: `${name} ${t}`, desc: `${name} desc` })) },
      });
      const ws = Object.fromEntries(names.map((name, i) => [name, must(created[i], name)])) as Record<
        (typeof names)[number],
        (typeof created)[number]
      >;
      const add = (workspaceId: number, uid: string, role: 1 | 2 | 3) =>
        api.ok('addMember', { params: { workspaceId }, body: { uid, role } });
      await add(ws.own.id, me.uid, 1);
      await add(ws.admin.id, boss.uid, 1);
      await add(ws.admin.id, me.uid, 2);
      await add(ws.member.id, boss.uid, 1);
      await add(ws.member.id, me.uid, 3);
      await add(ws.orphan.id, me.uid, 3);
      await add(ws.stranger.id, boss.uid, 1);
      const ownerMe = { uid: me.uid, email: me.email, nickname: 'Me', desc: '', status: 1 };
      const ownerBoss = {
        uid: boss.uid,
        email: boss.email,
        nickname: 'Boss',
        desc: 'runs things',
        status: 1,
      };
      const entry = (name: (typeof names)[number], owner: typeof ownerMe | null, locked: boolean) => ({
        id: ws[name].id,
        name: ws[name].name,
        desc: `${name} desc`,
        owner,
        locked,
      });
      const expected = {
        own: entry('own', ownerMe, false),
        admin: entry('admin', ownerBoss, false),
        member: entry('member', ownerBoss, true),
        orphan: entry('orphan', null, true),
      };
      return { me, boss, ws, expected };
    }

    it('lists the member workspaces in id order with owner and locked', async () => {
      const { me, expected } = await memberships();
      expect(await projects(me.uid)).toEqual([
        expected.own,
        expected.admin,
        expected.member,
        expected.orphan,
      ]);
    });

    it.each<[number, Array<'own' | 'admin' | 'member' | 'orphan'>]>([
      [1, ['own']],
      [2, ['admin']],
      [3, ['member', 'orphan']],
    ])('filters by the role %s', async (role, names) => {
      const { me, expected } = await memberships();
      expect(await projects(me.uid, { role })).toEqual(names.map((name) => expected[name]));
    });

    it('pages with offset and limit; count is accepted and ignored', async () => {
      const { me, expected } = await memberships();
      expect(await projects(me.uid, { offset: 1, limit: 2 })).toEqual([expected.admin, expected.member]);
      expect(await projects(me.uid, { offset: 3 })).toEqual([expected.orphan]);
      expect(await projects(me.uid, { offset: 4 })).toEqual([]);
      expect(await projects(me.uid, { role: 3, offset: 1, limit: 1 })).toEqual([expected.orphan]);
      expect(await projects(me.uid, { count: 1 })).toHaveLength(4);
    });

    it('answers 20 entries by default', async () => {
      const account = await create({});
      const workspaces = await api.ok('createWorkspaces', {
        body: { workspaces: Array.from({ length: 21 }, (_, i) => ({ name: `many ${i}` })) },
      });
      for (const workspace of workspaces) {
        await api.ok('addMember', { params: { workspaceId: workspace.id }, body: { uid: account.uid } });
      }
      const firstPage = await projects(account.uid);
      expect(firstPage.map((w) => w.id)).toEqual(workspaces.slice(0, 20).map((w) => w.id));
      expect((await projects(account.uid, { offset: 20 })).map((w) => w.id)).toEqual([workspaces[20]?.id]);
    });

    it('shows the current state of the owner', async () => {
      const { me, boss, expected } = await memberships();
      await api.ok('updateAccount', {
        params: { account_uid: boss.uid },
        body: { status: 0, nickname: 'Gone' },
      });
      const owner = { ...expected.admin.owner, status: 0, nickname: 'Gone' };
      expect(await projects(me.uid, { role: 2 })).toEqual([{ ...expected.admin, owner }]);
    });

    it('leaves out workspaces the calling key may not access', async () => {
      const { me, ws, expected } = await memberships();
      const key = await target().createKey({
        name: 'two workspaces',
        permissions: ['account'],
        workspaceIds: [ws.own.id, ws.member.id, ws.stranger.id],
      });
      expect(await projects(me.uid, {}, key)).toEqual([expected.own, expected.member]);
      const none = await target().createKey({
        name: 'no workspaces',
        permissions: ['account'],
        workspaceIds: [],
      });
      expect(await projects(me.uid, {}, none)).toEqual([]);
    });

    it('answers an empty list for an account without workspaces and 404 for an unknown one', async () => {
      const account = await create({});
      expect(await projects(account.uid)).toEqual([]);
      const uid = crypto.randomUUID();
      expect(
        (await api.fails('listAccountWorkspaces', 404, { params: { account_uid: uid } })).errmsg,
      ).toContain(uid);
    });

    it.each<[string, Record<string, string | number>, string]>([
      ['role 4', { role: 4 }, 'query.role'],
      ['role that is not a number', { role: 'owner' }, 'query.role'],
      ['limit 0', { limit: 0 }, 'query.limit'],
      ['limit over 100', { limit: 101 }, 'query.limit'],
      ['a negative offset', { offset: -1 }, 'query.offset'],
    ])('refuses %s with 400 naming the parameter', async (_name, query, field) => {
      const account = await create({});
      const answer = await api.fails('listAccountWorkspaces', 400, {
        params: { account_uid: account.uid },
        query,
      });
      expect(answer.errmsg).toContain(field);
    });
  });

  describe('accounts: passwords never leave the server', () => {
    it('no answer contains the password, its hash or a password field', async () => {
      const t = tag();
      const password = `Pw-${t}-never-shown`;
      const newPassword = `Pw2-${t}-never-shown`;
      const answers: unknown[] = [];
      const keep = async <T>(answer: Promise<T>) => {
        const value = await answer;
        answers.push(value);
        return value;
      };
      const account = await keep(create({ username: `u_${t}`, email: `${t}@example.com`, password }));
      const params = { account_uid: account.uid };
      const batch = await keep(
        api.ok('createAccounts', {
          body: {
            accounts: [
              { nickname: t, password },
              { nickname: t, password },
            ],
          },
        }),
      );
      await keep(api.ok('updateAccount', { params, body: { password: newPassword } }));
      await keep(
        api.ok('updateAccounts', {
          body: { accounts: batch.map((a) => ({ uid: a.uid, password: newPassword, nickname: t })) },
        }),
      );
      await keep(get(account.uid));
      await keep(api.ok('listAccounts', { query: { q: t } }));
      await keep(api.ok('listAccounts', {}));
      await keep(api.ok('fetchAccount', { body: { username: account.username } }));
      const workspace = await api.ok('createWorkspace', { body: {} });
      await api.ok('addMember', {
        params: { workspaceId: workspace.id },
        body: { uid: account.uid, role: 1 },
      });
      await keep(projects(account.uid));
      await keep(api.ok('listMembers', { params: { workspaceId: workspace.id } }));
      for (const answer of answers) {
        const text = JSON.stringify(answer);
        expect(text).not.toContain(password);
        expect(text).not.toContain(newPassword);
        expect(text).not.toMatch(/password|scrypt|pbkdf2|\$/i);
      }
      const refused = await api.fails('createAccount', 409, {
        body: { username: account.username, password },
      });
      expect(JSON.stringify(refused.data) + refused.errmsg).not.toContain(password);
    });
  });
}
