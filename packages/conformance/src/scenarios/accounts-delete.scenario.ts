import type { ScenarioTarget } from '../scenario-target';
import { describe, expect, it } from '../test-api';
import { accountClient } from './accounts-fixtures';

/** Deleting accounts, one or a batch, and the memberships they leave behind. */
export function accountDeleteScenarios(target: () => ScenarioTarget) {
  const { api, create, get, projects } = accountClient(target);

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
}
