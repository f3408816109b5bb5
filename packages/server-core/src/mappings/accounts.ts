import { Account, type AccountCreate, type AccountUpdate, type AccountWorkspace } from '@wsadmin/contract';
import type { Insertable, Selectable } from 'kysely';
import type { z } from 'zod';
import type { AccountTable } from '../storage/schema';
import { type Codec, column, defineMapping, fromRow } from './mapping';

/** Every field an account answer or write carries. */
export type AccountFields = z.output<typeof Account> &
  z.output<typeof AccountCreate> &
  z.output<typeof AccountUpdate>;

/** Stored statuses are only ever 0 or 1 (the contract refuses anything else on write). */
const statusOf = (value: number): 0 | 1 => (value === 1 ? 1 : 0);
const status: Codec = { write: (value: 0 | 1) => value, read: statusOf };

export const accountMapping = defineMapping<AccountFields, AccountTable>()(
  'accounts',
  {
    uid: column('uid'),
    status: column('status', status),
    username: column('username'),
    phone: column('phone'),
    email: column('email'),
    nickname: column('nickname'),
    desc: column('description'),
    password: {
      kind: 'apart',
      column: 'password_hash',
      reason: 'hashed outside the write transaction (handlers/accounts.ts); never read back',
    },
    role: column('role'),
    tier: column('tier'),
    type: column('type'),
  },
  {
    created_at: 'creation time: list order',
    updated_at: 'time of the last write',
  },
);

/** What a new account holds for each field the create request leaves out. */
export const accountDefaults = (
  stamp: string,
): Omit<Insertable<AccountTable>, 'uid' | 'username' | 'password_hash'> => ({
  status: 1,
  phone: '',
  email: '',
  nickname: '',
  description: '',
  role: 0,
  tier: 0,
  type: 0,
  created_at: stamp,
  updated_at: stamp,
});

/** The answer shape, built field by field from the mapping so the password hash can never leak into it. */
export const toAccount = (row: Selectable<AccountTable>): z.input<typeof Account> =>
  fromRow(accountMapping, Account, row);

/** An account's membership joined with its workspace and the workspace owner (sql/accounts.ts). */
export interface AccountWorkspaceRow {
  id: number;
  name: string;
  description: string;
  /** The account's own role in the workspace. */
  role: number;
  owner_uid: string | null;
  owner_email: string | null;
  owner_nickname: string | null;
  owner_description: string | null;
  owner_status: number | null;
}

/** Owners and admins may edit a workspace; plain members (role 3) see it locked. */
const MEMBER_ROLE = 3;

export const toAccountWorkspace = (row: AccountWorkspaceRow): z.input<typeof AccountWorkspace> => ({
  id: row.id,
  name: row.name,
  desc: row.description,
  owner:
    row.owner_uid === null
      ? null
      : {
          uid: row.owner_uid,
          email: row.owner_email ?? '',
          nickname: row.owner_nickname ?? '',
          desc: row.owner_description ?? '',
          status: statusOf(row.owner_status ?? 0),
        },
  locked: row.role >= MEMBER_ROLE,
});
