import type { FeaturePermission, OperationId } from '@wsadmin/contract';
import { scenarioClient } from '../client';
import type { ScenarioTarget } from '../scenario-target';
import { describe, expect, it } from '../test-api';

/** One operation per feature permission, with a request that passes authorisation. */
const needs: Array<[FeaturePermission, OperationId]> = [
  ['workspace', 'listWorkspaces'],
  ['account', 'listAccounts'],
  ['auth', 'checkAuthData'],
];

export function accessKeyScenarios(target: () => ScenarioTarget) {
  const api = scenarioClient(target);
  const bodyOf = (id: OperationId) => (id === 'checkAuthData' ? { authData: 'x.y' } : undefined);

  describe('access keys and permissions', () => {
    it.each(needs)(
      'a key with only "%s" may call %s and nothing needing another permission',
      async (permission, id) => {
        const key = await target().createKey({ name: `only-${permission}`, permissions: [permission] });
        await api.ok(id, { key, body: bodyOf(id) });
        for (const [other, otherId] of needs.filter(([p]) => p !== permission)) {
          const answer = await api.fails(otherId, 403, { key, body: bodyOf(otherId) });
          expect(answer.errmsg).toContain(`"${other}"`);
          expect(answer.data).toMatchObject({ reason: 'forbidden' });
        }
      },
    );

    it('an empty permission list is unrestricted', async () => {
      const key = await target().createKey({ name: 'open', permissions: [] });
      for (const [, id] of needs) await api.ok(id, { key, body: bodyOf(id) });
    });

    it('a key limited to workspaces sees only those and gets 403 elsewhere', async () => {
      const [mine, other] = await api.ok('createWorkspaces', {
        body: { workspaces: [{ name: 'mine' }, { name: 'other' }] },
      });
      if (!mine || !other) throw new Error('batch create returned too few');
      const key = await target().createKey({ name: 'limited', workspaceIds: [mine.id] });
      expect((await api.ok('listWorkspaces', { key })).map((w) => w.id)).toEqual([mine.id]);
      await api.ok('getWorkspace', { key, params: { workspaceId: mine.id } });
      const denied = await api.fails('getWorkspace', 403, { key, params: { workspaceId: other.id } });
      expect(denied.errmsg).toContain(`workspace ${other.id}`);
      await api.fails('getWorkspace', 403, { key, params: { workspaceId: 1_999_999_999 } });
      await api.fails('createWorkspace', 403, { key, body: {} });
      await api.fails('deleteWorkspaces', 403, { key, body: { workspaceIds: [other.id] } });
      await api.ok('getWorkspace', { params: { workspaceId: other.id } });
      const scope = await api.ok('getScope', { key });
      expect(scope.workspaces).toEqual([{ id: mine.id, name: 'mine', desc: '' }]);
    });

    it('an expired key gets 401 once the clock passes its expiry', async () => {
      const now = await target().advanceClock(0);
      const expiresAt = new Date(now.getTime() + 3_600_000).toISOString();
      const key = await target().createKey({ name: 'soon', expiresAt });
      expect((await api.ok('getScope', { key })).expired_at).toBe(expiresAt);
      await target().advanceClock(3_601);
      const answer = await api.fails('getScope', 401, { key });
      expect(answer.errmsg).toMatch(/expired/);
    });

    it('a revoked key gets 401', async () => {
      const key = await target().createKey({ name: 'doomed' });
      await api.ok('getScope', { key });
      await target().revokeKey(key);
      expect((await api.fails('listWorkspaces', 401, { key })).errmsg).toMatch(/revoked/);
    });

    it.each([
      ['no Authorization header', null, /missing Authorization/],
      ['an unknown key', 'wsk_not-a-real-key', /unknown access key/],
    ])('answers 401 for %s', async (_name, key, message) => {
      expect((await api.fails('listWorkspaces', 401, { key })).errmsg).toMatch(message);
    });

    it('accepts the bare key form where the spec shows it, but only Bearer on /scopes/', async () => {
      const bare = { authorization: target().key };
      expect((await api.call('listWorkspaces', { key: null, headers: bare })).errcode).toBe(200);
      const answer = await api.fails('getScope', 401, { key: null, headers: bare });
      expect(answer.errmsg).toMatch(/Bearer/);
    });

    it('refuses a JWT on /scopes/ with the spec error', async () => {
      const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
      expect((await api.fails('getScope', 401, { key: jwt })).errmsg).toMatch(/JWT/);
    });

    it('shows the scope of the key without its secret', async () => {
      const key = await target().createKey({
        name: 'scoped',
        description: 'for tests',
        permissions: ['workspace', 'data'],
      });
      const scope = await api.ok('getScope', { key });
      expect(scope).toMatchObject({
        name: 'scoped',
        desc: 'for tests',
        expired_at: null,
        permissions: ['workspace', 'data'],
      });
      expect(JSON.stringify(scope)).not.toContain(key);
    });
  });
}
