import type { Context } from '../call';
import { type Paged, paged } from '../paging';
import type { AccountUid, QueryParams, RequestBody, RequestOptions, ResponseData } from '../types';

/** Filters and paging of `accounts/{account_uid}/projects/` (`count` is ignored by the server). */
export type ProjectsQuery = Omit<QueryParams<'listAccountWorkspaces'>, 'count'>;
/** One workspace of an account. */
export type AccountWorkspace = ResponseData<'listAccountWorkspaces'>[number];

/** Page size of `projects()` when none is given: the server's largest. */
export const PROJECTS_PAGE_SIZE = 100;

/** `/openapi/v1/accounts/`: user accounts. */
export interface AccountsApi {
  /**
   * Creates an account; `uid` and `username` are generated when omitted.
   *
   * @example
   * const account = await client.accounts.create({ username: 'alice', email: 'alice@example.com' });
   */
  create(
    account: RequestBody<'createAccount'>,
    options?: RequestOptions,
  ): Promise<ResponseData<'createAccount'>>;

  /**
   * Creates several accounts, all or nothing.
   *
   * @example
   * await client.accounts.createMany([{ username: 'alice' }, { username: 'bob' }]);
   */
  createMany(
    accounts: RequestBody<'createAccounts'>['accounts'],
    options?: RequestOptions,
  ): Promise<ResponseData<'createAccounts'>>;

  /**
   * Updates an account; omitted fields keep their value.
   *
   * @example
   * await client.accounts.update(uid, { nickname: 'Alice', status: 0 });
   */
  update(
    accountUid: AccountUid,
    changes: RequestBody<'updateAccount'>,
    options?: RequestOptions,
  ): Promise<ResponseData<'updateAccount'>>;

  /**
   * Updates several accounts, all or nothing; each item names its `uid`.
   *
   * @example
   * await client.accounts.updateMany([{ uid: alice, tier: 2 }, { uid: bob, status: 0 }]);
   */
  updateMany(
    accounts: RequestBody<'updateAccounts'>['accounts'],
    options?: RequestOptions,
  ): Promise<ResponseData<'updateAccounts'>>;

  /**
   * Lists accounts; `q` searches login name, nickname, introduction, phone and e-mail.
   *
   * @example
   * const found = await client.accounts.list({ q: 'alice' });
   */
  list(query?: QueryParams<'listAccounts'>, options?: RequestOptions): Promise<ResponseData<'listAccounts'>>;

  /**
   * One account.
   *
   * @example
   * const account = await client.accounts.get(uid);
   */
  get(accountUid: AccountUid, options?: RequestOptions): Promise<ResponseData<'getAccount'>>;

  /**
   * Looks an account up by login name, phone or e-mail; `null` when nobody matches.
   *
   * @example
   * const account = await client.accounts.fetch('alice@example.com');
   * if (account === null) console.log('no such account');
   */
  fetch(
    username: RequestBody<'fetchAccount'>['username'],
    options?: RequestOptions,
  ): Promise<ResponseData<'fetchAccount'>>;

  /**
   * Deletes an account.
   *
   * @example
   * await client.accounts.delete(uid);
   */
  delete(accountUid: AccountUid, options?: RequestOptions): Promise<ResponseData<'deleteAccount'>>;

  /**
   * Deletes several accounts, all or nothing.
   *
   * @example
   * await client.accounts.deleteMany([alice, bob]);
   */
  deleteMany(
    accountUids: RequestBody<'deleteAccounts'>['accountUids'],
    options?: RequestOptions,
  ): Promise<ResponseData<'deleteAccounts'>>;

  /**
   * The workspaces of an account, paged by `offset`/`limit` (default page size 100). Iterate for
   * every entry, or call `.page()` for one page.
   *
   * @example
   * for await (const workspace of client.accounts.projects(uid, { limit: 50, role: 1 })) {
   *   console.log(workspace.name, workspace.locked);
   * }
   * const firstPage = await client.accounts.projects(uid).page({ offset: 0, limit: 20 });
   */
  projects(accountUid: AccountUid, query?: ProjectsQuery, options?: RequestOptions): Paged<AccountWorkspace>;
}

export const accounts = ({ call }: Context): AccountsApi => ({
  create: (body, o) => call('createAccount', { body }, o),
  createMany: (items, o) => call('createAccounts', { body: { accounts: items } }, o),
  update: (account_uid, body, o) => call('updateAccount', { path: { account_uid }, body }, o),
  updateMany: (items, o) => call('updateAccounts', { body: { accounts: items } }, o),
  list: (query, o) => call('listAccounts', { query }, o),
  get: (account_uid, o) => call('getAccount', { path: { account_uid } }, o),
  fetch: (username, o) => call('fetchAccount', { body: { username } }, o),
  delete: (account_uid, o) => call('deleteAccount', { path: { account_uid } }, o),
  deleteMany: (uids, o) => call('deleteAccounts', { body: { accountUids: uids } }, o),
  projects: (account_uid, query = {}, o) =>
    paged(
      (offset, limit) =>
        call('listAccountWorkspaces', { path: { account_uid }, query: { ...query, offset, limit } }, o),
      query.offset ?? 0,
      query.limit ?? PROJECTS_PAGE_SIZE,
    ),
});
