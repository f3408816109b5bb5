import { type Arranged, sameCase, unscoped } from './arrange';
import type { ResourceCase } from './resource';
import type { Body } from './schemas';

/**
 * Items of one write may not share a unique value (uid in any case, login name, non-empty phone or
 * e-mail): that is a 409 by design, not a round trip.
 */
function distinctUniques(items: Body[]): boolean {
  for (const field of ['uid', 'username', 'phone', 'email']) {
    const values = items
      .map((item) => item[field])
      .filter((value): value is string => typeof value === 'string' && value !== '')
      .map((value) => (field === 'uid' ? value.toLowerCase() : value));
    if (new Set(values).size !== values.length) return false;
  }
  return true;
}

/**
 * docs/spec-gaps.md, Accounts: uids are answered in lower case (the contract's `AccountUid` says
 * so), and an update item's uid is sent in the letter case generated. The password is not read
 * back: no answer of the contract has the field.
 */
export const accountCase: ResourceCase<Arranged> = {
  label: 'account',
  ...unscoped,
  key: { field: 'uid', param: 'account_uid' },
  create: {
    one: 'createAccount',
    many: { operationId: 'createAccounts', fields: ['accounts'] },
    // docs/spec-gaps.md, Accounts: status 1 on create; role, tier and type 0; unset texts "".
    defaults: { status: 1, role: 0, tier: 0, type: 0, phone: '', email: '', nickname: '', desc: '' },
  },
  update: {
    one: 'updateAccount',
    many: { operationId: 'updateAccounts', fields: ['accounts'] },
    seed: () => ({}),
  },
  read: { detail: 'getAccount', list: 'listAccounts' },
  keyAs: sameCase,
  together: distinctUniques,
};
