import { Account, workspaceDefaults } from '@wsadmin/contract';
import { describe, expect, it } from 'vitest';
import type { AccessKeyTable, AccountTable } from '../storage/schema';
import { accessKeyDefaults, accessKeyMapping, toAccessKey } from './access-keys';
import { type AccountFields, accountDefaults, accountMapping, toAccount } from './accounts';
import { changesOf, column, defineMapping, fromRow, readFields, toRow } from './mapping';
import { workspaceMapping, workspaceRowDefaults } from './workspaces';

const stamp = '2030-01-01T00:00:00.000Z';
const stored: AccountTable = {
  ...accountDefaults(stamp),
  uid: 'u-1',
  username: 'ada',
  nickname: 'Ada',
  description: 'first',
  password_hash: 'secret-hash',
  tier: 2,
};

describe('account mapping', () => {
  it('does not compile when a contract field has no entry', () => {
    const { type: _missing, ...fields } = accountMapping.fields;
    // @ts-expect-error `type` is a field of Account: leaving it out is a compile error.
    const partial = defineMapping<AccountFields, AccountTable>()('accounts', fields, {});
    // Read shaping refuses it at run time too: the answer would lack the field.
    expect(() => fromRow(partial, Account, stored)).toThrow(
      'answer field "type" has no readable mapping entry',
    );
  });

  it('does not compile when a column entry names no column of the table', () => {
    defineMapping<AccountFields, AccountTable>()(
      'accounts',
      // @ts-expect-error `department` is no column of AccountTable (generated from the migrations).
      { ...accountMapping.fields, desc: column<AccountTable>('department') },
      {},
    );
  });

  it.each([
    [
      'every changed field, under its column',
      { given: { desc: 'new', tier: 3, status: 0 }, want: { description: 'new', tier: 3, status: 0 } },
    ],
    ['nothing for fields left undefined', { given: { nickname: undefined }, want: {} }],
    ['no password: its hash is written apart', { given: { password: 'longenough' }, want: {} }],
  ] as const)('an update writes %s', (_name, { given, want }) => {
    expect(changesOf(accountMapping, given)).toEqual(want);
  });

  it('refuses a field the mapping does not know instead of dropping it', () => {
    expect(() => changesOf(accountMapping, { department: 'sales' })).toThrow(
      'accounts: contract field "department" has no mapping entry',
    );
  });

  it('inserts the defaults overridden by the given fields', () => {
    const row = toRow(
      accountMapping,
      { desc: 'hi', role: 1 },
      { ...accountDefaults(stamp), uid: 'u', username: 'n' },
    );
    expect(row).toMatchObject({ uid: 'u', username: 'n', description: 'hi', role: 1, tier: 0, status: 1 });
  });

  it('reads the answer in contract order and never the password hash', () => {
    const answer = toAccount(stored);
    expect(Object.keys(answer)).toEqual(Object.keys(Account.shape));
    expect(answer).toMatchObject({ uid: 'u-1', desc: 'first', tier: 2, status: 1 });
    expect(JSON.stringify(answer)).not.toContain('secret-hash');
  });
});

describe('workspace mapping', () => {
  it('stores switches as 0/1 and reads them back as booleans', () => {
    expect(changesOf(workspaceMapping, { dt: false, enable_ddra: true, hcl: true })).toEqual({
      dt: 0,
      enable_ddra: 1,
      hide_titles: 1,
    });
  });

  it('derives a new workspace row from the contract defaults: every column but the id, switches as 0/1', () => {
    const row = workspaceRowDefaults('2026-01-01T00:00:00.000Z');
    const columns = Object.keys(workspaceMapping.columns).filter((column) => column !== 'id');
    expect(Object.keys(row).sort()).toEqual(columns.sort());
    expect(row).toMatchObject({
      description: workspaceDefaults.desc,
      date_offset: workspaceDefaults.date_offset,
      hide_titles: workspaceDefaults.hcl ? 1 : 0,
      dt: workspaceDefaults.dt ? 1 : 0,
      break_point_display_type: workspaceDefaults.breakPointDisplayType,
    });
    expect(Object.values(row).every((value) => typeof value === 'number' || typeof value === 'string')).toBe(
      true,
    );
  });
});

describe('access-key mapping', () => {
  const row: AccessKeyTable = {
    ...accessKeyDefaults({
      id: 'key_1',
      name: 'ci',
      secret_hash: 'hash',
      auth_data_key: 'hmac',
      created_at: stamp,
    }),
    description: 'for CI',
    permissions: '["workspace","auth"]',
    workspace_ids: '[3,1]',
    expires_at: '2031-01-01T00:00:00.000Z',
  };

  it('reads the key record, unrolled for the hot path, as the mapping reads each field', () => {
    const key = toAccessKey(row);
    const fields = Object.keys(key) as Array<keyof typeof key>;
    expect(fields).toHaveLength(9);
    expect(key).toEqual(readFields(accessKeyMapping, fields, row));
    expect(key).toMatchObject({
      description: 'for CI',
      permissions: ['workspace', 'auth'],
      workspaceIds: [3, 1],
    });
    expect(JSON.stringify(key)).not.toContain('"hash"');
  });

  it.each([
    ['every workspace', { given: null, want: null }],
    ['a list', { given: [2], want: '[2]' }],
    ['no workspace at all', { given: [], want: '[]' }],
  ] as const)('stores %s', (_name, { given, want }) => {
    expect(changesOf(accessKeyMapping, { workspaceIds: given })).toEqual({ workspace_ids: want });
  });

  it('refuses stored permissions that name no feature permission', () => {
    expect(() => toAccessKey({ ...row, permissions: '["everything"]' })).toThrow();
  });
});
