import type { ScenarioTarget } from '../scenario-target';
import { describe, expect, it } from '../test-api';
import { accountClient, tag, uidsMatching, uniqueFields } from './accounts-fixtures';

/** Creating accounts in a batch: in order, all or nothing. */
export function accountBatchCreateScenarios(target: () => ScenarioTarget) {
  const { api, create } = accountClient(target);

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
}
