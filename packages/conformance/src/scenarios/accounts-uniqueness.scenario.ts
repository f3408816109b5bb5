import type { ScenarioTarget } from '../scenario-target';
import { describe, expect, it } from '../test-api';
import { accountClient, digits, tag, uidsMatching, uniqueFields } from './accounts-fixtures';

/** Uid, username, phone and e-mail are unique among accounts; empty values are not. */
export function accountUniquenessScenarios(target: () => ScenarioTarget) {
  const { api, create, get } = accountClient(target);

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
}
