import { createAuthData } from '@wsadmin/sdk';
import { scenarioClient } from '../client';
import type { ScenarioTarget } from '../scenario-target';
import { describe, expect, it } from '../test-api';

/**
 * UUID hex digits are case-insensitive (RFC 9562 §4): every place that accepts an account uid
 * takes any spelling, and the server stores and answers it in lower case.
 */
export function uidCaseScenarios(target: () => ScenarioTarget) {
  const api = scenarioClient(target);
  const upper = () => crypto.randomUUID().toUpperCase();
  const mixed = (uid: string) => [...uid].map((c, i) => (i % 2 ? c.toUpperCase() : c.toLowerCase())).join('');

  describe('account uids in any letter case', () => {
    it('creates one account per uid, stored in lower case; a second spelling is a 409', async () => {
      const uid = upper();
      const created = await api.ok('createAccount', { body: { uid } });
      expect(created.uid).toBe(uid.toLowerCase());
      const again = await api.fails('createAccount', 409, { body: { uid: uid.toLowerCase() } });
      expect(again.errmsg).toContain('uid');
      const batch = await api.fails('createAccounts', 409, { body: { accounts: [{ uid: mixed(uid) }] } });
      expect(batch.errmsg).toContain('uid');
      const found = (await api.ok('listAccounts', { query: { q: '' } })).filter(
        (account) => account.uid.toLowerCase() === uid.toLowerCase(),
      );
      expect(found).toEqual([created]);
    });

    it('finds, updates, lists the workspaces of and deletes an account by any spelling', async () => {
      const uid = upper();
      const created = await api.ok('createAccount', { body: { uid: uid.toLowerCase() } });
      for (const spelling of [uid, uid.toLowerCase(), mixed(uid)]) {
        expect(await api.ok('getAccount', { params: { account_uid: spelling } })).toEqual(created);
        expect(await api.ok('listAccountWorkspaces', { params: { account_uid: spelling } })).toEqual([]);
      }
      const updated = await api.ok('updateAccount', {
        params: { account_uid: uid },
        body: { nickname: 'A' },
      });
      expect(updated).toEqual({ ...created, nickname: 'A' });
      const batch = await api.ok('updateAccounts', { body: { accounts: [{ uid: mixed(uid), desc: 'B' }] } });
      expect(batch).toEqual([{ ...created, nickname: 'A', desc: 'B' }]);
      await api.ok('deleteAccount', { params: { account_uid: uid } });
      await api.fails('getAccount', 404, { params: { account_uid: uid.toLowerCase() } });

      const other = await api.ok('createAccount', { body: {} });
      await api.ok('deleteAccounts', { body: { accountUids: [other.uid.toUpperCase()] } });
      await api.fails('getAccount', 404, { params: { account_uid: other.uid } });
    });

    it('adds, reads and removes members and their model permission by any spelling', async () => {
      const workspaceId = (await api.ok('createWorkspace', { body: {} })).id;
      const model = (await target().seedModel(workspaceId, { name: 'M', dimensions: [] })).uid;
      const uid = (await api.ok('createAccount', { body: {} })).uid;
      const member = await api.ok('addMember', { params: { workspaceId }, body: { uid: uid.toUpperCase() } });
      expect(member.uid).toBe(uid);
      await api.fails('addMember', 409, { params: { workspaceId }, body: { uid: mixed(uid) } });
      expect((await api.ok('listMembers', { params: { workspaceId } })).map((m) => m.uid)).toEqual([uid]);

      const byUpper = { workspaceId, member_uid: uid.toUpperCase() };
      await api.ok('setMemberModelPermissionSwitch', {
        params: byUpper,
        body: { enableModelPermission: true },
      });
      expect(
        await api.ok('getMemberModelPermissionSwitch', { params: { workspaceId, member_uid: uid } }),
      ).toEqual({
        enableModelPermission: true,
      });
      const single = { effect: 'allow', resource: [model] } as const;
      const params = { workspaceId, member_id: uid.toUpperCase() };
      expect(await api.ok('setMemberModelPermission', { params, body: single })).toEqual(single);
      const batch = await api.ok('setMemberModelPermission', {
        params,
        body: { memberModelPermission: [{ memberUid: mixed(uid), modelPermission: single }] },
      });
      expect(batch).toEqual([{ memberUid: uid, modelPermission: single }]);
      expect(
        await api.ok('getMemberModelPermission', { params: { workspaceId, member_id: mixed(uid) } }),
      ).toEqual(single);
      expect(
        await api.ok('listAccountWorkspaces', { params: { account_uid: uid.toUpperCase() } }),
      ).toHaveLength(1);

      await api.ok('removeMember', { params: byUpper });
      expect(await api.ok('listMembers', { params: { workspaceId } })).toEqual([]);
    });

    it('accepts login data and an operatorUid naming the account in upper case', async () => {
      const uid = (await api.ok('createAccount', { body: {} })).uid;
      const now = (await target().advanceClock(0)).getTime();
      const authData = await createAuthData({ key: target().key, accountUid: uid.toUpperCase(), now });
      expect(await api.ok('checkAuthData', { body: { authData } })).toBe(true);

      const workspaceId = (await api.ok('createWorkspace', { body: {} })).id;
      const preview = await api.ok('previewMeasureChange', {
        params: { workspaceId },
        body: { action: 'create', changes: { names: ['revenue'] }, operatorUid: uid.toUpperCase() },
      });
      expect(preview).toMatchObject({ planToken: expect.any(String) });
    });
  });
}
