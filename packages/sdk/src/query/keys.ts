import type { InvalidateQueryFilters } from '@tanstack/query-core';
import type { ProjectsQuery } from '../resources/accounts';
import { routes } from '../routes';
import type {
  AccountUid,
  ManagementCollection,
  MemberGroupId,
  MemberUid,
  ObjectId,
  OperationId,
  OperationRecordId,
  QueryParams,
  WorkspaceId,
} from '../types';
import type { KeyOf, PathValues } from './shape';

export const placeholders = (operationId: OperationId) =>
  [...routes[operationId].path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name as string);

/**
 * The key of a read, from its route: `'wsadmin'`, the URL's segments with the path values, then
 * `'list'` and the query (`{}` when none) for a list, the remaining values (a POST read's body).
 */
export function keyOf<K extends OperationId, A extends unknown[] = []>(
  operationId: K,
  values: readonly unknown[],
): KeyOf<K, A> {
  const route = routes[operationId];
  const count = placeholders(operationId).length;
  let next = 0;
  const segments = route.path
    .replace(/^\/openapi\/v1\//, '')
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => (segment.startsWith('{') ? values[next++] : segment));
  const tail = operationId.startsWith('list')
    ? ['list', ...(route.query ? [values[count] ?? {}] : [])]
    : values.slice(count);
  return ['wsadmin', ...segments, ...tail] as unknown as KeyOf<K, A>;
}

/** The key builder of a read keyed by its path values alone. */
const read =
  <K extends OperationId>(operationId: K) =>
  (...values: PathValues<K>) =>
    keyOf(operationId, values);

/**
 * The query keys of the SDK: plain arrays of strings, numbers and objects (serialisable, stable),
 * hierarchical so a prefix invalidates everything below it. Everything of a workspace lives under
 * `['wsadmin', 'workspaces', id]`; everything of an account under `['wsadmin', 'accounts', uid]`.
 * The keys of reads are the factories' own (`keyOf`, from the route table); the others are prefixes.
 *
 * @example
 * import { wsadminKeys } from '@wsadmin/sdk/query';
 *
 * await queryClient.invalidateQueries({ queryKey: wsadminKeys.workspaces.lists() }); // every workspace list
 * await queryClient.invalidateQueries({ queryKey: wsadminKeys.workspaces.detail(7) }); // workspace 7 and all in it
 * await queryClient.invalidateQueries({ queryKey: wsadminKeys.all }); // everything of the SDK
 */
export const wsadminKeys = {
  /** Prefix of every key of the SDK. */
  all: ['wsadmin'] as const,
  /** `['wsadmin', 'scopes']`: the scope of the calling key. */
  scopes: read('getScope'),
  workspaces: {
    /** Every workspace query, lists and everything inside workspaces. */
    all: () => ['wsadmin', 'workspaces'] as const,
    /** Every workspace list, whatever its filter. */
    lists: () => ['wsadmin', 'workspaces', 'list'] as const,
    list: (query: QueryParams<'listWorkspaces'> = {}) => keyOf('listWorkspaces', [query]),
    /** The detail of a workspace; as a prefix, also everything inside it. */
    detail: read('getWorkspace'),
  },
  timeSeries: {
    /** Every time-series query of a workspace. */
    all: (workspaceId: WorkspaceId) => ['wsadmin', 'workspaces', workspaceId, 'time-series'] as const,
    list: read('listTimeSeries'),
    detail: read('getTimeSeries'),
  },
  dimensions: { list: read('listDimensions') },
  measures: { list: read('listMeasures') },
  memberGroups: {
    list: read('listMemberGroups'),
    /** Prefix of everything of one member group. */
    detail: (workspaceId: WorkspaceId, memberGroupId: MemberGroupId) =>
      ['wsadmin', 'workspaces', workspaceId, 'member-groups', memberGroupId] as const,
    rowPermissionEnabled: read('getMemberGroupRowPermissionSwitch'),
    rowPermission: read('getMemberGroupRowPermission'),
    modelPermissionEnabled: read('getMemberGroupModelPermissionSwitch'),
    modelPermission: read('getMemberGroupModelPermission'),
  },
  members: {
    list: read('listMembers'),
    /** Prefix of everything of one member. */
    detail: (workspaceId: WorkspaceId, memberUid: MemberUid) =>
      ['wsadmin', 'workspaces', workspaceId, 'members', memberUid] as const,
    modelPermissionEnabled: read('getMemberModelPermissionSwitch'),
    modelPermission: read('getMemberModelPermission'),
  },
  sources: read('getSourceCatalogue'),
  accounts: {
    all: () => ['wsadmin', 'accounts'] as const,
    lists: () => ['wsadmin', 'accounts', 'list'] as const,
    list: (query: QueryParams<'listAccounts'> = {}) => keyOf('listAccounts', [query]),
    /** Every look-up by login name, phone or e-mail. */
    lookups: () => ['wsadmin', 'accounts', 'fetch'] as const,
    lookup: (username: string) => keyOf<'fetchAccount', [string]>('fetchAccount', [username]),
    /** The detail of an account; as a prefix, also its workspace lists. */
    detail: read('getAccount'),
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
    list: (workspaceId: WorkspaceId, collection: ManagementCollection) =>
      [...wsadminKeys.management.kind(workspaceId, collection), 'list'] as const,
    detail: (workspaceId: WorkspaceId, collection: ManagementCollection, id: ObjectId) =>
      [...wsadminKeys.management.kind(workspaceId, collection), id] as const,
    /** Every impacts query of a workspace. */
    impacts: (workspaceId: WorkspaceId) => [...wsadminKeys.management.all(workspaceId), 'impacts'] as const,
    impact: read('getManagementImpacts'),
    operation: read('getManagementOperation'),
    /** The record once polled to a final state (`waitForOperation`). */
    finalOperation: (workspaceId: WorkspaceId, operationId: OperationRecordId) =>
      [...wsadminKeys.management.operation(workspaceId, operationId), 'final'] as const,
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
