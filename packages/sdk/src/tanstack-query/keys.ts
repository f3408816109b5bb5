import type { InvalidateQueryFilters } from '@tanstack/query-core';
import type { ReadId, ReadKeys } from '../generated/query-factories';
import type { ProjectsQuery } from '../resources/accounts';
import { assertRouteId, routes } from '../route-table';
import type {
  AccountUid,
  ManagementCollection,
  MemberGroupId,
  MemberUid,
  OperationId,
  OperationRecordId,
  WorkspaceId,
} from '../types';

/**
 * The key of a read: `'wsadmin'`, the URL's segments with the path values, then `'list'` and the
 * query (`{}` when none) for a list, the remaining values (a POST read's body) for the others.
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

/**
 * The query keys of the SDK: plain serialisable arrays, hierarchical by URL so a prefix invalidates
 * everything below it. `of` is the key of a read by its operationId (its query factory's); the
 * others are prefixes.
 *
 * @example
 * await queryClient.invalidateQueries({ queryKey: wsadminKeys.workspaces.detail(7) }); // 7 and all in it
 * queryClient.getQueryData(wsadminKeys.of('getTimeSeries', 7, 3)); // ['wsadmin', 'workspaces', 7, 'time-series', 3]
 * wsadminKeys.of('listWorkspaces', { q: 'sales' }); // ['wsadmin', 'workspaces', 'list', { q: 'sales' }]
 */
export const wsadminKeys = {
  all: ['wsadmin'] as const,
  /** The path values in URL order, then a list's query (optional) or a look-up's argument. */
  of: <K extends ReadId>(operationId: K, ...values: ReadKeys[K]['values']) => {
    assertRouteId(operationId, 'wsadminKeys.of');
    return keyOf(operationId, values) as ReadKeys[K]['key'];
  },
  workspaces: {
    all: () => ['wsadmin', 'workspaces'] as const,
    /** Every workspace list, whatever its filter. */
    lists: () => ['wsadmin', 'workspaces', 'list'] as const,
    /** The detail of a workspace; as a prefix, also everything inside it. */
    detail: (workspaceId: WorkspaceId) => wsadminKeys.of('getWorkspace', workspaceId),
  },
  timeSeries: {
    all: (workspaceId: WorkspaceId) => ['wsadmin', 'workspaces', workspaceId, 'time-series'] as const,
  },
  memberGroups: {
    /** Everything of one member group. */
    detail: (workspaceId: WorkspaceId, memberGroupId: MemberGroupId) =>
      ['wsadmin', 'workspaces', workspaceId, 'member-groups', memberGroupId] as const,
  },
  members: {
    /** Everything of one member. */
    detail: (workspaceId: WorkspaceId, memberUid: MemberUid) =>
      ['wsadmin', 'workspaces', workspaceId, 'members', memberUid] as const,
  },
  accounts: {
    all: () => ['wsadmin', 'accounts'] as const,
    lists: () => ['wsadmin', 'accounts', 'list'] as const,
    /** Every look-up by login name, phone or e-mail. */
    lookups: () => ['wsadmin', 'accounts', 'fetch'] as const,
    /** The detail of an account; as a prefix, also its workspace lists. */
    detail: (accountUid: AccountUid) => wsadminKeys.of('getAccount', accountUid),
    /** Every workspace list of one account. */
    projectLists: (accountUid: AccountUid) => ['wsadmin', 'accounts', accountUid, 'projects'] as const,
    /** One workspace list of an account, paged by the infinite query (so no `'list'` marker). */
    projects: (accountUid: AccountUid, query: ProjectsQuery = {}) =>
      ['wsadmin', 'accounts', accountUid, 'projects', query] as const,
  },
  management: {
    all: (workspaceId: WorkspaceId) => ['wsadmin', 'workspaces', workspaceId, 'management'] as const,
    /** Every query of one object kind (its list and details). */
    kind: (workspaceId: WorkspaceId, collection: ManagementCollection) =>
      ['wsadmin', 'workspaces', workspaceId, 'management', collection] as const,
    impacts: (workspaceId: WorkspaceId) =>
      ['wsadmin', 'workspaces', workspaceId, 'management', 'impacts'] as const,
    /** The record once polled to a final state (`waitForOperation`). */
    finalOperation: (workspaceId: WorkspaceId, operationId: OperationRecordId) =>
      [...wsadminKeys.of('getManagementOperation', workspaceId, operationId), 'final'] as const,
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
