import type { z } from 'zod';
import type { Account } from '../resources/accounts';
import type { ExamplesOf } from './example';
import { exampleWorld } from './values';

/** Accounts, login-data validation and the key scope. */
const { workspace, account, peer } = exampleWorld;
const accountParams = { account_uid: account.uid };
const carol = {
  uid: '2d4f6a8c-1b3e-4c5a-9e7f-0b2d4f6a8c1e',
  status: 1,
  username: 'carol',
  phone: '',
  email: 'carol@example.com',
  nickname: 'Carol',
  desc: '',
  role: 0,
  tier: 1,
  type: 0,
} satisfies z.input<typeof Account>;
const { status: _s, ...carolCreate } = carol;
const dave = {
  ...carol,
  uid: '7e9a1c3e-5b7d-4f9a-8c1e-3b5d7f9a1c3e',
  username: 'dave',
  email: '',
  nickname: 'Dave',
};
const { status: _d, ...daveCreate } = dave;

export const accountExamples = {
  createAccount: { body: { ...carolCreate, password: 'correct horse battery' }, data: carol },
  createAccounts: { body: { accounts: [carolCreate, daveCreate] }, data: [carol, dave] },
  updateAccount: {
    params: accountParams,
    body: { nickname: 'Alice L.', tier: 2 },
    data: { ...account, nickname: 'Alice L.', tier: 2 },
  },
  updateAccounts: {
    body: { accounts: [{ uid: peer.uid, status: 0 }] },
    data: [{ ...peer, status: 0 }],
  },
  listAccounts: { query: { q: 'alice' }, data: [account] },
  getAccount: { params: accountParams, data: account },
  fetchAccount: { body: { username: account.email }, data: account },
  deleteAccount: { params: accountParams },
  deleteAccounts: { body: { accountUids: [peer.uid] } },
  listAccountWorkspaces: {
    params: accountParams,
    query: { role: 2, offset: 0, limit: 20 },
    data: [
      {
        id: workspace.id,
        name: workspace.name,
        desc: workspace.desc,
        owner: null,
        locked: false,
      },
    ],
  },
} satisfies ExamplesOf<
  | 'createAccount'
  | 'createAccounts'
  | 'updateAccount'
  | 'updateAccounts'
  | 'listAccounts'
  | 'getAccount'
  | 'fetchAccount'
  | 'deleteAccount'
  | 'deleteAccounts'
  | 'listAccountWorkspaces'
>;

export const authAndScopeExamples = {
  // The format of docs/spec-gaps.md for the example account, but signed with another key and long
  // expired: a well-formed login string the server answers `false` for.
  checkAuthData: {
    body: {
      authData:
        'eyJ2IjoxLCJ1aWQiOiI2ZjFjMmUzYS00YjVkLTRlNmYtOGE3Yi05YzBkMWUyZjNhNGIiLCJpYXQiOjE3NjcyMjU2MDAsImV4cCI6MTc2NzIyOTIwMH0.0zjPnaXwr_esf3uwk7i00dCCRrl8uk5ltvXf2JA58u4',
    },
    data: false,
  },
  getScope: {
    data: {
      ...exampleWorld.key,
      expired_at: null,
      permissions: [],
      workspaces: [{ id: workspace.id, name: workspace.name, desc: workspace.desc }],
    },
  },
} satisfies ExamplesOf<'checkAuthData' | 'getScope'>;
