import type { ScenarioTarget } from '../scenario-target';
import { describe, expect, it } from '../test-api';
import { accountClient, digits, tag } from './accounts-fixtures';

/** Updating accounts, one or a batch: only the fields sent, all or nothing. */
export function accountUpdateScenarios(target: () => ScenarioTarget) {
  const { api, create, get } = accountClient(target);

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
}
