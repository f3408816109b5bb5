import { z } from 'zod';
import { defineOperation } from '../operation-spec';
import { AccountUid, AccountUidRef, Id, intFromText, LongText, orNull, ShortText } from '../primitives';
import { API, batchOf } from './common';

export const AccountStatus = z.union([z.literal(0), z.literal(1)]).meta({
  id: 'AccountStatus',
  description: 'Account status (values not shown in the spec): 1 = active, 0 = disabled.',
});

const Username = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_.@+-]+$/, 'letters, digits and _ . @ + - only');
const Phone = z
  .string()
  .max(32)
  .regex(/^$|^\+?[0-9][0-9 -]{2,30}$/, 'digits, spaces and dashes, optionally after +');
const email = z.email();
// zod-to-openapi writes only `format: email`, which admits addresses zod's pattern refuses.
const Email = z.union([z.literal(''), email.max(254).meta({ pattern: email._zod.def.pattern?.source })]);

const accountIntegers = {
  role: z.number().int().min(0).max(1).meta({
    description:
      'Account role: 0 = user, 1 = administrator (values not shown; the spec types it bool in the attribute list and int in the request tables: it is an integer here).',
  }),
  tier: z.number().int().min(0).meta({ description: 'Level (values not shown). Default 0.' }),
  type: z.number().int().min(0).meta({ description: 'Account type (values not shown). Default 0.' }),
};

export const Account = z
  .object({
    uid: z.string(),
    status: AccountStatus,
    username: z.string(),
    phone: z.string().meta({ description: '"" when not set.' }),
    email: z.string().meta({ description: '"" when not set.' }),
    nickname: z.string(),
    desc: z.string(),
    ...accountIntegers,
  })
  .meta({ id: 'Account', description: 'An account. The password is never returned.' });

const writable = {
  username: Username.optional().meta({ description: 'Unique login name; generated when omitted on create.' }),
  phone: Phone.optional().meta({ description: 'Unique when not empty.' }),
  email: Email.optional().meta({ description: 'Unique when not empty.' }),
  nickname: ShortText.optional(),
  desc: LongText.optional(),
  password: z.string().min(8).max(128).optional().meta({ description: 'Stored as a hash; never returned.' }),
  role: accountIntegers.role.optional(),
  tier: accountIntegers.tier.optional(),
  type: accountIntegers.type.optional(),
};

export const AccountCreate = z
  .strictObject({
    uid: AccountUid.optional().meta({ description: 'uuid4; generated when omitted.' }),
    ...writable,
  })
  .meta({
    id: 'AccountCreate',
    description: 'Every field is optional (spec: not shown which are required).',
  });

export const AccountUpdate = z
  .strictObject({ ...writable, status: AccountStatus.optional() })
  .meta({ id: 'AccountUpdate', description: 'Omitted fields keep their value.' });

export const AccountBatchUpdateItem = z
  .strictObject({
    uid: AccountUid.meta({ description: 'Identifies the account to update.' }),
    ...AccountUpdate.shape,
  })
  .meta({ id: 'AccountBatchUpdateItem' });

export const AccountOwner = z
  .object({
    uid: z.string(),
    email: z.string(),
    nickname: z.string(),
    desc: z.string(),
    status: AccountStatus,
  })
  .meta({ id: 'AccountOwner' });

export const AccountWorkspace = z
  .object({
    id: Id,
    name: z.string(),
    desc: z.string(),
    owner: orNull(AccountOwner).meta({ description: 'The member holding the owner role, or null.' }),
    locked: z.boolean().meta({
      description: 'True when the account may not edit the workspace (it is not owner or admin there).',
    }),
  })
  .meta({ id: 'AccountWorkspace' });

const AccountPath = z.object({ account_uid: AccountUidRef });
const accounts = `${API}/accounts/` as const;

