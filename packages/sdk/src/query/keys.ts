import type { InvalidateQueryFilters } from '@tanstack/query-core';
import type { ProjectsQuery } from '../resources/accounts';
import type {
  AccountUid,
  ManagementCollection,
  MemberGroupId,
  MemberUid,
  ObjectId,
  OperationRecordId,
  QueryParams,
  TimeSeriesId,
  WorkspaceId,
} from '../types';

/**
 * The query keys of the SDK: plain arrays of strings, numbers and objects (serialisable, stable),
 * hierarchical so a prefix invalidates everything below it. Everything of a workspace lives under
 * `['wsadmin', 'workspaces', id]`; everything of an account under `['wsadmin', 'accounts', uid]`.
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
  scopes: () => ['wsadmin', 'scopes'] as const,

  workspaces: {
    /** Every workspace query, lists and everything inside workspaces. */
    all: () => ['wsadmin', 'workspaces'] as const,
    /** Every workspace list, whatever its filter. */
    lists: () => ['wsadmin', 'workspaces', 'list'] as const,
    /** One workspace list. */
    list: (query: QueryParams<'listWorkspaces'> = {}) => ['wsadmin', 'workspaces', 'list', query] as const,
    /** The detail of a workspace; as a prefix, also everything inside it. */
    detail: (workspaceId: WorkspaceId) => ['wsadmin', 'workspaces', workspaceId] as const,
  },

  timeSeries: {
    /** Every time-series query of a workspace. */
    all: (workspaceId: WorkspaceId) => ['wsadmin', 'workspaces', workspaceId, 'time-series'] as const,
    list: (workspaceId: WorkspaceId) =>
      ['wsadmin', 'workspaces', workspaceId, 'time-series', 'list'] as const,
    detail: (workspaceId: WorkspaceId, timeSeriesId: TimeSeriesId) =>
      ['wsadmin', 'workspaces', workspaceId, 'time-series', timeSeriesId] as const,
  },

  dimensions: {
    list: (workspaceId: WorkspaceId) => ['wsadmin', 'workspaces', workspaceId, 'dimensions', 'list'] as const,
  },

  measures: {
    list: (workspaceId: WorkspaceId) => ['wsadmin', 'workspaces', workspaceId, 'measures', 'list'] as const,
  },

  memberGroups: {
    list: (workspaceId: WorkspaceId) =>
      ['wsadmin', 'workspaces', workspaceId, 'member-groups', 'list'] as const,
    /** Prefix of everything of one member group. */
    detail: (workspaceId: WorkspaceId, memberGroupId: MemberGroupId) =>
      ['wsadmin', 'workspaces', workspaceId, 'member-groups', memberGroupId] as const,
    rowPermissionEnabled: (workspaceId: WorkspaceId, memberGroupId: MemberGroupId) =>
      [...wsadminKeys.memberGroups.detail(workspaceId, memberGroupId), 'enable-row-permission'] as const,
    rowPermission: (workspaceId: WorkspaceId, memberGroupId: MemberGroupId) =>
      [...wsadminKeys.memberGroups.detail(workspaceId, memberGroupId), 'row-permission'] as const,
    modelPermissionEnabled: (workspaceId: WorkspaceId, memberGroupId: MemberGroupId) =>
      [...wsadminKeys.memberGroups.detail(workspaceId, memberGroupId), 'enable-model-permission'] as const,
    modelPermission: (workspaceId: WorkspaceId, memberGroupId: MemberGroupId) =>
      [...wsadminKeys.memberGroups.detail(workspaceId, memberGroupId), 'model-permission'] as const,
  },

  members: {
    list: (workspaceId: WorkspaceId) => ['wsadmin', 'workspaces', workspaceId, 'members', 'list'] as const,
    /** Prefix of everything of one member. */
    detail: (workspaceId: WorkspaceId, memberUid: MemberUid) =>
      ['wsadmin', 'workspaces', workspaceId, 'members', memberUid] as const,
    modelPermissionEnabled: (workspaceId: WorkspaceId, memberUid: MemberUid) =>
      [...wsadminKeys.members.detail(workspaceId, memberUid), 'enable-model-permission'] as const,
    modelPermission: (workspaceId: WorkspaceId, memberUid: MemberUid) =>
      [...wsadminKeys.members.detail(workspaceId, memberUid), 'model-permission'] as const,
  },

  sources: (workspaceId: WorkspaceId) => ['wsadmin', 'workspaces', workspaceId, 'sources'] as const,

  accounts: {
    all: () => ['wsadmin', 'accounts'] as const,
    lists: () => ['wsadmin', 'accounts', 'list'] as const,
    list: (query: QueryParams<'listAccounts'> = {}) => ['wsadmin', 'accounts', 'list', query] as const,
    /** Every look-up by login name, phone or e-mail. */
    lookups: () => ['wsadmin', 'accounts', 'fetch'] as const,
    lookup: (username: string) => ['wsadmin', 'accounts', 'fetch', username] as const,
    /** The detail of an account; as a prefix, also its workspace lists. */
    detail: (accountUid: AccountUid) => ['wsadmin', 'accounts', accountUid] as const,
    /** Every workspace list of one account. */
    projectLists: (accountUid: AccountUid) => ['wsadmin', 'accounts', accountUid, 'projects'] as const,
    projects: (accountUid: AccountUid, query: ProjectsQuery = {}) =>
      ['wsadmin', 'accounts', accountUid, 'projects', query] as const,
  },

  management: {
    /** Every management query of a workspace. */
    all: (workspaceId: WorkspaceId) => ['wsadmin', 'workspaces', workspaceId, 'management'] as const,
    /** Every query of one object kind (its list and details). */
    kind: (workspaceId: WorkspaceId, collection: ManagementCollection) =>
      [...wsadminKeys.management.all(workspaceId), collection] as const,
    list: (workspaceId: WorkspaceId, collection: ManagementCollection) =>
      [...wsadminKeys.management.kind(workspaceId, collection), 'list'] as const,
    detail: (workspaceId: WorkspaceId, collection: ManagementCollection, id: ObjectId) =>
      [...wsadminKeys.management.kind(workspaceId, collection), id] as const,
    /** Every impacts query of a workspace. */
    impacts: (workspaceId: WorkspaceId) => [...wsadminKeys.management.all(workspaceId), 'impacts'] as const,
    impact: (workspaceId: WorkspaceId, type: ManagementCollection, id: ObjectId) =>
      [...wsadminKeys.management.impacts(workspaceId), type, id] as const,
    operation: (workspaceId: WorkspaceId, operationId: OperationRecordId) =>
      [...wsadminKeys.management.all(workspaceId), 'operations', operationId] as const,
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
