import type { Facade } from '../client';
import { PROJECTS_PAGE_SIZE, type ProjectsQuery } from '../resources/accounts';
import type { AccountUid, QueryParams, RequestBody } from '../types';
import { everyAccountProjects, wsadminKeys } from './keys';
import { type Affected, actionOf, below, mutationOf, only, pagedQueryOf, queryOf } from './options';

const keys = wsadminKeys.accounts;

/** Views showing account fields: lists, look-ups, and the owners in the accounts' workspace lists. */
const listings = (): Affected => [below(keys.lists()), below(keys.lookups()), everyAccountProjects()];

/** Query and mutation factories of `client.accounts`. */
export const accountsQueries = (client: Facade) => ({
  /**
   * Accounts, optionally searched.
   *
   * @example
   * const { data: accounts } = useQuery(q.accounts.list({ q: 'alice' }));
   */
  list: (query?: QueryParams<'listAccounts'>) =>
    queryOf(keys.list(query), (signal) => client.accounts.list(query, { signal })),

  /**
   * One account.
   *
   * @example
   * const { data: account } = useQuery(q.accounts.get(uid));
   */
  get: (accountUid: AccountUid) =>
    queryOf(keys.detail(accountUid), (signal) => client.accounts.get(accountUid, { signal })),

  /**
   * Looks an account up by login name, phone or e-mail (`null` when nobody matches). A query,
   * although it is a POST: it reads.
   *
   * @example
   * const { data: account } = useQuery(q.accounts.fetch('alice@example.com'));
   */
  fetch: (username: RequestBody<'fetchAccount'>['username']) =>
    queryOf(keys.lookup(username), (signal) => client.accounts.fetch(username, { signal })),

  /**
   * The workspaces of an account as an infinite query: one page per `offset`, the next page param
   * the offset after a full page (as the paging iterator of `client.accounts.projects`).
   *
   * @example
   * const { data, fetchNextPage, hasNextPage } = useInfiniteQuery(q.accounts.projects(uid, { limit: 20 }));
   * const workspaces = data?.pages.flat() ?? [];
   */
  projects: (accountUid: AccountUid, query: ProjectsQuery = {}) => {
    const limit = query.limit ?? PROJECTS_PAGE_SIZE;
    return pagedQueryOf(
      keys.projects(accountUid, query),
      (offset, signal) => client.accounts.projects(accountUid, query, { signal }).page({ offset, limit }),
      query.offset ?? 0,
      limit,
    );
  },

  /**
   * Creates an account (variables: the account); invalidates the account lists.
   *
   * @example
   * useMutation(q.accounts.create()).mutate({ username: 'alice', email: 'alice@example.com' });
   */
  create: () =>
    mutationOf(
      ['wsadmin', 'createAccount'],
      (account: RequestBody<'createAccount'>) => client.accounts.create(account),
      () => [below(keys.lists()), below(keys.lookups())],
    ),

  /**
   * Creates several accounts (variables: the array); invalidates the account lists.
   *
   * @example
   * useMutation(q.accounts.createMany()).mutate([{ username: 'alice' }, { username: 'bob' }]);
   */
  createMany: () =>
    mutationOf(
      ['wsadmin', 'createAccounts'],
      (accounts: RequestBody<'createAccounts'>['accounts']) => client.accounts.createMany(accounts),
      () => [below(keys.lists()), below(keys.lookups())],
    ),

  /**
   * Updates an account (variables: the changes); invalidates its detail and the views showing it.
   *
   * @example
   * useMutation(q.accounts.update(uid)).mutate({ nickname: 'Alice' });
   */
  update: (accountUid: AccountUid) =>
    mutationOf(
      ['wsadmin', 'updateAccount', accountUid],
      (changes: RequestBody<'updateAccount'>) => client.accounts.update(accountUid, changes),
      () => [only(keys.detail(accountUid)), ...listings()],
    ),

  /**
   * Updates several accounts (variables: the items, each with its `uid`).
   *
   * @example
   * useMutation(q.accounts.updateMany()).mutate([{ uid, status: 0 }]);
   */
  updateMany: () =>
    mutationOf(
      ['wsadmin', 'updateAccounts'],
      (accounts: RequestBody<'updateAccounts'>['accounts']) => client.accounts.updateMany(accounts),
      (items) => [...items.map(({ uid }) => only(keys.detail(uid))), ...listings()],
    ),

  /**
   * Deletes an account (no variables); invalidates everything of it and the views showing it.
   *
   * @example
   * useMutation(q.accounts.delete(uid)).mutate();
   */
  delete: (accountUid: AccountUid) =>
    actionOf(
      ['wsadmin', 'deleteAccount', accountUid],
      () => client.accounts.delete(accountUid),
      () => [below(keys.detail(accountUid)), ...listings()],
    ),

  /**
   * Deletes several accounts (variables: their uids).
   *
   * @example
   * useMutation(q.accounts.deleteMany()).mutate([alice, bob]);
   */
  deleteMany: () =>
    mutationOf(
      ['wsadmin', 'deleteAccounts'],
      (accountUids: RequestBody<'deleteAccounts'>['accountUids']) => client.accounts.deleteMany(accountUids),
      (uids) => [...uids.map((uid) => below(keys.detail(uid))), ...listings()],
    ),
});

export type AccountsQueries = ReturnType<typeof accountsQueries>;
