import type { ScenarioTarget } from '../scenario-target';
import { describe, expect, it } from '../test-api';
import { accountClient, tag } from './accounts-fixtures';

/** Passwords never leave the server, in any answer. */
export function accountPasswordScenarios(target: () => ScenarioTarget) {
  const { api, create, get, projects } = accountClient(target);

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
