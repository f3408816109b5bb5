import type { Account } from '@wsadmin/contract';
import type { z } from 'zod';
import type { ScenarioTarget } from '../scenario-target';
import { describe, expect, it } from '../test-api';
import { accountClient, digits, type NewAccount, tag, uidsMatching } from './accounts-fixtures';

type AccountData = z.output<typeof Account>;

/** Finding accounts: list with q, get by uid, fetch by login name, phone or e-mail. */
export function accountSearchScenarios(target: () => ScenarioTarget) {
  const { api, create } = accountClient(target);

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
}
