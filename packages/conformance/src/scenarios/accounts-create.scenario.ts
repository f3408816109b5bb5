import type { ScenarioTarget } from '../scenario-target';
import { describe, expect, it } from '../test-api';
import { accountClient, digits, tag, uidsMatching } from './accounts-fixtures';

const UUID4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Creating one account: generated values, defaults, and the fields it refuses. */
export function accountCreateScenarios(target: () => ScenarioTarget) {
  const { api, create, get } = accountClient(target);

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
}
