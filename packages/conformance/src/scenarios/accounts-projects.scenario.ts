import type { ScenarioTarget } from '../scenario-target';
import { describe, expect, it } from '../test-api';
import { accountClient, must, tag } from './accounts-fixtures';

/** The workspaces of an account (projects): roles, paging, owners and the calling key. */
export function accountProjectScenarios(target: () => ScenarioTarget) {
  const { api, create, projects } = accountClient(target);

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
}