export const accountOperations = {
  createAccount: defineOperation({
    method: 'post',
    path: accounts,
    tag: 'Accounts',
    summary: 'Create an account',
    description:
      'Creates an account; `uid` and `username` are generated when not given, and a password is stored only as a hash. Login name, phone and e-mail must be unused.',
    permission: 'account',
    hashesPasswords: true,
    body: AccountCreate,
    data: Account,
    errors: [409],
  }),
  createAccounts: defineOperation({
    method: 'post',
    path: `${accounts}create-accounts/`,
    tag: 'Accounts',
    summary: 'Create accounts in one batch',
    description:
      'All or nothing: an invalid item or a taken unique value rejects the batch and the error names its index.',
    permission: 'account',
    hashesPasswords: true,
    body: z.strictObject({ accounts: batchOf(AccountCreate) }),
    data: z.array(Account),
    errors: [409],
  }),
  updateAccount: defineOperation({
    method: 'put',
    path: `${accounts}{account_uid}/`,
    tag: 'Accounts',
    summary: 'Update an account',
    description:
      'Changes the given fields of an account; omitted fields keep their value. A new password replaces the stored hash.',
    permission: 'account',
    hashesPasswords: true,
    params: AccountPath,
    body: AccountUpdate,
    data: Account,
    errors: [409],
  }),
  updateAccounts: defineOperation({
    method: 'put',
    path: `${accounts}update-accounts/`,
    tag: 'Accounts',
    summary: 'Update accounts in one batch',
    description:
      'Each item names its account by `uid` (spec: not shown). All or nothing: an invalid item, an unknown uid or a taken unique value rejects the batch and the error names its index.',
    permission: 'account',
    hashesPasswords: true,
    body: z.strictObject({ accounts: batchOf(AccountBatchUpdateItem) }),
    data: z.array(Account),
    errors: [404, 409],
  }),
  listAccounts: defineOperation({
    method: 'get',
    path: accounts,
    tag: 'Accounts',
    summary: 'List or search accounts',
    description:
      '`q` searches login name, nickname, introduction, phone and e-mail (substring, case-insensitive).',
    permission: 'account',
    storedDataRead: true,
    query: z.object({ q: z.string().max(255).optional() }),
    data: z.array(Account),
  }),
  getAccount: defineOperation({
    method: 'get',
    path: `${accounts}{account_uid}/`,
    tag: 'Accounts',
    summary: 'Get an account',
    description: 'Answers one account (never its password).',
    permission: 'account',
    storedDataRead: true,
    params: AccountPath,
    data: Account,
  }),
  fetchAccount: defineOperation({
    method: 'post',
    path: `${accounts}fetch/`,
    tag: 'Accounts',
    summary: 'Look up an account by login name, phone or e-mail',
    description: 'Introduced in v25.10. Answers `data: null` when nobody matches.',
    permission: 'account',
    readsOnly: true,
    body: z.strictObject({
      username: z.string().min(1).max(254).meta({ description: 'Login name, phone or e-mail.' }),
    }),
    data: orNull(Account),
  }),
  deleteAccount: defineOperation({
    method: 'delete',
    path: `${accounts}{account_uid}/`,
    tag: 'Accounts',
    summary: 'Delete an account',
    description: 'Deletes the account and its memberships in every workspace.',
    permission: 'account',
    params: AccountPath,
  }),
  deleteAccounts: defineOperation({
    method: 'delete',
    path: `${accounts}delete-accounts/`,
    tag: 'Accounts',
    summary: 'Delete accounts in one batch',
    description:
      'All or nothing: an unknown uid rejects the batch and the error names its index. An id named twice is deleted once.',
    permission: 'account',
    body: z.strictObject({ accountUids: batchOf(AccountUidRef) }),
    errors: [404],
  }),
  listAccountWorkspaces: defineOperation({
    method: 'get',
    path: `${accounts}{account_uid}/projects/`,
    tag: 'Accounts',
    summary: 'List the workspaces of an account',
    description:
      'Query parameters (spec: not shown which are required): `role` filters by the member role, `offset` (default 0) and `limit` (default 20, at most 100) page the result; `count` is accepted and ignored.',
    permission: 'account',
    workspaceScope: "Workspaces outside the key's set are left out of the list rather than refused.",
    storedDataRead: true,
    params: AccountPath,
    query: z.object({
      role: intFromText(z.number().int().min(1).max(3))
        .optional()
        .meta({ description: 'Member role: 1 = owner, 2 = admin, 3 = member.' }),
      count: intFromText(z.number().int().min(0)).optional(),
      offset: intFromText(z.number().int().min(0).max(1_000_000)).default(0),
      limit: intFromText(z.number().int().min(1).max(100)).default(20),
    }),
    data: z.array(AccountWorkspace),
  }),
};
