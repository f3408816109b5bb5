import type { Account, AccountWorkspace } from '@wsadmin/contract';
import type { z } from 'zod';
import type { AccountRow, AccountWorkspaceRow } from '../queries/accounts';

/** Stored statuses are only ever 0 or 1 (the contract refuses anything else on write). */
const statusOf = (status: number): 0 | 1 => (status === 1 ? 1 : 0);

/** The answer shape, built field by field so the password hash can never leak into it. */
export const toAccount = (row: AccountRow): z.input<typeof Account> => ({
  uid: row.uid,
  status: statusOf(row.status),
  username: row.username,
  phone: row.phone,
  email: row.email,
  nickname: row.nickname,
  desc: row.description,
  role: row.role,
  tier: row.tier,
  type: row.type,
});

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
