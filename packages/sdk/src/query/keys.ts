import type { InvalidateQueryFilters } from '@tanstack/query-core';
import type { ProjectsQuery } from '../resources/accounts';
import { routes } from '../routes';
import type {
  AccountUid,
  ManagementCollection,
  MemberGroupId,
  MemberUid,
  OperationId,
  OperationRecordId,
  WorkspaceId,
} from '../types';
import type { KeyOf, KeyValues, ReadId } from './shape';

/**
 * The key of a read, from its route: `'wsadmin'`, the URL's segments with the path values, then
 * `'list'` and the query (`{}` when none) for a list, the remaining values (a POST read's body).
 */
export function keyOf(operationId: OperationId, values: readonly unknown[]): readonly unknown[] {
  const route = routes[operationId];
  const count = Object.keys(route.params).length;
  let next = 0;
  const segments = route.path
    .replace(/^\/openapi\/v1\//, '')
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => (segment.startsWith('{') ? values[next++] : segment));
  const tail = operationId.startsWith('list')
    ? ['list', ...(route.query ? [values[count] ?? {}] : [])]
    : values.slice(count);
  return ['wsadmin', ...segments, ...tail];
}

const of = <K extends ReadId>(operationId: K, ...values: KeyValues<K>) =>
  keyOf(operationId, values) as KeyOf<K>;

/**
 * The query keys of the SDK: plain arrays of strings, numbers and objects (serialisable, stable),
 * hierarchical so a prefix invalidates everything below it. Everything of a workspace lives under
 * `['wsadmin', 'workspaces', id]`; everything of an account under `['wsadmin', 'accounts', uid]`.
 * `of` gives the key of any read by its operationId (the one its query factory uses); the others
 * are prefixes.
 *
 * @example
 * import { wsadminKeys } from '@wsadmin/sdk/query';
 *
 * await queryClient.invalidateQueries({ queryKey: wsadminKeys.workspaces.lists() }); // every workspace list
 * await queryClient.invalidateQueries({ queryKey: wsadminKeys.workspaces.detail(7) }); // workspace 7 and all in it
 * queryClient.getQueryData(wsadminKeys.of('getTimeSeries', 7, 3)); // q.timeSeries.get(7, 3)'s data
 */
export const wsadminKeys = {
  /** Prefix of every key of the SDK. */
  all: ['wsadmin'] as const,
  /**
   * The key of a read: its path values in URL order, then a list's query or a look-up's argument.
   *
   * @example
   * wsadminKeys.of('getTimeSeries', 7, 3); // ['wsadmin', 'workspaces', 7, 'time-series', 3]
   * wsadminKeys.of('listWorkspaces', { q: 'sales' }); // ['wsadmin', 'workspaces', 'list', { q: 'sales' }]
   */
  of,
  workspaces: {
    /** Every workspace query, lists and everything inside workspaces. */
    all: () => ['wsadmin', 'workspaces'] as const,
    /** Every workspace list, whatever its filter. */
    lists: () => ['wsadmin', 'workspaces', 'list'] as const,
    /** The detail of a workspace; as a prefix, also everything inside it. */
    detail: (workspaceId: WorkspaceId) => of('getWorkspace', workspaceId),
  },
  timeSeries: {
    /** Every time-series query of a workspace. */
    all: (workspaceId: WorkspaceId) => ['wsadmin', 'workspaces', workspaceId, 'time-series'] as const,
  },
  memberGroups: {
    /** Prefix of everything of one member group. */
    detail: (workspaceId: WorkspaceId, memberGroupId: MemberGroupId) =>
      ['wsadmin', 'workspaces', workspaceId, 'member-groups', memberGroupId] as const,
  },
  members: {
    /** Prefix of everything of one member. */
    detail: (workspaceId: WorkspaceId, memberUid: MemberUid) =>
      ['wsadmin', 'workspaces', workspaceId, 'members', memberUid] as const,
  },
  accounts: {
    all: () => ['wsadmin', 'accounts'] as const,
    lists: () => ['wsadmin', 'accounts', 'list'] as const,
    /** Every look-up by login name, phone or e-mail. */
    lookups: () => ['wsadmin', 'accounts', 'fetch'] as const,
    /** The detail of an account; as a prefix, also its workspace lists. */
    detail: (accountUid: AccountUid) => of('getAccount', accountUid),
    /** Every workspace list of one account. */
    projectLists: (accountUid: AccountUid) => ['wsadmin', 'accounts', accountUid, 'projects'] as const,
    /** One workspace list of an account, paged by the infinite query (so no `'list'` marker). */
    projects: (accountUid: AccountUid, query: ProjectsQuery = {}) =>
      ['wsadmin', 'accounts', accountUid, 'projects', query] as const,
  },
  management: {
    /** Every management query of a workspace. */
    all: (workspaceId: WorkspaceId) => ['wsadmin', 'workspaces', workspaceId, 'management'] as const,
    /** Every query of one object kind (its list and details). */
    kind: (workspaceId: WorkspaceId, collection: ManagementCollection) =>
      ['wsadmin', 'workspaces', workspaceId, 'management', collection] as const,
    /** Every impacts query of a workspace. */
    impacts: (workspaceId: WorkspaceId) =>
      ['wsadmin', 'workspaces', workspaceId, 'management', 'impacts'] as const,
    /** The record once polled to a final state (`waitForOperation`). */
    finalOperation: (workspaceId: WorkspaceId, operationId: OperationRecordId) =>
      [...of('getManagementOperation', workspaceId, operationId), 'final'] as const,
  },
};

/**
 * Every workspace list of every account (`accounts.projects`): they show workspace names and
 * owners, so workspace, member and account writes make them stale.
 *
 * @example
 * await queryClient.invalidateQueries(everyAccountProjects());
 */
export const everyAccountProjects = (): InvalidateQueryFilters => ({
  queryKey: wsadminKeys.accounts.all(),
  predicate: ({ queryKey }) => queryKey.length === 5 && queryKey[3] === 'projects',
});
